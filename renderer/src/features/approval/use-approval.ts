// The approval queue as the UI sees it: loaded once, then kept current by 'approval:changed'.
import { useEffect, useState } from 'react';
import type { ApprovalQueueState } from '#shared/approval/approval.js';
import type { RendererBridge } from '../../app/bridge.js';

const EMPTY: ApprovalQueueState = { pending: [], current: null };

/** The requests waiting for the person (oldest first); empty until loaded. */
export function useApprovalQueue(bridge: RendererBridge): ApprovalQueueState {
  const [state, setState] = useState<ApprovalQueueState>(EMPTY);
  useEffect(() => {
    let live = true;
    // The event may overtake the first load: whatever arrives last is the newest.
    let heard = false;
    const off = bridge.on('approval:changed', (next) => {
      heard = true;
      setState(next);
    });
    bridge.invoke('approval:state', {}).then(
      (next) => {
        if (live && !heard) setState(next);
      },
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [bridge]);
  return state;
}
