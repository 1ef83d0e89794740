/** The server's path order: by UTF-16 code unit, '/' before every other character. */
export function comparePaths(a: string, b: string): number;
