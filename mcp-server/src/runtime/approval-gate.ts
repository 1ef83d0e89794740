// "Ask me before an AI app uses FolderGate", in the tools/call handler: decides from the settings
// whether the person must be asked, asks the running app over the approval socket in
// `<config-dir>/approval`, and turns the answer into a go-ahead, a refusal (ToolError in the 3-line
// format) or a cancellation. A server without --config-dir has no app to ask: not applicable.
import {
  approvalDecisionRecord,
  approvalPaths,
  approvalRefusal,
  checkApproval,
  type ApprovalDecisionRecord,
  type ApprovalPaths,
  type ApprovalSettings,
} from '#shared/approval/approval.js';
import { ToolError } from '#shared/errors/errors.js';
import { requestApproval } from '#appdata/approval/approval-client.js';
import { whoIsAsking } from './caller.js';

/** What the handler knows about the call being approved. */
export interface ApprovalCall {
  client: { name: string; version: string } | undefined;
  /** The tool as called, and its arguments (shown to the person). */
  tool: string;
  args: Record<string, unknown>;
  /** The approval settings the call runs with (read live from settings.json). */
  settings: ApprovalSettings;
  /** The call's cancellation: withdraws the request from the app. */
  signal: AbortSignal;
  /** Called every few seconds while the person decides (the handler sends progress). */
  onWaiting(waitedMs: number): void;
}

/** How a gate ended: go ahead (with the decision to record, if one was made). */
export interface ApprovalPassed {
  decision: ApprovalDecisionRecord | null;
}

/** Thrown when the call was cancelled while waiting; the handler sends no response. */
export class ApprovalCancelledError extends Error {
  constructor(readonly decision: ApprovalDecisionRecord) {
    super('The AI app cancelled the call while the person was being asked.');
    this.name = 'ApprovalCancelledError';
  }
}

/** Thrown when the call may not run: the refusal, and the decision to record. */
export class ApprovalRefusedError extends ToolError {
  constructor(
    refusal: { code: ToolError['code']; message: string; fix: string },
    readonly decision: ApprovalDecisionRecord,
  ) {
    super(refusal.code, refusal.message, refusal.fix);
  }
}

/** Decides one call; see {@link createApprovalGate}. */
export interface ApprovalGate {
  /**
   * Resolves when the call may run; rejects with ApprovalRefusedError (refused) or
   * ApprovalCancelledError (cancelled while waiting).
   */
  pass(call: ApprovalCall): Promise<ApprovalPassed>;
}

/** Options of {@link createApprovalGate}. */
export interface ApprovalGateOptions {
  /** The server's --config-dir; null = no app to ask, so asking does not apply. */
  configDir: string | null;
  /** The entry's `--client`: rules are those of that app, and the prompt names it (caller.ts). */
  client?: string | null;
  /** How long to wait for the person (default: the protocol's 60 s; tests shorten it). */
  timeoutMs?: number;
  /** How often to report waiting (default 5 s). */
  waitingIntervalMs?: number;
  platform?: string;
}

/** The gate of one server process. */
export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  const paths: ApprovalPaths | null =
    options.configDir === null
      ? null
      : approvalPaths(options.configDir, options.platform ?? process.platform);
  return {
    async pass(call) {
      if (paths === null) return { decision: null };
      const caller = whoIsAsking(options.client ?? null, call.client);
      // "Allow for 15 minutes" lives in the app (it must not outlive it), so the server knows no
      // grants: the app answers such a request by rule at once, without showing it.
      const check = checkApproval({
        settings: call.settings,
        grants: {},
        clientName: caller?.name,
        clientApp: caller?.app,
        tool: call.tool,
        now: Date.now(),
      });
      if (check.verdict === 'not-required') return { decision: null };
      if (check.verdict === 'allow')
        return { decision: { outcome: 'allowed', by: 'rule', answer: check.rule } };
      const result = await requestApproval({
        socketPath: paths.socketPath,
        secretPath: paths.secretPath,
        clientName: caller?.name ?? '',
        clientVersion: caller?.version ?? '',
        clientApp: caller?.app,
        tool: call.tool,
        args: call.args,
        signal: call.signal,
        timeoutMs: options.timeoutMs,
        waitingIntervalMs: options.waitingIntervalMs,
        onWaiting: call.onWaiting,
      });
      const decision = approvalDecisionRecord(result);
      if (result.by === 'cancelled') throw new ApprovalCancelledError(decision);
      const refusal = approvalRefusal(result);
      if (refusal) throw new ApprovalRefusedError(refusal, decision);
      return { decision };
    },
  };
}
