/** `file://` (UTF-8 text) and `fileb://` (raw bytes) parameter values, relative to the working directory. */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ParamError } from '../errors.js';

function read(flag: string, path: string, cwd: string): Buffer {
  const full = resolve(cwd, path.startsWith('~/') ? path : path);
  try {
    if (statSync(full).isDirectory()) throw new ParamError(flag, `Unable to load paramfile ${path}: it is a directory`);
    return readFileSync(full);
  } catch (err) {
    if (err instanceof ParamError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'No such file or directory' : code === 'EACCES' ? 'Permission denied' : String(err);
    throw new ParamError(flag, `Unable to load paramfile ${path}: ${why}`);
  }
}

/** Returns the file's content for file:// and fileb:// values, or the value itself. */
export function loadParamFile(flag: string, value: string, cwd: string): string | Uint8Array {
  if (value.startsWith('fileb://')) return new Uint8Array(read(flag, value.slice(8), cwd));
  if (value.startsWith('file://')) {
    const bytes = read(flag, value.slice(7), cwd);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ParamError(flag, `Unable to load paramfile ${value}: the file is not valid UTF-8 text (use fileb:// for binary)`);
    }
  }
  return value;
}
