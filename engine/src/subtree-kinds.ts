// What kinds of file and what sizes a folder's subtree holds, so that a search with kinds, sizes
// or allowed file types can pass over a subtree none of whose files could match. Each file gets
// a kind code from its name's extension when it enters the index (one byte per entry: which of
// the search's kinds it is, or "other"); each folder keeps the bits of the codes below it and the
// smallest and largest file size below it (subtrees.ts), widened as files come and never
// narrowed, like the folder's time range: a summary too wide costs a visit, never an answer.
import { SEARCH_KINDS, searchKindTypes } from '#shared/tools/file-types.js';
import type { MatchQuery } from '#search/matcher.js';

/** Each extension of a kind group (lowercase, with its dot) and the bits of the kinds it is in. */
const KIND_BITS_OF_TYPE = new Map<string, number>();
SEARCH_KINDS.forEach((kind, i) => {
  for (const type of searchKindTypes([kind]))
    KIND_BITS_OF_TYPE.set(type, (KIND_BITS_OF_TYPE.get(type) ?? 0) | (2 << i));
});

/** The bit of files of no kind (no extension, or one no kind lists). */
export const OTHER_BIT = 1;

/**
 * The bits of each kind code: code 0 is "other", the others one per distinct set of kinds an
 * extension is in (one kind each, as the groups stand today).
 */
export const CODE_BITS = Uint16Array.from([OTHER_BIT, ...new Set(KIND_BITS_OF_TYPE.values())]);

const CODE_OF_TYPE = new Map<string, number>(
  [...KIND_BITS_OF_TYPE].map(([type, bits]) => [type, CODE_BITS.indexOf(bits)]),
);
/** toLowerCase never shortens a string: an extension longer than twice this is of no kind. */
const LONGEST = 2 * Math.max(...[...CODE_OF_TYPE.keys()].map((t) => t.length));

/** The kind code of an extension as fileTypeOf gives it ('' for none). */
function codeOfType(type: string): number {
  return CODE_OF_TYPE.get(type.toLowerCase()) ?? 0;
}

/** The kind code of a file's name (no '/' in it): fileTypeOf's extension, looked up. */
export function kindCodeOf(name: string): number {
  const dot = name.lastIndexOf('.');
  // ".bashrc" is a name, not an extension; "archive." has none either (as fileTypeOf says).
  if (dot <= 0 || dot === name.length - 1 || name.length - dot > LONGEST) return 0;
  return codeOfType(name.slice(dot));
}

/**
 * The kind bits a file must have some of to pass the query's kinds and allowed file types, or
 * null when neither narrows the files. Exact: a file whose code has none of them is refused by
 * the matcher's type filter, and only such a file.
 */
export function wantedKindBits(q: MatchQuery): number | null {
  if (q.kinds === null && q.fileTypes === null) return null;
  let types: string[];
  if (q.kinds === null) types = [...q.fileTypes!];
  else {
    types = searchKindTypes(q.kinds);
    if (q.fileTypes !== null) {
      const allowed = new Set(q.fileTypes.map((t) => t.toLowerCase()));
      types = types.filter((t) => allowed.has(t));
    }
  }
  let bits = 0;
  for (const type of types) bits |= CODE_BITS[codeOfType(type)]!;
  return bits;
}

/** What subtrees.ts keeps of a folder's files, as the test below reads it. */
export interface FileSummaries {
  kindBits: Uint16Array;
  maxSize: Float64Array;
  minSize: Float64Array;
}

/**
 * A test of a folder's subtree (by its slot): true when none of its files can pass the query's
 * kinds, allowed file types and sizes, so the subtree holds no match. Null when the query lists
 * folders (a folder has no kind or size, so any subtree may hold one) or narrows files by none
 * of these. The caller makes sure no file below failed its stat (such a file is counted when
 * visited, and it is not in the summary).
 */
export function createSubtreeTest(
  sub: FileSummaries,
  q: MatchQuery,
): ((slot: number) => boolean) | null {
  const wanted = wantedKindBits(q);
  const { minSize, maxSize } = q;
  if (wanted === null && minSize === null && maxSize === null) return null;
  const filesOnly = q.kinds !== null || minSize !== null || maxSize !== null; // as matcher.ts
  if (q.includeDirectories && !filesOnly) return null;
  return (slot) =>
    (wanted !== null && (sub.kindBits[slot]! & wanted) === 0) ||
    (minSize !== null && sub.maxSize[slot]! < minSize) ||
    (maxSize !== null && sub.minSize[slot]! > maxSize);
}

/**
 * A test of one file (by id, given the index's kind codes): true when its kind alone makes the
 * query refuse it, read before its name or path is. Null when no kind or file type is asked.
 */
export function createKindRefusal(
  fileKind: Uint8Array,
  q: MatchQuery,
): ((id: number) => boolean) | null {
  const wanted = wantedKindBits(q);
  if (wanted === null) return null;
  return (id) => (CODE_BITS[fileKind[id]!]! & wanted) === 0;
}
