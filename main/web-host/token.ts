// Constant-time token comparison: both sides are hashed to 32 bytes first, so the comparison
// itself is on equal-length buffers and leaks neither content nor length.
import { createHash, timingSafeEqual } from 'node:crypto';

/** A function that tells whether a presented token equals `expected`, in constant time. */
export function createTokenCheck(
  expected: string,
): (presented: string | undefined | null) => boolean {
  const expectedDigest = digest(expected);
  return (presented) => {
    if (typeof presented !== 'string' || presented.length === 0 || presented.length > 1024)
      return false;
    return timingSafeEqual(digest(presented), expectedDigest);
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
