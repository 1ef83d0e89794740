// The built server over stdio with the SDK client, sampled from /proc while it runs.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median } from './bench-lib.mjs';
import { RUNS, SERVER_ENTRY, SERVER_NODE_FLAGS, sleep, TOOL } from './bench-common.mjs';
import { startSampler } from './proc-sampler.mjs';
import { isRunning } from './proc-tree.mjs';

/** Processes of a closed server that were still running 3 s after its client closed. */
export const leftovers = [];

/** Starts the built server over stdio, connects the SDK client and starts sampling its tree. */
export async function startServer(root, extraArgs = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...SERVER_NODE_FLAGS, SERVER_ENTRY, '--root', root, ...extraArgs],
    env: { PATH: process.env.PATH ?? '' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-20_000);
  });
  const client = new Client({ name: 'foldergate-bench', version: '2.0.0' });
  await client.connect(transport);
  const sampler = await startSampler(transport.pid);
  return {
    client,
    pid: transport.pid,
    sampler,
    stderr: () => stderr,
    /** Closes the client; resolves with the server's processes still running 3 s later. */
    async close() {
      const { pids } = await sampler.peak();
      await sampler.stop();
      await client.close();
      const until = Date.now() + 3000;
      let running = pids.filter(isRunning);
      while (running.length > 0 && Date.now() < until) {
        await sleep(50);
        running = running.filter(isRunning);
      }
      leftovers.push(...running);
      return running;
    },
  };
}

/** One tools/call; resolves { ms, out, summary } or throws with the tool's error text. */
export async function search(client, args, options = {}) {
  const started = performance.now();
  const result = await client.callTool(
    { name: TOOL, arguments: { timeField: 'modified', ...args } },
    undefined,
    { timeout: 300_000, ...options },
  );
  const ms = performance.now() - started;
  if (result.isError) throw new Error(`search failed: ${result.content?.[0]?.text ?? '?'}`);
  return { ms, out: result.structuredContent, summary: result.content?.[0]?.text ?? '' };
}

/** Pages through a query with nextCursor; returns every page's output and summary. */
export async function pageAll(client, args, maxPages = 2000) {
  const started = performance.now();
  const pages = [];
  let cursor = null;
  do {
    const { out, summary } = await search(client, { ...args, ...(cursor ? { cursor } : {}) });
    pages.push({ out, summary });
    cursor = out.nextCursor;
  } while (cursor && pages.length < maxPages);
  return { pages, ms: performance.now() - started, endless: cursor !== null };
}

/** Target 7: spawn → initialize → first tools/list answer, median of fresh spawns. */
export async function measureStartup(root) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...SERVER_NODE_FLAGS, SERVER_ENTRY, '--root', root],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'foldergate-bench', version: '2.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    times.push(performance.now() - started);
    await client.close();
    if (!tools.some((t) => t.name === TOOL)) throw new Error(`tools/list has no ${TOOL}`);
  }
  return { ms: median(times), times };
}
