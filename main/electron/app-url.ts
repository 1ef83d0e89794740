// Where the window's page comes from: a custom, standard, secure scheme served from
// renderer/dist (Electron's advice over file://, which would give the page the whole disk as
// its origin). Every trust decision (IPC senders, navigation) compares against this origin.

/** The custom scheme of the renderer. */
export const APP_SCHEME = 'app';
/** The host part of every renderer URL. */
export const APP_HOST = 'foldergate';
/** The origin the renderer runs in. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the main window loads. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** True when `url` is a page of the app itself (scheme and host exactly; no credentials or port). */
export function isAppUrl(url: string | null | undefined): boolean {
  if (typeof url !== 'string' || url.length === 0) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.hostname === APP_HOST &&
      parsed.port === '' &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
