// Whether `npm run dist` may build installers for a platform with the signing credentials in the
// environment. A release people download is signed, or it says plainly that it is not: without
// credentials dist refuses, unless `--unsigned` asks for an unsigned build on purpose.
//
// - macOS: a Developer ID certificate (CSC_LINK, a .p12 file or its base64, with
//   CSC_KEY_PASSWORD; or CSC_NAME, a certificate already in the keychain) and notarization
//   (APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID +
//   APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID, or APPLE_KEYCHAIN_PROFILE: the three ways
//   app-builder-lib's MacTargetHelper.getNotarizeOptions knows).
// - Windows: a code-signing certificate, WIN_CSC_LINK or CSC_LINK, with its password
//   (WIN_CSC_KEY_PASSWORD or CSC_KEY_PASSWORD).
// - Linux: electron-builder signs neither AppImage nor deb; nothing is asked. The update feed's
//   latest-linux.yml holds each package's sha512, which electron-updater checks before
//   installing an update (the first download is as trusted as the site it comes from).
//
// `--unsigned` also makes sure electron-builder signs nothing, whatever the environment holds
// (unsignedBuild): the credentials are left out of its environment, CSC_IDENTITY_AUTO_DISCOVERY
// is false (no keychain search), `win.signExecutable: false`, and on macOS the app is signed
// ad hoc (`mac.identity: '-'`, no certificate) with the hardened runtime off and no
// notarization: electron-builder's documented switch for an unsigned Mac app. Not `identity:
// null`: the fuses are flipped inside Electron's binaries, which breaks the ad-hoc signature
// Electron ships with, and an Apple silicon Mac kills a process whose signature does not hold.

/** Every variable electron-builder reads to sign or notarize. */
export const SIGNING_VARIABLES = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'CSC_NAME',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_API_KEY',
  'APPLE_API_KEY_ID',
  'APPLE_API_ISSUER',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'APPLE_KEYCHAIN',
  'APPLE_KEYCHAIN_PROFILE',
];

/**
 * Why dist must not build signed installers for `platform` (Node's names) with `env`, as one
 * sentence without the script's name; null when it may (credentials present, `--unsigned`, or
 * Linux).
 * @param {{ platform: string, env: Record<string, string | undefined>, argv: string[] }} options
 * @returns {string | null}
 */
export function signingProblem({ platform, env, argv }) {
  if (argv.includes('--unsigned') || platform === 'linux') return null;
  const set = (name) => typeof env[name] === 'string' && env[name].trim() !== '';
  const missing = (names) => names.filter((name) => !set(name));
  const hint = 'or pass --unsigned to build unsigned installers knowingly';
  if (platform === 'darwin') {
    if (!set('CSC_LINK') && !set('CSC_NAME'))
      return `no signing certificate for macOS: set CSC_LINK and CSC_KEY_PASSWORD (or CSC_NAME), ${hint}`;
    const ways = [
      ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
      ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
      ['APPLE_KEYCHAIN_PROFILE'],
    ];
    if (!ways.some((way) => missing(way).length === 0))
      return (
        'no notarization credentials for macOS: set APPLE_API_KEY, APPLE_API_KEY_ID and ' +
        `APPLE_API_ISSUER (or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID), ${hint}`
      );
    return null;
  }
  if (platform === 'win32') {
    if (!set('WIN_CSC_LINK') && !set('CSC_LINK'))
      return `no code-signing certificate for Windows: set WIN_CSC_LINK (or CSC_LINK) and its password, ${hint}`;
    // electron-builder accepts an empty password (it says so and goes on), but a certificate
    // exported without one is a mistake worth stopping for: ask for the variable to be set.
    if (env.WIN_CSC_KEY_PASSWORD === undefined && env.CSC_KEY_PASSWORD === undefined)
      return `no password for the Windows certificate: set WIN_CSC_KEY_PASSWORD (or CSC_KEY_PASSWORD), ${hint}`;
    return null;
  }
  return `installers for ${platform} are not built by FolderGate`;
}

/** The line dist prints about signing on a platform that passed signingProblem. */
export function signingNote({ platform, argv }) {
  if (platform === 'linux')
    return 'Linux packages (AppImage, deb) are not OS-signed: updates are checked against the sha512 in the update feed.';
  if (!argv.includes('--unsigned')) return null;
  if (platform === 'darwin')
    return 'UNSIGNED build for macOS (--unsigned): Gatekeeper warns before it opens, and it cannot update itself (macOS accepts only signed updates).';
  return 'UNSIGNED build for Windows (--unsigned): SmartScreen warns before it opens.';
}

/**
 * For `--unsigned`: the environment electron-builder runs with (signing variables left out,
 * no keychain search) and its overrides, so it signs nothing with a certificate.
 * @param {Record<string, string | undefined>} env
 */
export function unsignedBuild(env) {
  const clean = { ...env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' };
  for (const name of SIGNING_VARIABLES) delete clean[name];
  return {
    env: clean,
    overrides: {
      mac: { identity: '-', hardenedRuntime: false, notarize: false },
      win: { signExecutable: false },
    },
  };
}
