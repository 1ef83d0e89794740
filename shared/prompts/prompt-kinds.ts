// The kinds of file the "Find documents" prompt takes, and the search pattern each one becomes:
// the file-type groups the Folders screen offers (shared/tools/file-types.ts), "documents" with
// PDFs, as people mean them. A folder that shows AI apps only some types is searched for those of
// the kind it shows.
import { FILE_TYPE_GROUPS, type FileTypeGroup } from '../tools/file-types.js';

/** The kinds, in the order completion offers them. */
export const PROMPT_KINDS = [
  'documents',
  'spreadsheets',
  'presentations',
  'pdfs',
  'images',
  'audio',
  'video',
  'code',
  'archives',
] as const satisfies readonly FileTypeGroup['id'][];
/** One of {@link PROMPT_KINDS}. */
export type PromptKind = (typeof PROMPT_KINDS)[number];

const groupTypes = (id: FileTypeGroup['id']): readonly string[] =>
  FILE_TYPE_GROUPS.find((group) => group.id === id)?.types ?? [];

/** The extensions (".pdf") of a kind; documents include PDFs. */
export function kindTypes(kind: PromptKind): string[] {
  return kind === 'documents'
    ? [...groupTypes('documents'), ...groupTypes('pdfs')]
    : [...groupTypes(kind)];
}

/** The kind's extensions a folder shows AI apps (all of them when it has no `fileTypes`). */
export function kindTypesIn(kind: PromptKind, fileTypes: readonly string[] | undefined): string[] {
  const types = kindTypes(kind);
  if (!fileTypes) return types;
  const shown = new Set(fileTypes.map((type) => type.toLowerCase()));
  return types.filter((type) => shown.has(type));
}

// A letter in both cases ("p" → "[pP]"): the search compares names as the file system does,
// case-sensitively on Linux. Other characters of an extension (digits, _, +, -) stand for
// themselves; + and - are put in a class so that nothing reads them as pattern syntax.
const caseBlind = (text: string) =>
  Array.from(text, (ch) =>
    /[a-z]/.test(ch) ? `[${ch}${ch.toUpperCase()}]` : /[+-]/.test(ch) ? `[${ch}]` : ch,
  ).join('');

/** A name pattern for files with one of `types` (".pdf"), in any case: `*.{[pP][dD][fF],…}`. */
export function typesGlob(types: readonly string[]): string {
  const parts = types.map((type) => caseBlind(type.replace(/^\./, '')));
  return parts.length === 1 ? `*.${parts[0]}` : `*.{${parts.join(',')}}`;
}
