import path from 'node:path';

/** Where the server's activity log goes, as given on its command line. */
export interface AuditDirOptions {
  /** `--audit-dir <dir>`; wins over everything. */
  auditDir?: string | null | undefined;
  /** `--config-dir <dir>`: the app's settings folder, whose `audit/` the app reads. */
  configDir?: string | null | undefined;
}

/**
 * The audit folder: `--audit-dir`, else `<config-dir>/audit`, else null (a server run by hand
 * with only `--root` records nothing, so it never writes into a folder nobody reads).
 */
export function resolveAuditDir(options: AuditDirOptions): string | null {
  if (options.auditDir) return path.resolve(options.auditDir);
  if (options.configDir) return path.join(path.resolve(options.configDir), 'audit');
  return null;
}
