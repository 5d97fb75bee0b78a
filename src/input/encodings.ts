/**
 * Encodings the client applies before sending, as botocore's handlers do: UserData is base64-encoded
 * (UTF-8 bytes of the text) exactly once, whether it came from a flag, a file:// or --cli-input-json. A blob
 * member given as text is base64 (decoded here, and refused as the AWS CLI refuses it), or with --cli-binary-format raw-in-base64-out the
 * text's own UTF-8 bytes, as the AWS CLI v2 reads it; fileb:// bytes are bytes either way.
 */
import { ParamError } from '../core/errors.js';
import { echoJsonString } from '../core/input-rules.js';
import type { BinaryFormat } from '../core/options.js';
import { kebab } from '../models/flags.js';
import type { StructureShape } from '../models/shapes.js';

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 text read as the AWS CLI reads a blob (Python's base64.b64decode): a character outside the alphabet
 * is skipped, the text ends at the padding that completes a group, and a group left short (one character, or
 * two or three without their padding) or a character past ASCII is refused. Node's decoder takes all of these,
 * so "hello" would have been sent as 3 bytes. Undefined when refused.
 */
export function decodeBase64AsPython(text: string): Uint8Array | undefined {
  const out: number[] = [];
  let quad = 0;
  let left = 0;
  let pads = 0;
  for (const ch of text) {
    if (ch.codePointAt(0)! > 0x7f) return undefined;
    if (ch === '=') {
      if (quad >= 2 && quad + ++pads >= 4) return new Uint8Array(out);
      continue;
    }
    const v = BASE64_ALPHABET.indexOf(ch);
    if (v < 0) continue;
    pads = 0;
    if (quad === 1) out.push(((left << 2) | (v >> 4)) & 0xff);
    else if (quad === 2) out.push(((left << 4) | (v >> 2)) & 0xff);
    else if (quad === 3) out.push(((left << 6) | v) & 0xff);
    left = v;
    quad = (quad + 1) % 4;
  }
  return quad === 0 ? new Uint8Array(out) : undefined;
}

export function applyClientEncodings(
  shape: StructureShape,
  params: Record<string, unknown>,
  binaryFormat: BinaryFormat = 'base64',
): Record<string, unknown> {
  for (const [name, member] of Object.entries(shape.members)) {
    const value = params[name];
    if (member.type === 'blob' && typeof value === 'string') {
      const bytes =
        binaryFormat === 'raw-in-base64-out' ? new Uint8Array(Buffer.from(value, 'utf8')) : decodeBase64AsPython(value);
      if (!bytes) throw new ParamError(`--${kebab(name)}`, `Invalid base64: ${echoJsonString(value)}`);
      params[name] = bytes;
    }
    if (member.type === 'string' && member.clientBase64 && (typeof value === 'string' || value instanceof Uint8Array)) {
      params[name] = Buffer.from(typeof value === 'string' ? Buffer.from(value, 'utf8') : value).toString('base64');
    }
  }
  return params;
}
