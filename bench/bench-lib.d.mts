// Types of bench-lib.mjs, for bench/bench-lib.test.ts (the benchmark itself is plain Node ESM).

/** A path with its time in epoch ms. */
export interface TimedPath {
  path: string;
  t: number;
}
/** A target: a value at most `max`, or a yes/no check equal to `equals`. */
export type Target = { max: number } | { equals: boolean };
/** A target's verdict. */
export type Verdict = 'PASS' | 'FAIL' | 'SKIPPED';
/** One row of the benchmark's table; rows without a result are information. */
export interface Row {
  id?: string | number;
  measure: string;
  value: string;
  target?: string;
  result?: Verdict;
}
/** Verdict counts. */
export interface Tally {
  met: number;
  missed: number;
  skipped: number;
}

export function median(values: number[]): number;
export function comparePaths(a: string, b: string): number;
export function compareTimeDesc(a: TimedPath, b: TimedPath): number;
export function evaluate(
  value: number | boolean | null | undefined,
  target: Target,
  skipped?: boolean,
): Verdict;
export function formatTable(rows: Row[]): string;
export function tally(rows: Row[]): Tally;
export function closingLine(tally: Tally): string;
export function exitCodeFor(tally: Tally): 0 | 2;
export function compareWithReference(
  reference: string[],
  returned: string[],
): { missing: number; extra: number; duplicates: number; ok: boolean };
export function countOutOfOrder<T>(entries: T[], compare: (a: T, b: T) => number): number;
export function checkTopOfPrefix(
  byPath: TimedPath[],
  page: TimedPath[],
):
  | { ok: true; low: number; high: number; lastIn: string; firstOut: string | null }
  | { ok: false; reason: string };
export function progressGaps(
  startedAt: number,
  notifiedAt: number[],
  answeredAt: number,
): { count: number; firstMs: number | null; largestGapMs: number };
export function cpuStoppedAt(
  timeline: Array<[number, number]>,
  cancelAt: number,
  toleranceTicks?: number,
): number | null;
export function isQuiet(
  timeline: Array<[number, number]>,
  windowMs: number,
  toleranceTicks?: number,
): boolean;
export function fmtMs(ms: number | null | undefined): string;
export function fmtRatio(r: number | null | undefined): string;
export function fmtMb(kb: number | null | undefined): string;
