/**
 * The sample output of --generate-cli-skeleton output. Like the AWS CLI's, strings are the member's name
 * and every member is present; unlike the AWS CLI 2.9's (which fails its own validation with
 * `valid min value: 1`), every value satisfies the model's constraints: enum values, patterns, lengths,
 * numeric ranges and list sizes; a timestamp is the epoch, in the form of the service's other timestamps
 * (`1970-01-01T00:00:00+00:00` for the AWS services, `1970-01-01T00:00:00.000Z` for a v2 date-time string).
 */
import { PyFloat } from '../core/pynum.js';
import type { Shape, StringShape } from '../models/shapes.js';
import { checkConstraints } from '../models/validate.js';

/** Walks a regular expression's source, producing the shortest simple match it can. */
class RegexSampler {
  private i = 0;

  constructor(private readonly src: string) {}

  /** First alternative of each group, first character of each class, minimum repetitions. */
  alternatives(): string {
    const first = this.sequence();
    while (this.src[this.i] === '|') {
      this.i++;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const piece = this.atom();
      out += piece.repeat(this.repetitions());
    }
    return out;
  }

  private atom(): string {
    const c = this.src[this.i++]!;
    if (c === '(') {
      if (this.src.startsWith('?:', this.i)) this.i += 2;
      const inner = this.alternatives();
      this.i++; // ')'
      return inner;
    }
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    if (c === '^' || c === '$') return '';
    return c === '.' ? 'a' : c;
  }

  private escape(): string {
    const c = this.src[this.i++];
    if (c === 'd') return '0';
    if (c === 'w') return 'a';
    if (c === 's') return ' ';
    if (c !== 'u') return c ?? '';
    const braced = this.src[this.i] === '{';
    const hex = braced ? this.src.slice(this.i + 1, this.src.indexOf('}', this.i)) : this.src.slice(this.i, this.i + 4);
    this.i += braced ? hex.length + 2 : 4;
    return String.fromCodePoint(parseInt(hex, 16));
  }

  private charClass(): string {
    const start = this.i;
    while (this.i < this.src.length && this.src[this.i] !== ']') this.i += this.src[this.i] === '\\' ? 2 : 1;
    const body = this.src.slice(start, this.i++);
    if (body.startsWith('^')) {
      const negated = new RegExp(`^[${body}]$`, 'u');
      return ['a', 'x', '0', '_', ' ', '~'].find((c) => negated.test(c)) ?? '';
    }
    return body.startsWith('\\') ? new RegexSampler(body.slice(1)).escape() : (body[0] ?? '');
  }

  private repetitions(): number {
    const c = this.src[this.i];
    let min = 1;
    if (c === '*' || c === '?') min = 0;
    else if (c === '{') {
      const end = this.src.indexOf('}', this.i);
      min = Number(this.src.slice(this.i + 1, end).split(',')[0]);
      this.i = end;
    } else if (c !== '+') return 1;
    this.i++;
    if (this.src[this.i] === '?' || this.src[this.i] === '+') this.i++; // lazy or possessive
    return min;
  }
}

/** A short string the pattern matches (undefined for a pattern it cannot read). */
export function regexSample(pattern: string): string | undefined {
  try {
    return new RegexSampler(pattern).alternatives();
  } catch {
    return undefined;
  }
}

/** `text` cut or padded (with its last character) to the shape's length bounds. */
function fit(text: string, shape: StringShape): string {
  const min = shape.min ?? 0;
  const chars = Array.from(text);
  if (shape.max !== undefined && chars.length > shape.max) return chars.slice(0, shape.max).join('');
  return chars.length >= min ? text : text + (chars[chars.length - 1] ?? 'x').repeat(min - chars.length);
}

/** A date-time string's sample: the epoch, written as the v2 API writes every timestamp. */
const EPOCH_DATE_TIME = new Date(0).toISOString();

function sampleString(shape: StringShape, name: string): string {
  if (shape.enum) return shape.enum[0]!;
  if (shape.format === 'date-time') return EPOCH_DATE_TIME;
  const fromPattern = shape.pattern ? regexSample(shape.pattern) : undefined;
  const candidates = [name || 'string', name.toLowerCase(), fromPattern, 'x'].filter((c): c is string => !!c);
  const valid = candidates.map((c) => fit(c, shape)).find((c) => checkConstraints(shape, c).length === 0);
  return valid ?? fit(candidates[0]!, shape);
}

export function outputSample(shape: Shape, name = ''): unknown {
  switch (shape.type) {
    case 'string':
      return sampleString(shape, name);
    case 'integer':
      return shape.min ?? (shape.max !== undefined && shape.max < 0 ? shape.max : 0);
    case 'double':
      // A float, printed as one (0.0) and seen as one by --query.
      return new PyFloat(shape.min ?? (shape.max !== undefined && shape.max < 0 ? shape.max : 0));
    case 'boolean':
      return true;
    case 'timestamp':
      return new Date(0);
    case 'blob':
      return '';
    case 'list':
      return Array.from({ length: Math.max(1, shape.min ?? 0) }, () => outputSample(shape.member, name));
    case 'map':
      return { KeyName: outputSample(shape.value, 'KeyName') };
    case 'structure': {
      const out: Record<string, unknown> = {};
      for (const [key, member] of Object.entries(shape.members)) out[key] = outputSample(member, key);
      return out;
    }
  }
}
