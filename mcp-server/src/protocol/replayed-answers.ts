// The answers the full server gives to messages the front desk already answered (replayed into the
// SDK at the hand-over: stdio-transport.ts's replay): kept from the client, which has its answer.
// A request's answer carries its id; a listen stream's acknowledgement (2026-07-28) names the
// listen request in its `_meta`.
import { log } from '#appdata/log.js';

/** What was replayed and is still to be answered. */
export class ReplayedAnswers {
  private readonly waiting = new Map<string | number, () => void>();

  /** Resolves once the answer to the replayed request `id` has been swallowed. */
  expect(id: string | number): Promise<void> {
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  /** True (and settles the replay) when `message` answers a replayed request: not to be sent. */
  swallow(message: object): boolean {
    const id = answeredId(message) ?? acknowledgedListen(message);
    const resolve = id === null ? undefined : this.waiting.get(id);
    if (!resolve) return false;
    this.waiting.delete(id!);
    const error = (message as { error?: { message?: string } }).error;
    if (error) log(`the full server refused a request the front had answered: ${error.message}`);
    resolve();
    return true;
  }
}

/** The id a response answers; null for anything else. */
export function answeredId(message: object): string | number | null {
  if (!('id' in message) || !('result' in message || 'error' in message)) return null;
  const { id } = message as { id: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** The listen request a stream's acknowledgement answers (`subscriptionId`); null for others. */
function acknowledgedListen(message: object): string | number | null {
  if (!('method' in message) || message.method !== 'notifications/subscriptions/acknowledged')
    return null;
  const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  const id = meta?.['io.modelcontextprotocol/subscriptionId'];
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
