// The approval queue as the UI sees it: loaded once, then kept current by 'approval:changed'
// (app/use-live.ts).
import { useLive } from '../../app/use-live.js';
import type { ApprovalQueueState } from '#shared/approval/approval.js';
import type { RendererBridge } from '../../app/bridge.js';

const EMPTY: ApprovalQueueState = { pending: [], current: null };

/** The requests waiting for the person (oldest first); empty until loaded. */
export function useApprovalQueue(bridge: RendererBridge): ApprovalQueueState {
  return useLive(bridge, 'approval:state', 'approval:changed') ?? EMPTY;
}
