import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, resolveStaticFile, staticSegments } from './static-files.js';

describe('staticSegments', () => {
  it('maps / to index.html and keeps plain segments', () => {
    expect(staticSegments('/')).toEqual(['index.html']);
    expect(staticSegments('/assets/index-abc.js')).toEqual(['assets', 'index-abc.js']);
    expect(staticSegments('/assets//a%20b.png')).toEqual(['assets', 'a b.png']);
  });

  it.each([
    '/..',
    '/../etc/passwd',
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/x',
    '/a/%2E%2E%2Fb',
    '/a%5c..%5cb',
    '/C:%5cWindows',
    '/c:/x',
    '/a%00b',
    '/a%0ab',
    '/.env',
    '/assets/.hidden',
    '/%E0%A4%A',
    'relative/path',
  ])('refuses %s', (urlPath) => {
    expect(staticSegments(urlPath)).toBeNull();
  });
});

describe('resolveStaticFile', () => {
  let base: string;
  let dist: string;
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-static-'));
    dist = path.join(base, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(dist, 'assets', 'a.svg'), '<svg/>');
    fs.writeFileSync(path.join(base, 'outside.txt'), 'secret');
    fs.symlinkSync(path.join(base, 'outside.txt'), path.join(dist, 'assets', 'link.txt'));
    fs.symlinkSync(base, path.join(dist, 'up'));
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('finds files with their content type and size', async () => {
    expect(await resolveStaticFile(dist, '/')).toEqual({
      path: path.join(dist, 'index.html'),
      contentType: 'text/html; charset=utf-8',
      size: 15,
    });
    expect((await resolveStaticFile(dist, '/assets/a.svg'))?.contentType).toBe('image/svg+xml');
  });

  it('refuses folders, missing files, symlinks and traversal', async () => {
    for (const urlPath of [
      '/assets',
      '/assets/',
      '/nope.js',
      '/assets/link.txt',
      '/up/outside.txt',
      '/..%2foutside.txt',
      '/../outside.txt',
    ]) {
      expect(await resolveStaticFile(dist, urlPath), urlPath).toBeNull();
    }
  });
});

describe('contentTypeFor', () => {
  it('knows the renderer build types and falls back to octet-stream', () => {
    expect(contentTypeFor('x.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('x.woff2')).toBe('font/woff2');
    expect(contentTypeFor('x.exe')).toBe('application/octet-stream');
    expect(contentTypeFor('Makefile')).toBe('application/octet-stream');
  });
});
