import { describe, expect, it } from 'vitest';
import {
  createFileTypeFilter,
  describeFileTypes,
  fileTypeOf,
  joinFileTypes,
  normalizeFileType,
  splitFileTypes,
} from './file-types.js';
import { fileTypesSchema } from './file-types-schema.js';
import { parseSettingsDocument } from '../settings/settings.js';
import { isToolEnabled, switchOf } from './tool-switches.js';

describe('file types', () => {
  it('reads a name’s extension case-insensitively; dotfiles and trailing dots have none', () => {
    expect(fileTypeOf('Report.PDF')).toBe('.pdf');
    expect(fileTypeOf('a/b/archive.tar.gz')).toBe('.gz');
    expect(fileTypeOf('.bashrc')).toBe('');
    expect(fileTypeOf('notes.')).toBe('');
    expect(fileTypeOf('README')).toBe('');
  });

  it('matches by the allowed list; no list allows everything', () => {
    const docs = createFileTypeFilter(['.pdf', '.docx'])!;
    expect(docs('x/Scan.PDF')).toBe(true);
    expect(docs('setup.exe')).toBe(false);
    expect(docs('pdf')).toBe(false);
    expect(createFileTypeFilter(undefined)).toBeNull();
  });

  it('stores what a person types as lowercase extensions, and refuses what is not one', () => {
    expect(normalizeFileType(' PDF ')).toBe('.pdf');
    expect(normalizeFileType('*.Log')).toBe('.log');
    expect(normalizeFileType('.c++')).toBe('.c++');
    for (const bad of ['', '.', 'a b', '../x', '.' + 'x'.repeat(33)])
      expect(normalizeFileType(bad), bad).toBeNull();
    expect(fileTypesSchema.parse(['.PDF', '.pdf', '.Md'])).toEqual(['.pdf', '.md']);
    expect(fileTypesSchema.safeParse([]).success).toBe(false);
  });

  it('splits a list into the chooser’s groups and custom extensions, and joins it back', () => {
    const list = joinFileTypes(['pdfs', 'spreadsheets'], ['.log']);
    expect(splitFileTypes(list)).toEqual({ groups: ['spreadsheets', 'pdfs'], custom: ['.log'] });
    expect(describeFileTypes(list)).toBe('Spreadsheets, PDFs and .log files');
    expect(describeFileTypes(['.pdf'])).toBe('PDFs');
    expect(describeFileTypes(undefined)).toBe('All file types');
  });
});

describe('the control settings', () => {
  it('a v1 file gets every tool on, asking off and folders of every type', () => {
    const document = parseSettingsDocument({ version: 1, roots: [{ path: '/d', name: 'd' }] });
    expect(document).toMatchObject({
      ok: true,
      settings: {
        tools: { 'fs.search_by_time': true, logic_list: true, logic_get: true },
        approval: { mode: 'off', apps: {} },
        roots: [{ path: '/d', name: 'd' }],
      },
    });
    if (document.ok) expect(document.settings.roots[0]).not.toHaveProperty('fileTypes');
  });

  it('reads switches, types and approval from a v2 file; an unknown tool name is ignored', () => {
    const document = parseSettingsDocument({
      version: 2,
      roots: [{ path: '/d', name: 'd', fileTypes: ['.PDF'] }],
      tools: { logic_get: false, someday_tool: false },
      approval: { mode: 'ask', apps: { Cursor: 'allow' } },
    });
    expect(document).toMatchObject({
      ok: true,
      settings: {
        roots: [{ fileTypes: ['.pdf'] }],
        tools: { 'fs.search_by_time': true, logic_list: true, logic_get: false },
        approval: { mode: 'ask', apps: { cursor: 'allow' } },
      },
    });
    if (!document.ok) return;
    expect(isToolEnabled(document.settings.tools, 'logic_get')).toBe(false);
    expect(isToolEnabled(document.settings.tools, 'fs_search_by_time')).toBe(true);
    expect(switchOf('fs_search_by_time')).toBe('fs.search_by_time');
    expect(switchOf('nope')).toBeNull();
  });
});
