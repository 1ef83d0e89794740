// The update feed's address, set when the installers are built: FOLDERGATE_UPDATE_URL, the folder
// on a web server (electron-builder's `generic` provider) that holds the installers and the
// latest*.yml files electron-builder writes beside them. electron-builder.yml names the variable
// (`publish.url`); tools/stage.mjs and tools/dist.mjs check it here and hand electron-builder the
// checked address as an override. electron-builder writes it, with updaterCacheDirName, into
// <resources>/app-update.yml, which electron-updater reads in the installed app.
//
// `npm run stage` packs for checking: without the variable it uses PLACEHOLDER_FEED, an address
// that can never resolve (.invalid, RFC 2606), so the pipeline still writes app-update.yml.
// `npm run dist` builds what people install: without the variable it refuses, unless
// `--no-updates` builds installers with no feed at all (no app-update.yml, no latest*.yml; the
// app then never looks for updates).

/** Where stage points the feed when FOLDERGATE_UPDATE_URL is not set. */
export const PLACEHOLDER_FEED = 'https://updates.foldergate.invalid/';

/** The environment variable that holds the feed's address at build time. */
export const FEED_VARIABLE = 'FOLDERGATE_UPDATE_URL';

/**
 * What the feed is for this run: `{ url }` (the checked address), `{ url: null }` (dist with
 * `--no-updates`), or `{ problem }` (one sentence, without the script's name). `forInstallers`
 * is true for dist, false for stage.
 * @param {{ env: Record<string, string | undefined>, argv: string[], forInstallers: boolean }} options
 * @returns {{ url: string | null, placeholder?: boolean } | { problem: string }}
 */
export function updateFeed({ env, argv, forInstallers }) {
  const value = env[FEED_VARIABLE]?.trim();
  if (forInstallers && argv.includes('--no-updates')) {
    if (value) return { problem: `${FEED_VARIABLE} is set and --no-updates was given: choose one` };
    return { url: null };
  }
  if (!value) {
    if (!forInstallers) return { url: PLACEHOLDER_FEED, placeholder: true };
    return {
      problem:
        `no update feed: set ${FEED_VARIABLE} to the https address the installers and latest*.yml ` +
        'files will be served from, or pass --no-updates to build installers that never update',
    };
  }
  let url;
  try {
    url = new URL(value);
  } catch {
    return { problem: `${FEED_VARIABLE} is not an address: ${JSON.stringify(value)}` };
  }
  // The feed names each installer's sha512; over plain http whoever is on the way could change
  // both. Credentials in the address would ship inside every installer's app-update.yml.
  if (url.protocol !== 'https:')
    return { problem: `${FEED_VARIABLE} must be an https address, not ${url.protocol}` };
  if (url.username || url.password)
    return { problem: `${FEED_VARIABLE} must not hold a user name or password` };
  if (url.search || url.hash)
    return { problem: `${FEED_VARIABLE} must be a folder's address, without ? or #` };
  if (forInstallers && url.hostname.endsWith('.invalid'))
    return { problem: `${FEED_VARIABLE} points at ${url.hostname}, which never resolves` };
  return { url: value };
}

/**
 * electron-builder overrides for a feed from updateFeed: the generic provider at that address,
 * or no publish configuration at all (no app-update.yml, no latest*.yml).
 * @param {string | null} url
 */
export function feedOverrides(url) {
  return { publish: url === null ? null : { provider: 'generic', url } };
}
