// Small helpers of the supervisor: the explicit environment a child gets (the SDK does not pass
// ours through), and a bounded tail of a stream's lines.

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
  push(chunk: string): void;
  lines(): string[];
}

/** Creates a {@link LineTail}. */
export function createLineTail(max: number): LineTail {
  let kept: string[] = [];
  let partial = '';
  return {
    push(chunk) {
      const parts = (partial + chunk).split(/\r?\n/);
      partial = parts.pop() ?? '';
      if (partial.length > 4096) {
        parts.push(partial);
        partial = '';
      }
      kept = [...kept, ...parts.filter((l) => l !== '')].slice(-max);
    },
    lines: () => [...kept],
  };
}
