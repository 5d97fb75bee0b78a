/**
 * The files the layer operations' tables upload (`fileb://`): parts of known bytes in a folder of their own,
 * written once when a table loads, and the digests a complete upload of them has.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layerBytes, sha256 } from '../helpers/image-registry.js';

const dir = mkdtempSync(join(tmpdir(), 'svcctl-layer-parts-'));

/** A part file of `size` bytes (layerBytes(size, seed)), as `fileb://` names it, and its bytes. */
export function partFile(size: number, seed = 1): { url: string; bytes: Buffer } {
  const bytes = layerBytes(size, seed);
  const path = join(dir, `part-${size}-${seed}.bin`);
  writeFileSync(path, bytes);
  return { url: `fileb://${path}`, bytes };
}

export const digestOf = (...parts: Buffer[]): string => sha256(Buffer.concat(parts));

export const initiate = (repository = 'team/app'): string[] => [
  'initiate-layer-upload',
  '--repository-name',
  repository,
  '--query',
  'uploadId',
  '--output',
  'text',
];

/** An upload-layer-part of the part `from` onward, to the upload setup result `i` started. */
export const uploadPart =
  (i: number, from: number, part: { url: string; bytes: Buffer }) =>
  (setup: { stdout: string }[]): string[] => [
    'upload-layer-part',
    '--repository-name',
    'team/app',
    '--upload-id',
    setup[i]!.stdout.trim(),
    '--part-first-byte',
    String(from),
    '--part-last-byte',
    String(from + part.bytes.length - 1),
    '--layer-part-blob',
    part.url,
  ];
