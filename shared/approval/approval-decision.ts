import * as z from 'zod';

// The answers the person can give and how a request ended, as the approval channel, the tool
// handler and the activity record all name them.

/** The person's answers, in the order the prompt shows them. */
export const APPROVAL_ANSWERS = ['allow-once', 'allow-15-min', 'allow-always', 'deny'] as const;
/** One of {@link APPROVAL_ANSWERS}. */
export const approvalAnswerSchema = z.enum(APPROVAL_ANSWERS);
/** @see approvalAnswerSchema */
export type ApprovalAnswer = z.output<typeof approvalAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Outcome, as the tool handler and the activity log see it

/** How a request ended: who or what decided. */
export const approvalByValues = [
  'person',
  'rule',
  'timeout',
  'unavailable',
  /** The app had too many requests waiting already. */
  'busy',
  'cancelled',
  /** Something else answered on the app's channel: it did not prove it is the app. */
  'not-the-app',
  /** This server already had as many requests waiting as one program may. */
  'too-many',
] as const;

/** What `requestApproval` resolves with; 'cancelled' = the AI app cancelled the call. */
export interface ApprovalResult {
  decision: 'allow' | 'deny';
  by: (typeof approvalByValues)[number];
  /** The person's answer, or for `by: 'rule'` the remembered answer that applied. */
  answer?: ApprovalAnswer;
}

/** The `decision` an activity record carries for a call that needed approval. */
export const approvalDecisionRecordSchema = z.strictObject({
  outcome: z.enum(['allowed', 'denied']),
  by: z.enum(approvalByValues),
  answer: approvalAnswerSchema.optional(),
});
/** @see approvalDecisionRecordSchema */
export type ApprovalDecisionRecord = z.output<typeof approvalDecisionRecordSchema>;

/** The activity log's view of a result. */
export function approvalDecisionRecord(result: ApprovalResult): ApprovalDecisionRecord {
  const record: ApprovalDecisionRecord = {
    outcome: result.decision === 'allow' ? 'allowed' : 'denied',
    by: result.by,
  };
  if (result.answer) record.answer = result.answer;
  return record;
}

/** What a decided request sends back to its server (the app decides; never cancelled). */
export type ApprovalReply = Pick<ApprovalResult, 'decision' | 'answer'> & { by: 'person' | 'rule' };
