/**
 * Just enough XML for the AWS Query protocol: an escaper for writing and a small strict parser for
 * reading (elements, attributes, text, entities, CDATA, comments, the declaration). No DTDs.
 */
import { escapedChar } from '../core/input-rules.js';
import { WireFormatError } from './types.js';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (text nodes joined). */
  text: string;
}

// Characters XML 1.0 cannot carry at all (a control character in a value an error quotes back) are written as
// their escape, `\u001b`: the text svcctl prints for them on the embedded backend too (compat #383), where
// U+FFFD lost which character it was. CR is escaped so that parsers keep it.
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };

/** Escapes text content (quotes need no escaping outside attribute values, and AWS leaves them as they are). */
export function escapeXml(s: string): string {
  return s.replace(INVALID, escapedChar).replace(/[&<>\r]/g, (c) => ESCAPES[c]!);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, ent: string) => {
    if (ent.startsWith('#')) {
      const cp = ent.startsWith('#x') ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
      // Beyond Unicode (or a surrogate) no character has that number: the response is not XML.
      if (!(cp <= 0x10ffff) || (cp >= 0xd800 && cp <= 0xdfff))
        throw new WireFormatError(`character reference ${all} names no character`);
      return String.fromCodePoint(cp);
    }
    const named = NAMED[ent];
    if (named === undefined) throw new WireFormatError(`unknown XML entity ${all}`);
    return named;
  });
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_.:]*/y;
const ATTR = /\s+([A-Za-z_:][-A-Za-z0-9_.:]*)\s*=\s*("[^"]*"|'[^']*')/y;
const TAG_END = /\s*(\/?)>/y;
const CLOSE_END = /\s*>/y;

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  /** A sticky regular expression matched at the cursor. */
  at(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.i;
    return re.exec(this.s);
  }

  fail(what: string): never {
    throw new WireFormatError(`not XML: ${what} at offset ${this.i}`);
  }

  /** Skips the declaration, comments, processing instructions and whitespace between elements. */
  skipMisc(): void {
    for (;;) {
      const rest = this.s.slice(this.i, this.i + 4);
      if (/^\s/.test(rest)) this.i++;
      else if (rest.startsWith('<?')) this.skipTo('?>');
      else if (rest.startsWith('<!--')) this.skipTo('-->');
      // An answer's entities are not expanded (docs/compat.md #447): said so, not 'expected an element name'.
      else if (rest.startsWith('<!')) this.fail('a <!DOCTYPE> declaration is not read (no entity is expanded)');
      else return;
    }
  }

  skipTo(end: string): string {
    const j = this.s.indexOf(end, this.i);
    if (j < 0) this.fail(`unterminated ${end}`);
    const body = this.s.slice(this.i, j);
    this.i = j + end.length;
    return body;
  }

  element(): XmlElement {
    if (this.s[this.i] !== '<') this.fail('expected <');
    this.i++;
    const name = this.at(NAME)?.[0] ?? this.fail('expected an element name');
    this.i += name.length;
    const el: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (let m = this.at(ATTR); m; m = this.at(ATTR)) {
      el.attrs[m[1]!] = unescape(m[2]!.slice(1, -1));
      this.i += m[0].length;
    }
    const close = this.at(TAG_END) ?? this.fail('expected > or />');
    this.i += close[0].length;
    if (close[1] !== '/') this.content(el);
    return el;
  }

  content(el: XmlElement): void {
    for (;;) {
      const lt = this.s.indexOf('<', this.i);
      if (lt < 0) this.fail(`unterminated <${el.name}>`);
      el.text += unescape(this.s.slice(this.i, lt));
      this.i = lt;
      if (this.s.startsWith('</', this.i)) {
        this.i += 2;
        if (!this.s.startsWith(el.name, this.i)) this.fail(`mismatched </…> for <${el.name}>`);
        this.i += el.name.length;
        const end = this.at(CLOSE_END) ?? this.fail('expected >');
        this.i += end[0].length;
        return;
      }
      if (this.s.startsWith('<![CDATA[', this.i)) {
        this.i += 9;
        el.text += this.skipTo(']]>');
      } else if (this.s.startsWith('<!--', this.i)) {
        this.skipTo('-->');
      } else {
        el.children.push(this.element());
      }
    }
  }

  document(): XmlElement {
    this.skipMisc();
    const root = this.element();
    this.skipMisc();
    if (this.i !== this.s.length) this.fail('content after the root element');
    return root;
  }
}

export function parseXml(text: string): XmlElement {
  return new Parser(text).document();
}

export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

/** The first element of that name at any depth (the element itself included). */
export function findDeep(el: XmlElement, name: string): XmlElement | undefined {
  if (el.name === name) return el;
  for (const c of el.children) {
    const found = findDeep(c, name);
    if (found) return found;
  }
  return undefined;
}
