// Korean particles that depend on the word before them (이/가, 을/를, 은/는, 과/와, 으로/로): a
// name inserted into a sentence gets the one its last sound takes, instead of "이(가)". Hangul is
// decided by its final consonant; digits and Latin letters by how Koreans read them ("Cline" →
// 클라인 → 이, "Cursor" → 커서 → 가); anything else keeps both forms.

/** The particle pairs the catalog uses, as written in a format: `{{name, josa(p:이/가)}}`. */
const PAIRS: Record<string, [withFinal: string, withoutFinal: string]> = {
  '이/가': ['이', '가'],
  '이라고/라고': ['이라고', '라고'],
  '이라는/라는': ['이라는', '라는'],
  '을/를': ['을', '를'],
  '은/는': ['은', '는'],
  '과/와': ['과', '와'],
  '으로/로': ['으로', '로'],
};

// Digits read with a final consonant: 영 일 삼 육 칠 팔 (0 1 3 6 7 8); 이 사 오 구 do not.
const DIGIT_FINAL = new Set(['0', '1', '3', '6', '7', '8']);

/**
 * Whether `word` ends in a final consonant as Koreans read it: true, false, or null when it
 * cannot be told (then both forms are written). `rieul` is true for a final ㄹ (으로 → 로).
 */
export function finalConsonant(word: string): { final: boolean; rieul: boolean } | null {
  const last = [...word.replace(/[\s)”’"'.]+$/u, '')].at(-1);
  if (last === undefined) return null;
  const code = last.codePointAt(0)!;
  if (code >= 0xac00 && code <= 0xd7a3) {
    const jong = (code - 0xac00) % 28;
    return { final: jong !== 0, rieul: jong === 8 };
  }
  if (/[0-9]/.test(last))
    return { final: DIGIT_FINAL.has(last), rieul: last === '1' || last === '7' || last === '8' };
  if (/[a-z]/i.test(last)) {
    // Latin names: l, m, n (and -ng) end in a final consonant when read in Korean, as does a
    // final p/b/k after a vowel ("Desktop" → 데스크톱); the rest are read with a vowel.
    // A silent final e is not read: "Cline" ends in n.
    const end = word
      .toLowerCase()
      .replace(/[^a-z]+$/, '')
      .replace(/([^aeiou])e$/, '$1');
    if (/l$/.test(end)) return { final: true, rieul: true };
    if (/(m|n|ng|[aeiou][pbk])$/.test(end)) return { final: true, rieul: false };
    return { final: false, rieul: false };
  }
  return null;
}

/**
 * `word` with the particle of `pair` ("이/가") that it takes, or both forms when unknown; with
 * `quote`, the word in quotation marks and the particle after them (“Cursor”라고), as a name is
 * quoted in a sentence.
 */
export function withParticle(word: string, pair: string, quote = false): string {
  const forms = PAIRS[pair];
  const shown = quote ? `“${word}”` : word;
  if (!forms) return shown;
  const sound = finalConsonant(word);
  word = shown;
  if (sound === null) return `${word}${pair === '으로/로' ? '(으)로' : `${forms[0]}(${forms[1]})`}`;
  if (pair === '으로/로') return word + (sound.final && !sound.rieul ? '으로' : '로');
  return word + (sound.final ? forms[0] : forms[1]);
}
