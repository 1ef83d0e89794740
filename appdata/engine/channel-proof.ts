// The engine channel's two small pieces both ends use: a line of JSON, and the HMAC proof that
// the writer knows the per-install secret (over both nonces: shared/engine/engine.ts).
import { createHmac } from 'node:crypto';

/** The proof of `input` under `secret` (hex). */
export const channelProof = (secret: string, input: string): string =>
  createHmac('sha256', secret).update(input).digest('hex');

/** One message as one line. */
export const channelLine = (value: unknown): string => `${JSON.stringify(value)}\n`;
