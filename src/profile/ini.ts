/**
 * A tiny INI reader and editor for the config file: `[default]` and `[profile NAME]` sections of
 * `key = value` lines, `#` and `;` comments. Editing keeps every other line (comments, order) as it was.
 */

export type Profiles = Map<string, Map<string, string>>;

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
  const t = line.trim();
  if (t === '' || t.startsWith('#') || t.startsWith(';')) return { kind: 'other' };
  const h = /^\[([^\]]*)\]/.exec(t);
  if (h) return { kind: 'header', header: h[1]! };
  // Indented lines belong to a nested block (`s3 =` then `  key = value`): not ours, kept as they are.
  if (/^\s/.test(line)) return { kind: 'other' };
  const eq = t.indexOf('=');
  if (eq <= 0) return { kind: 'other' };
  return { kind: 'entry', key: t.slice(0, eq).trim().toLowerCase(), value: t.slice(eq + 1).trim() };
}

/** Every profile with its settings; a later duplicate key wins. */
export function parseProfiles(text: string): Profiles {
  const profiles: Profiles = new Map();
  let current: Map<string, string> | undefined;
  for (const line of text.split(/\r?\n/)) {
    const c = classify(line);
    if (c.kind === 'header') {
      const name = profileOfHeader(c.header!);
      current = name === undefined ? undefined : (profiles.get(name) ?? new Map());
      if (name !== undefined) profiles.set(name, current!);
    } else if (c.kind === 'entry' && current) {
      current.set(c.key!, c.value!);
    }
  }
  return profiles;
}

function headerFor(profile: string): string {
  return profile === 'default' ? '[default]' : `[profile ${profile}]`;
}

/** The text with `key = value` set in the profile's section (added, with the section, when missing). */
export function setValue(text: string, profile: string, key: string, value: string): string {
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
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
      if (lines[i]!.trim() !== '') lastOfSection = i;
    }
  }
  if (lastOfSection >= 0) {
    lines.splice(lastOfSection + 1, 0, entry);
  } else {
    if (lines.length > 0 && lines[lines.length - 1]!.trim() !== '') lines.push('');
    lines.push(headerFor(profile), entry);
  }
  return `${lines.join('\n')}\n`;
}
