/**
 * A push interrupted by `kill -9` of serve (issue 45): a real `svcctl serve` process takes an image, then a
 * second push whose layer is half sent (a piece of it already in the store) when the process is killed.
 * Started again on the same store, serve holds the first image and nothing of the second: no image, no tag,
 * no blob of the cut layer, the upload at 0 bytes; the cut bytes are in no blob or upload, and cancelling
 * the upload deletes them. The kill waits for the event (the piece in the store), not for a delay. On SQLite
 * and on PostgreSQL (vitest.config.ts).
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { freshStore, openTestStore } from '../helpers/store.js';
import {
  CONFIG,
  ecrCall,
  http,
  imageManifest,
  layerBytes,
  loginHeaders,
  OCI_MANIFEST,
  sha256,
} from '../helpers/image-registry.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let dir: string;
let serve: ServeProcess | undefined;
let auth: Record<string, string>;
const LAYER = layerBytes(2000, 1);
const CUT = layerBytes(3 * 1024 * 1024, 2);
const octet = { 'content-type': 'application/octet-stream' };
const pathOf = (location: string) => new URL(location).pathname;
const errors = (body: Buffer) =>
  (JSON.parse(body.toString()) as { errors: { code: string }[] }).errors.map((e) => e.code);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-registry-crash-'));
});
afterAll(async () => {
  store?.close();
  await serve?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

let store: Database | undefined;
/** A count in serve's store, read beside serve (opened once serve made it). */
const count = (sql: string, ...args: unknown[]): number => {
  store ??= openTestStore(join(dir, 'home'));
  return Number((store.prepare(sql).get(...args) as { n: number | string }).n);
};

describe('kill -9 of serve in the middle of a push', () => {
  it('leaves the pushed image, no image, tag or blob of the cut push, and no byte of it any blob or upload holds', async () => {
    const env = { ...freshStore(), SVCCTL_HOME: join(dir, 'home') };
    serve = await startServe([], env);
    await ecrCall(serve.url, 'CreateRepository', { repositoryName: 'team/app' });
    auth = await loginHeaders(serve.url);
    const req = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
      http(serve!.url, method, path, { ...auth, ...headers }, body);

    // The first image, whole.
    for (const blob of [CONFIG, LAYER]) {
      const start = await req('POST', '/v2/team/app/blobs/uploads/');
      expect((await req('PUT', `${pathOf(start.headers.location!)}?digest=${sha256(blob)}`, octet, blob)).status).toBe(
        201,
      );
    }
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    expect((await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, manifest)).status).toBe(
      201,
    );

    // The second: its layer's PATCH half sent, then serve killed once a piece of it is in the store.
    const start = await req('POST', '/v2/team/app/blobs/uploads/');
    const at = pathOf(start.headers.location!);
    const id = at.split('/').at(-1)!;
    const { port } = new URL(serve.url);
    const patch = request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'PATCH',
      path: at,
      headers: { ...auth, ...octet, 'content-length': CUT.length },
    });
    patch.on('error', () => {}); // the connection dies with serve
    patch.write(CUT.subarray(0, 2 * 1024 * 1024));
    const staged = () =>
      count('SELECT count(*) AS n FROM registry_chunks WHERE owner >= ? AND owner < ?', `seg:${id}:`, `seg:${id};`);
    while (staged() === 0) await new Promise((r) => setTimeout(r, 20));
    expect(await serve.stop('SIGKILL')).toBe(-1);
    patch.destroy();

    serve = await startServe([], env);
    const tags = await req('GET', '/v2/team/app/tags/list');
    expect(JSON.parse(tags.body.toString())).toEqual({ name: 'team/app', tags: ['v1'] });
    const images = (await ecrCall(serve.url, 'DescribeImages', { repositoryName: 'team/app' })) as {
      imageDetails: Array<{ imageDigest: string }>;
    };
    expect(images.imageDetails.map((d) => d.imageDigest)).toEqual([sha256(manifest)]);
    const blob = await req('HEAD', `/v2/team/app/blobs/${sha256(CUT)}`);
    expect(blob.status).toBe(404);
    const status = await req('GET', at);
    expect([status.status, status.headers.range]).toEqual([204, '0-0']);
    // The cut bytes are in the store, held by nothing: no part of any upload or blob names their segment.
    expect(staged()).toBeGreaterThan(0);
    expect(
      count('SELECT count(*) AS n FROM registry_parts WHERE segment >= ? AND segment < ?', `seg:${id}:`, `seg:${id};`),
    ).toBe(0);
    // Finishing the upload now with the whole layer's digest: the cut bytes are not in it.
    const finish = await req('PUT', `${at}?digest=${sha256(CUT)}`, octet, Buffer.alloc(0));
    expect([finish.status, errors(finish.body)]).toEqual([400, ['DIGEST_INVALID']]);
    expect(staged()).toBe(0);
    const pulled = await req('GET', `/v2/team/app/blobs/${sha256(LAYER)}`);
    expect([pulled.status, sha256(pulled.body)]).toEqual([200, sha256(LAYER)]);
    expect(count('SELECT count(*) AS n FROM registry_blobs')).toBe(2);
  });
});
