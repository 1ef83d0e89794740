// The quick pass over a JSON or JSONC config: one loop over the characters that checks the
// grammar and finds the servers object and FolderGate's entries in it, several times faster than
// jsonc-parser's visitor (no token objects, no callback per value). It accepts only what
// jsonc-parser accepts (a subset: the same whitespace, strings, numbers, keywords, comments and
// trailing commas as the dialect allows); on anything else it gives up (null), and the caller
// reads the file with jsonc-parser, which says what is wrong and where.

/** What a client's own reader accepts beyond strict JSON. */
export interface JsonDialect {
  comments: boolean;
  trailingCommas: boolean;
}

/** A span of the text: [offset, end). */
export interface Span {
  offset: number;
  end: number;
}

/** Where the root object, the servers object and FolderGate's entries are. */
export interface JsonLocation {
  /** The root object (undefined: the file holds nothing but whitespace and comments). */
  root: (Span & { properties: number }) | undefined;
  /** The servers object under the servers key, if there is one. */
  servers: Span | undefined;
  /** How many properties of the servers object carry FolderGate's name. */
  copies: number;
  /** The value of the last of them (the one the client reads, as JSON.parse does). */
  entry: Span | undefined;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const SLASH = 47;
const STAR = 42;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

const isDigit = (c: number): boolean => c >= ZERO && c <= NINE;
const isHex = (c: number): boolean =>
  (c >= ZERO && c <= NINE) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** The end of the whitespace and comments at `i`; -1 where the dialect refuses a comment. */
function skip(text: string, i: number, comments: boolean): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR) i++;
    else if (c !== SLASH) return i;
    else if (!comments) return -1;
    else if (text.charCodeAt(i + 1) === SLASH) {
      i += 2;
      while (i < text.length && text.charCodeAt(i) !== LF && text.charCodeAt(i) !== CR) i++;
    } else if (text.charCodeAt(i + 1) === STAR) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return -1;
      i = close + 2;
    } else return -1;
  }
}

/** The end of the string starting at `i` (its quote); -1 if it is not a valid string. */
function stringEnd(text: string, i: number): number {
  for (i += 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < SPACE) return -1;
    if (c !== BACKSLASH) continue;
    const e = text.charCodeAt(++i);
    if (e === 117) {
      for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) return -1;
      i += 4;
    } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) return -1;
  }
  return -1;
}

/** The end of the number starting at `i`; -1 if it is not a valid number. */
function numberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === MINUS) i++;
  if (text.charCodeAt(i) === ZERO) i++;
  else if (isDigit(text.charCodeAt(i))) while (isDigit(text.charCodeAt(i))) i++;
  else return -1;
  if (text.charCodeAt(i) === DOT) {
    if (!isDigit(text.charCodeAt(++i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 69 || e === 101) {
    const sign = text.charCodeAt(++i);
    if (sign === 43 || sign === MINUS) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return i;
}

/** The end of the literal (string, number, true, false, null) at `i`; -1 if there is none. */
function literalEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i);
  if (c === MINUS || isDigit(c)) return numberEnd(text, i);
  for (const word of ['true', 'false', 'null'])
    if (text.startsWith(word, i)) return i + word.length;
  return -1;
}

/** True when the string token text[start, end) holds `value`. */
function holds(text: string, start: number, end: number, value: string): boolean {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? JSON.parse(text.slice(start, end)) === value : raw === value;
}

const VALUE = 0;
const KEY = 1;
const AFTER = 2;

/**
 * What json-locate.ts's locateEntry finds, in a quick pass; null when the file is anything but
 * a well-formed object in the dialect (or holds a case the slow pass words: `key` twice, its
 * value not an object), so that the slow pass reads it and says why.
 */
export function scanEntry(
  text: string,
  key: string,
  name: string,
  dialect: JsonDialect,
): JsonLocation | null {
  const { comments, trailingCommas } = dialect;
  let i = skip(text, 0, comments);
  if (i < 0) return null;
  const found: JsonLocation = { root: undefined, servers: undefined, copies: 0, entry: undefined };
  if (i === text.length) return found;
  if (text.charCodeAt(i) !== OPEN_BRACE) return null;
  const root = { offset: i, end: i, properties: 0 };
  found.root = root;
  // What is open: true for an object, false for an array; the root object is stack[0].
  const stack: boolean[] = [true];
  let state = KEY;
  let closeOk = true; // right after "{" or "[", or after "," with trailing commas
  let keys = 0;
  let servers: 'none' | 'announced' | number = 'none'; // a number: the open object's offset
  let entry: 'none' | 'announced' | number = 'none';
  for (i += 1; ;) {
    i = skip(text, i, comments);
    if (i < 0 || i >= text.length) return null;
    const c = text.charCodeAt(i);
    const depth = stack.length;
    const inObject = stack[depth - 1]!;
    if (c === (inObject ? CLOSE_BRACE : CLOSE_BRACKET) && (state === AFTER || closeOk)) {
      stack.pop();
      i += 1;
      if (depth === 1) {
        root.end = i;
        return skip(text, i, comments) === text.length ? found : null;
      }
      if (depth === 2 && typeof servers === 'number') {
        found.servers = { offset: servers, end: i };
        servers = 'none';
      }
      if (depth === 3 && typeof entry === 'number') {
        found.entry = { offset: entry, end: i };
        entry = 'none';
      }
      state = AFTER;
    } else if (state === AFTER) {
      if (c !== COMMA) return null;
      i += 1;
      state = inObject ? KEY : VALUE;
      closeOk = trailingCommas;
    } else if (state === KEY) {
      const end = c === QUOTE ? stringEnd(text, i) : -1;
      if (end < 0) return null;
      if (depth === 1) {
        root.properties += 1;
        if (holds(text, i, end, key)) {
          keys += 1;
          if (keys > 1) return null;
          servers = 'announced';
        }
      } else if (depth === 2 && typeof servers === 'number' && holds(text, i, end, name)) {
        found.copies += 1;
        entry = 'announced';
      }
      i = skip(text, end, comments);
      if (i < 0 || text.charCodeAt(i) !== COLON) return null;
      i += 1;
      state = VALUE;
      closeOk = false;
    } else {
      const container = c === OPEN_BRACE || c === OPEN_BRACKET;
      if (servers === 'announced' && depth === 1) {
        if (c !== OPEN_BRACE) return null;
        servers = i;
      }
      if (entry === 'announced' && depth === 2 && container) entry = i;
      if (container) {
        stack.push(c === OPEN_BRACE);
        i += 1;
        state = c === OPEN_BRACE ? KEY : VALUE;
        closeOk = true;
        continue;
      }
      const end = literalEnd(text, i);
      if (end < 0) return null;
      if (entry === 'announced' && depth === 2) {
        found.entry = { offset: i, end };
        entry = 'none';
      }
      i = end;
      state = AFTER;
    }
  }
}
