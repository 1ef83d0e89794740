import * as z from 'zod';
import { parseDateTime } from '../text/date-time.js';
import { ToolError } from '../errors/errors.js';
import { toAdvertisedJsonSchema } from './json-schema.js';
import { checkSearchFilters, filterIssueError, normalizeKinds } from './search-filters.js';
import { searchFilterShape } from './search-filters.js';

export {
  SEARCH_TOOL_NAME,
  SEARCH_TOOL_ALT_NAME,
  isSearchTool,
  SEARCH_LIMITS,
  TIME_FIELDS,
  SORTS,
} from './search-names.js';
export type { TimeField, Sort } from './search-names.js';
import { SEARCH_LIMITS, TIME_FIELDS, SORTS } from './search-names.js';

const dateTime = (description: string) => z.string().meta({ format: 'date-time', description });

/** Input of `fs.search_by_time` (docs/contracts/search-by-time.md §2). */
export const searchInputSchema = z.strictObject({
  root: z
    .string()
    .describe(
      'Search root: the name or absolute path of one of the folders the user allowed. Omit to use the default folder.',
    )
    .optional(),
  path: z
    .string()
    .describe(
      `Start folder, relative to root ('' = the root itself, e.g. 'reports/2025'). Absolute paths and '..' leaving the root are rejected. At most ${SEARCH_LIMITS.pathMaxLength} characters.`,
    )
    .optional(),
  timeField: z.enum(TIME_FIELDS).describe("Which time to search by: 'modified' or 'created'."),
  from: dateTime(
    "Start of the range, inclusive: an RFC 3339 date-time with an offset, 'Z' or '+09:00' (e.g. '2025-12-15T00:00:00Z', '2025-12-15T09:00:00+09:00'). A value without an offset is still accepted and read as the user's local time. Omit for no lower bound.",
  ).optional(),
  to: dateTime(
    "End of the range, exclusive: an RFC 3339 date-time with an offset ('Z' or '+09:00'), like from; without an offset it is read as the user's local time. Omit for no upper bound.",
  ).optional(),
  glob: z
    .string()
    .describe(
      `Glob matched against the path relative to the start folder, with '/' separators (e.g. '**/*.md', 'invoices/*.pdf'). A pattern without '/' matches the name at any depth ('*.pdf'). Omit to match everything. At most ${SEARCH_LIMITS.globMaxLength} characters.`,
    )
    .optional(),
  recursive: z
    .boolean()
    .default(true)
    .describe('Search subfolders too. false = direct children only.'),
  maxDepth: z
    .int()
    .min(0)
    .describe(
      `Deepest level searched when recursive: 0 = direct children only, 1 = also their children, … Omit for no limit (the server caps it at ${SEARCH_LIMITS.maxDepthCeiling}). Ignored when recursive is false.`,
    )
    .optional(),
  includeFiles: z.boolean().default(true).describe('Include files.'),
  includeDirectories: z.boolean().default(false).describe('Include folders.'),
  sort: z
    .enum(SORTS)
    .default('time_desc')
    .describe(
      'time_desc = newest first, time_asc = oldest first, path_asc = by path. Ties are broken by path.',
    ),
  limit: z
    .int()
    .min(SEARCH_LIMITS.limitMin)
    .max(SEARCH_LIMITS.limitMax)
    .default(100)
    .describe('Maximum matches per page (1..1000).'),
  cursor: z
    .string()
    .describe(
      'Opaque nextCursor from the previous page of the same query. Omit for the first page.',
    )
    .optional(),
  includeUnknownTime: z
    .boolean()
    .default(false)
    .describe(
      "With timeField 'created': also return entries whose creation time the file system does not record (createdAt null, listed last).",
    ),
  ...searchFilterShape,
});

/** Parsed input, with defaults applied. */
export type SearchInput = z.output<typeof searchInputSchema>;

const nullableDateTime = z.string().nullable().meta({ format: 'date-time' });

/** One match (docs/contracts/search-by-time.md §9). */
export const searchMatchSchema = z.strictObject({
  path: z.string(),
  isDirectory: z.boolean(),
  sizeBytes: z.int().min(0).nullable(),
  modifiedAt: z.string().meta({ format: 'date-time' }),
  createdAt: nullableDateTime,
});

/** Output of `fs.search_by_time` (docs/contracts/search-by-time.md §9). */
export const searchOutputSchema = z.strictObject({
  timeField: z.enum(TIME_FIELDS),
  range: z.strictObject({ from: nullableDateTime, to: nullableDateTime }),
  matches: z.array(searchMatchSchema),
  nextCursor: z.string().nullable(),
  stats: z.strictObject({
    scannedFiles: z.int().min(0),
    scannedDirectories: z.int().min(0),
    returned: z.int().min(0),
  }),
  /**
   * The answer kept as a resource (`foldergate://results/<id>`, docs/contracts/resources.md):
   * read it again, page it, follow it. Absent when resources are switched off.
   */
  resultUri: z.string().optional(),
});

/** structuredContent of a successful search. */
export type SearchOutput = z.output<typeof searchOutputSchema>;
/** One entry of {@link SearchOutput.matches}. */
export type SearchMatch = z.output<typeof searchMatchSchema>;

/** The advertised JSON Schemas. */
export const searchInputJsonSchema = toAdvertisedJsonSchema(searchInputSchema, 'input');
export const searchOutputJsonSchema = toAdvertisedJsonSchema(searchOutputSchema, 'output');

/** A validated search request: the parsed input plus the normalized UTC range in epoch ms. */
export interface SearchRequest extends SearchInput {
  fromMs: number | null;
  toMs: number | null;
}

/**
 * Validates tool arguments against the contract and returns the parsed request, or throws a
 * {@link ToolError} with the contract's code for the first problem found.
 */
export function parseSearchArguments(args: unknown): SearchRequest {
  const input = args === undefined || args === null ? {} : args;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ToolError(
      'InvalidArgument',
      'The arguments must be a JSON object.',
      `Pass an object such as {"timeField": "modified"}.`,
    );
  }
  checkLengths(input as Record<string, unknown>);
  const parsed = searchInputSchema.safeParse(input);
  if (!parsed.success) throw toToolError(parsed.error.issues[0], input as Record<string, unknown>);
  const value = parsed.data;
  for (const key of ['root', 'path', 'glob'] as const) {
    if (value[key]?.includes('\0')) {
      throw new ToolError(
        'InvalidArgument',
        `'${key}' contains a NUL character.`,
        `Remove the NUL character from '${key}'.`,
      );
    }
  }
  if (value.maxDepth !== undefined && value.maxDepth > SEARCH_LIMITS.maxDepthCeiling) {
    throw new ToolError(
      'MaxDepthOutOfRange',
      `'maxDepth' ${value.maxDepth} is above the server's ceiling of ${SEARCH_LIMITS.maxDepthCeiling}.`,
      `Use a maxDepth from 0 to ${SEARCH_LIMITS.maxDepthCeiling}, or omit it.`,
    );
  }
  checkSearchFilters(value);
  if (value.kinds !== undefined) value.kinds = normalizeKinds(value.kinds);
  const fromMs = parseBound(value.from, 'from');
  const toMs = parseBound(value.to, 'to');
  if (fromMs !== null && toMs !== null && fromMs > toMs) {
    throw new ToolError(
      'InvalidRange',
      "'from' must not be later than 'to'.",
      "Set 'from' <= 'to' (from inclusive, to exclusive; from == to is valid and matches nothing).",
    );
  }
  return { ...value, fromMs, toMs };
}

function parseBound(text: string | undefined, name: 'from' | 'to'): number | null {
  if (text === undefined) return null;
  const ms = parseDateTime(text);
  if (ms === null) {
    throw new ToolError(
      'InvalidDateTime',
      `'${name}' is not an ISO 8601 date-time: ${JSON.stringify(text.slice(0, 64))}.`,
      `Use a value like '2025-12-15T00:00:00Z' (UTC), '2025-12-15T09:00:00+09:00', or '2025-12-15T09:00:00' (local time).`,
    );
  }
  return ms;
}

const LENGTH_CHECKS = [
  ['glob', SEARCH_LIMITS.globMaxLength, 'GlobTooLong', 'Simplify the glob pattern.'],
  ['path', SEARCH_LIMITS.pathMaxLength, 'PathTooLong', 'Use a shorter start path.'],
  [
    'root',
    SEARCH_LIMITS.rootMaxLength,
    'InvalidArgument',
    'Pass the name or path of an allowed folder.',
  ],
  [
    'cursor',
    SEARCH_LIMITS.cursorMaxLength,
    'CursorTooLong',
    'Pass nextCursor exactly as it was returned, or omit it.',
  ],
] as const;

function checkLengths(input: Record<string, unknown>): void {
  for (const [key, max, code, fix] of LENGTH_CHECKS) {
    const value = input[key];
    if (typeof value === 'string' && value.length > max) {
      throw new ToolError(
        code,
        `'${key}' is ${value.length} characters long; the limit is ${max}.`,
        fix,
      );
    }
  }
}

type Issue = z.core.$ZodIssue;

function toToolError(issue: Issue | undefined, input: Record<string, unknown>): ToolError {
  if (!issue)
    return new ToolError(
      'InvalidArgument',
      'The arguments are invalid.',
      'Check them against the inputSchema.',
    );
  const field = String(issue.path[0] ?? '');
  // zod does not report the input by default: look at the argument itself.
  const given = issue.path.length > 0 && input[field] !== undefined;
  if (issue.code === 'unrecognized_keys') {
    const allowed = Object.keys(searchInputSchema.shape).join(', ');
    return new ToolError(
      'InvalidArgument',
      `Unknown propert${issue.keys.length === 1 ? 'y' : 'ies'}: ${issue.keys.map((k) => `'${k}'`).join(', ')}.`,
      `Remove ${issue.keys.length === 1 ? 'it' : 'them'}; the allowed properties are ${allowed}.`,
    );
  }
  const filterError = given ? filterIssueError(issue, input[field]) : null;
  if (filterError) return filterError;
  if (!given && issue.path.length > 0) {
    return new ToolError(
      'InvalidArgument',
      `'${field}' is required.`,
      `Add '${field}' (e.g. "timeField": "modified").`,
    );
  }
  const isEnum = field === 'timeField' || field === 'sort';
  if (issue.code === 'invalid_value' && isEnum && typeof input[field] === 'string') {
    const values = field === 'timeField' ? TIME_FIELDS : SORTS;
    return new ToolError(
      'InvalidEnum',
      `'${field}' must be one of ${values.map((v) => `'${v}'`).join(', ')}.`,
      `Set '${field}' to one of ${values.join(', ')}.`,
    );
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && field === 'limit') {
    return new ToolError(
      'LimitOutOfRange',
      `'limit' must be between ${SEARCH_LIMITS.limitMin} and ${SEARCH_LIMITS.limitMax}.`,
      `Use a limit from ${SEARCH_LIMITS.limitMin} to ${SEARCH_LIMITS.limitMax} and page with nextCursor.`,
    );
  }
  if (issue.code === 'too_small' && field === 'maxDepth') {
    return new ToolError(
      'MaxDepthOutOfRange',
      "'maxDepth' must not be negative.",
      `Use a maxDepth from 0 (direct children only) to ${SEARCH_LIMITS.maxDepthCeiling}, or omit it.`,
    );
  }
  const expected = issue.code === 'invalid_type' ? issue.expected : undefined;
  return new ToolError(
    'InvalidArgument',
    expected
      ? `'${field}' must be ${article(expected)} ${expected}.`
      : `'${field}' is invalid: ${issue.message}.`,
    `Fix '${field}' to match the inputSchema.`,
  );
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
