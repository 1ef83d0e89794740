// Why the settings file cannot be used, in the person's language. The reasons come from the
// shared reading of the file (shared/settings/settings.ts, also used by the servers, which keep
// English): English keeps them word for word; another language says the same from their parts —
// the kind of problem, the line and column, the fields, the system's error code.
import { currentLanguage, t } from '#shared/i18n/i18n.js';

/** A reason ("it is not valid JSON: … (line 3, column 5)") in the current language. */
export function settingsReasonWords(reason: string): string {
  if (currentLanguage() === 'en') return reason;
  if (reason.startsWith('it is not valid JSON')) {
    const at = /line (\d+), column (\d+)\)$/.exec(reason);
    return t('settingsNote.reason.json', {
      where: at ? t('settingsNote.reason.where', { line: at[1] ?? '', column: at[2] ?? '' }) : '',
    });
  }
  if (reason.startsWith('it does not hold a settings object'))
    return t('settingsNote.reason.object');
  if (reason.startsWith("its 'version'")) return t('settingsNote.reason.version');
  const older = /settings version (\d+)\) and has not been upgraded/.exec(reason);
  if (older) return t('settingsNote.reason.older', { version: older[1] ?? '' });
  const relative = /^it names a folder by a relative path, (.*) at ([\w.]+), which /s.exec(reason);
  if (relative)
    return t('settingsNote.reason.relative', { path: relative[1] ?? '', field: relative[2] ?? '' });
  if (reason.startsWith('it does not match the settings format')) {
    // "(roots.0.path: …; paused: …)": the fields, which are names in any language.
    const fields = [...reason.matchAll(/(?:\(|; )([\w.()]+|\(whole file\)):/g)].map((m) => m[1]);
    return t('settingsNote.reason.format', { fields: fields.join(', ') });
  }
  if (reason.startsWith('it could not be upgraded')) return t('settingsNote.reason.upgrade');
  // A read error: its code (EACCES, EISDIR) is what a helper would ask for.
  const code = /^([A-Z][A-Z0-9_]+)\b/.exec(reason)?.[1];
  return t('settingsNote.reason.read', { code: code ?? reason });
}
