// Checks the params of the requests this server handles before the SDK sees them. The SDK parses a
// request with its handler's zod schema and answers a failure as -32603 (Internal error) with the
// zod issues dumped as multi-line JSON; a bad `params` is the client's mistake, so it gets -32602
// (Invalid params) with one sentence naming the field.
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/core';
import type { JSONRPCRequest } from '@modelcontextprotocol/server';
import { prototypeKeyPath, RPC_ERROR } from './json-rpc.js';

export { prototypeKeyPath } from './json-rpc.js';

/** A JSON-RPC error for a request, as `{ code, message }`. */
export interface RequestRefusal {
  code: number;
  message: string;
}

const SCHEMAS = new Map<string, { safeParse(value: unknown): ParseResult }>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['prompts/list', ListPromptsRequestSchema],
  ['prompts/get', GetPromptRequestSchema],
  ['completion/complete', CompleteRequestSchema],
]);

interface ParseResult {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string; code?: string }[] };
}

/** -32602 with one line when `request` is a method this server handles with malformed params. */
export function checkRequestParams(request: JSONRPCRequest): RequestRefusal | null {
  const schema = SCHEMAS.get(request.method);
  if (!schema) return null; // unknown methods are the SDK's to answer (-32601)
  const probe = prototypeKeyPath(request.params, 'params');
  if (probe !== null) {
    return {
      code: RPC_ERROR.InvalidParams,
      message: `Invalid params for ${request.method}: ${probe} is not allowed (a property name that names an object's prototype).`,
    };
  }
  const result = schema.safeParse({ method: request.method, params: request.params });
  const issue = result.success ? undefined : result.error?.issues[0];
  if (result.success) return null;
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'params';
  const what = issue
    ? /received undefined$/.test(issue.message)
      ? `${where} is missing (${issue.message.replace(/^Invalid input: /, '')})`
      : `${where}: ${issue.message}`
    : 'malformed params';
  return {
    code: RPC_ERROR.InvalidParams,
    message: `Invalid params for ${request.method}: ${oneLine(what)}.`,
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
