/**
 * Encodings the client applies before sending, as botocore's handlers do: UserData is base64-encoded
 * (UTF-8 bytes of the text) exactly once, whether it came from a flag, a file:// or --cli-input-json.
 */
import type { StructureShape } from '../models/shapes.js';

export function applyClientEncodings(shape: StructureShape, params: Record<string, unknown>): Record<string, unknown> {
  for (const [name, member] of Object.entries(shape.members)) {
    const value = params[name];
    if (member.type === 'string' && member.clientBase64 && (typeof value === 'string' || value instanceof Uint8Array)) {
      params[name] = Buffer.from(typeof value === 'string' ? Buffer.from(value, 'utf8') : value).toString('base64');
    }
  }
  return params;
}
