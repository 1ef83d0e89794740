// A call to main with its loading and error state, for buttons and forms.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from './bridge.js';

/** The state of one kind of action. */
export interface Action<A extends unknown[], R> {
  /** Runs the action; resolves with its result, or undefined when it failed (see `error`). */
  run(...args: A): Promise<R | undefined>;
  busy: boolean;
  error: IpcError | null;
  clearError(): void;
}

/** Wraps an async call so the UI can show a spinner and a typed error. */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const mounted = useRef(true);
  const fnRef = useRef(fn);
  useEffect(() => {
    fnRef.current = fn;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fnRef.current(...args);
    } catch (caught) {
      if (mounted.current) setError(toIpcError(caught));
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  const clearError = useCallback(() => setError(null), []);
  return { run, busy, error, clearError };
}
