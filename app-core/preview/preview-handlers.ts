// The Search preview's channels: one search through the supervised preview server, its status.
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { SEARCH_TOOL_NAME, searchOutputSchema } from '#shared/tools/search-by-time.js';
import type { HandlerDeps } from '../handler-deps.js';
import { firstText, toolErrorView } from '../logic/logic-browser.js';

/** The preview channels. */
export function register({
  store,
  supervisor,
}: HandlerDeps): Pick<IpcHandlers, 'search:run' | 'server:status' | 'server:restart'> {
  return {
    'search:run': async (request) => {
      const started = performance.now();
      // The server ends a page at its time limit; past that (plus the supervisor's margin) the
      // call fails as TimeoutExceeded, and a frozen server is caught sooner by the pings.
      const timeLimitMs = store.view().settings.limits.timeoutMs;
      const result = await supervisor.callTool(SEARCH_TOOL_NAME, request, timeLimitMs);
      const elapsedMs = Math.round(performance.now() - started);
      if (result.isError) return { ok: false as const, error: toolErrorView(result), elapsedMs };
      const parsed = searchOutputSchema.safeParse(result.structuredContent);
      if (!parsed.success) {
        throw new IpcError(
          IPC_ERROR_CODES.internal,
          'The server answered the search with an unexpected shape.',
          'Rebuild FolderGate (npm run build) and restart the server.',
        );
      }
      return { ok: true as const, summary: firstText(result), result: parsed.data, elapsedMs };
    },
    'server:status': async () => supervisor.status(),
    'server:restart': () => supervisor.restart(),
  };
}
