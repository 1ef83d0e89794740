// "What AI saw": the files shown to AI apps today or in the last 7 days, asked of main for the
// person's local day starts, and asked again soon after a new answer showed files or the
// allowed folders changed.
import { useEffect, useState } from 'react';
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';
import type { RendererBridge } from '../../app/bridge.js';
import { toIpcError } from '../../app/bridge.js';
import { inputValueToIso, presetRange } from '../../ui/format.js';

/** The spans the view offers. */
export type SeenPeriod = 'today' | 'last7';

/** What the view shows: null until the first answer for the period. */
export interface SeenState {
  seen: IpcResponse<'activity:seen'> | null;
  error: IpcError | null;
}

/** How soon after a new answer the list is asked for again (a burst is one refresh). */
const REFRESH_MS = 500;

/** Loads the files shown in `period` and follows the activity log. */
export function useSeen(bridge: RendererBridge, period: SeenPeriod): SeenState {
  const [state, setState] = useState<SeenState>({ seen: null, error: null });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    setState({ seen: null, error: null });
    const load = () => {
      timer = null;
      // Measured anew each time: "today" moves on at midnight.
      const from = inputValueToIso(presetRange(period).from) ?? new Date().toISOString();
      bridge.invoke('activity:seen', { from }).then(
        (seen) => live && setState({ seen, error: null }),
        (e: unknown) => live && setState({ seen: null, error: toIpcError(e) }),
      );
    };
    load();
    const off = bridge.on('activity:added', ({ entries }) => {
      if (entries.some((e) => e.record.outcome === 'ok' && e.record.search?.paths.length))
        timer ??= setTimeout(load, REFRESH_MS);
    });
    // Where a file is follows the allowed folders (one removed, renamed or added again).
    const offSettings = bridge.on('settings:changed', () => {
      timer ??= setTimeout(load, REFRESH_MS);
    });
    return () => {
      live = false;
      off();
      offSettings();
      if (timer) clearTimeout(timer);
    };
  }, [bridge, period]);
  return state;
}
