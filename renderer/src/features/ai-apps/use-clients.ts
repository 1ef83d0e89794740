// The AI apps list as a screen holds it: read when the screen is shown, again when the window
// gets focus back (the person may have fixed or changed a file meanwhile), and after each action.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientId, ClientState } from '#shared/clients/clients.js';
import type { IpcError } from '#shared/contract/ipc.js';
import { toIpcError } from '../../app/bridge.js';
import { useApp } from '../../app/app-state.js';

/** The list, its loading error, and a way to read it again. */
export interface ClientsList {
  /** Null until the first answer. */
  clients: ClientState[] | null;
  /**
   * The apps found on this computer when the list was last read in full. Rows are grouped by
   * this, not by each answer, so a row does not jump to the other group (losing the keyboard
   * focus) right after its button was used.
   */
  foundIds: ReadonlySet<ClientId>;
  error: IpcError | null;
  refresh(): Promise<void>;
  /** Puts one client's fresh state into the list (the answer of an action). */
  replace(client: ClientState): void;
}

/** Loads clients:list on mount and on window focus; the latest request wins. */
export function useClients(): ClientsList {
  const { bridge } = useApp();
  const [clients, setClients] = useState<ClientState[] | null>(null);
  const [foundIds, setFoundIds] = useState<ReadonlySet<ClientId>>(new Set());
  const [error, setError] = useState<IpcError | null>(null);
  const request = useRef(0);

  const refresh = useCallback(async () => {
    const id = ++request.current;
    try {
      const result = await bridge.invoke('clients:list', {});
      if (id !== request.current) return;
      setClients(result.clients);
      setFoundIds(new Set(result.clients.filter((c) => c.installed).map((c) => c.id)));
      setError(null);
    } catch (caught) {
      if (id === request.current) setError(toIpcError(caught));
    }
  }, [bridge]);

  const replace = useCallback((client: ClientState) => {
    request.current += 1; // an older list answer must not undo this one
    setClients((list) => list?.map((c) => (c.id === client.id ? client : c)) ?? list);
  }, []);

  useEffect(() => {
    void refresh();
    const onFocus = (): void => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refresh]);

  return { clients, foundIds, error, refresh, replace };
}
