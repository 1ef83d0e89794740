// Fills a prompt word's placeholders as i18next would, without it (MCP servers never load the
// message catalog): `{{name}}`, and `{{name, josa(p:이/가)}}` for a Korean particle after a name.
import { withParticle } from '../i18n/josa.js';

const PLACEHOLDER = /\{\{\s*(\w+)\s*(?:,\s*josa\(p:([^)]+)\)\s*)?\}\}/g;

/** `template` with each placeholder replaced by its value (a missing one stays empty). */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_all, name: string, pair: string | undefined) => {
    const value = String(values[name] ?? '');
    return pair === undefined ? value : withParticle(value, pair);
  });
}
