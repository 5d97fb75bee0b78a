import type { StringShape } from './shapes.js';

/** Spec 2.3 pattern P1: U+0020-U+D7FF, U+E000-U+FFFD, supplementary characters, CR, LF and tab. */
export const P1 = '[\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*';

export function str(opts: Omit<StringShape, 'type'> = {}): StringShape {
  return { type: 'string', ...opts };
}

/** A P1 string of length 1..max (botocore's XmlStringMaxLenN). */
export function xmlString(max?: number, doc?: string): StringShape {
  return str({ ...(max ? { min: 1, max } : {}), pattern: P1, ...(doc ? { doc } : {}) });
}
