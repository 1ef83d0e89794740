// The one gate for opening links outside the app: only plain web pages (http/https), never
// file:, javascript:, custom schemes or URLs with credentials in them.

/** True when `url` may be handed to the system browser (shell.openExternal). */
export function isSafeExternalUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return parsed.hostname.length > 0;
}
