import { ToolError } from '#shared/errors/errors.js';
import {
  LOGIC_GET_TOOL_NAME,
  LOGIC_LIST_TOOL_NAME,
  logicGetInputJsonSchema,
  logicGetOutputJsonSchema,
  logicGetOutputSchema,
  logicListInputJsonSchema,
  logicListOutputJsonSchema,
  parseLogicGetArguments,
  parseLogicListArguments,
  logicProblemText,
  type LogicDetails,
  type LogicInvalid,
  type LogicProblem,
} from '#shared/tools/logic.js';
import {
  createLogicCatalog,
  type CatalogProblem,
  type CatalogSnapshot,
  type LogicCatalog,
} from '../logic/logic-catalog.js';
import { READ_ONLY, type ToolDefinition } from './tool-definition.js';

const NOT_CONFIGURED = 'No logic catalog is configured';
const LISTED_IN_SUMMARY = 20;

/** `logic_list` and `logic_get` over one catalog cache. */
export function createLogicTools(catalog: LogicCatalog): ToolDefinition[] {
  const list: ToolDefinition = {
    name: LOGIC_LIST_TOOL_NAME,
    title: 'List logics',
    description: (config) =>
      [
        'List the names of the custom SQL logics registered in the current release of the logic catalog, sorted.',
        'Takes no arguments. Call logic_get with a name for its SQL, parameters and auth settings.',
        config.logicCatalog === null
          ? `${NOT_CONFIGURED} yet: the list is empty until the user chooses one in FolderGate.`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    inputSchema: logicListInputJsonSchema,
    outputSchema: logicListOutputJsonSchema,
    annotations: READ_ONLY,
    check: (args) => void parseLogicListArguments(args),
    offered: (config) => config.logicCatalog !== null,
    scope: (config) => config.logicCatalog,
    run(args, ctx) {
      parseLogicListArguments(args);
      const snapshot = readySnapshot(catalog.snapshot(ctx.config.logicCatalog));
      if (snapshot === null) {
        return Promise.resolve({
          structured: { logics: [] },
          summary: `${NOT_CONFIGURED}, so there are no logics to list. Ask the user to choose a logic catalog folder in FolderGate.`,
        });
      }
      const invalid = invalidLogics(snapshot);
      return Promise.resolve({
        structured: { logics: [...snapshot.names], ...(invalid.length > 0 ? { invalid } : {}) },
        summary: listSummary(snapshot),
      });
    },
  };

  const get: ToolDefinition = {
    name: LOGIC_GET_TOOL_NAME,
    title: 'Get a logic',
    description: () =>
      [
        'Read one custom SQL logic of the logic catalog: its SQL text, its parameters (name, type, required; bound as :name in the SQL) and its auth settings (required, roles).',
        'Pass a name exactly as logic_list returns it, e.g. {"name": "admin/users"}.',
      ].join(' '),
    inputSchema: logicGetInputJsonSchema,
    outputSchema: logicGetOutputJsonSchema,
    annotations: READ_ONLY,
    check: (args) => void parseLogicGetArguments(args),
    offered: (config) => config.logicCatalog !== null,
    scope: (config) => config.logicCatalog,
    run(args, ctx) {
      // The name is validated before the catalog is touched at all.
      const { name } = parseLogicGetArguments(args);
      const snapshot = readySnapshot(catalog.snapshot(ctx.config.logicCatalog));
      if (snapshot === null) {
        throw new ToolError(
          'NOT_FOUND',
          `${NOT_CONFIGURED}, so there is no logic '${name}'.`,
          'Ask the user to choose a logic catalog folder in FolderGate, then call logic_list for the names.',
          { about: 'no-logic-catalog', name },
        );
      }
      const entry = snapshot.entries.get(name);
      if (!entry) {
        throw new ToolError(
          'NOT_FOUND',
          `There is no logic '${name}' in the current release of the logic catalog.`,
          'Call logic_list for the names of the registered logics and pass one of them exactly.',
          { name },
        );
      }
      if (!entry.ok) {
        throw new ToolError(
          'InvalidLogic',
          `Logic '${name}' cannot be used: ${entry.reason}`,
          "Ask the user to fix the logic's .sql/.json files in the catalog; logic_list shows the logics that can be used.",
        );
      }
      const logic: LogicDetails = logicGetOutputSchema.parse({
        name: entry.logic.name,
        sql: entry.logic.sql,
        params: entry.logic.params.map((p) => ({
          name: p.name,
          type: p.type,
          required: p.required,
        })),
        auth: { required: entry.logic.auth.required, roles: [...entry.logic.auth.roles] },
      });
      return Promise.resolve({ structured: logic, summary: getSummary(logic) });
    },
  };

  return [list, get];
}

type ReadySnapshot = Extract<CatalogSnapshot, { status: 'ready' }>;

/** Most invalid logics one logic_list reports (a catalog of broken files stays one answer). */
const INVALID_LISTED = 200;

/** The logics that cannot be used, with their reasons: invalid files first, then bad names. */
function invalidLogics(snapshot: ReadySnapshot): LogicInvalid[] {
  const out: LogicInvalid[] = [];
  for (const name of snapshot.invalid) {
    const entry = snapshot.entries.get(name);
    if (entry && !entry.ok) out.push({ name, reason: entry.reason, problem: entry.problem });
  }
  for (const { name, rule } of snapshot.badNames) {
    const problem: LogicProblem = {
      file: `${name.split('/').pop()!}.sql`,
      sidecar: false,
      problem: { kind: 'name-rule', rule },
    };
    out.push({ name, reason: logicProblemText(problem), problem });
  }
  return out.slice(0, INVALID_LISTED);
}

/** The ready snapshot, null when no catalog is configured; throws when it cannot be read. */
function readySnapshot(snapshot: CatalogSnapshot): ReadySnapshot | null {
  if (snapshot.status === 'none') return null;
  if (snapshot.status === 'unavailable') throw unavailableError(snapshot.problem);
  return snapshot;
}

const CATALOG = { about: 'logic-catalog' } as const;

function unavailableError(problem: CatalogProblem): ToolError {
  const fix =
    'Ask the user to check the logic catalog folder in FolderGate (it may be on a drive that is not connected).';
  switch (problem) {
    case 'missing':
      return new ToolError(
        'PathNotFound',
        'The logic catalog folder configured in FolderGate does not exist.',
        fix,
        CATALOG,
      );
    case 'not-a-directory':
      return new ToolError(
        'NotADirectory',
        'The logic catalog configured in FolderGate is a file, not a folder.',
        fix,
        CATALOG,
      );
    case 'not-absolute':
      return new ToolError(
        'PathNotFound',
        'The logic catalog folder configured in FolderGate is not an absolute path, so it cannot be found.',
        fix,
        CATALOG,
      );
    case 'unreadable':
      return new ToolError(
        'IOFailure',
        'The logic catalog folder configured in FolderGate cannot be read.',
        fix,
        CATALOG,
      );
  }
}

function listSummary(snapshot: ReadySnapshot): string {
  const count = snapshot.names.length;
  const parts: string[] = [];
  if (!snapshot.hasLogicsFolder) {
    parts.push(
      'The logic catalog has no logics/ folder, so no logic is registered in this release.',
    );
  } else if (count === 0) {
    parts.push('No logic is registered in the current release of the logic catalog.');
  } else {
    const shown = snapshot.names.slice(0, LISTED_IN_SUMMARY).join(', ');
    const more = count > LISTED_IN_SUMMARY ? `, and ${count - LISTED_IN_SUMMARY} more` : '';
    parts.push(
      `${count} logic${count === 1 ? '' : 's'} registered: ${shown}${more}. Call logic_get with a name for its details.`,
    );
  }
  if (snapshot.invalid.length > 0) {
    const shown = snapshot.invalid.slice(0, LISTED_IN_SUMMARY).join(', ');
    parts.push(`Left out because their files are invalid (logic_get on one says why): ${shown}.`);
  }
  if (snapshot.skipped.length > 0) {
    parts.push(
      `${snapshot.skipped.length} entr${snapshot.skipped.length === 1 ? 'y was' : 'ies were'} skipped (names breaking the naming rule, symbolic links or special files).`,
    );
  }
  if (snapshot.truncated) parts.push('The catalog is too large: only part of it was read.');
  return parts.join(' ');
}

function getSummary(logic: LogicDetails): string {
  const params =
    logic.params.length === 0
      ? 'no parameters'
      : `parameters ${logic.params.map((p) => `:${p.name} (${p.type}${p.required ? '' : ', optional'})`).join(', ')}`;
  const auth = logic.auth.required
    ? `authentication required, roles: ${logic.auth.roles.length ? logic.auth.roles.join(', ') : 'any'}`
    : 'no authentication required';
  return `Logic '${logic.name}': ${params}; ${auth}.`;
}

/** The server's shared catalog cache (one per process, so every call sees the latest snapshot). */
export const logicCatalog = createLogicCatalog();

/** `logic_list` and `logic_get` as registered in {@link TOOLS}. */
export const [logicListTool, logicGetTool] = createLogicTools(logicCatalog) as [
  ToolDefinition,
  ToolDefinition,
];
