// One Search preview search from start to finish: one folder or all of them, each folder's pages
// fetched as the merged list needs them (25 rows at a time, "Show more" for the next 25), a page
// that stopped at a scan limit continued by itself, a live count of what was looked at, and Stop.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcErrorPayload, RootView } from '#shared/contract/ipc.js';
import { IPC_ERROR_CODES } from '#shared/errors/error-codes.js';
import type { Sort, TimeField } from '#shared/tools/search-by-time.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';
import {
  ROWS_STEP,
  compareRows,
  exhausted,
  needFetch,
  takeNext,
  totalOf,
  type FolderStream,
  type FoundRow,
} from './search-merge.js';
import type { Outcome } from './search-outcome.js';

/** Where a search stands. */
export type SessionStatus = 'running' | 'more' | 'done' | 'stopped' | 'failed';

/** A search as the results show it. */
export interface SearchSession {
  /** The arguments without root and cursor. */
  args: Record<string, unknown>;
  /** The folders searched (by name), and the ones left out because they cannot be searched now. */
  folders: string[];
  skipped: RootView[];
  rows: FoundRow[];
  /** How many match in all (every folder's first page counted), or null while not known. */
  total: number | null;
  status: SessionStatus;
  /** Files and folders looked at so far, live while a page runs. */
  scanned: { files: number; folders: number };
  /** Why it failed (a refusal of the tool, or the call itself), with the folder it was about. */
  failure: IpcErrorPayload | null;
  /** The last call, as the Details show it. */
  last: Outcome | null;
}

/** Starts, continues ("Show more") and stops searches; only the newest search counts. */
export function useSearchSession(): {
  session: SearchSession | null;
  /** `searchAs`: answer as this AI app would be answered ("Search as"); null: every app. */
  start(args: Record<string, unknown>, folders: RootView[], searchAs?: string | null): void;
  showMore(): void;
  stop(): void;
} {
  const { bridge } = useApp();
  const [session, setSession] = useState<SearchSession | null>(null);
  const current = useRef<{
    id: number;
    /** This search's own name, across reloads of the window (Activity groups its pages by it). */
    key: string;
    streams: FolderStream[];
    runId: string | null;
    searchAs: string | null;
    base: { files: number; folders: number };
    stopping: boolean;
    data: SearchSession;
  } | null>(null);
  const nextId = useRef(0);

  // The live count of the page running now (search:progress of its run id).
  useEffect(
    () =>
      bridge.on('search:progress', (p) => {
        const run = current.current;
        if (!run || p.runId !== run.runId) return;
        run.data = {
          ...run.data,
          scanned: {
            files: run.base.files + p.scannedFiles,
            folders: run.base.folders + p.scannedFolders,
          },
        };
        setSession(run.data);
      }),
    [bridge],
  );

  const fill = useCallback(
    async (target: number) => {
      const run = current.current;
      if (!run) return;
      const update = (change: Partial<SearchSession>) => {
        run.data = { ...run.data, ...change };
        if (current.current === run) setSession(run.data);
      };
      update({ status: 'running', failure: null });
      const compare = compareRows(
        (run.data.args.sort as Sort | undefined) ?? 'time_desc',
        (run.data.args.timeField as TimeField | undefined) ?? 'modified',
      );
      const rows = [...run.data.rows];
      while (rows.length < target) {
        const next = takeNext(run.streams, compare);
        if (next) {
          rows.push(next);
          continue;
        }
        if (exhausted(run.streams)) break;
        for (const stream of needFetch(run.streams)) {
          if (current.current !== run) return; // a newer search replaced this one
          const args = {
            ...run.data.args,
            root: stream.rootName,
            ...(stream.cursor ? { cursor: stream.cursor } : {}),
          };
          const runId = `preview-${run.id}-${Math.random().toString(36).slice(2, 10)}`;
          run.runId = runId;
          const last = (partial: Pick<Outcome, 'run' | 'failure'>): Outcome => ({
            args,
            trail: [{ cursor: stream.cursor, offset: 0 }],
            rootPath: stream.rootPath,
            ...partial,
          });
          let answer;
          try {
            const as = run.searchAs;
            // Pages of a search over several folders name it: Activity tells it as one search.
            const search =
              run.streams.length > 1 ? { id: run.key, folders: run.streams.length } : null;
            answer = await bridge.invoke('search:start', {
              runId,
              args,
              ...(as ? { searchAs: as } : {}),
              ...(search ? { search } : {}),
            });
          } catch (error) {
            const failure = toIpcError(error);
            run.runId = null;
            if (failure.code === IPC_ERROR_CODES.searchStopped || run.stopping)
              return update({ rows: [...rows], status: 'stopped' });
            return update({
              rows: [...rows],
              status: 'failed',
              failure,
              last: last({ run: null, failure }),
            });
          }
          run.runId = null;
          if (current.current !== run) return;
          if (!answer.ok)
            return update({
              rows: [...rows],
              status: 'failed',
              failure: answer.error,
              last: last({ run: answer, failure: null }),
            });
          const { matches, nextCursor, stats } = answer.result;
          run.base = {
            files: run.base.files + stats.scannedFiles,
            folders: run.base.folders + stats.scannedDirectories,
          };
          stream.buffer.push(
            ...matches.map((m) => ({ ...m, rootName: stream.rootName, rootPath: stream.rootPath })),
          );
          if (!stream.fetched)
            stream.total = nextCursor === null ? matches.length : (answer.total ?? null);
          stream.cursor = nextCursor;
          stream.fetched = true;
          stream.done = nextCursor === null;
          update({
            scanned: { ...run.base },
            total: totalOf(run.streams),
            last: last({ run: answer, failure: null }),
          });
          if (run.stopping) return update({ rows: [...rows], status: 'stopped' });
        }
      }
      update({ rows, status: exhausted(run.streams) ? 'done' : 'more' });
    },
    [bridge],
  );

  const start = useCallback(
    (args: Record<string, unknown>, folders: RootView[], searchAs: string | null = null) => {
      const searchable = folders.filter((r) => r.state === 'ok');
      const data: SearchSession = {
        args,
        folders: searchable.map((r) => r.name),
        skipped: folders.filter((r) => r.state !== 'ok'),
        rows: [],
        total: null,
        status: 'running',
        scanned: { files: 0, folders: 0 },
        failure: null,
        last: null,
      };
      const previous = current.current;
      if (previous?.runId)
        void bridge.invoke('search:cancel', { runId: previous.runId }).catch(() => undefined);
      current.current = {
        id: ++nextId.current,
        key: `preview-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
        // A folder that cannot be searched now is left out (and named) rather than failing all.
        streams: (searchable.length > 0 ? searchable : folders).map((r) => ({
          rootName: r.name,
          rootPath: r.path,
          cursor: null,
          fetched: false,
          done: false,
          buffer: [],
        })),
        runId: null,
        searchAs,
        base: { files: 0, folders: 0 },
        stopping: false,
        data,
      };
      setSession(data);
      void fill(ROWS_STEP);
    },
    [bridge, fill],
  );

  const showMore = useCallback(() => {
    const run = current.current;
    if (!run || (run.data.status !== 'more' && run.data.status !== 'stopped')) return;
    run.stopping = false;
    void fill(run.data.rows.length + ROWS_STEP);
  }, [fill]);

  const stop = useCallback(() => {
    const run = current.current;
    if (!run || run.data.status !== 'running') return;
    run.stopping = true;
    if (run.runId) void bridge.invoke('search:cancel', { runId: run.runId }).catch(() => undefined);
  }, [bridge]);

  return { session, start, showMore, stop };
}
