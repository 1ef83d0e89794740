// A state the window loads once and then follows: the channel answers it, the push event brings
// every change after. The event may overtake the first load, so an event heard first wins.
import { useEffect, useState } from 'react';
import type { IpcChannel, IpcEvent, IpcEventPayload, IpcResponse } from '#shared/contract/ipc.js';
import type { FolderGateBridge } from '#shared/contract/ipc.js';

/** The state `channel` answers and `event` keeps current; null until either has said it. */
export function useLive<C extends IpcChannel, E extends IpcEvent>(
  bridge: FolderGateBridge,
  channel: C,
  event: E,
): (IpcResponse<C> & IpcEventPayload<E>) | null {
  type State = IpcResponse<C> & IpcEventPayload<E>;
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let live = true;
    let heard = false;
    const off = bridge.on(event, (next) => {
      heard = true;
      setState(next as State);
    });
    (bridge.invoke as (c: C, r: object) => Promise<IpcResponse<C>>)(channel, {}).then(
      (next) => {
        if (live && !heard) setState(next as State);
      },
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [bridge, channel, event]);
  return state;
}
