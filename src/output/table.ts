/**
 * `--output table`, a port of AWS CLI v2 awscli/formatter.py TableFormatter (which decides the
 * sections) and awscli/table.py MultiTable (which renders them). Widths are counted with
 * displayWidth (W/F/A code points are 2 columns) on undecorated text, so styling never shifts columns.
 */
import { keysOf } from '../core/keys.js';
import { PyFloat } from '../core/pynum.js';
import { comparePy, isDict, isScalar, pyStr, pyTypeName } from './text.js';
import { displayWidth } from './width.js';

/**
 * String decorators (identity when omitted). AWS CLI v2's own colour styler (--color on) leaves
 * titles and headers plain and colours `row` elements and the `indent` bars; `afterWrite` is
 * appended after every low-level write, to reproduce colorama's autoreset (`\x1b[0m`) if wanted.
 */
export interface TableStyle {
  title?(s: string): string;
  header?(s: string): string;
  row?(s: string): string;
  indent?(s: string): string;
  afterWrite?: string;
}

const RESET = '\x1b[0m';

/**
 * The exact bytes of AWS CLI v2 `--color on` (ColorizedStyler + colorama autoreset): rows bright
 * blue, indentation bars dim yellow, titles/headers plain, and a reset after every write().
 */
export const AWS_COLOR_STYLE: TableStyle = {
  row: (s) => `\x1b[1m\x1b[34m${s}${RESET}`,
  indent: (s) => `\x1b[2m\x1b[33m${s}${RESET}`,
  afterWrite: RESET,
};

class Section {
  headers: string[] = [];
  rows: string[][] = [];
  maxWidths: number[] = [];
  private numCols: number | null = null;

  /** title null is Python's None: not rendered, but str(None) still counts 4 columns of width. */
  constructor(
    public title: string | null = '',
    public indentLevel = 0,
  ) {}

  addHeader(headers: string[]): void {
    this.updateMaxWidths(headers);
    if (this.numCols === null) this.numCols = headers.length;
    this.headers = headers;
  }

  addRow(row: unknown[]): void {
    if (this.numCols === null) this.numCols = row.length;
    if (row.length !== this.numCols) {
      throw new Error(`Row should have ${this.numCols} elements, instead it has ${row.length}`);
    }
    const cells = row.map(pyStr);
    this.rows.push(cells);
    this.updateMaxWidths(cells);
  }

  private updateMaxWidths(row: string[]): void {
    if (this.maxWidths.length === 0) return void (this.maxWidths = row.map(displayWidth));
    row.forEach((el, i) => {
      if (i >= this.maxWidths.length) throw new Error('list index out of range');
      this.maxWidths[i] = Math.max(displayWidth(el), this.maxWidths[i]);
    });
  }

  /** Column widths (+padding) scaled to fill maxWidth exactly, as Section.calculate_column_widths. */
  columnWidths(padding: number, maxWidth: number): number[] {
    const unscaled = this.maxWidths.map((w) => w + padding);
    if (unscaled.length === 0) return unscaled;
    const scale = maxWidth / unscaled.reduce((a, b) => a + b, 0);
    const scaled = unscaled.map((w) => pyRound(scale * w));
    let offBy = scaled.reduce((a, b) => a + b, 0) - maxWidth;
    while (offBy !== 0) {
      const order = scaled.map((_, i) => i);
      if (offBy < 0) order.reverse();
      for (const i of order) {
        scaled[i] += offBy > 0 ? -1 : 1;
        offBy += offBy > 0 ? -1 : 1;
        if (offBy === 0) break;
      }
    }
    return scaled;
  }

  /** Section.total_width(padding=4, with_border=True, outer_padding=indent_level) */
  totalWidth(): number {
    const frame = 2 + this.indentLevel * 2;
    return Math.max(
      displayWidth(pyStr(this.title)) + frame,
      this.maxWidths.reduce((sum, w) => sum + w + 4, frame),
    );
  }
}

/** Python 3 round(): half to even. */
function pyRound(x: number): number {
  const f = Math.floor(x);
  const diff = x - f;
  if (diff !== 0.5) return diff > 0.5 ? f + 1 : f;
  return f % 2 === 0 ? f : f + 1;
}

/** Python truthiness of a JSON value. */
function isFalsy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isDict(v)) return Object.keys(v).length === 0;
  return v === null || v === undefined || v === false || v === 0 || v === '' || (v instanceof PyFloat && v.value === 0);
}

/**
 * Split a structure's keys into sorted scalar-valued keys and sorted non-scalar keys. Python iterates
 * whatever it is given: an empty list or string yields no keys, anything else non-dict raises.
 */
function groupScalarKeys(current: unknown): [string[], string[]] {
  if ((Array.isArray(current) && current.length === 0) || current === '') return [[], []];
  if (!isDict(current)) throw new TypeError(`cannot read keys of a ${pyTypeName(current)} in a list of structures`);
  const headers = keysOf(current).filter((k) => isScalar(current[k]));
  const more = keysOf(current).filter((k) => !isScalar(current[k]));
  return [headers.sort(comparePy), more.sort(comparePy)];
}

/** Turns a response into sections, exactly as TableFormatter._build_table walks it. */
class Builder {
  sections: Section[] = [];
  /** The section rows go to; build() always opens one first because the top-level title is a string. */
  private current!: Section;

  private newSection(title: string | null, indentLevel: number): void {
    this.current = new Section(title, indentLevel);
    this.sections.push(this.current);
  }

  build(title: string | null, current: unknown, indentLevel = 0): boolean {
    if (isFalsy(current)) return false;
    if (title !== null) this.newSection(title, indentLevel);
    if (Array.isArray(current)) {
      if (isDict(current[0])) this.fromList(current, indentLevel, title);
      else for (const item of current) this.listItem(item);
    }
    if (isDict(current)) this.fromDict(current, indentLevel);
    return true;
  }

  private listItem(item: unknown): void {
    if (isScalar(item)) this.current.addRow([item]);
    else if (isDict(item))
      this.current.addRow(keysOf(item)); // Python iterates a dict's keys
    else if ((item as unknown[]).every(isScalar)) this.current.addRow(item as unknown[]);
    else this.build(null, item);
  }

  private fromDict(current: Record<string, unknown>, indentLevel: number): void {
    const [headers, more] = groupScalarKeys(current);
    if (headers.length === 1) {
      this.current.addRow([headers[0], current[headers[0]]]);
    } else if (headers.length > 0) {
      this.current.addHeader(headers);
      this.current.addRow(headers.map((k) => current[k]));
    }
    for (const key of more) this.build(key, current[key], indentLevel + 1);
  }

  private fromList(current: unknown[], indentLevel: number, title: string | null): void {
    const groups = current.map(groupScalarKeys);
    const headers = [...new Set(groups.flatMap((g) => g[0]))].sort(comparePy);
    const more = [...new Set(groups.flatMap((g) => g[1]))].sort(comparePy);
    this.current.addHeader(headers);
    current.forEach((element, index) => {
      if (!isDict(element) && headers.length > 0)
        throw new TypeError(`'${pyTypeName(element)}' object has no attribute 'get'`);
      const el = (isDict(element) ? element : {}) as Record<string, unknown>;
      if (index > 0 && more.length > 0) {
        this.newSection(title, indentLevel);
        this.current.addHeader(headers);
      }
      this.current.addRow(headers.map((h) => (Object.hasOwn(el, h) ? el[h] : '')));
      for (const key of more) if (Object.hasOwn(el, key)) this.build(key, el[key], indentLevel + 1);
    });
  }
}

/** awscli.table.center_text */
function centerText(text: string, length: number, left: string, right: string, textLength: number): string {
  const charStart = Math.floor(length / 2) - Math.floor(textLength / 2) - 1;
  const soFar = displayWidth(left) + charStart + textLength;
  const rightSpaces = length - displayWidth(right) - soFar;
  return `${left}${' '.repeat(Math.max(0, charStart))}${text}${' '.repeat(Math.max(0, rightSpaces))}${right}`;
}

/** awscli.table.align_left (left padding 2) */
function alignLeft(text: string, length: number, left: string, right: string, textLength: number): string {
  const computed = textLength + 2 + displayWidth(left) + displayWidth(right);
  const padding = length - computed >= 0 ? 2 : 0;
  const soFar = left.length + padding + textLength;
  return `${left}${' '.repeat(padding)}${text}${' '.repeat(Math.max(0, length - soFar - right.length))}${right}`;
}

/** Replays the exact write() calls MultiTable makes, so a per-write suffix can be reproduced. */
class Renderer {
  out = '';
  private readonly st: Required<Omit<TableStyle, 'afterWrite'>>;
  private readonly suffix: string;

  constructor(style: TableStyle) {
    const id = (s: string): string => s;
    this.st = {
      title: style.title ?? id,
      header: style.header ?? id,
      row: style.row ?? id,
      indent: style.indent ?? id,
    };
    this.suffix = style.afterWrite ?? '';
  }

  private emit(...writes: string[]): void {
    for (const w of writes) this.out += w + this.suffix;
  }

  render(sections: Section[], terminalWidth: number): void {
    const widest = (): number => sections.reduce((max, s) => Math.max(max, s.totalWidth()), 0);
    let maxWidth = widest();
    if (maxWidth > terminalWidth) {
      convertToVertical(sections);
      maxWidth = widest();
    }
    this.emit(`${'-'.repeat(maxWidth)}\n`);
    for (const section of sections) this.renderSection(section, maxWidth);
  }

  /** IndentedStream.write: indent bars, the text, and the right bars before its newline. */
  private write(section: Section, text: string): void {
    const bars = this.st.indent('|').repeat(section.indentLevel);
    if (text.endsWith('\n')) this.emit(bars, text.slice(0, -1), bars, '\n');
    else this.emit(bars, text);
  }

  private renderSection(section: Section, fullWidth: number): void {
    const maxWidth = fullWidth - section.indentLevel * 2;
    if (section.title) {
      const title = this.st.title(section.title);
      this.write(section, `${centerText(title, maxWidth, '|', '|', displayWidth(section.title))}\n`);
      if (section.headers.length === 0 && section.rows.length === 0) {
        this.write(section, `+${'-'.repeat(Math.max(0, maxWidth - 2))}+\n`);
      }
    }
    if (section.headers.length > 0) this.renderHeaders(section, maxWidth);
    if (section.rows.length > 0) this.renderRows(section, maxWidth);
  }

  private renderHeaders(section: Section, maxWidth: number): void {
    const widths = section.columnWidths(4, maxWidth);
    const cells = zip(widths, section.headers).map(([w, h], i) =>
      centerText(this.st.header(h), w, i === 0 ? '|' : '', '|', displayWidth(h)),
    );
    this.lineBreak(section, widths);
    this.write(section, `${cells.join('')}\n`);
  }

  private renderRows(section: Section, maxWidth: number): void {
    const widths = section.columnWidths(4, maxWidth);
    if (widths.length === 0) return;
    this.lineBreak(section, widths);
    for (const row of section.rows) {
      const cells = zip(widths, row).map(([w, el], i) =>
        alignLeft(this.st.row(el), w, i === 0 ? '|' : '', '|', displayWidth(el)),
      );
      this.write(section, `${cells.join('')}\n`);
    }
    this.lineBreak(section, widths);
  }

  private lineBreak(section: Section, widths: number[]): void {
    const parts = widths.map((w, i) =>
      i === 0 ? `+${'-'.repeat(Math.max(0, w - 2))}+` : `${'-'.repeat(Math.max(0, w - 1))}+`,
    );
    this.write(section, `${parts.join('')}\n`);
  }
}

function zip<A, B>(a: A[], b: B[]): [A, B][] {
  return a.slice(0, Math.min(a.length, b.length)).map((x, i) => [x, b[i]]);
}

/** Too wide for the terminal: single-row sections with headers become key/value rows. */
function convertToVertical(sections: Section[]): void {
  sections.forEach((section, i) => {
    if (section.rows.length !== 1 || section.headers.length === 0) return;
    const vertical = new Section(section.title, section.indentLevel);
    zip(section.headers, section.rows[0]).forEach((pair) => vertical.addRow(pair));
    sections[i] = vertical;
  });
}

/**
 * Renders `data` (the response after --query) as AWS CLI v2 `--output table` titled `title` (the
 * operation name, e.g. "DescribeLaunchConfigurations"). Falsy data (null, false, 0, "", [], {})
 * renders nothing, like the AWS CLI.
 */
export function formatTable(
  title: string,
  data: unknown,
  style: TableStyle = {},
  options: { /** the terminal's width; AWS uses 80 when stdout is not a terminal */ terminalWidth?: number } = {},
): string {
  const builder = new Builder();
  if (!builder.build(title, data)) return '';
  const renderer = new Renderer(style);
  renderer.render(builder.sections, options.terminalWidth ?? 80);
  return renderer.out;
}
