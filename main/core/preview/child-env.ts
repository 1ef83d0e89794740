// Small helpers of the supervisor: the explicit environment a child gets (the SDK does not pass
// ours through), and a bounded tail of a stream's lines.
import { createLineSplitter } from '#appdata/channel/line-framer.js';

const INHERITED =
  process.platform === 'win32'
    ? [
        'PATH',
        'Path',
        'PATHEXT',
        'SYSTEMROOT',
        'SystemRoot',
        'WINDIR',
        'TEMP',
        'TMP',
        'USERPROFILE',
        'APPDATA',
        'LOCALAPPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
      ]
    : ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL'];

/** The child's environment: PATH, HOME (and the platform's essentials), then `extra` on top. */
export function childEnv(
  extra: Record<string, string>,
  from: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED) {
    const value = from[key];
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  return { ...env, ...extra };
}

/** Keeps the last `max` complete lines written to it (a partial line waits for its end). */
export interface LineTail {
  push(chunk: Buffer): void;
  lines(): string[];
}

/** The longest line kept whole; a longer one is kept as its first bytes. */
const LINE_MAX_BYTES = 4096;

/** Creates a {@link LineTail} over the one line framer. */
export function createLineTail(max: number): LineTail {
  let kept: string[] = [];
  const keep = (line: string) => {
    if (line !== '') kept = [...kept, line].slice(-max);
  };
  const framer = createLineSplitter(LINE_MAX_BYTES, {
    line: keep,
    oversized: (line) => keep(`${line.head}…`),
  });
  return {
    push: (chunk) => framer.push(chunk),
    lines: () => [...kept],
  };
}
