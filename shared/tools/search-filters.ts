// The kinds and sizes of fs.search_by_time (docs/contracts/search-by-time.md §4): their schemas,
// and the errors for values the schemas cannot judge alone (an unknown kind, an empty list,
// sizes the wrong way round), in the contract's three-line form.
import * as z from 'zod';
import { ToolError } from '../errors/errors.js';
import { SEARCH_KINDS, type SearchKind } from './file-types.js';

const sizeBound = (description: string) => z.int().min(0).describe(description).optional();

/** The optional fields that narrow a search to some files (added to the seed contract's). */
export const searchFilterShape = {
  kinds: z
    .array(z.enum(SEARCH_KINDS))
    .describe(
      `Only files of these kinds (${SEARCH_KINDS.join(', ')}), by their extension. Folders are then not listed. Omit for every kind.`,
    )
    .optional(),
  minSize: sizeBound('Only files of at least this many bytes. Folders are then not listed.'),
  maxSize: sizeBound('Only files of at most this many bytes. Folders are then not listed.'),
};

/** The kinds in the contract's order, each once (the same query however they were listed). */
export function normalizeKinds(kinds: readonly SearchKind[]): SearchKind[] {
  return SEARCH_KINDS.filter((k) => kinds.includes(k));
}

/** The filters' own checks after the schema: an empty list, sizes the wrong way round. */
export function checkSearchFilters(value: {
  kinds?: readonly SearchKind[] | undefined;
  minSize?: number | undefined;
  maxSize?: number | undefined;
}): void {
  if (value.kinds !== undefined && value.kinds.length === 0) {
    throw new ToolError(
      'InvalidArgument',
      "'kinds' is an empty list, which no file could match.",
      `Omit 'kinds' for every kind, or list some of ${SEARCH_KINDS.join(', ')}.`,
    );
  }
  const { minSize, maxSize } = value;
  if (minSize !== undefined && maxSize !== undefined && minSize > maxSize) {
    throw new ToolError(
      'InvalidRange',
      "'minSize' must not be larger than 'maxSize'.",
      "Set 'minSize' <= 'maxSize' (both in bytes, both inclusive).",
    );
  }
}

/** The error for a schema issue of the filters' fields; null for another field's issue. */
export function filterIssueError(issue: z.core.$ZodIssue, given: unknown): ToolError | null {
  const field = String(issue.path[0] ?? '');
  if (field === 'kinds') {
    const isEnum = issue.code === 'invalid_value' && issue.path.length === 2;
    if (!isEnum) {
      return new ToolError(
        'InvalidArgument',
        "'kinds' must be a list of kinds.",
        `Pass a list such as ["document", "image"]; the kinds are ${SEARCH_KINDS.join(', ')}.`,
      );
    }
    const value = Array.isArray(given) ? given[Number(issue.path[1])] : undefined;
    return new ToolError(
      'InvalidEnum',
      `'kinds' has an unknown kind ${JSON.stringify(value).slice(0, 64)}; the kinds are ${SEARCH_KINDS.map((k) => `'${k}'`).join(', ')}.`,
      `Use only ${SEARCH_KINDS.join(', ')} in 'kinds', or omit it.`,
    );
  }
  if (field === 'minSize' || field === 'maxSize') {
    return new ToolError(
      'InvalidArgument',
      `'${field}' must be a whole number of bytes, 0 or more.`,
      `Set '${field}' to a size in bytes (e.g. 1048576 for 1 MB), or omit it.`,
    );
  }
  return null;
}
