// The settings file's problems in Korean say the same as in English, from their parts.
import { describe, expect, it } from 'vitest';
import '#shared/i18n/all-languages.js';
import { setLanguage } from '#shared/i18n/i18n.js';
import { parseSettingsDocument, parseSettingsJson } from '#shared/settings/settings.js';
import { settingsReasonWords } from './settings-words.js';

function reasonOf(text: string): string {
  const json = parseSettingsJson(text);
  if (!json.ok) return json.problem;
  const document = parseSettingsDocument(json.raw);
  if (document.ok) throw new Error('usable');
  return document.problem;
}

describe('the settings file problem in the person’s language', () => {
  it('keeps the English reason word for word', () => {
    const reason = reasonOf('{"version": 2,');
    expect(settingsReasonWords(reason)).toBe(reason);
  });

  it('says each problem in Korean, with its line, fields, version or error code', () => {
    setLanguage('ko');
    try {
      expect(settingsReasonWords(reasonOf('{\n  "version": 2,\n  "roots": [\n'))).toMatch(
        /^올바른 JSON이 아닙니다\. 4번째 줄, 1번째 칸$/,
      );
      expect(settingsReasonWords(reasonOf('[1]'))).toBe('설정 객체가 들어 있지 않습니다');
      expect(settingsReasonWords(reasonOf('{"version": "two"}'))).toBe('버전이 정수가 아닙니다');
      expect(
        settingsReasonWords(reasonOf('{"version": 2, "roots": [{"path": 3}], "paused": "no"}')),
      ).toBe('설정 형식에 맞지 않습니다: roots.0.path, roots.0.name, paused');
      expect(
        settingsReasonWords(reasonOf('{"version": 2, "roots": [{"path": "docs", "name": "d"}]}')),
      ).toBe(
        'roots.0.path의 폴더 경로 "docs"가 상대 경로입니다. AI 앱마다 자기 작업 폴더에서 찾게 되니 폴더의 전체 경로를 적으세요',
      );
      expect(settingsReasonWords(reasonOf('{"version": 2, "logicCatalog": "~/로직 폴더"}'))).toBe(
        'logicCatalog의 폴더 경로 "~/로직 폴더"가 상대 경로입니다. AI 앱마다 자기 작업 폴더에서 찾게 되니 폴더의 전체 경로를 적으세요',
      );
      expect(settingsReasonWords("EACCES: permission denied, open '/x/settings.json'")).toBe(
        '읽을 수 없습니다: EACCES',
      );
    } finally {
      setLanguage('en');
    }
  });
});
