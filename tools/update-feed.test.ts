// The update feed's address at build time (tools/update-feed.mjs): stage falls back to a
// placeholder, dist refuses without an https address unless --no-updates.
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_FEED, feedOverrides, updateFeed } from './update-feed.mjs';

const URL_SET = { FOLDERGATE_UPDATE_URL: 'https://downloads.example.org/foldergate/' };
const feed = (env: Record<string, string>, argv: string[], forInstallers: boolean) =>
  updateFeed({ env, argv, forInstallers });

describe('updateFeed', () => {
  it('takes the address from FOLDERGATE_UPDATE_URL, for stage and dist alike', () => {
    expect(feed(URL_SET, [], true)).toEqual({ url: URL_SET.FOLDERGATE_UPDATE_URL });
    expect(feed(URL_SET, [], false)).toEqual({ url: URL_SET.FOLDERGATE_UPDATE_URL });
  });

  it('stage: a placeholder that never resolves when it is not set', () => {
    expect(feed({}, [], false)).toEqual({ url: PLACEHOLDER_FEED, placeholder: true });
    expect(new URL(PLACEHOLDER_FEED).hostname).toMatch(/\.invalid$/);
  });

  it('dist: refuses without it, or builds with no feed when told --no-updates', () => {
    expect(feed({}, [], true)).toEqual({
      problem: expect.stringMatching(/^no update feed: set FOLDERGATE_UPDATE_URL .* --no-updates/),
    });
    expect(feed({ FOLDERGATE_UPDATE_URL: ' ' }, [], true)).toHaveProperty('problem');
    expect(feed({}, ['--no-updates'], true)).toEqual({ url: null });
    expect(feed(URL_SET, ['--no-updates'], true)).toEqual({
      problem: expect.stringMatching(/choose one$/),
    });
  });

  it('refuses an address that is not https, holds credentials, a query, or never resolves', () => {
    const problem = (value: string, forInstallers = true) =>
      (feed({ FOLDERGATE_UPDATE_URL: value }, [], forInstallers) as { problem?: string }).problem;
    expect(problem('downloads/foldergate')).toMatch(/is not an address/);
    expect(problem('http://downloads.example.org/')).toMatch(/must be an https address/);
    expect(problem('https://user:pw@downloads.example.org/')).toMatch(/user name or password/);
    expect(problem('https://downloads.example.org/?channel=beta')).toMatch(/without \? or #/);
    expect(problem(PLACEHOLDER_FEED)).toMatch(/never resolves/);
    expect(problem(PLACEHOLDER_FEED, false)).toBeUndefined();
  });
});

describe('feedOverrides', () => {
  it('is the generic provider at the address, or no publish configuration at all', () => {
    expect(feedOverrides('https://a.example/')).toEqual({
      publish: { provider: 'generic', url: 'https://a.example/' },
    });
    expect(feedOverrides(null)).toEqual({ publish: null });
  });
});
