/** Plain-text layout for help pages: sections, indentation and word wrapping at a fixed width. */

export const WIDTH = 80;

/** Wraps one paragraph to `width` columns, every line indented by `indent` spaces. */
export function wrap(text: string, indent: number, width = WIDTH): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && pad.length + line.length + 1 + word.length > width) {
      lines.push(pad + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(pad + line);
  return lines;
}

/** Lines indented as they are (code, syntax blocks): never wrapped. */
export function verbatim(text: string, indent: number): string[] {
  const pad = ' '.repeat(indent);
  return text.split('\n').map((l) => (l === '' ? '' : pad + l));
}

/** A titled section: the title at column 0, the body below it, a blank line after. */
export function section(title: string, body: string[]): string[] {
  return [title, ...body, ''];
}

/** A word quoted for a POSIX shell only when it needs it: `team/app` stays, `Key=a b` becomes `'Key=a b'`. */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** An example command line, split after each option value when long: `svcctl a --b c \` ... */
export function commandLine(argv: readonly string[], width = WIDTH - 10): string[] {
  const words = ['svcctl', ...argv.map(shellQuote)];
  const one = words.join(' ');
  if (one.length <= width) return [one];
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (word.startsWith('--') && current !== '') {
      lines.push(current);
      current = `    ${word}`;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  lines.push(current);
  return lines.map((l, i) => (i < lines.length - 1 ? `${l} \\` : l));
}
