// The Search preview's channels: one search through the supervised preview server, its status.
import { IPC_ERROR_CODES, IpcError, type IpcHandlers } from '#shared/contract/ipc.js';
import { SEARCH_TOOL_NAME, searchOutputSchema } from '#shared/tools/search-by-time.js';
import type { HandlerDeps } from '../handler-deps.js';
import { firstText, toolErrorView } from '../logic/logic-browser.js';
import type { CallOptions } from './server-supervisor.js';
import { SEARCH_AS_META } from '#shared/settings/folder-access-rules.js';
import { PREVIEW_SEARCH_META, PREVIEW_TOTAL_META } from '#shared/activity/preview-search.js';
import { parseScanProgress } from '#shared/tools/scan-progress.js';

/** The preview channels. */
export function register({
  store,
  supervisor,
  engine,
  searchProgress,
  searchesRunning,
}: HandlerDeps): Pick<
  IpcHandlers,
  | 'search:run'
  | 'search:start'
  | 'search:cancel'
  | 'server:status'
  | 'server:restart'
  | 'engine:status'
> {
  // The searches that can be stopped, by run id.
  const running = new Map<string, AbortController>();

  const run = async (request: Record<string, unknown>, options?: CallOptions) => {
    const started = performance.now();
    // The server ends a page at its time limit; past that (plus the supervisor's margin) the
    // call fails as TimeoutExceeded, and a frozen server is caught sooner by the pings.
    const timeLimitMs = store.view().settings.limits.timeoutMs;
    // A restart to update waits while a search runs (main/core/updates/).
    const ended = searchesRunning?.begin();
    const result = await supervisor
      .callTool(SEARCH_TOOL_NAME, request, timeLimitMs, options)
      .finally(() => ended?.());
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
    // How many match in all, when the app's index counted them (a first page with more to come).
    const total = result._meta?.[PREVIEW_TOTAL_META];
    return {
      ok: true as const,
      summary: firstText(result),
      result: parsed.data,
      elapsedMs,
      ...(Number.isSafeInteger(total) && (total as number) >= 0 ? { total: total as number } : {}),
    };
  };

  return {
    'search:run': (request) => run(request),
    'search:start': async ({ runId, args, searchAs, search }) => {
      if (running.has(runId))
        throw new IpcError(
          IPC_ERROR_CODES.invalidPayload,
          'A search with this id is already running.',
          'Give each search its own id.',
        );
      const controller = new AbortController();
      running.set(runId, controller);
      try {
        return await run(args, {
          signal: controller.signal,
          // "Search as": the preview server (--preview) answers as that app would be answered.
          // A page of a search over several folders says so: Activity tells it as one search.
          // A first page asks how many match in all ("20,092 files …" above the first 25).
          meta: {
            ...(searchAs ? { [SEARCH_AS_META]: searchAs } : {}),
            ...(search ? { [PREVIEW_SEARCH_META]: search } : {}),
            ...(args.cursor === undefined ? { [PREVIEW_TOTAL_META]: true } : {}),
          },
          onProgress: ({ message }) => {
            const seen = parseScanProgress(message);
            if (seen) searchProgress({ runId, ...seen });
          },
        });
      } catch (error) {
        if (controller.signal.aborted)
          throw new IpcError(
            IPC_ERROR_CODES.searchStopped,
            'You stopped the search.',
            'Search again when you are ready, perhaps in a smaller folder or time range.',
          );
        throw error;
      } finally {
        running.delete(runId);
      }
    },
    'search:cancel': async ({ runId }) => {
      const controller = running.get(runId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },
    'server:status': async () => supervisor.status(),
    'engine:status': async () => engine.status(),
    'server:restart': () => supervisor.restart(),
  };
}
