// logic_list and logic_get through the real built server over stdio, on real catalog folders in
// temp dirs (plus the example catalog), and the catalog cache's change detection on its own.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseToolErrorText } from '#shared/errors/errors.js';
import { createLogicCatalog, type CatalogSnapshot } from '#server/logic/logic-catalog.js';
import {
  callTool,
  errorCode,
  firstText,
  makeTempDir,
  removeTempDir,
  startServer,
  type ServerHandle,
} from '#testing/mcp-server.js';

const EXAMPLE_CATALOG = fileURLToPath(new URL('../examples/logic-catalog', import.meta.url));

const SEED_PURCHASE_ITEM = {
  name: 'purchase_item',
  sql: 'INSERT INTO purchases (user_id, item_id) VALUES (:user_id, :item_id) RETURNING id',
  params: [
    { name: 'user_id', type: 'string', required: true },
    { name: 'item_id', type: 'string', required: true },
  ],
  auth: { required: true, roles: ['authenticated'] },
};
const SEED_ADMIN_USERS = {
  name: 'admin/users',
  sql: 'SELECT id, email FROM users ORDER BY created_at DESC',
  params: [],
  auth: { required: true, roles: ['admin'] },
};
const SECRETS = [
  'postgres://app:hunter2@db.internal/prod',
  'sk-live-SECRET-1',
  'tok-SECRET-2',
  'sk-LEAK-3',
];

/** Writes `files` (path relative to `root` → content; objects are written as JSON). */
function write(root: string, files: Record<string, string | object>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

/** Creates a symlink; false where the OS does not allow it (Windows without the privilege). */
function trySymlink(target: string, at: string, type: 'file' | 'dir'): boolean {
  try {
    fs.symlinkSync(target, at, type);
    return true;
  } catch {
    return false;
  }
}

function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  expect(result.isError, result.isError ? firstText(result) : '').toBeFalsy();
  return result.structuredContent as T;
}

function allText(result: CallToolResult): string {
  return JSON.stringify(result);
}

async function list(server: ServerHandle): Promise<string[]> {
  return structured<{ logics: string[] }>(await callTool(server, 'logic_list', {})).logics;
}

async function get(server: ServerHandle, name: string): Promise<CallToolResult> {
  return callTool(server, 'logic_get', { name });
}

describe('logic tools on a catalog with valid, invalid and hostile entries', () => {
  let tmp: string;
  let catalog: string;
  let server: ServerHandle;
  let symlinks = true;

  beforeAll(async () => {
    tmp = makeTempDir('fg-logic-');
    catalog = path.join(tmp, 'catalog');
    const outside = path.join(tmp, 'outside');
    write(tmp, {
      'outside/secret.sql': 'SELECT secret FROM vault WHERE k = :k',
      'outside/dir/inner.sql': 'SELECT 1',
      'outside/sidecar.json': { auth: { required: false, roles: [] } },
      'outside/x.sql': 'SELECT outside',
      'catalog/x.sql': 'SELECT not_a_logic',
    });
    write(catalog, {
      'logics/purchase_item.sql': `${SEED_PURCHASE_ITEM.sql}\n`,
      'logics/purchase_item.json': {
        params: SEED_PURCHASE_ITEM.params,
        auth: SEED_PURCHASE_ITEM.auth,
      },
      'logics/admin/users.sql': `${SEED_ADMIN_USERS.sql}\n`,
      'logics/admin/users.json': {
        connectionString: SECRETS[0],
        apiKey: SECRETS[1],
        params: [],
        auth: { required: true, roles: ['admin'], token: SECRETS[2] },
      },
      'logics/orders/by_user.sql': 'SELECT * FROM orders WHERE user_id = :user_id LIMIT :limit',
      'logics/orders/by_user.json': {
        params: [
          { name: 'user_id', type: 'string', secret: SECRETS[1] },
          { name: 'limit', type: 'integer', required: false },
        ],
      },
      'logics/reports/daily_sales.sql': [
        '-- one shop, one day (:not_in_comment)',
        'SELECT s.shop_id, SUM(s.amount) AS "total:no" /* :not_in_block */',
        'FROM sales s WHERE s.shop_id = :shop_id',
        "  AND s.sold_at >= :day::date AND s.note <> 'refund: :not_in_string' AND s.day = :day",
      ].join('\n'),
      'logics/broken_json.sql': 'SELECT 1',
      'logics/broken_json.json': `{ "apiKey": "${SECRETS[3]}", "params": [`,
      'logics/bad_type.sql': 'SELECT :x',
      'logics/bad_type.json': { params: [{ name: 'x', type: 'uuid' }] },
      'logics/empty.sql': '  \n',
      'logics/bad name.sql': 'SELECT 1',
      'logics/.hidden.sql': 'SELECT 1',
      'logics/notes.txt': 'not a logic',
      'logics/a/b/c/d/e/f/g/h.sql': 'SELECT 8',
      'logics/a/b/c/d/e/f/g/h/i.sql': 'SELECT 9',
      'logics/linked_sidecar.sql': 'SELECT :a',
    });
    symlinks =
      trySymlink(path.join(outside, 'secret.sql'), path.join(catalog, 'logics/leak.sql'), 'file') &&
      trySymlink(path.join(outside, 'dir'), path.join(catalog, 'logics/ext'), 'dir') &&
      trySymlink(
        path.join(outside, 'sidecar.json'),
        path.join(catalog, 'logics/linked_sidecar.json'),
        'file',
      );
    if (!symlinks) fs.rmSync(path.join(catalog, 'logics/linked_sidecar.sql'));
    server = await startServer(['--logic-catalog', catalog]);
  });

  afterAll(async () => {
    await server?.close();
    removeTempDir(tmp);
  });

  it('lists both tools with schemas and read-only annotations', async () => {
    const { tools } = await server.client.listTools();
    for (const name of ['logic_list', 'logic_get']) {
      const tool = tools.find((t) => t.name === name);
      expect(tool, name).toBeDefined();
      expect(tool!.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(tool!.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool!.outputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool!.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: false,
      });
      expect(tool!.description).toBeTruthy();
    }
  });

  it('logic_list returns the valid logics, sorted, as { logics } and as JSON text, and the invalid ones with their reasons', async () => {
    const result = await callTool(server, 'logic_list', {});
    const out = result.structuredContent as {
      logics: string[];
      invalid: { name: string; reason: string; problem: { problem: { kind: string } } }[];
    };
    expect(out.logics).toEqual([
      'a/b/c/d/e/f/g/h',
      'admin/users',
      'orders/by_user',
      'purchase_item',
      'reports/daily_sales',
    ]);
    // Each left-out logic says why, in words for the AI and in parts for an app.
    const broken = out.invalid.find((i) => i.name === 'broken_json');
    expect(broken?.reason).toMatch(/^its sidecar broken_json\.json is not valid JSON/);
    expect(broken?.problem.problem.kind).toBe('not-json');
    for (const item of out.invalid) expect(item.reason).not.toMatch(/SECRET|hunter2/);
    expect(result.content).toHaveLength(2);
    expect(firstText(result)).toMatch(/^5 logics registered/);
    // The summary names the invalid ones, so that the AI can ask logic_get why.
    expect(firstText(result)).toContain('broken_json');
    const second = result.content[1];
    expect(second?.type === 'text' && JSON.parse(second.text)).toEqual(result.structuredContent);
  });

  it('logic_get returns exactly the seed example (purchase_item)', async () => {
    const result = await get(server, 'purchase_item');
    expect(structured(result)).toEqual(SEED_PURCHASE_ITEM);
    expect(Object.keys(result.structuredContent!)).toEqual(['name', 'sql', 'params', 'auth']);
    const second = result.content[1];
    expect(second?.type === 'text' && JSON.parse(second.text)).toEqual(SEED_PURCHASE_ITEM);
    expect(firstText(result)).toContain('purchase_item');
  });

  it('logic_get returns exactly the seed example (admin/users), never the sidecar secrets', async () => {
    const result = await get(server, 'admin/users');
    expect(structured(result)).toEqual(SEED_ADMIN_USERS);
    expect(Object.keys((result.structuredContent as { auth: object }).auth)).toEqual([
      'required',
      'roles',
    ]);
    const order = await get(server, 'orders/by_user');
    expect(order.isError).toBeFalsy();
    for (const text of [allText(result), allText(order)]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      for (const key of ['connectionString', 'apiKey', 'token', 'secret'])
        expect(text).not.toContain(key);
    }
  });

  it('defaults required to true and auth to deny-by-default when the sidecar leaves them out', async () => {
    expect(structured(await get(server, 'orders/by_user'))).toEqual({
      name: 'orders/by_user',
      sql: 'SELECT * FROM orders WHERE user_id = :user_id LIMIT :limit',
      params: [
        { name: 'user_id', type: 'string', required: true },
        { name: 'limit', type: 'integer', required: false },
      ],
      auth: { required: true, roles: ['authenticated'] },
    });
  });

  it('infers params from the SQL without a sidecar (not casts, strings, identifiers or comments)', async () => {
    const logic = structured<{ params: unknown[]; auth: unknown }>(
      await get(server, 'reports/daily_sales'),
    );
    expect(logic.params).toEqual([
      { name: 'shop_id', type: 'string', required: true },
      { name: 'day', type: 'string', required: true },
    ]);
    expect(logic.auth).toEqual({ required: true, roles: ['authenticated'] });
    expect(structured(await get(server, 'a/b/c/d/e/f/g/h'))).toMatchObject({
      params: [],
      sql: 'SELECT 8',
    });
  });

  it('reports broken files as InvalidLogic with the reason, without leaking their contents', async () => {
    const broken = await get(server, 'broken_json');
    expect(errorCode(broken)).toBe('InvalidLogic');
    const parsed = parseToolErrorText(firstText(broken));
    expect(parsed?.message).toMatch(/'broken_json'.*broken_json\.json is not valid JSON/);
    expect(allText(broken)).not.toContain(SECRETS[3]);
    expect(allText(broken)).not.toContain('apiKey');

    const badType = await get(server, 'bad_type');
    expect(errorCode(badType)).toBe('InvalidLogic');
    expect(firstText(badType)).toContain('params.0.type');

    const empty = await get(server, 'empty');
    expect(errorCode(empty)).toBe('InvalidLogic');
    expect(firstText(empty)).toContain('empty.sql is empty');
  });

  it('logs each problem to stderr once per snapshot', async () => {
    for (let i = 0; i < 3; i++) await list(server);
    await get(server, 'broken_json');
    const stderr = server.stderr();
    expect(stderr.split("logic 'broken_json' is left out").length - 1).toBe(1);
    expect(stderr.split("logic 'bad_type' is left out").length - 1).toBe(1);
    expect(stderr.split('logics/bad name.sql: skipped').length - 1).toBe(1);
    expect(stderr).toContain('logics/a/b/c/d/e/f/g/h: skipped: folder is nested too deep');
    expect(stderr).not.toContain(SECRETS[3]);
  });

  it('answers an unknown name with NOT_FOUND in the 3-line format', async () => {
    for (const name of ['nope', 'admin/nope', 'x', 'notes', 'bad_name', 'admin']) {
      const result = await get(server, name);
      expect(errorCode(result), name).toBe('NOT_FOUND');
      const parsed = parseToolErrorText(firstText(result));
      expect(parsed, name).not.toBeNull();
      expect(parsed!.message).toContain(`'${name}'`);
      expect(parsed!.fix).toContain('logic_list');
      expect(result.content).toHaveLength(1);
    }
  });

  it('rejects names that break the rule with InvalidArgument (the catalog holds x.sql one level up)', async () => {
    const names = [
      '../x',
      '../../outside/x',
      'admin/../purchase_item',
      './purchase_item',
      '/etc/passwd',
      path.join(catalog, 'x'),
      'C:\\x',
      '..\\x',
      '',
      'x'.repeat(257),
      'a/b/c/d/e/f/g/h/i',
      'purchase_item.sql',
      'bad name',
      '.hidden',
      'admin//users',
    ];
    for (const name of names) {
      const result = await get(server, name);
      expect(errorCode(result), name).toBe('InvalidArgument');
      expect(parseToolErrorText(firstText(result)), name).not.toBeNull();
      expect(firstText(result)).not.toContain('SELECT');
    }
  });

  it('rejects unknown properties and bad argument types with InvalidArgument', async () => {
    expect(errorCode(await callTool(server, 'logic_list', { verbose: true }))).toBe(
      'InvalidArgument',
    );
    expect(
      errorCode(await callTool(server, 'logic_get', { name: 'purchase_item', sql: true })),
    ).toBe('InvalidArgument');
    expect(errorCode(await callTool(server, 'logic_get', {}))).toBe('InvalidArgument');
    expect(errorCode(await callTool(server, 'logic_get', { name: 42 }))).toBe('InvalidArgument');
    expect(firstText(await callTool(server, 'logic_list', { verbose: true }))).toContain(
      "'verbose'",
    );
  });

  it('does not follow symbolic links inside the catalog', async () => {
    const names = await list(server);
    expect(names).not.toContain('leak');
    expect(names).not.toContain('ext/inner');
    // A linked folder is not entered, so the logics behind it do not exist in the catalog.
    expect(errorCode(await get(server, 'ext/inner'))).toBe('NOT_FOUND');
    if (symlinks) {
      expect(names).not.toContain('linked_sidecar');
      const result = await get(server, 'linked_sidecar');
      expect(errorCode(result)).toBe('InvalidLogic');
      expect(parseToolErrorText(firstText(result))?.message).toContain(
        'its sidecar linked_sidecar.json is a symbolic link; links are not followed.',
      );
    }
  });

  it('a symbolically linked .sql is an invalid logic: left out of logic_list, InvalidLogic with the reason', async () => {
    if (!symlinks) return; // the OS refused to create links (Windows without the privilege)
    const listed = await callTool(server, 'logic_list', {});
    expect((listed.structuredContent as { logics: string[] }).logics).not.toContain('leak');
    expect(firstText(listed)).toMatch(/Left out because their files are invalid.*\bleak\b/);
    const result = await get(server, 'leak');
    expect(errorCode(result)).toBe('InvalidLogic');
    const parsed = parseToolErrorText(firstText(result));
    expect(parsed?.message).toBe(
      "Logic 'leak' cannot be used: leak.sql is a symbolic link; links are not followed.",
    );
    expect(allText(result)).not.toContain('SELECT secret'); // the link's target is never read
    expect(server.stderr()).toContain(
      "logic 'leak' is left out: leak.sql is a symbolic link; links are not followed.",
    );
  });
});

describe('logic tools without a usable catalog', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = makeTempDir('fg-logic-none-');
  });
  afterAll(() => removeTempDir(tmp));

  it('with no catalog configured: not offered; a call anyway gets an empty list that says so, and NOT_FOUND', async () => {
    const server = await startServer(['--tool-names', 'underscore']);
    try {
      const { tools } = await server.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['fs_search_by_time']);
      const result = await callTool(server, 'logic_list', {});
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ logics: [] });
      expect(firstText(result)).toMatch(/no logic catalog is configured/i);
      const missing = await get(server, 'purchase_item');
      expect(errorCode(missing)).toBe('NOT_FOUND');
      expect(firstText(missing)).toMatch(/no logic catalog is configured/i);
    } finally {
      await server.close();
    }
  });

  it('a missing folder is PathNotFound until it appears; a release without logics is an empty list', async () => {
    const catalog = path.join(tmp, 'later');
    const server = await startServer(['--logic-catalog', catalog]);
    try {
      const missing = await callTool(server, 'logic_list', {});
      expect(errorCode(missing)).toBe('PathNotFound');
      expect(firstText(missing)).not.toContain(tmp); // no absolute paths in tool output
      expect(errorCode(await get(server, 'a'))).toBe('PathNotFound');

      fs.mkdirSync(catalog);
      const noLogics = await callTool(server, 'logic_list', {});
      expect(noLogics.structuredContent).toEqual({ logics: [] });
      expect(firstText(noLogics)).toContain('no logics/ folder');

      fs.mkdirSync(path.join(catalog, 'logics'));
      expect(await list(server)).toEqual([]);
      expect(errorCode(await get(server, 'a'))).toBe('NOT_FOUND');

      write(catalog, { 'logics/a.sql': 'SELECT :a' });
      expect(await list(server)).toEqual(['a']);
    } finally {
      await server.close();
    }
  });
});

describe('reloading the catalog without restarting the server', () => {
  let tmp: string;
  let server: ServerHandle;

  beforeAll(async () => {
    tmp = makeTempDir('fg-logic-reload-');
    write(tmp, { 'logics/a.sql': 'SELECT :x' });
    server = await startServer(['--logic-catalog', tmp]);
  });
  afterAll(async () => {
    await server?.close();
    removeTempDir(tmp);
  });

  it('sees files added, changed and removed', async () => {
    expect(await list(server)).toEqual(['a']);

    write(tmp, {
      'logics/sub/b.sql': 'SELECT 1',
      'logics/sub/b.json': { params: [], auth: { required: true, roles: ['ops'] } },
    });
    expect(await list(server)).toEqual(['a', 'sub/b']);
    expect(structured(await get(server, 'sub/b'))).toMatchObject({ auth: { roles: ['ops'] } });

    // Same size, so only times (or the racy re-read) reveal the change.
    write(tmp, { 'logics/a.sql': 'SELECT :y' });
    expect(structured(await get(server, 'a'))).toMatchObject({
      sql: 'SELECT :y',
      params: [{ name: 'y' }],
    });

    write(tmp, { 'logics/sub/b.json': { params: [], auth: { required: false, roles: [] } } });
    expect(structured(await get(server, 'sub/b'))).toMatchObject({
      auth: { required: false, roles: [] },
    });

    write(tmp, { 'logics/sub/b.json': '{ not json' });
    expect(errorCode(await get(server, 'sub/b'))).toBe('InvalidLogic');
    expect(await list(server)).toEqual(['a']);

    fs.rmSync(path.join(tmp, 'logics/sub/b.json'));
    expect(structured(await get(server, 'sub/b'))).toMatchObject({
      auth: { required: true, roles: ['authenticated'] },
    });

    fs.rmSync(path.join(tmp, 'logics/sub/b.sql'));
    expect(await list(server)).toEqual(['a']);
    expect(errorCode(await get(server, 'sub/b'))).toBe('NOT_FOUND');
  });
});

describe('the catalog folder from settings.json (--config-dir)', () => {
  it('is read from logicCatalog and re-read when the settings change', async () => {
    const tmp = makeTempDir('fg-logic-settings-');
    const configDir = path.join(tmp, 'config');
    write(tmp, {
      'one/logics/first.sql': 'SELECT 1',
      'two/logics/second.sql': 'SELECT 2',
      'two/logics/third.sql': 'SELECT 3',
    });
    write(configDir, { 'settings.json': { version: 1, logicCatalog: path.join(tmp, 'one') } });
    const server = await startServer(['--config-dir', configDir]);
    try {
      expect(await list(server)).toEqual(['first']);
      write(configDir, {
        'settings.json': { version: 1, roots: [], logicCatalog: path.join(tmp, 'two') },
      });
      expect(await list(server)).toEqual(['second', 'third']);
      write(configDir, { 'settings.json': { version: 1, roots: [], logicCatalog: null } });
      const none = await callTool(server, 'logic_list', {});
      expect(none.structuredContent).toEqual({ logics: [] });
      expect(firstText(none)).toMatch(/no logic catalog is configured/i);
    } finally {
      await server.close();
      removeTempDir(tmp);
    }
  });
});

describe('the example catalog (mcp-server/examples/logic-catalog)', () => {
  it('serves the seed examples and an inferred logic', async () => {
    const server = await startServer(['--logic-catalog', EXAMPLE_CATALOG]);
    try {
      expect(await list(server)).toEqual(['admin/users', 'purchase_item', 'reports/daily_sales']);
      expect(structured(await get(server, 'purchase_item'))).toEqual(SEED_PURCHASE_ITEM);
      expect(structured(await get(server, 'admin/users'))).toEqual(SEED_ADMIN_USERS);
      expect(structured(await get(server, 'reports/daily_sales'))).toMatchObject({
        params: [
          { name: 'shop_id', type: 'string', required: true },
          { name: 'day', type: 'string', required: true },
        ],
        auth: { required: true, roles: ['authenticated'] },
      });
      expect(errorCode(await get(server, 'unknown'))).toBe('NOT_FOUND');
      expect(server.stderr()).not.toContain('logic catalog:'); // nothing in it is invalid
    } finally {
      await server.close();
    }
  });
});

describe('createLogicCatalog change detection (signature only, racy re-reads off)', () => {
  it('keeps one snapshot while nothing changes and swaps it when something does', () => {
    const tmp = makeTempDir('fg-logic-cache-');
    const logged: string[] = [];
    const catalog = createLogicCatalog({ log: (m) => logged.push(m), racyWindowMs: 0 });
    const names = (s: CatalogSnapshot) => (s.status === 'ready' ? [...s.names] : s.status);
    try {
      write(tmp, {
        'logics/a.sql': 'SELECT :x',
        'logics/bad.sql': 'SELECT 1',
        'logics/bad.json': '[',
      });
      const first = catalog.snapshot(tmp);
      expect(names(first)).toEqual(['a']);
      expect(Object.isFrozen(first)).toBe(true);
      expect(catalog.snapshot(tmp)).toBe(first);
      expect(logged.filter((m) => m.includes("'bad'"))).toHaveLength(1);

      // A touch without a content change re-reads, finds the same contents, keeps the snapshot.
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(tmp, 'logics/a.sql'), later, later);
      expect(catalog.snapshot(tmp)).toBe(first);
      expect(logged.filter((m) => m.includes("'bad'"))).toHaveLength(1);

      write(tmp, { 'logics/a.sql': 'SELECT :y' }); // same size
      const changed = catalog.snapshot(tmp);
      expect(changed).not.toBe(first);
      const entry = changed.status === 'ready' ? changed.entries.get('a') : undefined;
      expect(entry?.ok && entry.logic.sql).toBe('SELECT :y');
      expect(entry?.ok && Object.isFrozen(entry.logic.params)).toBe(true);
      // The old snapshot a call may still hold is untouched.
      const old = first.status === 'ready' ? first.entries.get('a') : undefined;
      expect(old?.ok && old.logic.sql).toBe('SELECT :x');

      write(tmp, { 'logics/c.sql': 'SELECT 3' });
      expect(names(catalog.snapshot(tmp))).toEqual(['a', 'c']);
      fs.rmSync(path.join(tmp, 'logics/a.sql'));
      expect(names(catalog.snapshot(tmp))).toEqual(['c']);
      expect(catalog.snapshot(null)).toEqual({ status: 'none' });
      expect(names(catalog.snapshot(path.join(tmp, 'missing')))).toBe('unavailable');
      expect(catalog.snapshot('relative/dir')).toEqual({
        status: 'unavailable',
        problem: 'not-absolute',
      });
    } finally {
      removeTempDir(tmp);
    }
  });
});

describe('hard links in the catalog (issue 18, item 8)', () => {
  it('refuses a .sql or a sidecar that is a hard link, whose other name may be outside', () => {
    const tmp = makeTempDir('fg-logic-hardlink-');
    const catalog = createLogicCatalog({ log: () => undefined, racyWindowMs: 0 });
    try {
      write(tmp, {
        'outside/secret.sql': 'SELECT secret FROM vault',
        'outside/params.json': { params: [] },
        'catalog/logics/plain.sql': 'SELECT 1',
        'catalog/logics/sidecar.sql': 'SELECT 2',
      });
      fs.linkSync(
        path.join(tmp, 'outside/secret.sql'),
        path.join(tmp, 'catalog/logics/linked.sql'),
      );
      fs.linkSync(
        path.join(tmp, 'outside/params.json'),
        path.join(tmp, 'catalog/logics/sidecar.json'),
      );
      const snapshot = catalog.snapshot(path.join(tmp, 'catalog'));
      expect(snapshot.status).toBe('ready');
      if (snapshot.status !== 'ready') return;
      expect(snapshot.names).toEqual(['plain']);
      expect(snapshot.invalid).toEqual(['linked', 'sidecar']);
      const linked = snapshot.entries.get('linked');
      expect(linked?.ok).toBe(false);
      expect(!linked?.ok && linked?.reason).toMatch(/linked\.sql is a hard link/);
      expect(JSON.stringify([...snapshot.entries])).not.toContain('vault');
      const sidecar = snapshot.entries.get('sidecar');
      expect(!sidecar?.ok && sidecar?.reason).toMatch(/sidecar sidecar\.json is a hard link/);
    } finally {
      removeTempDir(tmp);
    }
  });
});
