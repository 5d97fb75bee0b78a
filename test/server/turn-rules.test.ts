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
import { inOneTurn, rawPost } from '../helpers/one-turn.js';
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

describe('a reset read in the same turn as grouped creates (hostile pass 11a)', () => {
  // The creates of one turn commit together at its end and their journal rows are written at the end of the
  // next; POST /_svcctl/reset, read with them, ran in between: it emptied the journal and deleted the
  // repositories, and then the creates' rows were written into the emptied journal (in about half the rounds,
  // up to 32 rows of repositories that no longer exist). Every row after a reset is now of a repository there.
  it('every CreateRepository row the journal holds after the reset is of a repository that exists', async () => {
    for (let round = 0; round < 10; round++) {
      const names = Array.from({ length: 16 }, (_, i) => `reset/r${round}-${i}`);
      const texts = [
        ...names.map((name) =>
          rawPost(
            serve.url,
            '/',
            [
              'Content-Type: application/x-amz-json-1.1',
              'X-Amz-Target: AmazonEC2ContainerRegistry_V20150921.CreateRepository',
            ],
            JSON.stringify({ repositoryName: name }),
          ),
        ),
        rawPost(serve.url, '/_svcctl/reset', [], ''),
      ];
      // Every connection open first, then every request written in one tick: serve reads them in one turn.
      expect(await inOneTurn(serve.url, texts)).toEqual(Array(17).fill('HTTP/1.1 200 OK'));
      const journal = (await (await fetch(`${serve.url}/_svcctl/journal`)).json()) as {
        Entries: Array<{ Operation: string; Input: { repositoryName?: string } }>;
      };
      const rows = journal.Entries.filter((e) => e.Operation === 'CreateRepository').map((e) => e.Input.repositoryName);
      const listed = await sb.run([
        '--endpoint-url',
        serve.url,
        'ecr',
        'describe-repositories',
        '--query',
        'repositories[].repositoryName',
      ]);
      const stored = JSON.parse(listed.stdout) as string[];
      expect({ round, rows }).toEqual({ round, rows: names.filter((n) => stored.includes(n)) });
    }
  });
});
