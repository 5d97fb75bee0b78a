import type { StringShape } from './shapes.js';

/**
 * Spec 2.3 pattern P1: U+0020-U+D7FF, U+E000-U+FFFD, supplementary characters, CR, LF and tab. The
 * generated Auto Scaling shapes carry it as the model's XmlString pattern (rewritten by
 * scripts/aws-shapes/config.mjs); help names it in words.
 */
export const P1 = '[\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*';

export function str(opts: Omit<StringShape, 'type'> = {}): StringShape {
  return { type: 'string', ...opts };
}
