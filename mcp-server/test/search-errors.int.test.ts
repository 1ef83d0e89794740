// fs.search_by_time errors through the real built server: every input and domain error is an
// isError result in the 3-line `ErrorCode / Message / Fix` format that never shows the allowed
// roots' absolute paths; an unknown tool and a malformed tools/call are JSON-RPC errors (-32602).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  ErrorCode as RpcErrorCode,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { ERROR_PARAMS_META } from '#shared/errors/errors.js';
import { SEARCH_LIMITS, type SearchOutput } from '#shared/tools/search-by-time.js';
import {
  callTool,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  writeTree,
  type ServerHandle,
} from '#testing/mcp-server.js';
import { searchOutput } from '#testing/search-output.js';

const TOOL = 'fs.search_by_time';
const ALT_TOOL = 'fs_search_by_time';

let root: string;
let other: string;
let sibling: string;
let server: ServerHandle;

beforeAll(async () => {
  root = makeTempDir('fg-err-');
  other = makeTempDir('fg-err-other-');
  // CVE-2025-53110 style: a sibling whose name starts with the root's name.
  sibling = `${root}_sensitive`;
  fs.mkdirSync(sibling);
  writeTree(root, [
    { path: 'a.txt', mtime: '2025-01-01T00:00:00Z' },
    { path: 'b.md', mtime: '2025-01-02T00:00:00Z' },
    { path: 'docs/c.md', mtime: '2025-01-03T00:00:00Z' },
  ]);
  writeTree(other, [{ path: 'o.txt', mtime: '2025-01-01T00:00:00Z' }]);
  writeTree(sibling, [{ path: 'secret.txt', mtime: '2025-01-01T00:00:00Z' }]);
  server = await startServer(['--root', root, '--root', other]);
});

afterAll(async () => {
  await server?.close();
  for (const dir of [root, other, sibling]) if (dir) removeTempDir(dir);
});

async function call(args: Record<string, unknown>, handle = server): Promise<CallToolResult> {
  return callTool(handle, TOOL, args);
}

async function ok(args: Record<string, unknown>): Promise<SearchOutput> {
  const result = await call(args);
  if (result.isError) throw new Error(`unexpected tool error:\n${firstText(result)}`);
  return searchOutput(result);
}

/** Asserts an isError result with exactly the 3-line text for `code`, free of the roots' paths. */
function expectToolError(result: CallToolResult, code: string): string {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content).toHaveLength(1);
  const text = firstText(result);
  expect(text).toMatch(new RegExp(`^ErrorCode: ${code}\\nMessage: [^\\n]+\\nFix: [^\\n]+$`));
  for (const secret of [root, other, sibling]) expect(text).not.toContain(secret);
  return text;
}

async function expectError(args: Record<string, unknown>, code: string): Promise<string> {
  return expectToolError(await call(args), code);
}

function craftCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

async function expectRpcError(promise: Promise<unknown>, code: number): Promise<McpError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected a JSON-RPC error, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(McpError);
  expect((error as McpError).code).toBe(code);
  return error as McpError;
}

describe('validation errors', () => {
  it('InvalidDateTime for from or to that is not an ISO 8601 date-time', async () => {
    await expectError({ timeField: 'modified', from: 'yesterday' }, 'InvalidDateTime');
    await expectError({ timeField: 'modified', to: '2025-13-01T00:00:00Z' }, 'InvalidDateTime');
    await expectError({ timeField: 'modified', from: '2025-02-30T00:00:00Z' }, 'InvalidDateTime');
    await expectError({ timeField: 'modified', from: '2025-01-01' }, 'InvalidDateTime');
    await expectError({ timeField: 'modified', to: '' }, 'InvalidDateTime');
  });

  it('InvalidRange when from is later than to', async () => {
    const text = await expectError(
      { timeField: 'modified', from: '2025-01-02T00:00:00Z', to: '2025-01-01T23:59:59.999Z' },
      'InvalidRange',
    );
    expect(text).toContain("'from'");
    // from == to is valid (and empty).
    expect(
      (
        await ok({
          timeField: 'modified',
          from: '2025-01-02T00:00:00Z',
          to: '2025-01-02T00:00:00Z',
        })
      ).matches,
    ).toEqual([]);
  });

  it('InvalidEnum for timeField and sort', async () => {
    const t = await expectError({ timeField: 'accessed' }, 'InvalidEnum');
    expect(t).toContain('modified');
    const s = await expectError({ timeField: 'modified', sort: 'size_desc' }, 'InvalidEnum');
    expect(s).toContain('path_asc');
  });

  it('LimitOutOfRange for 0 and 1001, and 1 and 1000 are fine', async () => {
    await expectError({ timeField: 'modified', limit: 0 }, 'LimitOutOfRange');
    await expectError({ timeField: 'modified', limit: 1001 }, 'LimitOutOfRange');
    await expectError({ timeField: 'modified', limit: -5 }, 'LimitOutOfRange');
    expect((await ok({ timeField: 'modified', limit: 1 })).matches).toHaveLength(1);
    expect((await ok({ timeField: 'modified', limit: 1000 })).matches).toHaveLength(3);
  });

  it('GlobTooLong above the documented length, not at it', async () => {
    const max = SEARCH_LIMITS.globMaxLength;
    await expectError({ timeField: 'modified', glob: `${'a'.repeat(max - 1)}*d` }, 'GlobTooLong');
    expect((await ok({ timeField: 'modified', glob: `${'a'.repeat(max - 2)}*d` })).matches).toEqual(
      [],
    );
  });

  it('PathTooLong above the documented length, not at it', async () => {
    const max = SEARCH_LIMITS.pathMaxLength;
    await expectError({ timeField: 'modified', path: 'a/'.repeat(max / 2) + 'b' }, 'PathTooLong');
    await expectError({ timeField: 'modified', path: 'a/'.repeat(max / 2) }, 'PathNotFound');
  });

  it('CursorTooLong above the documented length, not at it', async () => {
    const max = SEARCH_LIMITS.cursorMaxLength;
    await expectError({ timeField: 'modified', cursor: 'A'.repeat(max + 1) }, 'CursorTooLong');
    await expectError({ timeField: 'modified', cursor: 'A'.repeat(max) }, 'CursorInvalid');
  });

  it('MaxDepthOutOfRange for -1 and above the ceiling', async () => {
    const ceiling = SEARCH_LIMITS.maxDepthCeiling;
    await expectError({ timeField: 'modified', maxDepth: -1 }, 'MaxDepthOutOfRange');
    await expectError({ timeField: 'modified', maxDepth: ceiling + 1 }, 'MaxDepthOutOfRange');
    expect((await ok({ timeField: 'modified', maxDepth: ceiling })).matches).toHaveLength(3);
  });

  it('InvalidArgument for an unknown property, a wrong type and a missing timeField', async () => {
    const unknown = await expectError(
      { timeField: 'modified', fileType: 'pdf' },
      'InvalidArgument',
    );
    expect(unknown).toContain('fileType');
    const wrongLimit = await expectError({ timeField: 'modified', limit: '10' }, 'InvalidArgument');
    expect(wrongLimit).toContain('limit');
    await expectError({ timeField: 'modified', recursive: 'yes' }, 'InvalidArgument');
    await expectError({ timeField: 'modified', maxDepth: 1.5 }, 'InvalidArgument');
    await expectError({ timeField: 'modified', glob: 42 }, 'InvalidArgument');
    const missing = await expectError({}, 'InvalidArgument');
    expect(missing).toContain('timeField');
    await expectError({ from: '2025-01-01T00:00:00Z' }, 'InvalidArgument');
  });
});

describe('security errors', () => {
  it('RootNotAllowed for an unknown name, a prefix sibling, a relative path and a subfolder', async () => {
    await expectError({ timeField: 'modified', root: 'nope' }, 'RootNotAllowed');
    await expectError({ timeField: 'modified', root: sibling }, 'RootNotAllowed');
    await expectError({ timeField: 'modified', root: path.basename(sibling) }, 'RootNotAllowed');
    await expectError({ timeField: 'modified', root: path.join(root, 'docs') }, 'RootNotAllowed');
    await expectError({ timeField: 'modified', root: path.dirname(root) }, 'RootNotAllowed');
  });

  it('PathNotRelative for absolute, UNC and drive paths', async () => {
    await expectError({ timeField: 'modified', path: root }, 'PathNotRelative');
    await expectError({ timeField: 'modified', path: '/etc' }, 'PathNotRelative');
    await expectError({ timeField: 'modified', path: '//server/share' }, 'PathNotRelative');
    await expectError({ timeField: 'modified', path: '\\\\server\\share' }, 'PathNotRelative');
    await expectError({ timeField: 'modified', path: 'C:\\Windows' }, 'PathNotRelative');
  });

  it("PathTraversalDetected for '..' that leaves the root", async () => {
    await expectError({ timeField: 'modified', path: '..' }, 'PathTraversalDetected');
    await expectError(
      { timeField: 'modified', path: `../${path.basename(sibling)}` },
      'PathTraversalDetected',
    );
    await expectError({ timeField: 'modified', path: 'docs/../../x' }, 'PathTraversalDetected');
    await expectError({ timeField: 'modified', path: './docs/../..' }, 'PathTraversalDetected');
    // '..' that stays inside the root is fine.
    expect((await ok({ timeField: 'modified', path: 'docs/..' })).matches).toHaveLength(3);
  });

  it('PathNotFound and NotADirectory for a missing or non-folder start path', async () => {
    const missing = await expectError(
      { timeField: 'modified', path: 'missing/deeper' },
      'PathNotFound',
    );
    expect(missing).toContain('missing');
    await expectError({ timeField: 'modified', path: 'a.txt' }, 'NotADirectory');
    await expectError({ timeField: 'modified', path: 'a.txt/x' }, 'NotADirectory');
  });
});

describe('cursor errors', () => {
  async function cursorFor(args: Record<string, unknown>): Promise<string> {
    const out = await ok({ timeField: 'modified', limit: 1, ...args });
    expect(out.nextCursor).toEqual(expect.any(String));
    return out.nextCursor!;
  }

  it('CursorInvalid for garbage', async () => {
    await expectError({ timeField: 'modified', cursor: 'not a cursor!' }, 'CursorInvalid');
    await expectError({ timeField: 'modified', cursor: 'abc' }, 'CursorInvalid');
    await expectError(
      { timeField: 'modified', cursor: craftCursor({ hello: 'world' }) },
      'CursorInvalid',
    );
    await expectError({ timeField: 'modified', cursor: craftCursor([1, 2]) }, 'CursorInvalid');
  });

  it('CursorInvalid for a cursor of another query', async () => {
    const cursor = await cursorFor({ glob: '*.md', sort: 'path_asc' });
    await expectError(
      { timeField: 'modified', glob: '*.txt', sort: 'path_asc', cursor },
      'CursorInvalid',
    );
    await expectError({ timeField: 'modified', sort: 'path_asc', cursor }, 'CursorInvalid');
    await expectError(
      { timeField: 'modified', glob: '*.md', sort: 'path_asc', root: path.basename(other), cursor },
      'CursorInvalid',
    );
    const timeCursor = await cursorFor({});
    await expectError(
      { timeField: 'modified', from: '2000-01-01T00:00:00Z', cursor: timeCursor },
      'CursorInvalid',
    );
    await expectError(
      { timeField: 'created', includeUnknownTime: true, cursor: timeCursor },
      'CursorInvalid',
    );
    // The same query with another limit is fine.
    expect(
      (await ok({ timeField: 'modified', limit: 5, cursor: timeCursor })).matches,
    ).toHaveLength(2);
  });

  it('CursorVersionMismatch for a cursor with another version', async () => {
    const real = await cursorFor({});
    const decoded = JSON.parse(Buffer.from(real, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(decoded.v).toBe(1);
    const text = await expectError(
      { timeField: 'modified', cursor: craftCursor({ ...decoded, v: 2 }) },
      'CursorVersionMismatch',
    );
    expect(text).toContain('2');
    await expectError(
      {
        timeField: 'modified',
        cursor: craftCursor({
          v: 2,
          q: 'x',
          s: 'time_desc',
          ws: null,
          we: null,
          fx: false,
          a: null,
        }),
      },
      'CursorVersionMismatch',
    );
  });

  it('CursorSortMismatch for a cursor used with another sort', async () => {
    const desc = await cursorFor({ sort: 'time_desc' });
    await expectError(
      { timeField: 'modified', sort: 'time_asc', cursor: desc },
      'CursorSortMismatch',
    );
    await expectError(
      { timeField: 'modified', cursor: await cursorFor({ sort: 'path_asc' }) },
      'CursorSortMismatch',
    );
  });
});

describe('server-level errors', () => {
  it('NoAllowedRoots when the server was started without --root', async () => {
    const bare = await startServer([]);
    try {
      const { tools } = await bare.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([TOOL]); // the logic tools: only with a catalog
      expectToolError(await call({ timeField: 'modified' }, bare), 'NoAllowedRoots');
      expectToolError(await call({ timeField: 'modified', root: root }, bare), 'NoAllowedRoots');
    } finally {
      await bare.close();
    }
  });

  it('an unknown tool is a JSON-RPC error -32602', async () => {
    const error = await expectRpcError(
      server.client.callTool({ name: 'fs.delete_everything', arguments: {} }),
      RpcErrorCode.InvalidParams,
    );
    expect(error.message).toContain('fs.delete_everything');
    await expectRpcError(
      server.client.callTool({ name: 'fs.search_by_tim', arguments: { timeField: 'modified' } }),
      -32602,
    );
  });

  it('a malformed tools/call is a JSON-RPC error -32602', async () => {
    const anyResult = z.object({}).passthrough();
    const send = (params: unknown) =>
      server.client.request({ method: 'tools/call', params } as never, anyResult);
    await expectRpcError(send({ name: TOOL, arguments: 'timeField=modified' }), -32602);
    await expectRpcError(send({ name: TOOL, arguments: ['modified'] }), -32602);
    await expectRpcError(send({ arguments: { timeField: 'modified' } }), -32602);
    await expectRpcError(send({ name: 42, arguments: { timeField: 'modified' } }), -32602);
    // The connection still works afterwards.
    expect((await ok({ timeField: 'modified' })).matches).toHaveLength(3);
  });
});

describe('tool names', () => {
  it('dotted mode (default) lists fs.search_by_time and accepts both spellings', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([TOOL]); // the logic tools: only with a catalog
    for (const name of [TOOL, ALT_TOOL]) {
      const result = await callTool(server, name, { timeField: 'modified' });
      expect(result.isError).toBeFalsy();
      expect(searchOutput(result).matches).toHaveLength(3);
    }
  });

  it('--tool-names underscore lists fs_search_by_time and accepts both spellings', async () => {
    const underscore = await startServer(['--root', root, '--tool-names', 'underscore']);
    try {
      const { tools } = await underscore.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([ALT_TOOL]);
      for (const name of [ALT_TOOL, TOOL]) {
        const result = await callTool(underscore, name, { timeField: 'modified' });
        expect(result.isError).toBeFalsy();
        expect(searchOutput(result).matches).toHaveLength(3);
      }
      expectToolError(await callTool(underscore, ALT_TOOL, { timeField: 'nope' }), 'InvalidEnum');
      await expectRpcError(
        underscore.client.callTool({ name: 'fs-search-by-time', arguments: {} }),
        -32602,
      );
    } finally {
      await underscore.close();
    }
  });
});

describe('the parts of an error, for FolderGate’s own app', () => {
  it('carries what an error is about in _meta, never in the text the AI reads', async () => {
    const missing = await call({ timeField: 'modified', path: 'nope/deeper' });
    expect(missing.isError).toBe(true);
    expect(missing._meta?.[ERROR_PARAMS_META]).toEqual({
      about: 'subfolder',
      name: `${path.basename(root)}/nope/deeper`,
    });
    expect(firstText(missing).split('\n')).toHaveLength(3);
    expect(firstText(missing)).not.toContain('subfolder');
  });
});
