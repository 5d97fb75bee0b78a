/** Path candidates after `file://` and `fileb://`, relative to the working directory (`~/` is home). */
import { readdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

const SCHEMES = ['file://', 'fileb://'] as const;

export function fileCandidates(current: string, cwd: string, home: string): string[] {
  const scheme = SCHEMES.find((s) => current.startsWith(s));
  if (!scheme) return SCHEMES.filter((s) => current !== '' && s.startsWith(current));
  const typed = current.slice(scheme.length);
  const slash = typed.lastIndexOf('/');
  const dirPart = slash >= 0 ? typed.slice(0, slash + 1) : '';
  const base = typed.slice(slash + 1);
  const dir = dirPart.startsWith('~/')
    ? join(home, dirPart.slice(2))
    : isAbsolute(dirPart)
      ? dirPart
      : join(cwd, dirPart);
  let entries;
  try {
    entries = readdirSync(dir || '.', { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.name.startsWith(base) && (base.startsWith('.') || !e.name.startsWith('.')))
    .map((e) => `${scheme}${dirPart}${e.name}${e.isDirectory() ? '/' : ''}`)
    .sort();
}
