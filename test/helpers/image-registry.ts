/**
 * What the registry tests share: serve's registry in-process with a repository and a password, Debian's
 * `docker-registry` (CNCF distribution 2.8, the protocol's reference implementation) on loopback as the
 * judge, image content made here (a layer, a config, manifests), and raw HTTP requests to either.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const sha256 = (b: Buffer | string): string => `sha256:${createHash('sha256').update(b).digest('hex')}`;

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request; the body as given, the whole answer read. */
export function http(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) h[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(parts) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The reference registry's password for the user AWS, and its htpasswd line (bcrypt, cost 4: made once with libxcrypt). */
export const REFERENCE_PASSWORD = 'reference-password';
const REFERENCE_HTPASSWD = 'AWS:$2b$04$xxJkFQySpk/DoxYZApeLRegR3gUoGX8gw/EskEZLfSAv3zWETW6ie\n';

export interface Reference {
  url: string;
  stop(): Promise<void>;
}

/** Debian's docker-registry on a free loopback port, its storage and config in a temporary directory; deletes enabled. */
export async function startReference(): Promise<Reference> {
  const dir = mkdtempSync(join(tmpdir(), 'svcctl-reference-registry-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'htpasswd'), REFERENCE_HTPASSWD);
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.yml'),
    `version: 0.1
log:
  level: error
storage:
  filesystem:
    rootdirectory: ${join(dir, 'data')}
  delete:
    enabled: true
http:
  addr: 127.0.0.1:${port}
auth:
  htpasswd:
    realm: basic-realm
    path: ${join(dir, 'htpasswd')}
`,
  );
  const child: ChildProcess = spawn('/usr/bin/docker-registry', ['serve', join(dir, 'config.yml')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  // Ready once it answers its version check (its 401 without credentials).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited ${child.exitCode}: ${stderr}`);
    const up = await http(url, 'GET', '/v2/').then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** A basic-auth header for the user AWS. */
export const basic = (password: string): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(`AWS:${password}`).toString('base64')}`,
});

/** A layer's bytes (not a real tar: registries do not look inside) of a given size, made from a seed. */
/** An ECR operation through serve (unsigned JSON 1.1, as serve without --credentials takes it); anything but a 200 throws with the answer. */
export async function ecrCall(
  url: string,
  operation: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AmazonEC2ContainerRegistry_V20150921.${operation}`,
    },
    body: JSON.stringify(params),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${operation}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A push's Authorization header for serve: the password of GetAuthorizationToken, as `ecr get-login-password` gives it. */
export async function loginHeaders(url: string): Promise<Record<string, string>> {
  const token = (await ecrCall(url, 'GetAuthorizationToken', {})) as {
    authorizationData: Array<{ authorizationToken: string }>;
  };
  return basic(Buffer.from(token.authorizationData[0]!.authorizationToken, 'base64').toString().slice(4));
}

export function layerBytes(size: number, seed = 1): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed * 17 + (i >> 8)) & 0xff;
  return b;
}

export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
export const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';
export const DOCKER_MANIFEST = 'application/vnd.docker.distribution.manifest.v2+json';
export const DOCKER_LIST = 'application/vnd.docker.distribution.manifest.list.v2+json';

/** An image manifest naming a config and layers (their bytes), of the given media type. */
export function imageManifest(mediaType: string, config: Buffer, layers: Buffer[]): Buffer {
  const oci = mediaType === OCI_MANIFEST;
  return Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType,
      config: {
        mediaType: oci ? 'application/vnd.oci.image.config.v1+json' : 'application/vnd.docker.container.image.v1+json',
        digest: sha256(config),
        size: config.length,
      },
      layers: layers.map((l) => ({
        mediaType: oci
          ? 'application/vnd.oci.image.layer.v1.tar+gzip'
          : 'application/vnd.docker.image.rootfs.diff.tar.gzip',
        digest: sha256(l),
        size: l.length,
      })),
    }),
  );
}

/** An index (or a Docker manifest list) of manifests. */
export function indexManifest(mediaType: string, manifests: Array<{ mediaType: string; bytes: Buffer }>): Buffer {
  return Buffer.from(
    JSON.stringify({
      schemaVersion: 2,
      mediaType,
      manifests: manifests.map((m) => ({
        mediaType: m.mediaType,
        digest: sha256(m.bytes),
        size: m.bytes.length,
        platform: { architecture: 'amd64', os: 'linux' },
      })),
    }),
  );
}

export const CONFIG = Buffer.from(
  JSON.stringify({ architecture: 'amd64', os: 'linux', rootfs: { type: 'layers', diff_ids: [] }, config: {} }),
);

/**
 * An OCI image layout (the format `skopeo copy oci:DIR:TAG` reads) written by hand: the layers and a config
 * as blobs, an OCI manifest naming them, and index.json naming the manifest under `tag`. Returns the
 * manifest's digest.
 */
export function writeOciLayout(dir: string, tag: string, layers: Buffer[], config: Buffer = CONFIG): string {
  mkdirSync(join(dir, 'blobs', 'sha256'), { recursive: true });
  const put = (b: Buffer) => writeFileSync(join(dir, 'blobs', 'sha256', sha256(b).slice(7)), b);
  writeFileSync(join(dir, 'oci-layout'), '{"imageLayoutVersion":"1.0.0"}');
  for (const l of layers) put(l);
  put(config);
  const manifest = imageManifest(OCI_MANIFEST, config, layers);
  put(manifest);
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [
        {
          mediaType: OCI_MANIFEST,
          digest: sha256(manifest),
          size: manifest.length,
          annotations: { 'org.opencontainers.image.ref.name': tag },
        },
      ],
    }),
  );
  return sha256(manifest);
}

/** A tar stream (ustar) of one regular file, for a layer a container engine can unpack. */
export function tarOf(name: string, content: Buffer): Buffer {
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'ascii');
  field(0, 100, name);
  field(100, 8, '0000644\0');
  field(108, 8, '0000000\0');
  field(116, 8, '0000000\0');
  field(124, 12, `${content.length.toString(8).padStart(11, '0')}\0`);
  field(136, 12, '00000000000\0');
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const b of header) sum += b;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  const pad = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([header, content, pad, Buffer.alloc(1024)]);
}

/** An image config whose rootfs names the layers' uncompressed tars. */
export function configFor(tars: Buffer[]): Buffer {
  return Buffer.from(
    JSON.stringify({
      architecture: 'amd64',
      os: 'linux',
      rootfs: { type: 'layers', diff_ids: tars.map((t) => sha256(t)) },
      config: {},
    }),
  );
}
