// Types of proc-tree.mjs, for bench/bench-lib.test.ts.

export const CLOCK_TICKS_PER_SECOND: number;
export function parseStat(text: string): { state: string; ppid: number; cpuTicks: number } | null;
export function processTree(pid: number): number[];
export function peakRssKb(pid: number): number | null;
export function isRunning(pid: number): boolean;
export function cpuTicks(pid: number): number | null;
export function createPerPidMax(): {
  add(pid: number, value: number | null | undefined): void;
  get(pid: number): number | null;
  total(): number;
  pids(): number[];
};
