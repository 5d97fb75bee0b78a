/**
 * `store export` and `store import` do not carry the images of serve's registry (issue 45), and say so: the
 * export of a store that holds images says on stderr that the snapshot has none of them; `import --replace`
 * empties the registry with the rest, so that an image of the old store never turns up in a repository of
 * the snapshot that has its repository's name.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/backends/embedded/store/sqlite-store.js';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { seedImage } from '../../helpers/seed-images.js';

let source: Sandbox;
let target: Sandbox;
const AWS = { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_DEFAULT_REGION: 'us-east-1' };

function withImages(sb: Sandbox, tags: string[]): void {
  const db = openStore(sb.env.SVCCTL_HOME!);
  try {
    for (const tag of tags) seedImage(db, { repository: 'team/app', tags: [tag], layers: [tags.indexOf(tag) + 1] }, 0);
  } finally {
    db.close();
  }
}

const described = async (sb: Sandbox) =>
  sb.run(['ecr', 'describe-images', '--repository-name', 'team/app', '--query', 'imageDetails[].imageTags[]']);

beforeAll(async () => {
  source = sandbox(AWS);
  target = sandbox(AWS);
  for (const sb of [source, target])
    expect((await sb.run(['ecr', 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
  withImages(source, ['v1', 'v2']);
  withImages(target, ['old']);
});
afterAll(() => {
  source.cleanup();
  target.cleanup();
});

describe("store export and import leave serve's registry out, and say so", () => {
  it('export of a store holding images: the snapshot, and a line on stderr that its images are not in it', async () => {
    const out = await source.run(['store', 'export', '--file', join(source.env.SVCCTL_HOME!, 'state.json')]);
    expect(out).toEqual({
      code: 0,
      stdout: '',
      stderr:
        "The snapshot holds no image of serve's registry: the 2 images of this store (manifests, tags and blobs) stay in it; store import does not bring them.\n",
    });
    const snapshot = (await source.run(['store', 'export'])).stdout;
    expect(Object.keys((JSON.parse(snapshot) as { tables: Record<string, unknown> }).tables)).not.toContain('images');
  });

  it('export of a store without images: nothing on stderr', async () => {
    const empty = sandbox(AWS);
    expect((await empty.run(['ecr', 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    expect(await empty.run(['store', 'export', '--file', join(empty.env.SVCCTL_HOME!, 'state.json')])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    empty.cleanup();
  });

  it("import --replace: the snapshot's team/app holds no image, neither the source's nor the target's old one", async () => {
    expect(await described(target)).toEqual({ code: 0, stdout: '[\n    "old"\n]\n', stderr: '' });
    const file = join(source.env.SVCCTL_HOME!, 'state.json');
    const imported = await target.run(['store', 'import', '--file', file, '--replace']);
    expect(imported.code).toBe(0);
    expect(await described(target)).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    // The source keeps its images.
    expect(await described(source)).toEqual({ code: 0, stdout: '[\n    "v1",\n    "v2"\n]\n', stderr: '' });
  });
});
