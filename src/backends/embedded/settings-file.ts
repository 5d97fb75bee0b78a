/**
 * A settings file for `svcctl serve --settings FILE`: JSON (an object of setting names) or INI
 * (`name = value` lines, `#` or `;` comments, optionally under one `[settings]` section). JSON is chosen
 * by a `.json` name or a first character `{`. Names and values are checked by the store when written.
 */
import { InputError } from '../../core/errors.js';

function fromJson(text: string, path: string): Array<[string, string]> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new InputError(`Invalid settings file ${path}: ${(err as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new InputError(`Invalid settings file ${path}: expected a JSON object of setting names and values.`);
  }
  return Object.entries(doc).map(([name, value]) => {
    if (value === null) return [name, 'none'];
    if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string')
      return [name, String(value)];
    throw new InputError(
      `Invalid settings file ${path}: the value of ${name} must be a string, number, boolean or null.`,
    );
  });
}

function fromIni(text: string, path: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    if (/^\[\s*settings\s*\]$/.test(line)) return;
    const eq = line.indexOf('=');
    if (line.startsWith('[') || eq <= 0) {
      throw new InputError(`Invalid settings file ${path}, line ${i + 1}: expected name = value, not '${line}'.`);
    }
    pairs.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
  });
  return pairs;
}

export function parseSettingsFile(text: string, path: string): Array<[string, string]> {
  const body = text.replace(/^\uFEFF/, '');
  return path.toLowerCase().endsWith('.json') || body.trimStart().startsWith('{')
    ? fromJson(body, path)
    : fromIni(body, path);
}
