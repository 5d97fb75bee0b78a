/**
 * Python's repr() of a str, as the AWS CLI's messages and text output show strings: the one owner of that rule
 * (input errors quote with it, the text formatter prints nested strings with it).
 */
const REPR_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Python's repr() of a string, cut to `max` code points as "%.200R" does. */
export function pyStrRepr(text: string, max = Infinity): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const ch of text) body += ch === quote ? `\\${quote}` : (REPR_ESCAPES[ch] ?? hexEscape(ch));
  return Array.from(`${quote}${body}${quote}`).slice(0, max).join('');
}

/** Python's repr() of bytes: `b'...'`, printable ASCII as itself, \t \n \r \\ escaped, any other byte as \xNN. */
export function pyBytesRepr(bytes: Uint8Array): string {
  const has = (c: number) => bytes.includes(c);
  const quote = has(0x27) && !has(0x22) ? '"' : "'";
  let body = '';
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    if (ch === quote || ch === '\\') body += `\\${ch}`;
    else if (REPR_ESCAPES[ch] !== undefined) body += REPR_ESCAPES[ch];
    else if (b < 0x20 || b >= 0x7f) body += `\\x${b.toString(16).padStart(2, '0')}`;
    else body += ch;
  }
  return `b${quote}${body}${quote}`;
}

/** Non-printable characters (Unicode categories C and Z, but the space) as \xNN, \uNNNN, \UNNNNNNNN. */
function hexEscape(ch: string): string {
  if (ch === ' ' || !/[\p{C}\p{Z}]/u.test(ch)) return ch;
  const code = ch.codePointAt(0)!;
  const hex = code.toString(16);
  if (code <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`;
}

/**
 * Python's white space (str.isspace, and `\s` of its re): what str.strip() removes, what configparser strips from
 * a line, a key and a value and what indents a line, and what the shorthand parser skips. Not JavaScript's
 * trim(): U+FEFF is none (the AWS CLI keeps it at a value's end, and refuses such a region), while U+001C-U+001F
 * and U+0085 are (hostile pass 21b).
 */
const PY_SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Python's str.lstrip(): the text without Python's white space at its start. */
export function pyLstrip(text: string): string {
  let start = 0;
  while (start < text.length && PY_SPACE.test(text[start]!)) start++;
  return text.slice(start);
}

/** Python's str.rstrip(): the text without Python's white space at its end. */
export function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && PY_SPACE.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Python's str.strip(): the text without Python's white space at its ends. */
export function pyStrip(text: string): string {
  return pyRstrip(pyLstrip(text));
}
