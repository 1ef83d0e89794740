export const NODE_BUNDLES: string[];
export const NODE_SOURCES: string[];
export const WINDOW_BUNDLES: string[];
export const WINDOW_SOURCES: string[];
export function newestSource(root: string, dirs: readonly string[]): number;
export function oldestBundle(root: string, bundles: readonly string[]): number;
export function isStale(root: string, options?: { window?: boolean }): boolean;
