// The Search preview form's state, its checks as the person types, and the fs.search_by_time
// arguments it stands for. "File type" and "Name contains" are turned into a name pattern here,
// case-insensitive by character classes (the server compares names case-sensitively on Linux),
// with every other character matched literally.
import '../../app/later-words.js'; // its words come with the later screens
import { FILE_TYPE_GROUPS, type FileTypeGroup } from '#shared/tools/file-types.js';
import { SEARCH_LIMITS } from '#shared/tools/search-names.js';
import type { Sort, TimeField } from '#shared/tools/search-by-time.js';
import { inputValueToIso } from '../../ui/format.js';
import type { RangePreset } from '../../ui/format.js';
import { t } from '#shared/i18n/i18n.js';
import { checkSizes, kindSizeArguments, type KindSizeState } from './search-sizes.js';

/** A file type the search form offers: a plain name and its extensions (lowercase, with dot). */
export interface SearchFileType {
  id: FileTypeGroup['id'];
  types: readonly string[];
}

const group = (id: string): SearchFileType => {
  const found = FILE_TYPE_GROUPS.find((g) => g.id === id);
  if (!found) throw new Error(`unknown file type group ${id}`);
  return found;
};

/** The "File type" choices after "Any": the groups the folders' chooser offers, in its order. */
export const SEARCH_FILE_TYPES: readonly SearchFileType[] = [
  'documents',
  'spreadsheets',
  'pdfs',
  'images',
  'presentations',
  'audio',
  'video',
  'code',
  'archives',
].map(group);

/** Longest "Name contains" text (its pattern stays well under the server's length limit). */
export const NAME_CONTAINS_MAX = 100;

/** What the form holds (datetime-local values, numbers as typed). */
export interface FormState extends KindSizeState {
  root: string;
  path: string;
  timeField: TimeField;
  from: string;
  to: string;
  preset: RangePreset | null;
  /** 'any' or the id of one of {@link SEARCH_FILE_TYPES}. */
  fileType: string;
  nameContains: string;
  /** A name pattern typed under More options; when set it is used instead of the two above. */
  glob: string;
  recursive: boolean;
  maxDepth: string;
  includeFiles: boolean;
  includeDirectories: boolean;
  includeUnknownTime: boolean;
  sort: Sort;
  limit: string;
}

/** The fields the form checks as they are typed. */
export type CheckedField =
  'from' | 'to' | 'nameContains' | 'minSize' | 'maxSize' | 'maxDepth' | 'limit' | 'include';

/** A sentence per field that cannot be searched as it is; empty when the form is fine. */
export type FormProblems = Partial<Record<CheckedField, string>>;

function wholeNumberIn(text: string, min: number, max: number): boolean {
  if (!/^\s*\d+\s*$/.test(text)) return false;
  const n = Number(text);
  return n >= min && n <= max;
}

/** Checks the form as it is typed: the problems, each worded for the field it belongs to. */
/** What a date field says when its text is not a date. */
export const notADate = (): string => t('search.check.notADate');

export function checkForm(form: FormState): FormProblems {
  const problems: FormProblems = {};
  const from = form.from.trim() ? inputValueToIso(form.from) : null;
  const to = form.to.trim() ? inputValueToIso(form.to) : null;
  if (form.from.trim() && !from) problems.from = notADate();
  if (form.to.trim() && !to) problems.to = notADate();
  else if (from && to && Date.parse(to) <= Date.parse(from)) {
    problems.to = t('search.check.toAfterFrom');
  }
  if (/[/\\]/.test(form.nameContains)) {
    problems.nameContains = t('search.check.slash');
  } else if (form.nameContains.length > NAME_CONTAINS_MAX) {
    problems.nameContains = t('search.check.tooLong', { max: NAME_CONTAINS_MAX });
  }
  if (
    form.recursive &&
    form.maxDepth.trim() !== '' &&
    !wholeNumberIn(form.maxDepth, 0, SEARCH_LIMITS.maxDepthCeiling)
  ) {
    problems.maxDepth = t('search.check.depth', { max: SEARCH_LIMITS.maxDepthCeiling });
  }
  if (
    form.limit.trim() !== '' &&
    !wholeNumberIn(form.limit, SEARCH_LIMITS.limitMin, SEARCH_LIMITS.limitMax)
  ) {
    problems.limit = t('search.check.limit', {
      min: SEARCH_LIMITS.limitMin,
      max: SEARCH_LIMITS.limitMax,
    });
  }
  if (!form.includeFiles && !form.includeDirectories) {
    problems.include = t('search.check.include');
  }
  return { ...problems, ...checkSizes(form) };
}

const SINGLE_CODE_POINT = /^[\s\S]$/u;

/**
 * One character as a pattern that matches it literally and, for a letter with an upper and lower
 * case, in either case ("a" → "[aA]"). Every other character but a plain digit goes into a class
 * of its own ("*" → "[*]"), so nothing in a name acts as a wildcard, brace or group.
 */
function literalChar(ch: string): string {
  const cases = [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter((c) =>
    SINGLE_CODE_POINT.test(c),
  );
  if (cases.length > 1) return `[${cases.join('')}]`;
  if (/^[0-9]$/.test(ch)) return ch;
  // Outside the BMP (emoji): a class would split the surrogate pair; such characters are not
  // pattern syntax, so they stay as they are.
  if (ch.length > 1) return ch;
  if (ch === '^') return '[\\^]';
  if (ch === '\\') return '[\\\\]';
  return `[${ch}]`;
}

/** Text that a name pattern matches literally and case-insensitively. */
export function literalPattern(text: string): string {
  return Array.from(text, literalChar).join('');
}

/**
 * The name pattern for "File type" and "Name contains" (null when both say "anything"):
 * `*[rR][eE][pP]*` for a name containing "rep", `*.{[jJ][pP][gG],[pP][nN][gG]}` for a type,
 * `*[rR][eE][pP]*.[pP][dD][fF]` for both. It has no "/", so it matches names at any depth.
 */
export function buildNameGlob(fileType: string, nameContains: string): string | null {
  const name = nameContains.trim();
  const typeGroup = SEARCH_FILE_TYPES.find((g) => g.id === fileType);
  const extensions = typeGroup?.types.map((t) => literalPattern(t.slice(1))) ?? [];
  if (name === '' && extensions.length === 0) return null;
  const namePart = name === '' ? '*' : `*${literalPattern(name)}*`;
  if (extensions.length === 0) return namePart;
  const ext = extensions.length === 1 ? extensions[0] : `{${extensions.join(',')}}`;
  return `${namePart}.${ext}`;
}

/** The Folder choice that searches every allowed folder (the default). */
export const ALL_FOLDERS = '';

/** The name pattern the search sends: the one typed under More options, else the built one. */
export function effectiveGlob(form: FormState): string | null {
  return form.glob.trim() || buildNameGlob(form.fileType, form.nameContains);
}

/** The arguments for fs.search_by_time; empty fields are left out so the tool's defaults apply. */
export function buildArguments(form: FormState): Record<string, unknown> {
  const args: Record<string, unknown> = { timeField: form.timeField };
  if (form.root) args.root = form.root;
  if (form.path.trim()) args.path = form.path.trim();
  const from = form.from.trim() ? (inputValueToIso(form.from) ?? form.from) : null;
  const to = form.to.trim() ? (inputValueToIso(form.to) ?? form.to) : null;
  if (from) args.from = from;
  if (to) args.to = to;
  const glob = effectiveGlob(form);
  if (glob) args.glob = glob;
  args.recursive = form.recursive;
  if (form.recursive && form.maxDepth.trim() !== '') args.maxDepth = Number(form.maxDepth);
  args.includeFiles = form.includeFiles;
  args.includeDirectories = form.includeDirectories;
  if (form.timeField === 'created') args.includeUnknownTime = form.includeUnknownTime;
  args.sort = form.sort;
  if (form.limit.trim() !== '') args.limit = Number(form.limit);
  return { ...args, ...kindSizeArguments(form) };
}
