/**
 * svcctl against what the AWS CLI 2.36.7 printed for ECR's image operations (GetAuthorizationToken,
 * get-login-password, ListImages, DescribeImages, BatchGetImage) on the same state
 * (test/goldens/aws-cli-2.36.7/images.json): exit code, stdout and stderr, with the program's name read as
 * svcctl. The state is rebuilt as it was captured: serve's server (in-process, the sandbox's pinned clock) over
 * a store with the golden's token secret, its repositories, and its images pushed through serve's registry
 * (the HTTP API, logged in with svcctl's get-login-password), in order; then each case runs with
 * `--endpoint-url` of that server, in the file's order.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSvcctl, readAwsCliGolden } from '../helpers/aws-cli-golden.js';
import { type Harness, harness } from '../helpers/harness.js';
import {
  basic,
  CONFIG,
  DOCKER_MANIFEST,
  http,
  imageManifest,
  indexManifest,
  layerBytes,
  sha256,
} from '../helpers/image-registry.js';

/** An image of the golden's state, as its generator pushed it (test/goldens/aws-cli-2.36.7/README.md). */
interface GoldenImage {
  name: string;
  repository: string;
  tags?: string[];
  layers?: number[];
  mediaType?: string;
  manifests?: string[];
  /** Only its config and layers are pushed (a put-image case puts its manifest). */
  blobsOnly?: boolean;
}

interface Case {
  args: string[];
  env?: Record<string, string>;
  /** Files the case reads (`fileb://layer-3.bin`), written into the working directory first: a layer's bytes. */
  files?: Record<string, { layer: number }>;
  code: number;
  stdout: string;
  stderr: string;
}

const GOLDEN = readAwsCliGolden<{
  printedBy: string;
  state: {
    /** The serve the AWS CLI was run against: its address appears in what serve answered (compat #307). */
    endpoint: string;
    clockMs: number;
    pageTokenSecret: string;
    repositories: string[];
    images: GoldenImage[];
  };
  cases: Array<Case | { push: GoldenImage[] } | { define: GoldenImage[] }>;
}>('images.json');

/**
 * Cases where svcctl deliberately answers otherwise (docs/compat.md), by their arguments: what it prints instead.
 * A starting token svcctl cannot read is refused before any call (#73); the AWS CLI sends it to the service.
 */
const BAD_TOKEN =
  'Bad value for --starting-token: "abc" is not a NextToken printed by svcctl or the AWS CLI for this command ' +
  "(not base64; a nextToken that --no-paginate printed is the service's own: give it to --next-token).";
const LIST_BAD_TOKEN = 'ecr list-images --repository-name team/app --starting-token abc';
const DIFFERENCES = new Map<string, { code: number; stdout: string; stderr: string }>([
  [
    LIST_BAD_TOKEN,
    { code: 252, stdout: '', stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): ${BAD_TOKEN}\n` },
  ],
  [
    `${LIST_BAD_TOKEN} --cli-error-format enhanced`,
    { code: 252, stdout: '', stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): ${BAD_TOKEN}\n` },
  ],
  [
    `${LIST_BAD_TOKEN} --cli-error-format legacy`,
    { code: 252, stdout: '', stderr: `\nsvcctl: [ERROR]: ${BAD_TOKEN}\n` },
  ],
  [
    `${LIST_BAD_TOKEN} --cli-error-format json`,
    { code: 252, stdout: '', stderr: `${JSON.stringify({ Code: 'ParamValidation', Message: BAD_TOKEN }, null, 4)}\n` },
  ],
]);

/**
 * What serve answers now where it answered otherwise when the golden was printed (the AWS CLI printed serve's
 * answer as it came): since hostile pass 22d an index's imageSizeInBytes is the largest of the images it names,
 * 390 here, not 0 (ECR's ImageDetail doc). The golden's describe-images texts are read with that size, each
 * format as the AWS CLI writes a number there; sort_by on the size moves the index to its place among the 390s.
 */
const INDEX_SIZE = 390;
function sinceGolden(args: string[], text: string): string {
  if (args[0] !== 'ecr' || args[1] !== 'describe-images') return text;
  const indexRow = '|  0  |  application/vnd.oci.image.index.v1+json                |\n';
  if (text.includes(indexRow)) {
    const without = text.replace(indexRow, '');
    const after = '|  390|  application/vnd.oci.image.manifest.v1+json             |\n';
    return without.replace(after, `${after}${indexRow.replace('|  0  |', `|  ${INDEX_SIZE}|`)}`);
  }
  return text
    .replace(/"imageSizeInBytes": 0,/g, `"imageSizeInBytes": ${INDEX_SIZE},`)
    .replace(/imageSizeInBytes: 0\n/g, `imageSizeInBytes: ${INDEX_SIZE}\n`)
    .replace(/\t0\t000000000000\t/g, `\t${INDEX_SIZE}\t000000000000\t`)
    .replace(/(\|\s+imageSizeInBytes\s+\|\s+)0 {2}/g, `$1${INDEX_SIZE}`);
}

let h: Harness;
let password = '';
const made = new Map<string, { mediaType: string; bytes: Buffer }>();

/** An image's manifest and blobs, as the golden's generator made them; kept by name for an index naming it. */
function make(image: GoldenImage): { mediaType: string; bytes: Buffer; blobs: Buffer[] } {
  const mediaType = image.mediaType ?? DOCKER_MANIFEST;
  const layers = (image.layers ?? [1]).map((seed) => layerBytes(100 * seed, seed));
  const bytes = image.manifests
    ? indexManifest(
        mediaType,
        image.manifests.map((n) => made.get(n)!),
      )
    : imageManifest(mediaType, CONFIG, layers);
  made.set(image.name, { mediaType, bytes });
  return { mediaType, bytes, blobs: image.manifests ? [] : [CONFIG, ...layers] };
}

/** Pushes an image through serve's registry: its blobs, then its manifest by each tag (by digest if none). */
async function push(image: GoldenImage): Promise<void> {
  const { mediaType, bytes, blobs } = make(image);
  const auth = basic(password);
  for (const blob of blobs) {
    const start = await http(h.server.url, 'POST', `/v2/${image.repository}/blobs/uploads/`, auth);
    expect(start.status).toBe(202);
    const put = await http(
      h.server.url,
      'PUT',
      `${start.headers.location}${start.headers.location!.includes('?') ? '&' : '?'}digest=${sha256(blob)}`,
      { ...auth, 'content-type': 'application/octet-stream' },
      blob,
    );
    expect(put.status).toBe(201);
  }
  if (image.blobsOnly) return;
  for (const ref of image.tags?.length ? image.tags : [sha256(bytes)]) {
    const put = await http(
      h.server.url,
      'PUT',
      `/v2/${image.repository}/manifests/${ref}`,
      { ...auth, 'content-type': mediaType },
      bytes,
    );
    expect(put.status).toBe(201);
  }
}

beforeAll(async () => {
  h = await harness();
  h.sb.clock.ms = GOLDEN.state.clockMs;
  // The golden's token secret, before anything issues a token: page and authorization tokens are the golden's.
  h.withStore((db) =>
    db.prepare("INSERT INTO settings (name, value) VALUES ('page_token_secret', ?)").run(GOLDEN.state.pageTokenSecret),
  );
  for (const name of GOLDEN.state.repositories)
    expect((await h.http(['ecr', 'create-repository', '--repository-name', name])).code).toBe(0);
  const login = await h.http(['ecr', 'get-login-password']);
  expect(login.code).toBe(0);
  password = login.stdout.trim();
  for (const image of GOLDEN.state.images) await push(image);
});
afterAll(() => h?.close());

describe(`svcctl against ${GOLDEN.printedBy.split(' ')[0]}: ECR's image operations`, () => {
  for (const c of GOLDEN.cases) {
    if ('define' in c) {
      it(`makes ${c.define.map((i) => i.name).join(', ')}`, () => {
        for (const image of c.define) expect(make(image).bytes.length).toBeGreaterThan(0);
      });
      continue;
    }
    if ('push' in c) {
      it(`pushes ${c.push.map((i) => i.name).join(', ')}`, async () => {
        for (const image of c.push) await push(image);
      });
      continue;
    }
    const key = c.args.join(' ');
    it(key.slice(0, 200), async () => {
      for (const [file, { layer }] of Object.entries(c.files ?? {}))
        writeFileSync(join(h.sb.cwd, file), layerBytes(100 * layer, layer));
      const got = await h.sb.run([...c.args, '--endpoint-url', h.server.url], { env: c.env });
      // serve answers with its own address (repositoryUri, proxyEndpoint, downloadUrl): the golden's serve's
      // is this test's serve's here.
      const here = (text: string) =>
        asSvcctl(text).split(new URL(GOLDEN.state.endpoint).host).join(new URL(h.server.url).host);
      expect(got).toEqual(
        DIFFERENCES.get(key) ?? { code: c.code, stdout: here(sinceGolden(c.args, c.stdout)), stderr: here(c.stderr) },
      );
    });
  }
});
