/**
 * `--output yaml` / `yaml-stream` (AWS CLI v2 formatter.py YAMLDumper): ruamel.yaml YAML(typ='safe'),
 * block style, emitted by libyaml (ruamel's C emitter). Reproduced here:
 * - SafeRepresenter sorts mapping keys (code point order); null/true/false, int str(), float repr();
 *   empty lists/mappings are flow `[]` / `{}`;
 * - ruamel's YAML 1.2 resolver decides which strings cannot be plain ('true', '123', '1e3', '', '~',
 *   'null', '2020-01-01', '<<', '=' ...); libyaml then picks plain, 'single' or "double" quotes,
 *   escapes non-printables (tab, emoji and other astral characters) and folds lines past column 80;
 * - top-level scalars (e.g. from --query) are written with json.dumps(ensure_ascii=False) instead.
 * The `yaml` package cannot be configured to fold, quote and escape like libyaml, hence this port.
 */
import { isPyNumber, pyJsonNumberText } from '../core/pynum.js';
import { comparePy, isDict, pyNumber } from './text.js';

const BEST_WIDTH = 80;
const BEST_INDENT = 2;

// ruamel.yaml resolver.py, YAML 1.2 implicit resolvers (re.X whitespace removed). Each applies only
// to strings starting with one of its characters, as in ruamel ('_' stays plain, '-_' is an int).
const IMPLICIT: [string, RegExp][] = [
  ['tTfF', /^(?:true|True|TRUE|false|False|FALSE)$/],
  [
    '-+0123456789.',
    /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  ],
  ['-+0123456789', /^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$/],
  ['<', /^(?:<<)$/],
  ['~nN', /^(?:~|null|Null|NULL)$/],
  [
    '0123456789',
    /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  ],
  ['=', /^(?:=)$/],
  ['!&*', /^(?:!|&|\*)$/],
];

/** True when ruamel would read the plain string back as something other than a string. */
function resolvesAsNonString(s: string): boolean {
  if (s === '') return true; // the null resolver's empty alternative
  return IMPLICIT.some(([first, re]) => first.includes(s[0]) && re.test(s));
}

const isBreak = (c: string | undefined): boolean =>
  c === '\n' || c === '\r' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlankz = (c: string | undefined): boolean =>
  c === undefined || c === ' ' || c === '\t' || c === '\0' || isBreak(c);

/** libyaml IS_PRINTABLE (astral code points are not printable to libyaml). */
function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0)!;
  return (
    cp === 0x0a ||
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff)
  );
}

interface Analysis {
  multiline: boolean;
  plain: boolean;
  singleQuoted: boolean;
}

/**
 * yaml_emitter_analyze_scalar, block context only: flow context never arises, because this data only
 * produces flow collections when they are empty (`[]`, `{}`).
 */
function analyzeScalar(chars: string[]): Analysis {
  if (chars.length === 0) return { multiline: false, plain: true, singleQuoted: true };
  const head = chars.slice(0, 3).join('');
  let indicators = head === '---' || head === '...';
  let lineBreaks = false,
    special = false,
    edges = false,
    breakSpace = false,
    spaceBreak = false;
  let prevSpace = false,
    prevBreak = false,
    precededByWs = true;
  let followedByWs = isBlankz(chars[1]);
  chars.forEach((c, i) => {
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c) || ('?:-'.includes(c) && followedByWs)) indicators = true;
    } else if ((c === ':' && followedByWs) || (c === '#' && precededByWs)) {
      indicators = true;
    }
    if (!isPrintable(c)) special = true;
    const brk = isBreak(c);
    if (brk) lineBreaks = true;
    if ((c === ' ' || brk) && (i === 0 || i === chars.length - 1)) edges = true;
    if (c === ' ' && prevBreak) breakSpace = true;
    if (brk && prevSpace) spaceBreak = true;
    prevSpace = c === ' ';
    prevBreak = brk;
    precededByWs = isBlankz(c);
    followedByWs = isBlankz(chars[i + 2]);
  });
  const quoted = breakSpace || spaceBreak || special;
  return { multiline: lineBreaks, plain: !(quoted || edges || lineBreaks || indicators), singleQuoted: !quoted };
}

const ESCAPES: Record<number, string> = {
  0x00: '0',
  0x07: 'a',
  0x08: 'b',
  0x09: 't',
  0x0a: 'n',
  0x0b: 'v',
  0x0c: 'f',
  0x0d: 'r',
  0x1b: 'e',
  0x22: '"',
  0x5c: '\\',
  0x85: 'N',
  0xa0: '_',
  0x2028: 'L',
  0x2029: 'P',
};

function escape(cp: number): string {
  if (ESCAPES[cp] !== undefined) return `\\${ESCAPES[cp]}`;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  return cp <= 0xffff ? `\\u${hex.padStart(4, '0')}` : `\\U${hex.padStart(8, '0')}`;
}

interface YamlState {
  mapping: boolean;
  simpleKey: boolean;
}

/** A port of the parts of libyaml's emitter that block-style JSON data reaches. */
class Emitter {
  private out = '';
  private column = 0;
  private whitespace = true;
  private indention = true;
  private indent = -1;
  private indents: number[] = [];
  private ctx: YamlState = { mapping: false, simpleKey: false };

  document(value: unknown): string {
    this.node(value, { mapping: false, simpleKey: false });
    this.writeIndent();
    return this.out;
  }

  /** Columns count code points, as libyaml counts characters. */
  private put(s: string): void {
    this.out += s;
    this.column += s.length === 1 ? 1 : [...s].length;
  }

  /** PUT_BREAK, or WRITE_BREAK for a non-newline break character (copied raw). */
  private putBreak(c = '\n'): void {
    this.out += c;
    this.column = 0;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  private writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  private indicator(text: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(text);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private node(value: unknown, ctx: YamlState): void {
    this.ctx = ctx;
    if (Array.isArray(value)) this.sequence(value);
    else if (isDict(value)) this.mapping(value);
    else if (typeof value === 'string') this.scalar(value, !resolvesAsNonString(value));
    else this.scalar(representScalar(value), true);
  }

  /** An empty flow collection; its increase/restore of indent has no visible effect. */
  private emptyFlow(open: string, close: string): void {
    this.indicator(open, true, true, false);
    this.indicator(close, false, false, false);
  }

  private sequence(items: unknown[]): void {
    if (items.length === 0) return this.emptyFlow('[', ']');
    this.increaseIndent(false, this.ctx.mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.indicator('-', true, false, true);
      this.node(item, { mapping: false, simpleKey: false });
    }
    this.indent = this.indents.pop()!;
  }

  private mapping(map: Record<string, unknown>): void {
    const keys = Object.keys(map).sort(comparePy);
    if (keys.length === 0) return this.emptyFlow('{', '}');
    this.increaseIndent(false, false);
    for (const key of keys) {
      this.writeIndent();
      if (isSimpleKey(key)) {
        this.node(key, { mapping: true, simpleKey: true });
        this.indicator(':', false, false, false);
      } else {
        this.indicator('?', true, false, true);
        this.node(key, { mapping: true, simpleKey: false });
        this.writeIndent();
        this.indicator(':', true, false, true);
      }
      this.node(map[key], { mapping: true, simpleKey: false });
    }
    this.indent = this.indents.pop()!;
  }

  private scalar(text: string, plainImplicit: boolean): void {
    const chars = [...text];
    const a = analyzeScalar(chars);
    // select_scalar_style; its multi-line/empty simple-key rules cannot fire (see isSimpleKey, and ''
    // is never plain-implicit), so: plain if allowed, else 'single', else "double".
    const quoted = !a.plain || !plainImplicit;
    const style = !quoted ? 'plain' : a.singleQuoted ? 'single' : 'double';
    this.increaseIndent(true, false);
    const breaks = !this.ctx.simpleKey;
    if (style === 'double') this.writeDouble(chars, breaks);
    else this.writePlainOrSingle(chars, breaks, style === 'single');
    this.indent = this.indents.pop()!;
  }

  /** yaml_emitter_write_plain_scalar and write_single_quoted_scalar (identical but for quoting). */
  private writePlainOrSingle(chars: string[], allowBreaks: boolean, single: boolean): void {
    if (single) this.indicator("'", true, false, false);
    else if (!this.whitespace && chars.length > 0) this.put(' ');
    let spaces = false;
    let breaks = false;
    chars.forEach((c, i) => {
      if (c === ' ') {
        const inner = !single || (i !== 0 && i !== chars.length - 1);
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && inner && chars[i + 1] !== ' ') this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === '\n') this.putBreak();
        this.putBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(single && c === "'" ? "''" : c);
        this.indention = false;
        spaces = breaks = false;
      }
    });
    if (single && breaks) this.writeIndent();
    if (single) this.indicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeDouble(chars: string[], allowBreaks: boolean): void {
    this.indicator('"', true, false, false);
    let spaces = false;
    chars.forEach((c, i) => {
      const cp = c.codePointAt(0)!;
      if (!isPrintable(c) || cp === 0xfeff || isBreak(c) || c === '"' || c === '\\') {
        this.put(escape(cp));
        spaces = false;
      } else if (c === ' ') {
        const inner = i !== 0 && i !== chars.length - 1;
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && inner) {
          this.writeIndent();
          if (chars[i + 1] === ' ') this.put('\\');
        } else {
          this.put(c);
        }
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    });
    this.indicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
}

/** yaml_emitter_check_simple_key: single-line and at most 128 UTF-8 bytes. */
function isSimpleKey(key: string): boolean {
  return !analyzeScalar([...key]).multiline && Buffer.byteLength(key, 'utf8') <= 128;
}

/** SafeRepresenter for non-string scalars: null, true/false, int str(), float repr().lower(). */
function representScalar(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
  return isPyNumber(value) ? pyNumber(value).toLowerCase() : String(value ?? null);
}

/** json.dumps(value, ensure_ascii=False) for the scalar types YAMLDumper routes to JSON. */
function jsonScalar(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  return isPyNumber(value) ? pyJsonNumberText(value) : String(value ?? null);
}

/**
 * `--output yaml` for one document (the response after --query). Returns '' for an empty mapping
 * (YAMLFormatter prints nothing for `{}`); top-level scalars are JSON (`"text"`, `null`, `1.5`, `true`).
 */
export function formatYaml(data: unknown): string {
  if (isDict(data) && Object.keys(data).length === 0) return '';
  if (!Array.isArray(data) && !isDict(data)) return `${jsonScalar(data)}\n`;
  return new Emitter().document(data);
}

/**
 * `--output yaml-stream`: the bytes written for ONE page. StreamedYAMLFormatter dumps `[page]` per
 * page, so every page is a one-item top-level sequence (`- Key: value\n  Other: 1\n`) and the pages
 * concatenate into one YAML list. Scalar pages are YAML here (`- text\n`), `{}` is `- {}\n`.
 */
export function formatYamlStreamDocument(data: unknown): string {
  return new Emitter().document([data]);
}
