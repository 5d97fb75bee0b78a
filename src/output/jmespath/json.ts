/**
 * Python's json.loads as the JMESPath lexer uses it: for literals only success matters; for quoted
 * identifiers the lexer reports the first part of Python's error text (`Invalid \escape`).
 */
import { parseJsonExact } from '../../core/pynum.js';

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

const SPECIAL: Record<string, number> = { NaN: Number.NaN, Infinity: Infinity, '-Infinity': -Infinity };
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** The error python's scanner reports first in a JSON string body, if any. */
function stringError(text: string): string | undefined {
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i];
    if (c < ' ') return 'Invalid control character at';
    if (c !== '\\') continue;
    const e = text[++i];
    if (e === 'u') {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) return 'Invalid \\uXXXX escape';
      i += 4;
    } else if (!ESCAPES.has(e)) {
      return 'Invalid \\escape';
    }
  }
  return undefined;
}

export function parseJsonText(text: string): Parsed {
  const trimmed = text.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '');
  if (Object.hasOwn(SPECIAL, trimmed)) return { ok: true, value: SPECIAL[trimmed] };
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    const error = stringError(trimmed);
    if (error !== undefined) return { ok: false, error };
  }
  try {
    return { ok: true, value: parseJsonExact(text) };
  } catch (err) {
    return { ok: false, error: (err as Error).message.split(':')[0] };
  }
}
