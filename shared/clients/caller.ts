// Who is asking: the app FolderGate's entry was written for (its `--client`, recorded as `app`),
// else the name the app reports about itself. Rules, "Last used" and Activity key on this; the
// reported name is shown beside the app's own only when it says it is someone else.
import { approvalAppKey } from '../approval/approval-key.js';
import { CLIENT_NAMES, isClientId, reportedApp, type KnownClientId } from './client-names.js';

/** A caller as the activity log and the approval channel carry it. */
export interface CallerInfo {
  /** The name the app reported about itself (`clientInfo.name`). */
  name: string;
  /** The app FolderGate's entry names (`--client`), when it was started from one. */
  app?: string | undefined;
  version?: string | undefined;
}

/** The prefix of a rule keyed on an app's identity (a name an app reports never has it). */
export const IDENTITY_KEY_PREFIX = 'app:';

/** The identity FolderGate's entry gave the caller, when it is one FolderGate knows. */
export function callerApp(caller: CallerInfo | null | undefined): KnownClientId | null {
  return isClientId(caller?.app) ? caller.app : null;
}

/**
 * The key rules and grants are kept under: `app:<id>` for an app started from FolderGate's entry,
 * else its reported name's {@link approvalAppKey} (a hand-written entry, as before identities).
 */
export function callerKey(caller: CallerInfo | null | undefined): string {
  const app = callerApp(caller);
  return app ? `${IDENTITY_KEY_PREFIX}${app}` : approvalAppKey(caller?.name);
}

/** The app a rule key names (`app:cursor` → cursor), or null for a key of a reported name. */
export function appOfKey(key: string): KnownClientId | null {
  const id = key.startsWith(IDENTITY_KEY_PREFIX) ? key.slice(IDENTITY_KEY_PREFIX.length) : null;
  return isClientId(id) ? id : null;
}

/**
 * The reported name's key, when a rule under it may still stand for an identified caller: rules
 * made before identities were keyed on what the app said, and one the same app said (or a name
 * FolderGate does not know) carries over; a name of another known app never does.
 */
export function legacyKeyOf(caller: CallerInfo | null | undefined): string | null {
  const app = callerApp(caller);
  if (!app) return null;
  const said = reportedApp(caller?.name);
  return said === null || said[0] === app ? approvalAppKey(caller?.name) : null;
}

/** The name people know the caller by, or null when it gave none (the caller words it). */
export function callerName(caller: CallerInfo | null | undefined): string | null {
  const app = callerApp(caller);
  if (app) return CLIENT_NAMES[app];
  const name = (caller?.name ?? '').trim();
  if (name === '') return null;
  return reportedApp(name)?.[1] ?? name;
}

/**
 * What the caller says it is, when that differs from the app FolderGate's entry names (an entry
 * for Cursor whose app says "claude-ai"): the reported name as people know it; else null.
 */
export function claimedName(caller: CallerInfo | null | undefined): string | null {
  const app = callerApp(caller);
  const name = (caller?.name ?? '').trim();
  if (!app || name === '') return null;
  const said = reportedApp(name);
  if (said?.[0] === app) return null;
  if (said === null && name.toLowerCase() === CLIENT_NAMES[app].toLowerCase()) return null;
  return said?.[1] ?? name;
}
