import { describe, expect, it } from 'vitest';
import { APP_START_URL, isAppUrl } from './app-url.js';

describe('isAppUrl', () => {
  it('accepts the app pages', () => {
    expect(APP_START_URL).toBe('app://foldergate/index.html');
    for (const url of [
      APP_START_URL,
      'app://foldergate/',
      'app://foldergate/index.html#/folders',
      'app://foldergate/assets/index-abc.js',
    ]) {
      expect(isAppUrl(url), url).toBe(true);
    }
  });

  it('refuses look-alikes and everything else', () => {
    for (const url of [
      'app://foldergate.evil/index.html',
      'app://evil/index.html',
      'app://foldergate:8080/',
      'app://user@foldergate/',
      'https://foldergate/',
      'file:///foldergate/index.html',
      'foldergate',
      '',
      null,
      undefined,
    ]) {
      expect(isAppUrl(url), String(url)).toBe(false);
    }
  });
});
