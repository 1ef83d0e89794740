// Reading the approval channel: one JSON message per line, through the one line framer.
import { APPROVAL_MESSAGE_MAX_BYTES } from '#shared/approval/approval.js';
import { createLineSplitter } from '../channel/line-framer.js';

/** Why a reader gave up on a connection. */
export type ApprovalReadProblem = 'oversized' | 'not-json';

/** Splits a byte stream into JSON values; see {@link createApprovalReader}. */
export interface ApprovalReader {
  push(chunk: Buffer): void;
}

/**
 * A reader that passes each complete line, parsed as JSON, to `onValue`. A line over the cap (at
 * once, before it ends), or one that is not JSON, calls `onProblem` once and the reader ignores
 * everything after it: the caller closes the connection, since the stream can no longer be
 * trusted to be in step.
 */
export function createApprovalReader(
  onValue: (value: unknown) => void,
  onProblem: (problem: ApprovalReadProblem) => void,
  maxBytes = APPROVAL_MESSAGE_MAX_BYTES,
): ApprovalReader {
  let failed = false;
  const fail = (problem: ApprovalReadProblem) => {
    if (failed) return;
    failed = true;
    onProblem(problem);
  };
  const framer = createLineSplitter(maxBytes, {
    line(text) {
      if (failed) return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return fail('not-json');
      }
      onValue(value);
    },
    oversized: () => fail('oversized'),
    overflow: () => fail('oversized'),
  });
  return {
    push(chunk) {
      if (!failed) framer.push(chunk);
    },
  };
}
