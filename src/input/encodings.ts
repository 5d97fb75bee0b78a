/**
 * Encodings the client applies before sending, as botocore's handlers do: UserData is base64-encoded
 * (UTF-8 bytes of the text) exactly once, whether it came from a flag, a file:// or --cli-input-json. A blob
 * member given as text is base64 (the backends decode it), or with --cli-binary-format raw-in-base64-out the
 * text's own UTF-8 bytes, as the AWS CLI v2 reads it; fileb:// bytes are bytes either way.
 */
import type { BinaryFormat } from '../core/options.js';
import type { StructureShape } from '../models/shapes.js';

export function applyClientEncodings(
  shape: StructureShape,
  params: Record<string, unknown>,
  binaryFormat: BinaryFormat = 'base64',
): Record<string, unknown> {
  for (const [name, member] of Object.entries(shape.members)) {
    const value = params[name];
    if (member.type === 'blob' && typeof value === 'string' && binaryFormat === 'raw-in-base64-out') {
      params[name] = new Uint8Array(Buffer.from(value, 'utf8'));
    }
    if (member.type === 'string' && member.clientBase64 && (typeof value === 'string' || value instanceof Uint8Array)) {
      params[name] = Buffer.from(typeof value === 'string' ? Buffer.from(value, 'utf8') : value).toString('base64');
    }
  }
  return params;
}
