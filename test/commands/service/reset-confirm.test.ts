/**
 * `svcctl service reset` on the embedded store asks on a terminal before it deletes (issue 34, item 5):
 * anything but yes deletes nothing and exits 1; yes deletes. In a real terminal (tmux).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { type Tmux, tmux } from '../../helpers/tmux.js';

const BIN = fileURLToPath(new URL('../../../bin/svcctl', import.meta.url));
let sb: Sandbox;
let term: Tmux;
beforeAll(() => {
  sb = sandbox();
  term = tmux('reset');
});
afterAll(() => {
  term.close();
  sb.cleanup();
});

const names = async () =>
  (await sb.run(['service', 'resources', '--query', 'Resources[].Name', '--output', 'text'])).stdout;

describe('service reset on a terminal', () => {
  it('asks; "n" (or nothing) deletes nothing and exits 1; "y" deletes', async () => {
    expect((await sb.run(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    const env = { SVCCTL_HOME: sb.env.SVCCTL_HOME!, HOME: sb.home, SVCCTL_PAGER: '' };
    const question = `Delete every resource, idempotency key and journal entry in the store ${sb.env.SVCCTL_HOME}/state.db? [y/N]`;

    term.start('no', env, ['service', 'reset']);
    await term.waitFor('no', (last) => last === question, 'the question');
    term.type('no', 'n');
    const no = await term.waitFor('no', (last) => last.startsWith('[exit'), 'the exit');
    expect(no.filter((l) => l !== '')).toEqual([`${question} n`, 'Nothing was deleted.', '[exit 1]']);
    expect(await names()).toBe('team/app\n');

    term.start('enter', env, ['service', 'reset', '--kind', 'repositories']);
    const asked = `Delete every repositories row in the store ${sb.env.SVCCTL_HOME}/state.db? [y/N]`;
    await term.waitFor('enter', (last) => last === asked, 'the question');
    term.type('enter', '');
    const enter = await term.waitFor('enter', (last) => last.startsWith('[exit'), 'the exit');
    expect(enter.filter((l) => l !== '')).toEqual([asked, 'Nothing was deleted.', '[exit 1]']);
    expect(await names()).toBe('team/app\n');

    term.start('yes', env, ['service', 'reset', '--kind', 'repositories', '--output', 'text']);
    await term.waitFor('yes', (last) => last === asked, 'the question');
    term.type('yes', 'y');
    const yes = await term.waitFor('yes', (last) => last.startsWith('[exit'), 'the exit');
    expect(yes.filter((l) => l !== '')).toEqual([`${asked} y`, 'DELETED 1', '[exit 0]']);
    expect(await names()).toBe('');
  });

  it('with its output sent to a file it asks nothing (the question and line editing would go there): 252, nothing deleted', async () => {
    // Hostile pass 21e: `svcctl service reset > out` on a terminal showed no question and waited; `y` put
    // ESC[1G ESC[0J, the question and `y\r` into the file before DELETED.
    expect((await sb.run(['create-repository', '--repository-name', 'team/file'])).code).toBe(0);
    const env = { SVCCTL_HOME: sb.env.SVCCTL_HOME!, HOME: sb.home, SVCCTL_PAGER: '' };
    const out = join(sb.env.SVCCTL_HOME!, '..', 'reset.out');
    term.spawn('file', env, [
      'sh',
      '-c',
      `'${process.execPath}' '${BIN}' service reset --kind repositories > '${out}'; echo "[exit $?]"; sleep 120`,
    ]);
    const pane = await term.waitFor('file', (last) => last.startsWith('[exit'), 'the exit');
    expect(pane.filter((l) => l !== '')).toEqual([
      `svcctl: [ERROR]: An error occurred (ParamValidation): svcctl service reset deletes every repositories row in the store ${sb.env.SVCCTL_HOME}/state.db, and there is no terminal to ask: add --yes to confirm. Nothing was deleted.`,
      '[exit 252]',
    ]);
    expect(readFileSync(out, 'utf8')).toBe('');
    expect(await names()).toContain('team/file');
  });

  it('Ctrl-D at the question deletes nothing and exits 252 at once (it used to hang after the error)', async () => {
    expect((await sb.run(['create-repository', '--repository-name', 'team/kept'])).code).toBe(0);
    const env = { SVCCTL_HOME: sb.env.SVCCTL_HOME!, HOME: sb.home, SVCCTL_PAGER: '' };
    const asked = `Delete every repositories row in the store ${sb.env.SVCCTL_HOME}/state.db? [y/N]`;
    term.start('eof', env, ['service', 'reset', '--kind', 'repositories']);
    await term.waitFor('eof', (last) => last === asked, 'the question');
    term.keys('eof', 'C-d');
    const eof = await term.waitFor('eof', (last) => last.startsWith('[exit'), 'the exit');
    expect(eof.filter((l) => l !== '')).toEqual([
      asked,
      'svcctl: [ERROR]: An error occurred (ParamValidation): The prompt was cancelled: standard input ended.',
      '[exit 252]',
    ]);
    expect(await names()).toContain('team/kept');
  });
});
