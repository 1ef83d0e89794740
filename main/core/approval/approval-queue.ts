// The requests waiting for the person, first come first shown (those that proved which process
// sent them before those that did not), and the answers the app remembers:
// "Allow for 15 minutes" in memory only (it should not outlive the app), "Allow always" handed to
// the settings store through a callback and honoured in memory until the store has it.
import { randomUUID } from 'node:crypto';
import {
  APPROVAL_ALLOW_FOR_MS,
  checkApproval,
  withApprovalAppRule,
  type ApprovalAnswer,
  type ApprovalGrants,
  type ApprovalQueueState,
  type ApprovalResult,
  type ApprovalSettings,
  type PendingApproval,
} from '#shared/approval/approval.js';

/** The UI's types live in shared/ (the IPC contract validates them); re-exported for callers. */
export type { ApprovalQueueState, PendingApproval } from '#shared/approval/approval.js';

/** A request that has been decided, for the app's own log or a notification. */
export interface ApprovalDecided {
  request: PendingApproval;
  result: ApprovalResult & { by: 'person' | 'rule' };
}

/** What a decided request sends back to its server (shared/approval/approval-decision.ts). */
export type { ApprovalReply } from '#shared/approval/approval.js';
import type { ApprovalReply, IncomingApproval } from '#shared/approval/approval.js';
import { describeApprovalRequest } from '#shared/approval/approval-words.js';
import { callerKey } from '#shared/clients/caller.js';

/** Options of {@link createApprovalQueue}. */
export interface ApprovalQueueOptions {
  /** The current approval settings (read at every decision, so changes apply at once). */
  settings: () => ApprovalSettings;
  /** Persist "Allow always" for this app: `withApprovalAppRule(approval, key, 'allow')` (its callerKey). */
  onAllowAlways: (key: string) => void | Promise<void>;
  /** Clock (epoch ms); injectable for the 15-minute tests. */
  now?: () => number;
  /** A failed `onAllowAlways` (the rule still holds until the app quits). */
  onError?: (error: unknown) => void;
}

/** The queue; see {@link createApprovalQueue}. */
export interface ApprovalQueue {
  /**
   * Decides `request` by rule at once (returns null after calling `reply`) or queues it for the
   * person (returns its id; `reply` is called when answered).
   */
  add(request: IncomingApproval, reply: (reply: ApprovalReply) => void): string | null;
  /** Drops a request whose server went away (cancelled, timed out, exited). */
  remove(id: string): void;
  /** The person's answer; false when the request is no longer waiting. */
  answer(id: string, answer: ApprovalAnswer): boolean;
  state(): ApprovalQueueState;
  /** "Allow for 15 minutes" grants still running: app key → epoch ms. */
  grants(): ApprovalGrants;
  /** Calls `listener` with the new state whenever the pending list changes. */
  subscribe(listener: (state: ApprovalQueueState) => void): () => void;
  /** Calls `listener` for every decided request (by the person or a rule). */
  onDecided(listener: (decided: ApprovalDecided) => void): () => void;
}

/** Creates an empty queue. */
export function createApprovalQueue(options: ApprovalQueueOptions): ApprovalQueue {
  const now = options.now ?? Date.now;
  const waiting: { request: PendingApproval; reply: (reply: ApprovalReply) => void }[] = [];
  const grants: Record<string, number> = {};
  // "Allow always" answers the settings store has not confirmed yet.
  const unsaved = new Set<string>();
  const listeners = new Set<(state: ApprovalQueueState) => void>();
  const decidedListeners = new Set<(decided: ApprovalDecided) => void>();

  const state = (): ApprovalQueueState => {
    // A request that proved which process sent it comes before one that did not: a program that
    // cannot prove it never pushes one that can out of sight (each group oldest first).
    const requests = waiting.map((w) => w.request);
    const pending = [
      ...requests.filter((r) => r.origin === 'checked'),
      ...requests.filter((r) => r.origin !== 'checked'),
    ];
    return { pending, current: pending[0] ?? null };
  };
  const changed = () => {
    const snapshot = state();
    for (const listener of listeners) listener(snapshot);
  };
  const settings = () => {
    let value = options.settings();
    for (const name of unsaved) value = withApprovalAppRule(value, name, 'allow');
    return value;
  };
  const liveGrants = () => {
    const t = now();
    for (const [key, until] of Object.entries(grants)) if (until <= t) delete grants[key];
    return { ...grants };
  };
  const byRule = (request: Omit<PendingApproval, 'id'>): ApprovalReply | null => {
    const check = checkApproval({
      settings: settings(),
      grants: liveGrants(),
      clientName: request.client.name,
      clientApp: request.client.app,
      tool: request.tool,
      now: now(),
    });
    if (check.verdict === 'ask') return null;
    return check.verdict === 'allow'
      ? { decision: 'allow', by: 'rule', answer: check.rule }
      : { decision: 'allow', by: 'rule' };
  };
  const decide = (index: number, reply: ApprovalReply) => {
    const [entry] = waiting.splice(index, 1);
    if (!entry) return;
    entry.reply(reply);
    for (const listener of decidedListeners) listener({ request: entry.request, result: reply });
  };

  return {
    add({ waitMs, ...incoming }, reply) {
      const receivedAt = now();
      const request: PendingApproval = {
        ...incoming,
        id: randomUUID(),
        description: describeApprovalRequest(incoming.client, incoming.tool, incoming.args, {
          now: now(),
        }),
        receivedAt,
        refusedAt: receivedAt + waitMs,
      };
      // A test request is always shown: it is there to show the person what asking looks like.
      const ruled = request.test ? null : byRule(request);
      if (ruled) {
        reply(ruled);
        for (const listener of decidedListeners) listener({ request, result: ruled });
        return null;
      }
      waiting.push({ request, reply });
      changed();
      return request.id;
    },
    remove(id) {
      const index = waiting.findIndex((w) => w.request.id === id);
      if (index < 0) return;
      waiting.splice(index, 1);
      changed();
    },
    answer(id, answer) {
      const index = waiting.findIndex((w) => w.request.id === id);
      const entry = waiting[index];
      if (!entry) return false;
      // Remembered for who asked: the app FolderGate's entry names, else the name it reported.
      // A test request's answer is remembered for nobody: no AI app asked.
      const key = entry.request.test ? null : callerKey(entry.request.client);
      if (key !== null && answer === 'allow-15-min') grants[key] = now() + APPROVAL_ALLOW_FOR_MS;
      if (key !== null && answer === 'allow-always') remember(key);
      decide(index, { decision: answer === 'deny' ? 'deny' : 'allow', by: 'person', answer });
      // A remembered answer also covers the same app's other waiting requests.
      if (key !== null && (answer === 'allow-15-min' || answer === 'allow-always')) {
        for (let i = waiting.length - 1; i >= 0; i--) {
          const other = waiting[i];
          const ruled = other && byRule(other.request);
          if (ruled) decide(i, ruled);
        }
      }
      changed();
      return true;
    },
    state,
    grants: liveGrants,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDecided(listener) {
      decidedListeners.add(listener);
      return () => decidedListeners.delete(listener);
    },
  };

  function remember(name: string) {
    unsaved.add(name);
    Promise.resolve()
      .then(() => options.onAllowAlways(name))
      .then(
        () => unsaved.delete(name),
        (error: unknown) => options.onError?.(error),
      );
  }
}
