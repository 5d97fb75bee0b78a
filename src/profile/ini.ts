/**
 * A tiny INI reader and editor for the config file: `[default]` and `[profile NAME]` sections of
 * `key = value` lines, `#` and `;` comments. Editing keeps every other line (comments, order) as it was.
 */

import { pyLstrip, pyStrip } from '../core/pytext.js';
import { echoJsonString, echoText } from '../core/input-rules.js';

/** A byte order mark opening the file is dropped, as every file svcctl reads drops it (docs/compat.md #423). */
function withoutMark(text: string): string {
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

/** The profile a section header names: `[default]` → default, `[profile dev]` → dev; others are ignored. */
export function profileOfHeader(header: string): string | undefined {
  const name = header.trim();
  if (name === 'default') return 'default';
  const m = /^profile\s+(.+)$/.exec(name);
  return m ? m[1]!.trim() : undefined;
}

interface Line {
  kind: 'header' | 'entry' | 'other';
  /** Section name as written (header lines). */
  header?: string;
  key?: string;
  value?: string;
}

function classify(line: string): Line {
  const t = pyStrip(line);
  if (t === '' || t.startsWith('#') || t.startsWith(';')) return { kind: 'other' };
  const h = /^\[([^\]]*)\]/.exec(t);
  if (h) return { kind: 'header', header: h[1]! };
  // Indented lines belong to a nested block (`s3 =` then `  key = value`): not ours, kept as they are.
  if (pyLstrip(line) !== line) return { kind: 'other' };
  const eq = t.search(/[=:]/);
  if (eq <= 0) return { kind: 'other' };
  return { kind: 'entry', key: pyStrip(t.slice(0, eq)).toLowerCase(), value: pyStrip(t.slice(eq + 1)) };
}

/** A line of an INI file that is neither a header, a setting, a comment nor a nested line (253, naming it). */
export class IniSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const shown = (line: string): string => echoJsonString(pyStrip(line));

export interface Sections {
  /** Section name as written (configparser's: untrimmed) → key (lower case) → value; each appears once. */
  values: Map<string, Map<string, string>>;
  /** `section\0key` → the 1-based line of the value. */
  lines: Map<string, number>;
  /** Section name → the 1-based line of its header. */
  headers: Map<string, number>;
  /**
   * `section\0key` → the `name = value` lines indented under the key (botocore's nested values, as a
   * `[services NAME]` section's `ecr =` then `  endpoint_url = …`).
   */
  nested: Map<string, Map<string, string>>;
}

/**
 * The file as Python's configparser reads it for botocore (strict, as botocore's RawConfigParser is),
 * strictly: a line that is not a `[section]` header, a `key = value` (or `key: value`) setting, a comment
 * or an indented line under a setting is an error naming the line, as is a setting before the first
 * header, a section header seen before (`section 'X' already exists`) or a key seen before in the same
 * section, in any case (`option 'k' in section 'X' already exists`: configparser's DuplicateSectionError
 * and DuplicateOptionError). botocore refuses such a file whole ("Unable to parse config file"); svcctl
 * says which line.
 */
export function parseSections(text: string): Sections {
  const values = new Map<string, Map<string, string>>();
  const lines = new Map<string, number>();
  const headers = new Map<string, number>();
  const nested = new Map<string, Map<string, string>>();
  let section: string | undefined;
  /** The setting the next more-indented line continues: its key, indent, and whether it opens a nested block. */
  let last: { id: string; section: string; key: string; indent: number; nested: boolean; parts: string[] } | undefined;
  const finish = () => {
    // configparser joins a value's lines with newlines and strips the blank ones at its end.
    if (last && !last.nested) values.get(last.section)!.set(last.key, last.parts.join('\n').replace(/\n+$/, ''));
    last = undefined;
  };
  // Python opens the file with universal newlines: CR, LF and CRLF each end a line.
  const body = withoutMark(text);
  body.split(/\r\n|\r|\n/).forEach((line, i) => {
    const t = pyStrip(line);
    if (t.startsWith('#') || t.startsWith(';')) return;
    if (t === '') {
      last?.parts.push(''); // a blank line inside a value is part of it, when more of the value follows
      return;
    }
    const indent = line.length - pyLstrip(line).length;
    if (last !== undefined && indent > last.indent) {
      if (!last.nested) {
        // `region = us-west-2` then `  eu-west-1`: one value of two lines, as configparser reads it.
        last.parts.push(t);
        return;
      }
      // A nested block (`s3 =` then `  key = value`), kept apart from the key's own value; botocore splits
      // each of its lines at `=` and cannot read a line without one.
      const at = t.indexOf('=');
      if (at <= 0) throw new IniSyntaxError(i + 1, `${shown(line)} is not a nested setting (key = value)`);
      const block = nested.get(last.id) ?? new Map<string, string>();
      block.set(pyStrip(t.slice(0, at)).toLowerCase(), pyStrip(t.slice(at + 1)));
      nested.set(last.id, block);
      return;
    }
    finish();
    if (t.startsWith('[')) {
      // configparser's header: from the first `[` to the last `]` of the line, as written; what follows is ignored.
      const h = /^\[(.+)\]/.exec(t);
      if (!h) throw new IniSyntaxError(i + 1, `${shown(line)} is not a section header ([name])`);
      section = h[1]!;
      // configparser's [DEFAULT] may open again: its keys go on, each still once.
      if (section === DEFAULT_SECTION && values.has(section)) return;
      const first = headers.get(section);
      if (first !== undefined)
        throw new IniSyntaxError(i + 1, `section ${echoText(section)} already exists (first at line ${first})`);
      headers.set(section, i + 1);
      values.set(section, new Map());
      return;
    }
    const at = t.search(/[=:]/);
    if (at <= 0) throw new IniSyntaxError(i + 1, `${shown(line)} is not a setting (key = value)`);
    if (section === undefined) throw new IniSyntaxError(i + 1, `${shown(line)} comes before any [section] header`);
    const key = pyStrip(t.slice(0, at)).toLowerCase();
    const first = lines.get(`${section}\0${key}`);
    if (first !== undefined)
      throw new IniSyntaxError(
        i + 1,
        `option ${echoText(key)} in section ${echoText(section)} already exists (first at line ${first})`,
      );
    const value = pyStrip(t.slice(at + 1));
    values.get(section)!.set(key, value);
    lines.set(`${section}\0${key}`, i + 1);
    last = { id: `${section}\0${key}`, section, key, indent, nested: value === '', parts: [value] };
  });
  finish();
  withDefaults(values, lines, headers, nested);
  return { values, lines, headers, nested };
}

/** configparser's default section: not a section of its own, its keys are every section's. */
const DEFAULT_SECTION = 'DEFAULT';

/**
 * configparser's `[DEFAULT]` (exactly so written): no section of its own (sections() leaves it out, so it
 * names no profile), but each of its keys is read in every other section that does not set it, as botocore
 * reads every option of a section (`[DEFAULT]` `region = eu-west-2` is the region of `[default]` and of
 * every `[profile NAME]`).
 */
function withDefaults(
  values: Sections['values'],
  lines: Sections['lines'],
  headers: Sections['headers'],
  nested: Sections['nested'],
): void {
  const defaults = values.get(DEFAULT_SECTION);
  if (defaults === undefined) return;
  values.delete(DEFAULT_SECTION);
  headers.delete(DEFAULT_SECTION);
  for (const [section, entries] of values) {
    for (const [key, value] of defaults) {
      if (entries.has(key)) continue;
      entries.set(key, value);
      lines.set(`${section}\0${key}`, lines.get(`${DEFAULT_SECTION}\0${key}`)!);
      const block = nested.get(`${DEFAULT_SECTION}\0${key}`);
      if (block) nested.set(`${section}\0${key}`, block);
    }
  }
  for (const key of defaults.keys()) {
    lines.delete(`${DEFAULT_SECTION}\0${key}`);
    nested.delete(`${DEFAULT_SECTION}\0${key}`);
  }
}

/** Profiles by name, and the line each value was read from. */
export class Profiles extends Map<string, Map<string, string>> {
  readonly lines = new Map<string, number>();
  /** The file's `[services NAME]` sections: NAME → service key (`ecr`) → its nested settings. */
  readonly services = new Map<string, Map<string, Map<string, string>>>();

  lineOf(profile: string, key: string): number | undefined {
    return this.lines.get(`${profile}\0${key}`);
  }
}

/**
 * Every profile with its settings (`[default]`, `[profile NAME]`; other sections are not profiles). Two
 * headers naming one profile (`[default]` and `[profile default]`, `[profile dev]` and `[profile  dev]`)
 * are refused as a duplicate section would be: which one holds would otherwise be a guess.
 */
export function parseProfiles(text: string): Profiles {
  const { values, lines, headers, nested } = parseSections(text);
  const profiles = new Profiles();
  const seen = new Map<string, string>();
  for (const [header, entries] of values) {
    const services = servicesOfHeader(header);
    if (services !== undefined) profiles.services.set(services, nestedOf(header, entries, nested));
    const name = profileOfHeader(header);
    if (name === undefined) continue;
    const other = seen.get(name);
    if (other !== undefined) {
      throw new IniSyntaxError(
        headers.get(header)!,
        `section ${echoText(header)} names profile ${echoText(name)}, as section ${echoText(other)} (line ${headers.get(other)}) does`,
      );
    }
    seen.set(name, header);
    for (const key of entries.keys()) profiles.lines.set(`${name}\0${key}`, lines.get(`${header}\0${key}`)!);
    profiles.set(name, entries);
  }
  return profiles;
}

/** `[services NAME]` → NAME. */
export function servicesOfHeader(header: string): string | undefined {
  return /^services\s+(.+)$/.exec(header.trim())?.[1]?.trim();
}

/** A section's nested blocks: key → its `name = value` lines. */
export function nestedOf(
  header: string,
  entries: Map<string, string>,
  nested: Sections['nested'],
): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const key of entries.keys()) {
    const block = nested.get(`${header}\0${key}`);
    if (block) out.set(key, block);
  }
  return out;
}

function headerFor(profile: string): string {
  return profile === 'default' ? '[default]' : `[profile ${profile}]`;
}

/** The text with `key = value` set in the profile's section (added, with the section, when missing). */
export function setValue(text: string, profile: string, key: string, value: string): string {
  // A byte order mark is kept where it was, and read past as the reader reads past it.
  if (text.startsWith('\ufeff')) return `\ufeff${setValue(text.slice(1), profile, key, value)}`;
  const lines = text === '' ? [] : text.replace(/(?:\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/);
  const entry = `${key} = ${value}`;
  let inSection = false;
  let lastOfSection = -1;
  for (let i = 0; i < lines.length; i++) {
    const c = classify(lines[i]!);
    if (c.kind === 'header') {
      inSection = profileOfHeader(c.header!) === profile;
      if (inSection) lastOfSection = i;
    } else if (inSection) {
      if (c.kind === 'entry' && c.key === key) {
        lines[i] = entry;
        return `${lines.join('\n')}\n`;
      }
      if (pyStrip(lines[i]!) !== '') lastOfSection = i;
    }
  }
  if (lastOfSection >= 0) {
    lines.splice(lastOfSection + 1, 0, entry);
  } else {
    if (lines.length > 0 && pyStrip(lines[lines.length - 1]!) !== '') lines.push('');
    lines.push(headerFor(profile), entry);
  }
  return `${lines.join('\n')}\n`;
}
