import * as z from 'zod';
import { ToolError } from '../errors/errors.js';
import { toAdvertisedJsonSchema } from './json-schema.js';

/** The logic catalog's tool names (already safe for every client: no dots). */
export const LOGIC_LIST_TOOL_NAME = 'logic_list';
/** @see LOGIC_LIST_TOOL_NAME */
export const LOGIC_GET_TOOL_NAME = 'logic_get';

/** Limits of logic names and of the catalog's files. */
export const LOGIC_LIMITS = {
  nameMaxLength: 256,
  nameMaxSegments: 8,
  paramNameMaxLength: 128,
  paramsMax: 256,
  roleMaxLength: 128,
  rolesMax: 100,
  sqlMaxBytes: 1024 * 1024,
  sidecarMaxBytes: 256 * 1024,
} as const;

/** One segment of a logic name. */
export const LOGIC_NAME_SEGMENT = /^[A-Za-z0-9_-]+$/;
/** A whole logic name: 1 to 8 '/'-separated segments (the length limit is checked separately). */
export const LOGIC_NAME_PATTERN = '^[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+){0,7}$';
/** A parameter name, as written after ':' in the SQL. */
export const PARAM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The types a parameter may declare. */
export const LOGIC_PARAM_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'json',
  'date-time',
] as const;
/** One of {@link LOGIC_PARAM_TYPES}. */
export type LogicParamType = (typeof LOGIC_PARAM_TYPES)[number];

/** One declared parameter, as returned by `logic_get`. */
export const logicParamSchema = z.strictObject({
  name: z.string(),
  type: z.enum(LOGIC_PARAM_TYPES),
  required: z.boolean(),
});
/** @see logicParamSchema */
export type LogicParam = z.output<typeof logicParamSchema>;

/** Authentication and roles of a logic, as returned by `logic_get`. */
export const logicAuthSchema = z.strictObject({
  required: z.boolean(),
  roles: z.array(z.string()),
});
/** @see logicAuthSchema */
export type LogicAuth = z.output<typeof logicAuthSchema>;

/** The auth of a logic without a sidecar (or a sidecar without `auth`): deny by default. */
export const DEFAULT_LOGIC_AUTH: Readonly<LogicAuth> = Object.freeze({
  required: true,
  roles: Object.freeze(['authenticated']) as string[],
});

const uniqueBy = <T>(items: T[], key: (item: T) => string): string | null => {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return null;
};

// Sidecar objects are plain (non-strict) zod objects: unknown keys (descriptions, connection
// strings, keys, tokens) are allowed in the file and stripped, so they can never be returned.
const sidecarParamSchema = z.object({
  name: z
    .string()
    .max(LOGIC_LIMITS.paramNameMaxLength)
    .regex(
      PARAM_NAME_PATTERN,
      'must start with a letter or _ and contain only letters, digits and _',
    ),
  type: z.enum(LOGIC_PARAM_TYPES),
  required: z.boolean().default(true),
});

const sidecarAuthSchema = z
  .object({
    required: z.boolean(),
    roles: z.array(z.string().min(1).max(LOGIC_LIMITS.roleMaxLength)).max(LOGIC_LIMITS.rolesMax),
  })
  .check((ctx) => {
    const { required, roles } = ctx.value;
    if (!required && roles.length > 0) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['roles'],
        message: 'must be empty when required is false',
      });
    }
    const dup = uniqueBy(roles, (r) => r);
    if (dup !== null)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['roles'],
        message: `role '${dup}' is listed twice`,
      });
  });

/**
 * A sidecar file `<name>.json` next to `<name>.sql`. Both keys are optional: without `params` they
 * are inferred from the SQL, without `auth` the default ({@link DEFAULT_LOGIC_AUTH}) applies.
 */
export const logicSidecarSchema = z.object({
  params: z
    .array(sidecarParamSchema)
    .max(LOGIC_LIMITS.paramsMax)
    .check((ctx) => {
      const dup = uniqueBy(ctx.value, (p) => p.name);
      if (dup !== null)
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `parameter '${dup}' is declared twice`,
        });
    })
    .optional(),
  auth: sidecarAuthSchema.optional(),
});
/** A validated sidecar, unknown keys removed. */
export type LogicSidecar = z.output<typeof logicSidecarSchema>;

/** Input of `logic_list`: no parameters. */
export const logicListInputSchema = z.strictObject({});

/** Input of `logic_get`. */
export const logicGetInputSchema = z.strictObject({
  name: z
    .string()
    .max(LOGIC_LIMITS.nameMaxLength)
    .regex(new RegExp(LOGIC_NAME_PATTERN))
    .describe(
      "The logic's name exactly as logic_list returns it, e.g. 'purchase_item' or 'admin/users': its path under the catalog's logics/ folder without '.sql'.",
    ),
});

/** What is wrong with one file of a logic (the reason's parts; no sentence to parse back). */
export const logicFileProblemSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('too-large'), bytes: z.int(), limit: z.int() }),
  z.strictObject({ kind: z.literal('unreadable'), errno: z.string() }),
  z.strictObject({ kind: z.literal('changed') }),
  z.strictObject({ kind: z.literal('not-utf8') }),
  z.strictObject({ kind: z.literal('not-regular') }),
  z.strictObject({ kind: z.literal('hard-link') }),
  z.strictObject({ kind: z.literal('link') }),
  z.strictObject({ kind: z.literal('folder') }),
  z.strictObject({ kind: z.literal('empty') }),
  z.strictObject({
    kind: z.literal('not-json'),
    line: z.int().nullable(),
    column: z.int().nullable(),
  }),
  z.strictObject({ kind: z.literal('invalid'), issues: z.string() }),
  z.strictObject({ kind: z.literal('name-rule'), rule: z.string() }),
]);
/** @see logicFileProblemSchema */
export type LogicFileProblem = z.output<typeof logicFileProblemSchema>;

/** Why a logic cannot be used: which of its files (the .sql or its .json sidecar), and what. */
export const logicProblemSchema = z.strictObject({
  /** The file's name ("report.sql", "report.json"). */
  file: z.string(),
  sidecar: z.boolean(),
  problem: logicFileProblemSchema,
});
/** @see logicProblemSchema */
export type LogicProblem = z.output<typeof logicProblemSchema>;

/** The reason as the AI app reads it (logic_get's InvalidLogic, logic_list's invalid list). */
export function logicProblemText(p: LogicProblem): string {
  const what = p.sidecar ? `its sidecar ${p.file}` : p.file;
  const x = p.problem;
  switch (x.kind) {
    case 'too-large':
      return `${what} is ${x.bytes} bytes; the limit is ${x.limit}.`;
    case 'unreadable':
      return `${what} cannot be read (${x.errno}).`;
    case 'changed':
      return `${what} changed while it was read; try again.`;
    case 'not-utf8':
      return `${what} is not valid UTF-8 text.`;
    case 'not-regular':
      return `${what} is not a regular file.`;
    case 'hard-link':
      return `${what} is a hard link to a file that also has another name, possibly outside the catalog; copy the file into the catalog instead.`;
    case 'link':
      return `${what} is a symbolic link; links are not followed.`;
    case 'folder':
      return `${what} is a folder.`;
    case 'empty':
      return `${what} is empty.`;
    case 'not-json':
      return `${what} is not valid JSON${x.line === null ? '' : ` (line ${x.line}, column ${x.column})`}.`;
    case 'invalid':
      return `${what} is invalid: ${x.issues}.`;
    case 'name-rule':
      return `the name breaks the naming rule: ${x.rule}.`;
  }
}

/** One logic that cannot be used, as logic_list reports it. */
export const logicInvalidSchema = z.strictObject({
  name: z.string(),
  /** The reason in a sentence (logicProblemText). */
  reason: z.string(),
  /** The same reason in parts, for an app that words it its own way. */
  problem: logicProblemSchema,
});
/** @see logicInvalidSchema */
export type LogicInvalid = z.output<typeof logicInvalidSchema>;

/** Output of `logic_list` (docs/contracts/logic-tools.md §5). */
export const logicListOutputSchema = z.strictObject({
  logics: z.array(z.string()).describe('Names of the registered logics, sorted.'),
  invalid: z
    .array(logicInvalidSchema)
    .optional()
    .describe(
      'Logics in the catalog that cannot be used (logic_get refuses them), each with the reason; absent when there are none.',
    ),
});
/** structuredContent of `logic_list`. */
export type LogicListOutput = z.output<typeof logicListOutputSchema>;

/** Output of `logic_get` (logic-tools.md §6): exactly these fields, nothing else of the sidecar. */
export const logicGetOutputSchema = z.strictObject({
  name: z.string(),
  sql: z.string(),
  params: z.array(logicParamSchema),
  auth: logicAuthSchema,
});
/** structuredContent of `logic_get`: one logic's details. */
export type LogicDetails = z.output<typeof logicGetOutputSchema>;

/** The advertised JSON Schemas. */
export const logicListInputJsonSchema = toAdvertisedJsonSchema(logicListInputSchema, 'input');
export const logicListOutputJsonSchema = toAdvertisedJsonSchema(logicListOutputSchema, 'output');
export const logicGetInputJsonSchema = toAdvertisedJsonSchema(logicGetInputSchema, 'input');
export const logicGetOutputJsonSchema = toAdvertisedJsonSchema(logicGetOutputSchema, 'output');

/**
 * Why `name` is not a valid logic name, as a phrase ("it is empty"), or null when it is valid:
 * '/'-separated segments of letters, digits, '_' and '-', at most 8 segments and 256 characters.
 */
export function logicNameProblem(name: string): string | null {
  if (name === '') return 'it is empty';
  if (name.length > LOGIC_LIMITS.nameMaxLength) {
    return `it is ${name.length} characters long; the limit is ${LOGIC_LIMITS.nameMaxLength}`;
  }
  if (/^(?:[\\/]|[A-Za-z]:)/.test(name))
    return 'it is an absolute path; names are relative to the logics/ folder';
  const segments = name.split('/');
  if (segments.length > LOGIC_LIMITS.nameMaxSegments) {
    return `it has ${segments.length} segments; the limit is ${LOGIC_LIMITS.nameMaxSegments}`;
  }
  for (const segment of segments) {
    if (segment === '') return "it has an empty segment (a leading, trailing or doubled '/')";
    if (segment === '.' || segment === '..') return "it contains a '.' or '..' segment";
    if (!LOGIC_NAME_SEGMENT.test(segment)) {
      if (segment.endsWith('.sql')) return "it ends with '.sql'; leave the extension out";
      return `segment ${quote(segment)} may only contain letters, digits, '_' and '-'`;
    }
  }
  return null;
}

/**
 * The `:name` placeholders of a SQL text, de-duplicated in order of first appearance. Skips
 * `::casts`, '…' string literals ('' escapes), "…" quoted identifiers, -- line comments and
 * block comments.
 */
export function inferParams(sql: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const n = sql.length;
  let i = 0;
  const skipQuoted = (quoteChar: string) => {
    // i is at the opening quote; a doubled quote is an escaped one.
    i++;
    while (i < n) {
      if (sql[i] === quoteChar) {
        if (sql[i + 1] === quoteChar) {
          i += 2;
          continue;
        }
        i++;
        return;
      }
      i++;
    }
  };
  while (i < n) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      skipQuoted(c);
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === ':') {
      if (sql[i + 1] === ':') {
        while (sql[i] === ':') i++; // a cast (::type) or a run of colons: never a placeholder
        continue;
      }
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(
        sql.slice(i + 1, i + 1 + LOGIC_LIMITS.paramNameMaxLength + 1),
      );
      if (match && match[0].length <= LOGIC_LIMITS.paramNameMaxLength) {
        const name = match[0];
        if (!seen.has(name)) {
          seen.add(name);
          found.push(name);
        }
        i += 1 + name.length;
      } else {
        i++;
      }
    } else {
      i++;
    }
  }
  return found;
}

/** Validates `logic_list` arguments (an empty object) or throws InvalidArgument. */
export function parseLogicListArguments(args: unknown): Record<string, never> {
  const input = asObject(args, '{}');
  const parsed = logicListInputSchema.safeParse(input);
  if (!parsed.success) throw toToolError(parsed.error.issues[0], input, []);
  return {};
}

/** Validates `logic_get` arguments (`{ name }`, name following the name rule) or throws InvalidArgument. */
export function parseLogicGetArguments(args: unknown): { name: string } {
  const input = asObject(args, '{"name": "purchase_item"}');
  const parsed = logicGetInputSchema.safeParse(input);
  if (!parsed.success) throw toToolError(parsed.error.issues[0], input, ['name']);
  return parsed.data;
}

function asObject(args: unknown, example: string): Record<string, unknown> {
  const input = args === undefined || args === null ? {} : args;
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new ToolError(
      'InvalidArgument',
      'The arguments must be a JSON object.',
      `Pass an object such as ${example}.`,
    );
  }
  return input as Record<string, unknown>;
}

function toToolError(
  issue: z.core.$ZodIssue | undefined,
  input: Record<string, unknown>,
  allowed: string[],
): ToolError {
  const allowedText =
    allowed.length === 0
      ? 'this tool takes no arguments'
      : `the only allowed property is '${allowed.join("', '")}'`;
  if (issue?.code === 'unrecognized_keys') {
    const many = issue.keys.length !== 1;
    return new ToolError(
      'InvalidArgument',
      `Unknown propert${many ? 'ies' : 'y'}: ${issue.keys.map(quote).join(', ')}.`,
      `Remove ${many ? 'them' : 'it'}; ${allowedText}.`,
    );
  }
  const name = input.name;
  if (name === undefined) {
    return new ToolError(
      'InvalidArgument',
      "'name' is required.",
      'Pass the name of a logic, e.g. {"name": "purchase_item"}; call logic_list for the names.',
    );
  }
  if (typeof name !== 'string') {
    return new ToolError(
      'InvalidArgument',
      "'name' must be a string.",
      'Pass the name of a logic as a string; call logic_list for the names.',
    );
  }
  const problem = logicNameProblem(name) ?? 'it breaks the naming rule';
  return new ToolError(
    'InvalidArgument',
    `${quote(name)} is not a valid logic name: ${problem}.`,
    "Pass a name exactly as logic_list returns it: '/'-separated segments of letters, digits, '_' and '-', e.g. 'admin/users'.",
  );
}

function quote(text: string): string {
  return `'${text.length > 64 ? `${text.slice(0, 64)}…` : text}'`;
}
