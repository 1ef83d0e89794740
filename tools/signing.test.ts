// When `npm run dist` refuses to build installers for lack of signing credentials, per platform,
// and what `--unsigned` hands electron-builder so that it signs nothing (tools/signing.mjs).
import { describe, expect, it } from 'vitest';
import { SIGNING_VARIABLES, signingNote, signingProblem, unsignedBuild } from './signing.mjs';

const MAC_CERT = { CSC_LINK: 'base64-p12', CSC_KEY_PASSWORD: 'secret' };
const MAC_API_KEY = {
  APPLE_API_KEY: '/keys/AuthKey.p8',
  APPLE_API_KEY_ID: 'ABC123',
  APPLE_API_ISSUER: 'issuer',
};
const MAC_APPLE_ID = {
  APPLE_ID: 'dev@example.com',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh',
  APPLE_TEAM_ID: 'TEAM',
};
const problem = (platform: string, env: Record<string, string>, argv: string[] = []) =>
  signingProblem({ platform, env, argv });

describe('signingProblem', () => {
  it('macOS: refuses without a certificate, or without notarization, and says what to set', () => {
    expect(problem('darwin', {})).toMatch(/^no signing certificate for macOS: set CSC_LINK/);
    expect(problem('darwin', MAC_API_KEY)).toMatch(/^no signing certificate for macOS/);
    expect(problem('darwin', MAC_CERT)).toMatch(/^no notarization credentials for macOS/);
    // A way of notarizing counts only when complete.
    expect(problem('darwin', { ...MAC_CERT, APPLE_API_KEY: 'k', APPLE_API_KEY_ID: 'i' })).toMatch(
      /^no notarization credentials/,
    );
    expect(problem('darwin', { ...MAC_CERT, APPLE_ID: 'a', APPLE_TEAM_ID: 't' })).toMatch(
      /^no notarization credentials/,
    );
    // Blank values are not credentials.
    expect(problem('darwin', { ...MAC_API_KEY, CSC_LINK: '  ' })).toMatch(/^no signing cert/);
    for (const sentence of [problem('darwin', {}), problem('darwin', MAC_CERT)])
      expect(sentence).toMatch(/or pass --unsigned to build unsigned installers knowingly$/);
  });

  it('macOS: builds with a certificate and any complete way of notarizing', () => {
    expect(problem('darwin', { ...MAC_CERT, ...MAC_API_KEY })).toBeNull();
    expect(problem('darwin', { ...MAC_CERT, ...MAC_APPLE_ID })).toBeNull();
    expect(problem('darwin', { CSC_NAME: 'Developer ID Application: X', ...MAC_API_KEY })).toBe(
      null,
    );
    expect(problem('darwin', { ...MAC_CERT, APPLE_KEYCHAIN_PROFILE: 'notary' })).toBeNull();
  });

  it('Windows: refuses without a certificate or its password', () => {
    expect(problem('win32', {})).toMatch(/^no code-signing certificate for Windows: set WIN_CSC/);
    expect(problem('win32', { WIN_CSC_LINK: 'cert.p12' })).toMatch(
      /^no password for the Windows certificate/,
    );
    expect(problem('win32', { WIN_CSC_LINK: 'cert.p12', WIN_CSC_KEY_PASSWORD: 'p' })).toBeNull();
    expect(problem('win32', { CSC_LINK: 'cert.p12', CSC_KEY_PASSWORD: 'p' })).toBeNull();
    // macOS's notarization credentials are no Windows certificate.
    expect(problem('win32', MAC_API_KEY)).toMatch(/^no code-signing certificate for Windows/);
  });

  it('Linux asks for nothing; --unsigned passes every platform; others are not built', () => {
    expect(problem('linux', {})).toBeNull();
    expect(problem('darwin', {}, ['--unsigned'])).toBeNull();
    expect(problem('win32', {}, ['--no-updates', '--unsigned'])).toBeNull();
    expect(problem('freebsd', {})).toMatch(/^installers for freebsd are not built/);
  });
});

describe('signingNote', () => {
  it('says Linux packages are not OS-signed, and names an unsigned build', () => {
    expect(signingNote({ platform: 'linux', argv: [] })).toMatch(
      /^Linux packages \(AppImage, deb\) are not OS-signed: .*sha512/,
    );
    expect(signingNote({ platform: 'darwin', argv: ['--unsigned'] })).toMatch(
      /^UNSIGNED build for macOS.*cannot update itself/,
    );
    expect(signingNote({ platform: 'win32', argv: ['--unsigned'] })).toMatch(
      /^UNSIGNED build for Windows/,
    );
    expect(signingNote({ platform: 'darwin', argv: [] })).toBeNull();
  });
});

describe('unsignedBuild', () => {
  it('leaves every credential out, stops the keychain search and turns signing off', () => {
    const env = Object.fromEntries(SIGNING_VARIABLES.map((name) => [name, 'x']));
    const { env: clean, overrides } = unsignedBuild({ ...env, PATH: '/bin' });
    expect(clean).toEqual({ PATH: '/bin', CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(overrides).toEqual({
      mac: { identity: '-', hardenedRuntime: false, notarize: false },
      win: { signExecutable: false },
    });
  });
});
