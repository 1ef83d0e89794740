// Checking a folder path as it is typed, picked or dropped (roots:check): after a pause in
// typing, at once for a chosen folder; only the answer for the latest path counts.
import { useEffect, useRef, useState } from 'react';
import type { IpcResponse } from '#shared/contract/ipc.js';
import type { IpcError } from '#shared/errors/ipc-error.js';
import { useApp } from '../../app/app-state.js';
import { useAction } from '../../app/use-action.js';

export type FolderCheck = IpcResponse<'roots:check'>;

export function useFolderCheck(): {
  candidate: string;
  check: FolderCheck | null;
  checking: boolean;
  /** The check itself failed (not: the folder cannot be added). */
  checkError: IpcError | null;
  changeCandidate(value: string, delay: number): void;
} {
  const { bridge } = useApp();
  const [candidate, setCandidate] = useState('');
  const [check, setCheck] = useState<FolderCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const checkId = useRef(0);
  const checkAction = useAction((path: string) => bridge.invoke('roots:check', { path }));
  const runCheck = checkAction.run;
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Checks the path after a pause in typing (at once for a picked or dropped folder); only the
  // answer for the latest path is shown.
  const changeCandidate = (value: string, delay: number): void => {
    setCandidate(value);
    window.clearTimeout(timer.current);
    const id = ++checkId.current;
    const path = value.trim();
    if (path === '') {
      setCheck(null);
      setChecking(false);
      return;
    }
    setChecking(true);
    timer.current = window.setTimeout(() => {
      void runCheck(path).then((result) => {
        if (id !== checkId.current) return;
        setChecking(false);
        setCheck(result ?? null);
      });
    }, delay);
  };

  return { candidate, check, checking, checkError: checkAction.error, changeCandidate };
}
