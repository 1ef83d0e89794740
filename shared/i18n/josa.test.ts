// Korean particles chosen by the word before them, and the catalog's sentences using them.
import { describe, expect, it } from 'vitest';
import { setLanguage, t } from './i18n.js';
import { finalConsonant, withParticle } from './josa.js';
import './all-languages.js';

describe('Korean particles after a name', () => {
  it('follow the final consonant of Hangul, digits and Latin names as they are read', () => {
    expect(withParticle('내 파일', '이/가')).toBe('내 파일이');
    expect(withParticle('문서', '이/가')).toBe('문서가');
    expect(withParticle('문서', '을/를')).toBe('문서를');
    expect(withParticle('사진', '은/는')).toBe('사진은');
    expect(withParticle('Cursor', '이/가')).toBe('Cursor가');
    expect(withParticle('Claude Desktop', '을/를')).toBe('Claude Desktop을');
    expect(withParticle('Cline', '과/와')).toBe('Cline과');
    expect(withParticle('VS Code', '은/는')).toBe('VS Code는');
    expect(withParticle('report 2024', '이/가')).toBe('report 2024가');
    expect(withParticle('reports 3', '이/가')).toBe('reports 3이');
    // 으로/로: ㄹ and no final take 로.
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('집', '으로/로')).toBe('집으로');
    expect(withParticle('/usr/bin/node', '으로/로')).toBe('/usr/bin/node로');
    // A word that cannot be read keeps both forms.
    expect(withParticle('★', '이/가')).toBe('★이(가)');
    expect(finalConsonant('')).toBeNull();
  });

  it('are written by the catalog through {{name, josa(…)}}', () => {
    setLanguage('ko');
    try {
      expect(t('aiApps.result.connect', { name: 'Cursor' })).toBe(
        'Cursor를 FolderGate에 연결했습니다.',
      );
      expect(t('activityView.short.searchedIn', { app: 'Claude Code', root: '내 파일' })).toBe(
        'Claude Code가 내 파일을 검색했습니다',
      );
      // A quoted name: the particle after the quotation mark, never "이(가)" or "“…”이라고".
      expect(t('approval.namedApp', { name: 'Cursor' })).toBe('스스로 “Cursor”라고 밝힌 앱');
      expect(t('approval.namedApp', { name: 'node' })).toBe('스스로 “node”라고 밝힌 앱');
      expect(t('approval.namedApp', { name: '내 앱' })).toBe('스스로 “내 앱”이라고 밝힌 앱');
      expect(t('folderCheck.warnContains', { name: 'Documents' })).toBe(
        '이 폴더에는 이미 허용한 “Documents”가 들어 있습니다.',
      );
      expect(t('personErrors.PathNotFound.namedTitle', { name: '사진' })).toBe(
        '“사진”을 찾지 못했습니다',
      );
      // "'Documents'(이)라는 이름" read as a translation: the name takes its own particle.
      expect(t('folderCheck.duplicate', { name: 'Documents' })).toBe(
        '이 폴더는 이미 “Documents”라는 이름으로 허용되어 있습니다.',
      );
      expect(t('folderCheck.duplicate', { name: '사진' })).toBe(
        '이 폴더는 이미 “사진”이라는 이름으로 허용되어 있습니다.',
      );
      expect(t('cli.start.exited', { code: 1 })).toBe('종료 코드 1로 끝났습니다');
      expect(t('cli.start.exited', { code: 3 })).toBe('종료 코드 3으로 끝났습니다');
    } finally {
      setLanguage('en');
    }
  });
});
