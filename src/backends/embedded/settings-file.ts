/**
 * A settings file for `svcctl serve --settings FILE`: JSON (an object of setting names) or INI
 * (`name = value` lines, `#` or `;` comments, optionally under one `[settings]` section). JSON is chosen
 * by a `.json` name or a first character `{`. Names and values are checked by the store when written.
 */
import { ConfigTextError, parseConfigJson, setTwice, topJsonKeyLines } from '../../core/config-text.js';
import { InputError } from '../../core/errors.js';
import { isPyNumber, pyNumberText } from '../../core/pynum.js';
import { pythonJsonError } from '../../input/python-json.js';
import { echoBare, echoText } from '../../core/input-rules.js';
import { checkPair } from './settings-store.js';

/** A setting of the file: name, value, and the line that gives it (1-based). */
type Entry = [name: string, value: string, line: number];

function fromJson(text: string, shown: string): Entry[] {
  let doc: unknown;
  try {
    doc = parseConfigJson(text); // core/config-text.ts: exact integers, no key twice
  } catch (err) {
    if (err instanceof ConfigTextError) throw new InputError(`Invalid settings file ${shown}, ${err.message}.`);
    throw new InputError(`Invalid settings file ${shown}: ${pythonJsonError(text, false) ?? (err as Error).message}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new InputError(`Invalid settings file ${shown}: expected a JSON object of setting names and values.`);
  }
  const lines = topJsonKeyLines(text);
  return Object.entries(doc).map(([name, value]): Entry => {
    const line = lines.get(name) ?? 1;
    if (value === null) return [name, 'none', line];
    if (typeof value === 'boolean' || typeof value === 'string') return [name, String(value), line];
    if (isPyNumber(value)) return [name, pyNumberText(value), line];
    throw new InputError(
      `Invalid settings file ${shown}, line ${line}: the value of ${echoBare(name)} must be a string, number, boolean or null.`,
    );
  });
}

function fromIni(text: string, shown: string): Entry[] {
  const pairs: Entry[] = [];
  const lines = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    if (/^\[\s*settings\s*\]$/.test(line)) return;
    const eq = line.indexOf('=');
    if (line.startsWith('[') || eq <= 0) {
      throw new InputError(
        `Invalid settings file ${shown}, line ${i + 1}: expected name = value, not ${echoText(line)}.`,
      );
    }
    const name = line.slice(0, eq).trim();
    const first = lines.get(name);
    if (first !== undefined)
      throw new InputError(`Invalid settings file ${shown}, line ${i + 1}: ${setTwice(name, first)}.`);
    lines.set(name, i + 1);
    pairs.push([name, line.slice(eq + 1).trim(), i + 1]);
  });
  return pairs;
}

/**
 * The file's settings, each checked here (names and values, as the store checks them when written) so that a
 * bad one is refused with its line, as a line that does not parse is.
 */
export function parseSettingsFile(text: string, path: string): Array<[string, string]> {
  const body = text.replace(/^\uFEFF/, '');
  const shown = echoBare(path); // the file's name in every message, by the one echo rule
  const entries =
    path.toLowerCase().endsWith('.json') || body.trimStart().startsWith('{')
      ? fromJson(body, shown)
      : fromIni(body, shown);
  // A fault rule has more than one name (fault.ecr.create-repository, fault.ECR.CreateRepository): two names
  // of one rule are the rule set twice, refused as a name given twice is, not the last taken without a word.
  const seen = new Map<string, { name: string; line: number }>();
  return entries.map(([name, value, line]) => {
    let canonical: string;
    try {
      [canonical] = checkPair(name, value);
    } catch (err) {
      if (err instanceof InputError)
        throw new InputError(`Invalid settings file ${shown}, line ${line}: ${err.message}`);
      throw err;
    }
    const first = seen.get(canonical);
    if (first !== undefined)
      throw new InputError(
        `Invalid settings file ${shown}, line ${line}: ${echoBare(name)} is set twice (first at line ${first.line}, as ${echoBare(first.name)}).`,
      );
    seen.set(canonical, { name, line });
    return [name, value];
  });
}
