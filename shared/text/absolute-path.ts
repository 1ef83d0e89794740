// Whether a path in settings.json names one folder whatever the working folder of the process
// that reads it: the app, the CLI and every server an AI app starts each have their own, so a
// relative path would name a different folder (or none) in each.

/**
 * True for a path that is absolute on the platform it was written for: `/…` (POSIX), `C:\…` or
 * `C:/…` (a Windows drive), `\\server\share…` (a Windows network share). `~/…`, `Documents`,
 * `./x` and `C:x` are relative.
 */
export function isAbsoluteFolderPath(value: string): boolean {
  return value.startsWith('/') || value.startsWith('\\\\') || /^[A-Za-z]:[\\/]/.test(value);
}
