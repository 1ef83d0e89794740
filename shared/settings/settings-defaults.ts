// Default values of settings that the renderer shows without the schema (and zod).

/** Default scan limits (docs/contracts/search-by-time.md §8). */
export const DEFAULT_SCAN_LIMITS = {
  maxFilesScanned: 200_000,
  maxDirectoriesScanned: 50_000,
  timeoutMs: 10_000,
} as const;
