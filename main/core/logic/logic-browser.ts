// The logic catalog as the app shows it: logic_list of the preview server, which names the logics
// that can be used and those left out with their reasons; the app never reads the catalog itself.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { ERROR_PARAMS_META, parseToolErrorText, type ErrorParams } from '#shared/errors/errors.js';
import { errorParamsSchema } from '#shared/contract/ipc.js';
import {
  IPC_ERROR_CODES,
  IpcError,
  logicDetailSchema,
  type ipcContract,
} from '#shared/contract/ipc.js';
import {
  LOGIC_GET_TOOL_NAME,
  LOGIC_LIST_TOOL_NAME,
  logicListOutputSchema,
} from '#shared/tools/logic.js';

type Response<C extends keyof typeof ipcContract> = z.output<(typeof ipcContract)[C]['response']>;
/** The answer of logic:list. */
export type LogicListView = Response<'logic:list'>;
/** The answer of logic:get. */
export type LogicGetView = Response<'logic:get'>;

/** Calls one tool on the supervised server. */
export type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

/** The text of a result's first content item ('' when there is none). */
export function firstText(result: CallToolResult): string {
  const item = result.content[0];
  return item && item.type === 'text' ? item.text : '';
}

/** A tool error as the UI shows it: the 3-line text parsed, with its parts from `_meta`. */
export function toolErrorView(result: CallToolResult): {
  code: string;
  message: string;
  fix: string;
  params?: ErrorParams;
} {
  const text = firstText(result);
  const parsed = parseToolErrorText(text);
  const params = errorParamsSchema.safeParse(result._meta?.[ERROR_PARAMS_META]);
  if (parsed)
    return {
      code: parsed.code,
      message: parsed.message,
      fix: parsed.fix,
      ...(params.success ? { params: params.data } : {}),
    };
  return {
    code: 'Unknown',
    message: text || 'The server answered with an error.',
    fix: 'Try again; if it keeps happening, restart the server.',
  };
}

/** logic:list — the listed names, and the invalid logics with their reasons (from logic_list). */
export async function listLogics(call: ToolCaller, catalog: string | null): Promise<LogicListView> {
  const result = await call(LOGIC_LIST_TOOL_NAME, {});
  if (result.isError) {
    const error = toolErrorView(result);
    throw new IpcError(error.code, error.message, error.fix, error.params);
  }
  const parsed = logicListOutputSchema.safeParse(result.structuredContent);
  if (!parsed.success) {
    throw new IpcError(
      IPC_ERROR_CODES.internal,
      "The server's list of logics has an unexpected shape.",
      'Rebuild FolderGate (npm run build) and restart the server.',
    );
  }
  const { logics, invalid = [] } = parsed.data;
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
