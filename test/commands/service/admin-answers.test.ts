/**
 * `svcctl service …` through --endpoint-url reads serve's admin answers (commands/service/admin-actions.ts
 * callServe) by the rules the HTTP backend reads an operation's answer by (hostile pass 22a): a body that is no
 * UTF-8 is named, not printed with U+FFFD (round 21 had fixed it for the operations alone); a body that is no
 * JSON object, or whose list or object is of another type, is an unreadable answer (255), not a JavaScript
 * error's words ('Cannot read properties of null', 'faults.map is not a function') or {} printed with exit 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox } from '../../helpers/cli.js';
import { failed } from '../../helpers/cli-results.js';
import { type Fake, fakeServer } from '../../helpers/fake-server.js';

let fake: Fake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A server answering every request 200 with these bytes as JSON. */
async function answering(body: Buffer): Promise<Fake> {
  return fakeServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
}

describe("serve's admin answers that are none (255, naming why)", () => {
  it.each([
    [
      ['service', 'journal'],
      '/journal',
      Buffer.from('{"Entries":[{"Operation":"X\xff"}]}', 'latin1'),
      'is not valid UTF-8 (byte 0xff at character 28)',
    ],
    [
      ['service', 'resources'],
      '/resources',
      Buffer.from('{"Resources":["\xfe"]}', 'latin1'),
      'is not valid UTF-8 (byte 0xfe at character 16)',
    ],
    [
      ['service', 'reset', '--yes'],
      '/reset',
      Buffer.from('{"Deleted":{"a":"\xff"}}', 'latin1'),
      'is not valid UTF-8 (byte 0xff at character 18)',
    ],
    [['service', 'journal'], '/journal', Buffer.from('null'), 'is not a JSON object'],
    [['service', 'ready'], '/ready', Buffer.from('[1]'), 'is not a JSON object'],
    [['service', 'settings', 'get'], '/faults', Buffer.from('{"Faults":"x"}'), 'holds no Faults (a list)'],
    [['service', 'resources'], '/resources', Buffer.from('{"Resources":5}'), 'holds no Resources (a list)'],
    [['service', 'journal'], '/journal', Buffer.from('{}'), 'holds no Entries (a list)'],
    [['service', 'reset', '--yes'], '/reset', Buffer.from('{"Deleted":[]}'), 'holds no Deleted (an object)'],
  ])('%j answered %s %s', async (argv, path, body, why) => {
    fake = await answering(body);
    const sb = sandbox();
    expect(await sb.run(['--endpoint-url', fake.url, ...argv])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: ${fake.url}/_svcctl${path} answered 200 with a body that ${why}: is it a svcctl serve?\n`,
      ),
    );
  });
});
