import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  comparePy,
  isDict,
  isScalar,
  pyStr,
  pyTypeName
} from "./chunk-VSIUF3F2.js";
import "./chunk-3LCBX7RT.js";
import {
  PyFloat
} from "./chunk-4W72ZHQN.js";
import {
  keysOf
} from "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/output/width.ts
var PACKED = "4h,2,2.1,1,2.1,1.4,1.4,1.3,6,9,6.1,5.3,4,1.2,1.1,2,1.1,3.3,1,1,2,f,1,7,a.1,3,5.2,4,6.3,1,3.3,1,4.1,i.1,3,2q,1,1,1,1,1,1,1,38,f,2q,2,1.2,1,2,7.3,1,1,w.33,8.1,6.3,7,1,3.o,7.g,1.6,1j,e.1r,1,66,12.1,1e.1,3,1j.7,r.3,6.a,7i,1o.1,2t.d,1n.1,1d.1,f,s.1,1,b.4,v,2.5,6k,8.1,2.1,m,7,1.2,4.1,9.1,2.1,4.7,1.3,2,5.1,p.1,3,6.3,2.1,m,7,2,2,2.1,1,5.3,2.1,3.2,1.6,4,1.6,h.9,3,9,3,m,7,2,5.1,a,3,3.1,1.e,4.1,c.6,7,3,8.1,2.1,m,7,2,5.1,9.1,2.1,3.6,3.3,2,5.1,i.9,2,6.2,3,4.2,2,1,2.2,2.2,3.2,c.3,5.2,3,4.1,1.5,1.d,l.4,d,3,n,g.1,9,3,4.6,2,3.1,1.1,4.1,a.6,m,3,n,a,5.1,9,3,4.6,2.5,2,4.1,a,2.c,d,3,1f,3,6.3,g.1,q,3,i.2,o,9,1.1,7.2,1.3,6,1,8.5,a.1,3.b,1m.3,t.10,2,1,5,o,1,n.1,5,1,6.1,a.1,4.v,20,10.3,13,10,f,d.10,5i,1.4,1.1,1c.2n,6h,4.1,7,1,4.1,15,4.1,x,4.1,7,1,4.1,f,1l,4.1,1v.1,w.2,q.5,2e.1,6.1,il.2,2h.6,m.8,o.8,k.b,d,3,2.b,2m.1,a.5,a.5,q.5,2h.6,17.4,1y.9,v,c.3,c.3,1.2,16.1,5.a,18.3,q.5,b.2,1q.1,1t,t.1,b.5,a.5,e.1,v.1c,25.2,1b,38.7,1o.2,f.2,1o.6,17.1,b.7,17.4,eu.1,6.1,12.1,6.1,8,1,1,1,v.1,1h,f,e.1,6,j.1,3,9,g,2.3,1.1,2.1,2.2,1.3,8,1.1,1,5,2,12,c.2,a,1.3,a,d.2,c,k.e,x.e,3,1,3,9,2,a.1,3,4,13.1,6.3,1.b,4.9,f,2.d,u.1,o,1,i,o,1.1,3.1,2,3,1,3,4,2.3,2,1,1.5,1,5.3,4.1,a,3,5,d.1,2.3,2.1,2.1,i.1,2.1,d,3,b,p,2a,7.1,d.1,5a.3,3,2,1f.o,b.4e,1.2o,4.z,c.f,2.3,a.1,1.6,8.1,2.1,4.1,2.1,4.2,2,2.3,g.3,9,d.1,6.1,2,4.1,4.1,6,1,x,1,5.b,c.1,1.2,1.3,1.1,1,f,j,a.1,1,8.1,h.2,4.t,1,4.n,5,4.1,s,k,e,1,4.2,1,u.9,l.2,o,e,nv.1,1f,4.4,q.1,w,9p.4,19,1.4,1.1,1k.6,2.d,o.8,7,7,7,7,7,7,7,7,3i.dc,1.5tr,1s.h5b,9o.j,54.7,5n.4,2,1,5.n,1n.2,a.5,1k.7,1y.7,c.5,38.a,1.v,26,b.3,x,1j.8,e.1,a.1,2v.n,s.9,6.1,6.1,6.8,7,7,1o.3,3i.1,a.8mt,n.3,1d.3,1kw.5bz,7.b,5.4,q,5,1,2,2,3h.f,cd.1,1i.6,1.v,g.v,g.1r,5,3r.1,1.2o,2m.2,6.1,6.1,6.1,3.a,7.9,4.2,c,q,j,2,f.1,e.x,3f.4,3.3,19.2,2g,d.2,1.1a,1a.3l,t.2,1d.e,s.3,10.8,u.4,17.4,u,11.3,e.15,4e.1,a.5,10.3,10.3,14.7,1g.a,c,f,7,2,b,f,7,2.1u,8n.8,m.9,8.n,6,16,9.1w,6.1,1,18,2.2,1.1,n,20.7,9.1b,j,2.4,x.2,r.4,1.1r,1k.3,k.1,1e,2.4,8,3,t.1,3.3,a.6,9.6,1s.v,13.3,c.8,1i.2,t.1,r.4,q.6,4.b,7.27,21.1i,1f.c,1f.6,1a.7,a.85,v,16,3.1,2.25,14.7,16.l,q.11,s.j,n.8,26.3,10.8,1w.9,1.1,p.6,a.5,1h,i.7,13.8,2o,k.a,i,18.1s,7,1,4,f,b.5,1n.4,a.5,4,8.1,2.1,m,7,2,5,a.1,2.1,3.1,1.5,1.4,7.1,7.2,5.3u,2k,5.t,20.7,a.4l,1i.1,12.x,1x.a,a.5,d.i,1m.5,a.1h,r.1,f.3,n.54,1o.2r,2b.b,8.1,1.1,8,2,u,2.1,c.8,a.1x,8.1,1a.1,b.q,20.7,2b.c,21.7a,9,19,e.9,t.2,w.1,m,e.20,7,2,18.2,1,2,9.7,a.5,6,2,11,2,6.6,a.8l,p.52,1.e,1e.c,pn.2t,33,5.a,5g.217,2r.c,tr,9.346,g7.6ns,ft.6,v,a.3,29,a.5,u.1,6.9,1y.9,a,7,l.4,j.j3,2j.2s,23.3,1l.6,h.f33,2z.4,d.2,9.6,a.1,8.3mj,1a.1,n.8,38.1n,6u.9,13.1,5e.k,1y.49,k.b,2f.8,p.3q,2d,1z,2.1,1.1,2.1,4,c,1,7,1t,4.1,8,7,s,4,5,1.2,7,9g.1,84.1,ji.e,5,f.un,v.68,7,h.1,7,2,5.5w,19.2,e.1,a.3,2.8v,v.g,1m.4,1.yn,7,4,2,f,5h.1,g.14,24.3,a.3,2.ls,1w.23,1p.5d,4,r,2,1.1,1,a,4,1,1.5,1.3,1,1,1,3,2,1.1,1,1,1,1,1,2,1.1,4,7,4,4,1,a,h.4,3,5,h.1f,2.7h,4,13.3,2s.b,f.1,f,e.1,11.k,5.t,2.1l,6.1o,1.1j,q.80,c.8,1.1x,1.l,c.16,4.4,c.g,3,3.1y,1,1.56,2.1q,d.3,1.n,i,q.1,d,2e.2c,1c.1x,6,3.2,2.a,b.4,4.b,38.b,2h.12,c.3,1k.7,a.5,14.7,u.1,2.25,c.1a,1.9,1.54,2c.b,e.41,43,1j.10,a.gvly,1.t,2o.47lr";
var starts;
var ends;
function unpack() {
  const parts = PACKED.split(",");
  starts = new Uint32Array(parts.length);
  ends = new Uint32Array(parts.length);
  let prev = -1;
  parts.forEach((part, i) => {
    const [gap, len = "0"] = part.split(".");
    const start = prev + 1 + parseInt(gap, 36);
    prev = start + parseInt(len, 36);
    starts[i] = start;
    ends[i] = prev;
  });
}
function isDoubleWidth(codePoint) {
  if (codePoint < 161) return false;
  if (!starts || !ends) unpack();
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >> 1;
    if (codePoint < starts[mid]) hi = mid - 1;
    else if (codePoint > ends[mid]) lo = mid + 1;
    else return true;
  }
  return false;
}
function displayWidth(s) {
  let width = 0;
  for (const ch of s) width += isDoubleWidth(ch.codePointAt(0)) ? 2 : 1;
  return width;
}

// src/output/table.ts
var RESET = "\x1B[0m";
var AWS_COLOR_STYLE = {
  row: (s) => `\x1B[1m\x1B[34m${s}${RESET}`,
  indent: (s) => `\x1B[2m\x1B[33m${s}${RESET}`,
  afterWrite: RESET
};
var Section = class {
  /** title null is Python's None: not rendered, but str(None) still counts 4 columns of width. */
  constructor(title = "", indentLevel = 0) {
    this.title = title;
    this.indentLevel = indentLevel;
  }
  title;
  indentLevel;
  headers = [];
  rows = [];
  maxWidths = [];
  numCols = null;
  addHeader(headers) {
    this.updateMaxWidths(headers);
    if (this.numCols === null) this.numCols = headers.length;
    this.headers = headers;
  }
  addRow(row) {
    if (this.numCols === null) this.numCols = row.length;
    if (row.length !== this.numCols) {
      throw new Error(`Row should have ${this.numCols} elements, instead it has ${row.length}`);
    }
    const cells = row.map(pyStr);
    this.rows.push(cells);
    this.updateMaxWidths(cells);
  }
  updateMaxWidths(row) {
    if (this.maxWidths.length === 0) return void (this.maxWidths = row.map(displayWidth));
    row.forEach((el, i) => {
      if (i >= this.maxWidths.length) throw new Error("list index out of range");
      this.maxWidths[i] = Math.max(displayWidth(el), this.maxWidths[i]);
    });
  }
  /** Column widths (+padding) scaled to fill maxWidth exactly, as Section.calculate_column_widths. */
  columnWidths(padding, maxWidth) {
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
  totalWidth() {
    const frame = 2 + this.indentLevel * 2;
    return Math.max(
      displayWidth(pyStr(this.title)) + frame,
      this.maxWidths.reduce((sum, w) => sum + w + 4, frame)
    );
  }
};
function pyRound(x) {
  const f = Math.floor(x);
  const diff = x - f;
  if (diff !== 0.5) return diff > 0.5 ? f + 1 : f;
  return f % 2 === 0 ? f : f + 1;
}
function isFalsy(v) {
  if (Array.isArray(v)) return v.length === 0;
  if (isDict(v)) return Object.keys(v).length === 0;
  return v === null || v === void 0 || v === false || v === 0 || v === "" || v instanceof PyFloat && v.value === 0;
}
function groupScalarKeys(current) {
  if (Array.isArray(current) && current.length === 0 || current === "") return [[], []];
  if (!isDict(current)) throw new TypeError(`cannot read keys of a ${pyTypeName(current)} in a list of structures`);
  const headers = keysOf(current).filter((k) => isScalar(current[k]));
  const more = keysOf(current).filter((k) => !isScalar(current[k]));
  return [headers.sort(comparePy), more.sort(comparePy)];
}
var Builder = class {
  sections = [];
  /** The section rows go to; build() always opens one first because the top-level title is a string. */
  current;
  newSection(title, indentLevel) {
    this.current = new Section(title, indentLevel);
    this.sections.push(this.current);
  }
  build(title, current, indentLevel = 0) {
    if (isFalsy(current)) return false;
    if (title !== null) this.newSection(title, indentLevel);
    if (Array.isArray(current)) {
      if (isDict(current[0])) this.fromList(current, indentLevel, title);
      else for (const item of current) this.listItem(item);
    }
    if (isDict(current)) this.fromDict(current, indentLevel);
    return true;
  }
  listItem(item) {
    if (isScalar(item)) this.current.addRow([item]);
    else if (isDict(item))
      this.current.addRow(keysOf(item));
    else if (item.every(isScalar)) this.current.addRow(item);
    else this.build(null, item);
  }
  fromDict(current, indentLevel) {
    const [headers, more] = groupScalarKeys(current);
    if (headers.length === 1) {
      this.current.addRow([headers[0], current[headers[0]]]);
    } else if (headers.length > 0) {
      this.current.addHeader(headers);
      this.current.addRow(headers.map((k) => current[k]));
    }
    for (const key of more) this.build(key, current[key], indentLevel + 1);
  }
  fromList(current, indentLevel, title) {
    const groups = current.map(groupScalarKeys);
    const headers = [...new Set(groups.flatMap((g) => g[0]))].sort(comparePy);
    const more = [...new Set(groups.flatMap((g) => g[1]))].sort(comparePy);
    this.current.addHeader(headers);
    current.forEach((element, index) => {
      if (!isDict(element) && headers.length > 0)
        throw new TypeError(`'${pyTypeName(element)}' object has no attribute 'get'`);
      const el = isDict(element) ? element : {};
      if (index > 0 && more.length > 0) {
        this.newSection(title, indentLevel);
        this.current.addHeader(headers);
      }
      this.current.addRow(headers.map((h) => Object.hasOwn(el, h) ? el[h] : ""));
      for (const key of more) if (Object.hasOwn(el, key)) this.build(key, el[key], indentLevel + 1);
    });
  }
};
function centerText(text, length, left, right, textLength) {
  const charStart = Math.floor(length / 2) - Math.floor(textLength / 2) - 1;
  const soFar = displayWidth(left) + charStart + textLength;
  const rightSpaces = length - displayWidth(right) - soFar;
  return `${left}${" ".repeat(Math.max(0, charStart))}${text}${" ".repeat(Math.max(0, rightSpaces))}${right}`;
}
function alignLeft(text, length, left, right, textLength) {
  const computed = textLength + 2 + displayWidth(left) + displayWidth(right);
  const padding = length - computed >= 0 ? 2 : 0;
  const soFar = left.length + padding + textLength;
  return `${left}${" ".repeat(padding)}${text}${" ".repeat(Math.max(0, length - soFar - right.length))}${right}`;
}
var Renderer = class {
  out = "";
  st;
  suffix;
  constructor(style) {
    const id = (s) => s;
    this.st = {
      title: style.title ?? id,
      header: style.header ?? id,
      row: style.row ?? id,
      indent: style.indent ?? id
    };
    this.suffix = style.afterWrite ?? "";
  }
  emit(...writes) {
    for (const w of writes) this.out += w + this.suffix;
  }
  render(sections, terminalWidth) {
    const widest = () => sections.reduce((max, s) => Math.max(max, s.totalWidth()), 0);
    let maxWidth = widest();
    if (maxWidth > terminalWidth) {
      convertToVertical(sections);
      maxWidth = widest();
    }
    this.emit(`${"-".repeat(maxWidth)}
`);
    for (const section of sections) this.renderSection(section, maxWidth);
  }
  /** IndentedStream.write: indent bars, the text, and the right bars before its newline. */
  write(section, text) {
    const bars = this.st.indent("|").repeat(section.indentLevel);
    if (text.endsWith("\n")) this.emit(bars, text.slice(0, -1), bars, "\n");
    else this.emit(bars, text);
  }
  renderSection(section, fullWidth) {
    const maxWidth = fullWidth - section.indentLevel * 2;
    if (section.title) {
      const title = this.st.title(section.title);
      this.write(section, `${centerText(title, maxWidth, "|", "|", displayWidth(section.title))}
`);
      if (section.headers.length === 0 && section.rows.length === 0) {
        this.write(section, `+${"-".repeat(Math.max(0, maxWidth - 2))}+
`);
      }
    }
    if (section.headers.length > 0) this.renderHeaders(section, maxWidth);
    if (section.rows.length > 0) this.renderRows(section, maxWidth);
  }
  renderHeaders(section, maxWidth) {
    const widths = section.columnWidths(4, maxWidth);
    const cells = zip(widths, section.headers).map(
      ([w, h], i) => centerText(this.st.header(h), w, i === 0 ? "|" : "", "|", displayWidth(h))
    );
    this.lineBreak(section, widths);
    this.write(section, `${cells.join("")}
`);
  }
  renderRows(section, maxWidth) {
    const widths = section.columnWidths(4, maxWidth);
    if (widths.length === 0) return;
    this.lineBreak(section, widths);
    for (const row of section.rows) {
      const cells = zip(widths, row).map(
        ([w, el], i) => alignLeft(this.st.row(el), w, i === 0 ? "|" : "", "|", displayWidth(el))
      );
      this.write(section, `${cells.join("")}
`);
    }
    this.lineBreak(section, widths);
  }
  lineBreak(section, widths) {
    const parts = widths.map(
      (w, i) => i === 0 ? `+${"-".repeat(Math.max(0, w - 2))}+` : `${"-".repeat(Math.max(0, w - 1))}+`
    );
    this.write(section, `${parts.join("")}
`);
  }
};
function zip(a, b) {
  return a.slice(0, Math.min(a.length, b.length)).map((x, i) => [x, b[i]]);
}
function convertToVertical(sections) {
  sections.forEach((section, i) => {
    if (section.rows.length !== 1 || section.headers.length === 0) return;
    const vertical = new Section(section.title, section.indentLevel);
    zip(section.headers, section.rows[0]).forEach((pair) => vertical.addRow(pair));
    sections[i] = vertical;
  });
}
function formatTable(title, data, style = {}, options = {}) {
  const builder = new Builder();
  if (!builder.build(title, data)) return "";
  const renderer = new Renderer(style);
  renderer.render(builder.sections, options.terminalWidth ?? 80);
  return renderer.out;
}
export {
  AWS_COLOR_STYLE,
  formatTable
};
