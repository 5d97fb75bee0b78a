/**
 * `file://` (UTF-8 text) and `fileb://` (raw bytes) parameter values, as awscli/paramfile.py reads them:
 * `~` and `$VAR` expanded, relative paths from the working directory, text with universal newlines
 * (`\r\n` and `\r` read as `\n`), and the AWS CLI's messages when a file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { ParamError } from '../core/errors.js';
import { pyRepr } from './params.js';

/** What reading a file needs from the context. */
export interface FileContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
}

/** Python's strerror() for the errors a read can meet (Linux numbering, as the AWS CLI prints them). */
const STRERROR: Record<string, string> = {
  EPERM: 'Operation not permitted',
  ENOENT: 'No such file or directory',
  EIO: 'Input/output error',
  ENXIO: 'No such device or address',
  EACCES: 'Permission denied',
  EBUSY: 'Device or resource busy',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EINVAL: 'Invalid argument',
  EMFILE: 'Too many open files',
  ENAMETOOLONG: 'File name too long',
  ELOOP: 'Too many levels of symbolic links',
};

/** Python's os.path.expanduser for `~` and `~/...` (other users' homes are left as they are). */
function expandUser(path: string, files: FileContext): string {
  if (path !== '~' && !path.startsWith('~/')) return path;
  return (files.env.HOME || files.home) + path.slice(1);
}

/** Python's os.path.expandvars: `$name` and `${name}`; unknown variables are left as they are. */
function expandVars(path: string, env: FileContext['env']): string {
  return path.replace(/\$(\w+|\{[^}]*\})/g, (whole: string, name: string) => {
    const key = name.startsWith('{') ? name.slice(1, -1) : name;
    const value = env[key];
    return value === undefined ? whole : value;
  });
}

/** Python's OSError text: `[Errno 2] No such file or directory: 'nope'`. */
function osErrorText(err: NodeJS.ErrnoException, path: string): string {
  const code = err.code ?? '';
  const errno = (constants.errno as Record<string, number>)[code];
  const why = STRERROR[code] ?? err.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  return errno === undefined ? `${why}: ${pyRepr(path)}` : `[Errno ${errno}] ${why}: ${pyRepr(path)}`;
}

function read(flag: string, value: string, prefix: string, files: FileContext): { bytes: Buffer; path: string } {
  const path = expandVars(expandUser(value.slice(prefix.length), files), files.env);
  try {
    // open('') is ENOENT in Python; resolve('') would be the working directory (EISDIR).
    if (path === '') throw Object.assign(new Error("ENOENT: no such file or directory, open ''"), { code: 'ENOENT' });
    return { bytes: readFileSync(resolve(files.cwd, path)), path };
  } catch (err) {
    throw new ParamError(flag, `Unable to load paramfile ${value}: ${osErrorText(err as NodeJS.ErrnoException, path)}`);
  }
}

/** UTF-8 text as Python's text mode reads it: strict decoding, universal newlines. */
function decodeText(flag: string, bytes: Buffer, path: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ParamError(
      flag,
      `Unable to load paramfile (${path}), text contents could not be decoded.  If this is a binary file, ` +
        'please use the fileb:// prefix instead of the file:// prefix.',
    );
  }
  return text.replace(/\r\n?/g, '\n');
}

/** Returns the file's content for file:// and fileb:// values, or the value itself. */
export function loadParamFile(flag: string, value: string, files: FileContext): string | Uint8Array {
  if (value.startsWith('fileb://')) return new Uint8Array(read(flag, value, 'fileb://', files).bytes);
  if (value.startsWith('file://')) {
    const { bytes, path } = read(flag, value, 'file://', files);
    return decodeText(flag, bytes, path);
  }
  return value;
}
