// Comparing FolderGate's entry in a file with the one it would write now. Only the keys FolderGate
// writes count: keys a client adds to an entry itself (Cline's autoApprove, …) are kept on repair
// and do not make an entry "need repair". The environment map is compared key by key: variables
// the person added to FolderGate's entry (a proxy, a locale) are theirs, kept on every write.

/**
 * Environment variables only FolderGate writes into its entry: one left over from an earlier
 * launcher (the packed app's ELECTRON_RUN_AS_NODE after a switch to Node) makes the entry need
 * repair and is dropped by it. Every other variable in the entry is the person's.
 */
export const OWNED_ENV_KEYS: readonly string[] = ['ELECTRON_RUN_AS_NODE'];

/** A JSON-safe copy (TOML big integers become numbers or strings, dates ISO strings). */
export function toPlain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : v.toString()) : v,
    ),
  ) as unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of plain data. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(toPlain(a))) === JSON.stringify(sortKeys(toPlain(b)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys(value[k])]),
  );
}

/** True when `current`'s environment has every expected variable, and none FolderGate owns extra. */
function envMatches(current: unknown, expected: unknown): boolean {
  if (!isRecord(expected)) return sameValue(current, expected);
  if (!isRecord(current)) return sameValue(current, expected);
  const extraOwned = Object.keys(current).some(
    (k) => OWNED_ENV_KEYS.includes(k) && !(k in expected),
  );
  return !extraOwned && Object.keys(expected).every((k) => sameValue(current[k], expected[k]));
}

/**
 * True when every key FolderGate writes has the expected value in `current` (`envKey`: the
 * environment map, whose other variables are the person's; `env`, or Goose's `envs`).
 */
export function entryMatches(
  current: unknown,
  expected: Record<string, unknown>,
  envKey = 'env',
): boolean {
  return (
    isRecord(current) &&
    Object.keys(expected).every((k) =>
      k === envKey ? envMatches(current[k], expected[k]) : sameValue(current[k], expected[k]),
    )
  );
}

/**
 * The entry to write: the expected keys over whatever the client added to the current one, and
 * the person's own environment variables kept beside FolderGate's.
 */
export function mergedEntry(
  current: unknown,
  expected: Record<string, unknown>,
  envKey = 'env',
): Record<string, unknown> {
  if (!isRecord(current)) return expected;
  const plain = toPlainRecord(current);
  const merged = { ...plain, ...expected };
  const theirs = plain[envKey];
  const ours = expected[envKey];
  if (isRecord(theirs) && isRecord(ours)) {
    const kept = Object.entries(theirs).filter(
      ([k]) => !OWNED_ENV_KEYS.includes(k) && !(k in ours),
    );
    merged[envKey] = { ...Object.fromEntries(kept), ...ours };
  }
  return merged;
}

function toPlainRecord(value: Record<string, unknown>): Record<string, unknown> {
  return toPlain(value) as Record<string, unknown>;
}
