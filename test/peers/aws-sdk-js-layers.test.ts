/**
 * The AWS SDK for JavaScript v3 (@aws-sdk/client-ecr) against `svcctl serve` for the layer operations and
 * image scanning (issue 45): a layer uploaded with InitiateLayerUpload, UploadLayerPart and
 * CompleteLayerUpload is a blob the registry serves byte for byte, its download URL serves it without
 * credentials, and each modelled exception class is what the ECR API reference documents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchCheckLayerAvailabilityCommand,
  CompleteLayerUploadCommand,
  CreateRepositoryCommand,
  DescribeImageScanFindingsCommand,
  DescribeImagesCommand,
  ECRClient,
  EmptyUploadException,
  GetAuthorizationTokenCommand,
  GetDownloadUrlForLayerCommand,
  InitiateLayerUploadCommand,
  InvalidLayerException,
  InvalidLayerPartException,
  LayerAlreadyExistsException,
  LayerInaccessibleException,
  LayerPartTooSmallException,
  LayersNotFoundException,
  LimitExceededException,
  PutImageScanningConfigurationCommand,
  ScanNotFoundException,
  StartImageScanCommand,
  UploadLayerPartCommand,
  UploadNotFoundException,
} from '@aws-sdk/client-ecr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG, http, imageManifest, layerBytes, OCI_MANIFEST, sha256 } from '../helpers/image-registry.js';
import { type ServeProcess, startServe } from './serve-process.js';

const ACCOUNT = '123456789012';
const DUMMY = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
const REPO = { repositoryName: 'team/app' };

let dir: string;
let serve: ServeProcess;
let ecr: ECRClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-sdk-js-layers-'));
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'store'), SVCCTL_ACCOUNT_ID: ACCOUNT });
  ecr = new ECRClient({ endpoint: serve.url, region: 'us-east-1', credentials: DUMMY, maxAttempts: 1 });
}, 30_000);

afterAll(async () => {
  ecr?.destroy();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  expect((await fetch(`${serve.url}/_svcctl/reset`, { method: 'POST' })).status).toBe(200);
});

/** A layer through the three upload operations, in parts of `partBytes`; its digest. */
async function upload(bytes: Buffer, partBytes = bytes.length, repositoryName = REPO.repositoryName): Promise<string> {
  const { uploadId, partSize } = await ecr.send(new InitiateLayerUploadCommand({ repositoryName }));
  expect(partSize).toBe(10 * 1024 * 1024);
  for (let at = 0; at < bytes.length; at += partBytes) {
    const part = bytes.subarray(at, Math.min(bytes.length, at + partBytes));
    const out = await ecr.send(
      new UploadLayerPartCommand({
        repositoryName,
        uploadId,
        partFirstByte: at,
        partLastByte: at + part.length - 1,
        layerPartBlob: part,
      }),
    );
    expect(out.lastByteReceived).toBe(at + part.length - 1);
  }
  const digest = sha256(bytes);
  const done = await ecr.send(new CompleteLayerUploadCommand({ repositoryName, uploadId, layerDigests: [digest] }));
  expect(done).toMatchObject({ registryId: ACCOUNT, repositoryName, uploadId, layerDigest: digest });
  return digest;
}

/** The registry's Basic header, from GetAuthorizationToken. */
async function auth(): Promise<Record<string, string>> {
  const out = await ecr.send(new GetAuthorizationTokenCommand({}));
  return { authorization: `Basic ${out.authorizationData![0]!.authorizationToken}` };
}

async function pushManifest(layer: Buffer, tag: string): Promise<string> {
  const manifest = imageManifest(OCI_MANIFEST, CONFIG, [layer]);
  const put = await http(
    serve.url,
    'PUT',
    `/v2/team/app/manifests/${tag}`,
    { ...(await auth()), 'content-type': OCI_MANIFEST },
    manifest,
  );
  expect(put.status).toBe(201);
  return sha256(manifest);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('the call succeeded; an error was expected');
}

describe('the layer operations through the SDK', { timeout: 60_000 }, () => {
  it('a layer uploaded in parts is pulled byte for byte through the registry and through its download URL', async () => {
    await ecr.send(new CreateRepositoryCommand(REPO));
    // Three parts: two of 5 MiB and the rest (a part but the last must hold 5 MiB).
    const layer = layerBytes(11 * 1024 * 1024 + 123, 7);
    const digest = await upload(layer, 5 * 1024 * 1024);
    await upload(CONFIG);
    const pulled = await http(serve.url, 'GET', `/v2/team/app/blobs/${digest}`, await auth());
    expect({
      status: pulled.status,
      same: pulled.body.equals(layer),
      digest: pulled.headers['docker-content-digest'],
    }).toEqual({
      status: 200,
      same: true,
      digest,
    });
    const checked = await ecr.send(new BatchCheckLayerAvailabilityCommand({ ...REPO, layerDigests: [digest, 'x'] }));
    expect(checked.layers).toEqual([{ layerDigest: digest, layerAvailability: 'AVAILABLE', layerSize: layer.length }]);
    expect(checked.failures).toEqual([
      { layerDigest: 'x', failureCode: 'InvalidLayerDigest', failureReason: 'Invalid layer digest' },
    ]);
    expect(
      await rejection(ecr.send(new GetDownloadUrlForLayerCommand({ ...REPO, layerDigest: digest }))),
    ).toBeInstanceOf(LayerInaccessibleException);
    await pushManifest(layer, 'v1');
    const { downloadUrl, layerDigest } = await ecr.send(
      new GetDownloadUrlForLayerCommand({ ...REPO, layerDigest: digest }),
    );
    expect(layerDigest).toBe(digest);
    const fetched = Buffer.from(await (await fetch(downloadUrl!)).arrayBuffer());
    expect(fetched.equals(layer)).toBe(true);
  });

  it('each documented exception is its modelled class', async () => {
    await ecr.send(new CreateRepositoryCommand(REPO));
    const { uploadId } = await ecr.send(new InitiateLayerUploadCommand(REPO));
    const empty = await rejection(
      ecr.send(new CompleteLayerUploadCommand({ ...REPO, uploadId, layerDigests: [sha256('x')] })),
    );
    expect(empty).toBeInstanceOf(EmptyUploadException);
    const part = (first: number, bytes: Buffer) =>
      ecr.send(
        new UploadLayerPartCommand({
          ...REPO,
          uploadId,
          partFirstByte: first,
          partLastByte: first + bytes.length - 1,
          layerPartBlob: bytes,
        }),
      );
    await part(0, Buffer.from('0123456789'));
    const outOfOrder = await rejection(part(0, Buffer.from('0123456789')));
    expect(outOfOrder).toBeInstanceOf(InvalidLayerPartException);
    expect((outOfOrder as InvalidLayerPartException).lastValidByteReceived).toBe(9);
    await part(10, Buffer.from('abc'));
    expect(
      await rejection(
        ecr.send(new CompleteLayerUploadCommand({ ...REPO, uploadId, layerDigests: [sha256('0123456789abc')] })),
      ),
    ).toBeInstanceOf(LayerPartTooSmallException);
    const other = await ecr.send(new InitiateLayerUploadCommand(REPO));
    await ecr.send(
      new UploadLayerPartCommand({
        ...REPO,
        uploadId: other.uploadId,
        partFirstByte: 0,
        partLastByte: 2,
        layerPartBlob: Buffer.from('abc'),
      }),
    );
    expect(
      await rejection(
        ecr.send(new CompleteLayerUploadCommand({ ...REPO, uploadId: other.uploadId, layerDigests: [sha256('abd')] })),
      ),
    ).toBeInstanceOf(InvalidLayerException);
    await upload(Buffer.from('abc'));
    expect(
      await rejection(
        ecr.send(new CompleteLayerUploadCommand({ ...REPO, uploadId: other.uploadId, layerDigests: [sha256('abc')] })),
      ),
    ).toBeInstanceOf(LayerAlreadyExistsException);
    expect(
      await rejection(
        ecr.send(
          new UploadLayerPartCommand({
            ...REPO,
            uploadId: '00000000-0000-4000-8000-00000000ffff',
            partFirstByte: 0,
            partLastByte: 0,
            layerPartBlob: Buffer.from('a'),
          }),
        ),
      ),
    ).toBeInstanceOf(UploadNotFoundException);
    expect(
      await rejection(ecr.send(new GetDownloadUrlForLayerCommand({ ...REPO, layerDigest: sha256('none') }))),
    ).toBeInstanceOf(LayersNotFoundException);
  });
});

describe('image scanning through the SDK', { timeout: 60_000 }, () => {
  it('scanOnPush scans a push; a started scan reads COMPLETE with no findings; one a day', async () => {
    await ecr.send(new CreateRepositoryCommand(REPO));
    const layer = layerBytes(1000, 3);
    await upload(layer);
    await upload(CONFIG);
    const digest = await pushManifest(layer, 'v1');
    expect(
      await rejection(ecr.send(new DescribeImageScanFindingsCommand({ ...REPO, imageId: { imageTag: 'v1' } }))),
    ).toBeInstanceOf(ScanNotFoundException);
    const started = await ecr.send(new StartImageScanCommand({ ...REPO, imageId: { imageTag: 'v1' } }));
    expect(started).toMatchObject({
      imageId: { imageDigest: digest, imageTag: 'v1' },
      imageScanStatus: { status: 'IN_PROGRESS' },
    });
    const found = await ecr.send(new DescribeImageScanFindingsCommand({ ...REPO, imageId: { imageDigest: digest } }));
    expect(found.imageScanStatus).toEqual({ status: 'COMPLETE', description: 'The scan was completed successfully.' });
    expect(found.imageScanFindings).toMatchObject({ findings: [], findingSeverityCounts: {} });
    expect(found.imageScanFindings?.imageScanCompletedAt).toBeInstanceOf(Date);
    expect(
      await rejection(ecr.send(new StartImageScanCommand({ ...REPO, imageId: { imageTag: 'v1' } }))),
    ).toBeInstanceOf(LimitExceededException);
    const set = await ecr.send(
      new PutImageScanningConfigurationCommand({ ...REPO, imageScanningConfiguration: { scanOnPush: true } }),
    );
    expect(set.imageScanningConfiguration).toEqual({ scanOnPush: true });
    const second = layerBytes(500, 4);
    await upload(second);
    const pushed = await pushManifest(second, 'v2');
    const scanned = await ecr.send(new DescribeImagesCommand({ ...REPO, imageIds: [{ imageDigest: pushed }] }));
    expect(scanned.imageDetails?.[0]?.imageScanStatus?.status).toBe('COMPLETE');
  });
});
