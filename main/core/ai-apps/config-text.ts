// The text conventions of a config file that an edit must keep: a UTF-8 byte-order mark, the line
// ending (LF or CRLF) and the indentation unit.

/** A file's text split into its byte-order mark and the rest. */
export interface SplitText {
  bom: string;
  body: string;
}

/** Separates a leading U+FEFF (kept and written back unchanged). */
export function splitBom(text: string): SplitText {
  return text.startsWith('\uFEFF')
    ? { bom: '\uFEFF', body: text.slice(1) }
    : { bom: '', body: text };
}

/** CRLF when the file uses it, LF otherwise. */
export function detectEol(text: string): '\n' | '\r\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The file's indentation unit: tabs, or the width of the first indented line (default 2). */
export function detectIndent(text: string): { insertSpaces: boolean; tabSize: number } {
  const match = /^([ \t]+)\S/m.exec(text);
  const indent = match?.[1];
  if (!indent) return { insertSpaces: true, tabSize: 2 };
  if (indent.startsWith('\t')) return { insertSpaces: false, tabSize: 4 };
  return { insertSpaces: true, tabSize: Math.min(8, indent.length) };
}

/** Rewrites every line ending of `text` to `eol`. */
export function withEol(text: string, eol: '\n' | '\r\n'): string {
  const lf = text.replace(/\r\n/g, '\n');
  return eol === '\n' ? lf : lf.replace(/\n/g, '\r\n');
}
