// The logic catalog as the app shows it: names from the child server's logic_list, plus the
// logics it left out (a .sql file whose name is not listed), each with the reason logic_get gives.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as z from 'zod';
import { parseToolErrorText } from '#shared/errors/errors.js';
import {
  IPC_ERROR_CODES,
  IpcError,
  logicDetailSchema,
  type ipcContract,
} from '#shared/contract/ipc.js';
import {
  LOGIC_GET_TOOL_NAME,
  LOGIC_LIMITS,
  LOGIC_LIST_TOOL_NAME,
  logicNameProblem,
} from '#shared/tools/logic.js';

type Response<C extends keyof typeof ipcContract> = z.output<(typeof ipcContract)[C]['response']>;
/** The answer of logic:list. */
export type LogicListView = Response<'logic:list'>;
/** The answer of logic:get. */
export type LogicGetView = Response<'logic:get'>;

/** Calls one tool on the supervised server. */
export type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

const MAX_FILES = 5_000;
const MAX_INVALID = 200;

/** The text of a result's first content item ('' when there is none). */
export function firstText(result: CallToolResult): string {
  const item = result.content[0];
  return item && item.type === 'text' ? item.text : '';
}

/** A tool error as the UI shows it: the 3-line text parsed, or the raw text as the message. */
export function toolErrorView(result: CallToolResult): {
  code: string;
  message: string;
  fix: string;
} {
  const text = firstText(result);
  const parsed = parseToolErrorText(text);
  if (parsed) return { code: parsed.code, message: parsed.message, fix: parsed.fix };
  return {
    code: 'Unknown',
    message: text || 'The server answered with an error.',
    fix: 'Try again; if it keeps happening, restart the server.',
  };
}

/** logic:list — the listed names, and the invalid logics with their reasons. */
export async function listLogics(call: ToolCaller, catalog: string | null): Promise<LogicListView> {
  const result = await call(LOGIC_LIST_TOOL_NAME, {});
  if (result.isError) {
    const error = toolErrorView(result);
    throw new IpcError(error.code, error.message, error.fix);
  }
  const structured = result.structuredContent as { logics?: unknown } | undefined;
  const logics = Array.isArray(structured?.logics)
    ? structured.logics.filter((n): n is string => typeof n === 'string')
    : [];
  const invalid: LogicListView['invalid'] = [];
  if (catalog !== null) {
    const listed = new Set(logics);
    for (const name of await sqlFileNames(path.join(catalog, 'logics'))) {
      if (listed.has(name) || invalid.length >= MAX_INVALID) continue;
      const problem = logicNameProblem(name);
      if (problem) {
        invalid.push({ name, reason: `The name breaks the naming rule: ${problem}` });
        continue;
      }
      const got = await call(LOGIC_GET_TOOL_NAME, { name });
      if (got.isError) invalid.push({ name, reason: toolErrorView(got).message });
    }
  }
  return { catalog, summary: firstText(result), logics, invalid };
}

/** logic:get — the logic's details, or the tool's error. */
export async function getLogic(call: ToolCaller, name: string): Promise<LogicGetView> {
  const result = await call(LOGIC_GET_TOOL_NAME, { name });
  if (result.isError) return { ok: false, error: toolErrorView(result) };
  const parsed = logicDetailSchema.safeParse(result.structuredContent);
  if (!parsed.success) {
    throw new IpcError(
      IPC_ERROR_CODES.internal,
      `The server's answer for logic '${name}' has an unexpected shape.`,
      'Rebuild FolderGate (npm run build) and restart the server.',
    );
  }
  return { ok: true, logic: parsed.data };
}

// Names ('/'-separated, without '.sql') of the .sql files below `dir`; linked folders and hidden
// entries are skipped, depth and count are bounded. A linked .sql is named (never read): the
// server reports it as an invalid logic, and the catalog screen should show why.
async function sqlFileNames(dir: string): Promise<string[]> {
  const names: string[] = [];
  const walk = async (abs: string, segments: string[]): Promise<void> => {
    if (segments.length > LOGIC_LIMITS.nameMaxSegments || names.length >= MAX_FILES) return;
    let entries;
    try {
      entries = await fs.readdir(abs, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || names.length >= MAX_FILES) continue;
      if (entry.isDirectory()) await walk(path.join(abs, entry.name), [...segments, entry.name]);
      else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.sql'))
        names.push([...segments, entry.name.slice(0, -4)].join('/'));
    }
  };
  await walk(dir, []);
  return names;
}
