/**
 * `file://` (UTF-8 text) and `fileb://` (raw bytes) parameter values, as awscli/paramfile.py reads them:
 * `~` and `$VAR` expanded, relative paths from the working directory, text with universal newlines
 * (`\r\n` and `\r` read as `\n`), and the AWS CLI's messages when a file cannot be read.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { interruptibleRead } from '../core/config-text.js';
import { expandUser, expandVars, givenPath } from '../core/context.js';
import { osErrorText, ParamError } from '../core/errors.js';
import { readsParamFile } from '../core/input-rules.js';

/**
 * The most a `file://` or `fileb://` value may hold: far more than any valid input (the largest member,
 * UserData, is at most 21,848 characters; a request body at most a few hundred KiB), and small enough that
 * `file:///dev/zero` or an endless FIFO stops at once instead of growing until memory runs out.
 */
export const MAX_PARAM_FILE_BYTES = 16 * 1024 * 1024;

/** What reading a file needs from the context. */
export interface FileContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
}

function read(flag: string, value: string, prefix: string, files: FileContext): { bytes: Buffer; path: string } {
  const path = expandVars(expandUser(value.slice(prefix.length), files.env.HOME || files.home), files.env);
  try {
    const bytes = readBounded(givenPath(files.cwd, path));
    if (bytes !== undefined) return { bytes, path };
  } catch (err) {
    throw new ParamError(flag, `Unable to load paramfile ${value}: ${osErrorText(err as NodeJS.ErrnoException, path)}`);
  }
  throw new ParamError(
    flag,
    `Unable to load paramfile ${value}: it is larger than 16 MiB (${MAX_PARAM_FILE_BYTES} bytes), the most svcctl reads from a file`,
  );
}

/**
 * The file's bytes, read a chunk at a time, or undefined as soon as it holds more than the bound: a device
 * or a FIFO without end (`/dev/zero`) is never read further than that.
 */
function readBounded(path: string): Buffer | undefined {
  return interruptibleRead(path, () => readBoundedFd(path));
}

function readBoundedFd(path: string): Buffer | undefined {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, MAX_PARAM_FILE_BYTES + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > MAX_PARAM_FILE_BYTES) return undefined;
    }
  } finally {
    closeSync(fd);
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
  if (!readsParamFile(value)) return value; // core/input-rules.ts: the prefixes
  if (value.startsWith('fileb://')) return new Uint8Array(read(flag, value, 'fileb://', files).bytes);
  if (value.startsWith('file://')) {
    const { bytes, path } = read(flag, value, 'file://', files);
    return decodeText(flag, bytes, path);
  }
  return value;
}
