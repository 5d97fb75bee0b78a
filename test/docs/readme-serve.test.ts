/**
 * The README's `svcctl serve` blocks, run as written (issue 19, README's first steps): in bash, with
 * `svcctl` the built CLI, `aws` Debian's AWS CLI, a fresh $HOME and $SVCCTL_HOME, and a free port in place
 * of 4566. Each block must end with its server stopped and exit 0; what each command printed is checked.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../completion/fresh-bin.js';
import { layerBytes, writeOciLayout } from '../helpers/image-registry.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The first (or the nth) ```text block after a heading. */
function blockAfter(heading: string, nth = 0): string {
  const at = README.indexOf(heading);
  expect(at, heading).toBeGreaterThan(0);
  return [...README.slice(at).matchAll(/```text\n([\s\S]*?)```/g)][nth]![1]!;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-readme-serve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a block in bash (job control on, so that `kill %1` works), with svcctl as the built CLI. */
async function run(block: string, name: string): Promise<string> {
  const port = await freePort();
  const script = [
    'set -m',
    `svcctl() { ${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'bin/svcctl'))} "$@"; }`,
    block.replaceAll('4566', String(port)),
    'wait',
    'echo "[done]"',
  ].join('\n');
  const home = join(dir, name);
  mkdirSync(home); // a user's HOME exists: svcctl makes only ~/.svcctl in it
  return execFileSync('bash', ['--norc', '--noprofile', '-e', '-c', script], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      SVCCTL_HOME: join(home, '.svcctl'),
      AWS_PAGER: '',
      TZ: 'UTC',
    },
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).replaceAll(String(port), '4566');
}

describe("the README's serve examples, as written", { timeout: 90_000 }, () => {
  it('"Push an image to serve\'s registry": skopeo copies an image in and lists its tag', async () => {
    writeOciLayout(join(dir, 'image'), 'v1', [gzipSync(layerBytes(2000, 1))]);
    const out = await run(blockAfter("### Push an image to serve's registry"), 'registry');
    expect(out).toContain('Writing manifest to image destination\n');
    expect(out).toContain('{\n    "Repository": "127.0.0.1:4566/team/app",\n    "Tags": [\n        "v1"\n    ]\n}\n');
    expect(out.endsWith('[done]\n')).toBe(true);
  });

  it('"Backends and svcctl serve": the server, then svcctl and the AWS CLI against it', async () => {
    const out = await run(blockAfter('## Backends and `svcctl serve`'), 'backends');
    expect(out).toContain('http://127.0.0.1:4566\n'); // serve's first line
    expect(out).toContain('{\n    "LaunchConfigurations": []\n}\n');
    expect(out).toContain('"repositoryName": "team/app"');
    expect(out).toContain('\n"v2.core.account_token"\n');
    expect(out.endsWith('[done]\n')).toBe(true);
  });

  it('"Operating serve": ready, a call, the journal as svcctl lines, reset', async () => {
    const out = await run(`${blockAfter('### Operating serve')}kill %1\n`, 'operating');
    expect(out).toContain('{\n    "ready": true,');
    expect(out).toContain('"repositoryName": "team/app"');
    expect(out).toContain(
      '\nsvcctl --endpoint-url http://127.0.0.1:4566 ecr create-repository --repository-name team/app\n',
    );
    expect(out).toContain('"repositories": 1,');
    expect(out.endsWith('[done]\n')).toBe(true);
  });

  it('"Serve in a CI script": eval of --print-env points svcctl and the AWS CLI at serve --store memory', async () => {
    const out = await run(blockAfter('### Serve in a CI script'), 'print-env');
    expect(out).toContain('http://127.0.0.1:4566\n'); // serve's first line
    expect(out).toContain('{\n    "ready": true,');
    expect(out).toContain('127.0.0.1:4566/team/app\nteam/app\nv2.core.account_token\n');
    expect(out.endsWith('[done]\n')).toBe(true);
    expect(readdirSync(join(dir, 'print-env'))).toEqual([]); // in memory: no ~/.svcctl
  });

  it('"Serve in a CI script": --write-env with --port 0, sourced once serve writes it', async () => {
    const out = await run(blockAfter('### Serve in a CI script', 1), 'write-env');
    expect(out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n0\n\[done\]\n$/);
    expect(existsSync(join(dir, 'serve.env'))).toBe(false); // removed when serve stopped
  });
});
