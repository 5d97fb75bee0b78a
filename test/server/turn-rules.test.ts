/**
 * serve reads the store's fault rules once a turn of its event loop for every request of the turn, and groups
 * the turn's quota creates in one transaction on SQLite (issue 42). A rule set by another process on the
 * store (the CLI's own `service settings set`, no serve involved) reaches the very next requests, a burst of
 * them too; a counted rule (next=2) still fires exactly twice in a burst; removing the rule ends it at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { AWS_ENV } from '../helpers/harness.js';
import { freshStore } from '../helpers/store.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let dir: string;
let serve: ServeProcess;
let sb: Sandbox;
let n = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-turn-rules-'));
  const home = join(dir, 'home');
  serve = await startServe([], { ...freshStore(), SVCCTL_HOME: home });
  sb = sandbox({ ...AWS_ENV, SVCCTL_HOME: home });
}, 120_000);
afterAll(async () => {
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One unsigned CreateRepository through serve: its status and its error's type ('' when it succeeded). */
async function create(): Promise<string> {
  const res = await fetch(serve.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
    },
    body: JSON.stringify({ repositoryName: `team/r${++n}` }),
  });
  const body = (await res.json()) as { __type?: string };
  return `${res.status} ${body.__type ?? ''}`.trim();
}

const burst = (k: number) => Promise.all(Array.from({ length: k }, () => create()));

const ok = { code: 0, stdout: '', stderr: '' };

describe("a rule another process sets reaches serve's next requests", () => {
  it('throttle set by the CLI on the store: the next burst is throttled; removed: the next burst is created', async () => {
    expect(await burst(8)).toEqual(Array(8).fill('200'));
    expect(await sb.run(['service', 'settings', 'set', 'fault.ecr.CreateRepository', 'throttle'])).toEqual(ok);
    expect(await burst(8)).toEqual(Array(8).fill('400 ThrottlingException'));
    expect(await sb.run(['service', 'settings', 'reset', 'fault.ecr.CreateRepository'])).toEqual(ok);
    expect(await burst(8)).toEqual(Array(8).fill('200'));
  });

  it('a counted rule (next=2) fires on exactly two requests of a burst', async () => {
    expect(await sb.run(['service', 'settings', 'set', 'fault.ecr.CreateRepository', 'throttle;next=2'])).toEqual(ok);
    const answers = await burst(8);
    expect(answers.filter((a) => a === '400 ThrottlingException')).toHaveLength(2);
    expect(answers.filter((a) => a === '200')).toHaveLength(6);
    expect(await sb.run(['service', 'settings', 'reset', 'fault.ecr.CreateRepository'])).toEqual(ok);
    const listed = await sb.run([
      '--endpoint-url',
      serve.url,
      'ecr',
      'describe-repositories',
      '--query',
      'length(repositories)',
    ]);
    expect(listed).toEqual({ code: 0, stdout: '22\n', stderr: '' });
  });
});
