/**
 * better-sqlite3's addon built for another node, broken or missing (issue 34, item 3): the program says what
 * to run, with the configuration exit code, instead of node's `Could not locate the bindings file` and the
 * dozen paths it tried. The installed program (bin/, dist/ as test/setup/build.ts built it) is copied beside a
 * copy of the driver's package whose addon is then spoiled.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../completion/fresh-bin.js';

let dir: string;
const addon = () => join(dir, 'app/node_modules/better-sqlite3/build/Release/better_sqlite3.node');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-addon-'));
  for (const entry of ['bin', 'dist', 'package.json'])
    cpSync(join(ROOT, entry), join(dir, 'app', entry), { recursive: true });
  for (const pkg of ['better-sqlite3', 'bindings', 'file-uri-to-path'])
    cpSync(join(ROOT, 'node_modules', pkg), join(dir, 'app/node_modules', pkg), { recursive: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(dir, 'app/bin/svcctl'),
      args,
      { env: { PATH: process.env.PATH, HOME: dir, SVCCTL_HOME: join(dir, 'home') } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });
}

const advice = (why: string) =>
  `\nsvcctl: [ERROR]: An error occurred (Configuration): svcctl's SQLite driver (better-sqlite3) cannot be loaded by node ${process.version}: ${why}\nRebuild it for this node in svcctl's folder: npm rebuild better-sqlite3\n`;

describe('a native addon that does not load', () => {
  it('a file that is no addon for this node: says so and what to run, exit 253', async () => {
    writeFileSync(addon(), 'not an ELF file, as an addon of another platform would be\n'.repeat(64));
    expect(await run(['create-repository', '--repository-name', 'team/app'])).toEqual({
      code: 253,
      stdout: '',
      stderr: advice(`${addon()}: invalid ELF header`),
    });
  });

  it('a missing addon: the same advice, without the paths node tried', async () => {
    rmSync(addon(), { force: true });
    expect(existsSync(addon())).toBe(false);
    expect(await run(['create-repository', '--repository-name', 'team/app'])).toEqual({
      code: 253,
      stdout: '',
      stderr: advice('Could not locate the bindings file.'),
    });
  });
});
