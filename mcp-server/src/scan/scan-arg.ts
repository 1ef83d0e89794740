/** The hidden argument that makes the server's entry run as a scan child (scan/pool.ts). */
export const SCAN_CHILD_ARG = '--scan-worker';
