/**
 * The real AWS CLI v2 (/usr/bin/aws, Debian's 2.9) against `svcctl serve` for the layer operations and image
 * scanning (issue 45): it drives each of them, prints what svcctl prints for the same call through serve
 * (json output, errors included), and a layer it uploads is the blob serve's registry gives back.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, sandbox, type Sandbox } from '../helpers/cli.js';
import { AWS_ENV } from '../helpers/harness.js';
import { basic, CONFIG, http, imageManifest, layerBytes, OCI_MANIFEST, sha256 } from '../helpers/image-registry.js';
import { type AwsPeerDir, awsPeerDir, runAws } from './aws-cli-peer.js';
import { PINNED_MS, type ServeProcess, startServe } from './serve-process.js';

let peer: AwsPeerDir;
let serve: ServeProcess;
let sb: Sandbox;
const LAYER = layerBytes(70_000, 5);

beforeAll(async () => {
  peer = awsPeerDir('svcctl-peer-aws-layers-');
  serve = await startServe([], { SVCCTL_HOME: join(peer.dir, 'store'), SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({ SVCCTL_HOME: join(peer.dir, 'store'), ...AWS_ENV });
  writeFileSync(join(peer.dir, 'layer.bin'), LAYER);
  writeFileSync(join(peer.dir, 'config.json'), CONFIG);
});

afterAll(async () => {
  await serve?.stop();
  sb?.cleanup();
  peer?.cleanup();
});

const aws = (args: string[]) => runAws(['ecr', ...args], serve.url, peer.env);
const svcctl = (args: string[]) => sb.run(['ecr', ...args], { env: { SVCCTL_ENDPOINT_URL: serve.url } });

/**
 * The AWS CLI's answer, which svcctl through serve must give alike (for a call that changes nothing). Debian's
 * 2.9 is older than the 2.36.7 svcctl matches byte for byte: its model orders some members otherwise
 * (DescribeImageScanFindingsResponse), so an answer is compared as JSON; and 2.36.7 adds an error's modelled
 * members as `Additional error details` (InvalidLayerPartException's), which 2.9 does not print.
 */
async function same(args: string[]): Promise<CliResult> {
  const reference = await aws(args);
  const ours = await svcctl(args);
  const what = `svcctl ${args.join(' ')}`;
  expect(ours.code, what).toBe(reference.code);
  if (reference.code === 0) expect(JSON.parse(ours.stdout), what).toEqual(JSON.parse(reference.stdout));
  else expect(ours.stderr.split('\nAdditional error details:\n')[0]!.trimEnd(), what).toBe(reference.stderr.trimEnd());
  return reference;
}

/** An upload of `file` by the AWS CLI; its upload id. */
async function uploadWithAws(file: string, bytes: Buffer): Promise<string> {
  const started = await aws([
    'initiate-layer-upload',
    '--repository-name',
    'team/app',
    '--query',
    'uploadId',
    '--output',
    'text',
  ]);
  expect(started.code).toBe(0);
  const id = started.stdout.trim();
  const part = await aws([
    'upload-layer-part',
    '--repository-name',
    'team/app',
    '--upload-id',
    id,
    '--part-first-byte',
    '0',
    '--part-last-byte',
    String(bytes.length - 1),
    '--layer-part-blob',
    `fileb://${join(peer.dir, file)}`,
    '--query',
    'lastByteReceived',
  ]);
  expect(part).toEqual({ code: 0, stdout: `${bytes.length - 1}\n`, stderr: '' });
  return id;
}

describe('the AWS CLI 2.9 drives the layer and scan operations of serve', { timeout: 120_000 }, () => {
  it('uploads a layer that the registry serves byte for byte, and svcctl reads what it did', async () => {
    expect((await aws(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    const id = await uploadWithAws('layer.bin', LAYER);
    const digest = sha256(LAYER);
    const done = await aws([
      'complete-layer-upload',
      '--repository-name',
      'team/app',
      '--upload-id',
      id,
      '--layer-digests',
      digest,
    ]);
    expect(done).toEqual({
      code: 0,
      stdout: `{\n    "registryId": "000000000000",\n    "repositoryName": "team/app",\n    "uploadId": "${id}",\n    "layerDigest": "${digest}"\n}\n`,
      stderr: '',
    });
    const configId = await uploadWithAws('config.json', CONFIG);
    expect(
      (
        await aws([
          'complete-layer-upload',
          '--repository-name',
          'team/app',
          '--upload-id',
          configId,
          '--layer-digests',
          sha256(CONFIG),
        ])
      ).code,
    ).toBe(0);
    const check = await same([
      'batch-check-layer-availability',
      '--repository-name',
      'team/app',
      '--layer-digests',
      digest,
      'sha256:00',
      'x',
    ]);
    expect(check.stdout).toContain('"layerSize": 70000');
    const password = (await aws(['get-login-password'])).stdout.trim();
    const pulled = await http(serve.url, 'GET', `/v2/team/app/blobs/${digest}`, basic(password));
    expect({ status: pulled.status, same: pulled.body.equals(LAYER) }).toEqual({ status: 200, same: true });
    await same(['get-download-url-for-layer', '--repository-name', 'team/app', '--layer-digest', digest]);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    const put = await http(
      serve.url,
      'PUT',
      '/v2/team/app/manifests/v1',
      { ...basic(password), 'content-type': OCI_MANIFEST },
      manifest,
    );
    expect(put.status).toBe(201);
    const url = await aws([
      'get-download-url-for-layer',
      '--repository-name',
      'team/app',
      '--layer-digest',
      digest,
      '--query',
      'downloadUrl',
      '--output',
      'text',
    ]);
    const fetched = Buffer.from(await (await fetch(url.stdout.trim())).arrayBuffer());
    expect(fetched.equals(LAYER)).toBe(true);
  });

  it('refusals print alike: an upload out of order, a wrong digest, an unknown upload', async () => {
    const id = await uploadWithAws('config.json', CONFIG);
    const outOfOrder = await same([
      'upload-layer-part',
      '--repository-name',
      'team/app',
      '--upload-id',
      id,
      '--part-first-byte',
      '0',
      '--part-last-byte',
      String(CONFIG.length - 1),
      '--layer-part-blob',
      `fileb://${join(peer.dir, 'config.json')}`,
    ]);
    expect(outOfOrder.code).toBe(254);
    expect(outOfOrder.stderr).toContain('(InvalidLayerPartException)');
    const wrong = await same([
      'complete-layer-upload',
      '--repository-name',
      'team/app',
      '--upload-id',
      id,
      '--layer-digests',
      sha256('other'),
    ]);
    expect(wrong.stderr).toContain('(InvalidLayerException)');
    const unknown = await same([
      'complete-layer-upload',
      '--repository-name',
      'team/app',
      '--upload-id',
      '00000000-0000-4000-8000-00000000ffff',
      '--layer-digests',
      sha256('other'),
    ]);
    expect(unknown.stderr).toContain('(UploadNotFoundException)');
  });

  it('scans: configuration, start, findings and the daily limit print alike', async () => {
    const set = await aws([
      'put-image-scanning-configuration',
      '--repository-name',
      'team/app',
      '--image-scanning-configuration',
      'scanOnPush=true',
    ]);
    expect(set.stdout).toContain('"scanOnPush": true');
    expect(
      (await same(['describe-image-scan-findings', '--repository-name', 'team/app', '--image-id', 'imageTag=v1']))
        .stderr,
    ).toContain('(ScanNotFoundException)');
    const started = await aws(['start-image-scan', '--repository-name', 'team/app', '--image-id', 'imageTag=v1']);
    expect(started.stdout).toContain('"status": "IN_PROGRESS"');
    const found = await same([
      'describe-image-scan-findings',
      '--repository-name',
      'team/app',
      '--image-id',
      'imageTag=v1',
    ]);
    expect(found.stdout).toContain('"findingSeverityCounts": {}');
    // LimitExceededException is one of the codes the AWS CLI retries, and says so; svcctl too.
    const limit = ['start-image-scan', '--repository-name', 'team/app', '--image-id', 'imageTag=v1'];
    const reference = await aws(limit);
    expect(reference.stderr).toContain(
      '(LimitExceededException) when calling the StartImageScan operation (reached max retries: 2)',
    );
    expect(await svcctl(limit)).toEqual(reference);
    await same(['describe-images', '--repository-name', 'team/app']);
  });
});
