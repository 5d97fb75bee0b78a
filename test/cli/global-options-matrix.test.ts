/**
 * Every command × every global option (issue 44: "a setting accepted and then ignored is a defect"). The
 * commands are walked from the program's own tree (every operation, svcctl's own commands, the hidden ones)
 * and the options from its declarations (the global flags, and each operation's input and paging flags), so
 * that a new command or option fails here until its row says what it does (`expectedRow`: the operations'
 * groups AWS_COMMON, PAGED, V2, V2_POST; `OWN` for svcctl's own commands). Each pair is one of:
 *
 * - an observation (the `Observation` names, each a case of `observe`): the option changes what the command
 *   does in a way the test sees — stdout, stderr, the exit code, what reaches the embedded service, or what
 *   serve on loopback gets (https for the TLS options, credentials required for signing);
 * - `refused`: exit 252, nothing on stdout, and stderr naming the option;
 * - `unused …`: byte for byte the answer without it, for a reason the row cites: a compat.md row, or the
 *   AWS CLI 2.36.7 doing the same.
 *
 * The operations are grouped by what decides the answer (AWS or v2, POST or GET, paged or not, a blob member
 * or not); svcctl's own commands each have their row. Every operation runs its first example. So that each can
 * answer without the store holding what it names, `EmbeddedService.call` (the embedded backend's, and serve's
 * behind HTTP) is spied on and answers an empty output (two pages of one item for a paged operation); the CLI,
 * its paging and output, the embedded backend, the HTTP backend and serve are the real ones. Found and fixed
 * with it: serve's ignored client options, --cli-binary-format on a blob, --idempotency-key on a v2 read,
 * --no-sign-request on a v2 command.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { programTree } from '../../src/cli/program.js';
import { COMMANDS } from '../../src/cli/run.js';
import { OPERATION_FLAGS, PAGINATION_FLAGS } from '../../src/core/options.js';
import { type CommandNode, commandPath } from '../../src/models/commands.js';
import { CONFIG_KEYS, GLOBAL_FLAGS } from '../../src/models/config-keys.js';
import { type Operation, resultKeys, speaksV2 } from '../../src/models/operation.js';
import { parseCredentials } from '../../src/server/credentials.js';
import { type CliResult, sandbox, type Sandbox } from '../helpers/cli.js';
import { type InProcessServe, startInProcessServe } from '../helpers/in-process-serve.js';
import { loopbackCert } from '../helpers/self-signed-cert.js';

// ---- the commands and the options, from the program -------------------------------------------------------

interface Cmd {
  /** The words after `svcctl` (an operation: its first path). */
  path: string[];
  node: CommandNode;
  op?: Operation;
}

function walk(): Cmd[] {
  const out: Cmd[] = [];
  const seen = new Set<Operation>();
  const visit = (n: CommandNode) => {
    if (n.spec.op) {
      if (!seen.has(n.spec.op)) out.push({ path: commandPath(n), node: n, op: n.spec.op });
      seen.add(n.spec.op);
    } else if (n.parent && n.spec.run) out.push({ path: commandPath(n), node: n });
    n.subcommands.forEach(visit);
  };
  visit(programTree(COMMANDS));
  return out;
}

const longName = (declaration: string) => declaration.split(/[ ,]/)[0]!;
/** The program's global flags, and the flags every operation (and every paged one) declares. */
const FLAGS = [...new Set([...GLOBAL_FLAGS, ...OPERATION_FLAGS, ...PAGINATION_FLAGS].map(([d]) => longName(d)))];
const COMMAND_LIST = walk();

// ---- what each option is probed with --------------------------------------------------------------------

/** The value each probe gives an option (none: a switch). */
const VALUE: Record<string, string | undefined> = {
  '--endpoint-url': 'http://127.0.0.1:1',
  '--output': 'yaml',
  '--query': '`"probe"`',
  '--profile': 'nosuch',
  '--region': 'eu-west-2',
  '--color': 'on',
  '--cli-read-timeout': '1',
  '--cli-connect-timeout': '7',
  '--ca-bundle': 'ca.pem',
  '--cli-binary-format': 'raw-in-base64-out',
  '--cli-error-format': 'json',
  '--api-key': 'sk_test_matrixprobe',
  '--service-version': '2099-01-01.probe',
  '--idempotency-key': 'matrix-probe-key',
  '--cli-input-json': '{"probeUnknownMember": 1}',
  '--cli-input-yaml': 'probeUnknownMember: 1',
  '--page-size': '2',
  '--max-items': '1',
};

/**
 * How a pair is seen (each takes the command's argv, the sandbox and the spied calls; it asserts):
 * stdout / stderr: exit 0 both ways and that stream differs from the run without the option.
 */
type Observation =
  | 'stdout'
  | 'stderr'
  | 'debug-call'
  | 'endpoint'
  | 'profile'
  | 'region'
  | 'header'
  | 'tls'
  | 'unsigned'
  | 'read-timeout'
  | 'checked'
  | 'error-format'
  | 'prompt-off'
  | 'prompt-on'
  | 'skeleton'
  | 'input'
  | 'one-call'
  | 'limit'
  | 'max-items'
  | 'resume'
  | 'binary';
type Expected = Observation | 'refused' | `unused: ${string}`;

// ---- the table ------------------------------------------------------------------------------------------

const AWS_COMMON: Record<string, Expected> = {
  '--debug': 'debug-call',
  '--endpoint-url': 'endpoint',
  '--no-verify-ssl': 'tls',
  '--no-paginate':
    'unused: the AWS CLI 2.36.7 takes it on an operation that does not page, which makes one call either way',
  '--output': 'stdout',
  '--query': 'stdout',
  '--profile': 'profile',
  '--region': 'region',
  '--color': 'stdout',
  '--no-sign-request': 'unsigned',
  '--ca-bundle': 'tls',
  '--cli-read-timeout': 'read-timeout',
  '--cli-connect-timeout': 'checked',
  '--cli-binary-format':
    'unused: the AWS CLI 2.36.7 takes it on an operation with no blob member, where it changes nothing',
  '--no-cli-pager': 'unused: the AWS CLI 2.36.7 pages only on a terminal; these runs write to a pipe',
  '--cli-auto-prompt': 'prompt-on',
  '--no-cli-auto-prompt': 'prompt-off',
  '--cli-error-format': 'error-format',
  '--api-key': 'refused',
  '--service-version': 'refused',
  '--idempotency-key': 'refused',
  '--cli-input-json': 'input',
  '--cli-input-yaml': 'input',
  '--generate-cli-skeleton': 'skeleton',
  '--starting-token': 'refused',
  '--page-size': 'refused',
  '--max-items': 'refused',
};
const PAGED: Record<string, Expected> = {
  '--no-paginate': 'one-call',
  '--starting-token': 'resume',
  '--page-size': 'limit',
  '--max-items': 'max-items',
};
const V2: Record<string, Expected> = {
  '--api-key': 'header',
  '--service-version': 'header',
  '--no-sign-request': 'refused',
};
const V2_POST: Record<string, Expected> = { '--idempotency-key': 'header' };

/** svcctl's own commands: what each does with each option (the options an operation alone declares are unknown). */
const LOCAL = 'unused: docs/compat.md row 432';
const OWN_FLAGS_UNKNOWN: Record<string, Expected> = Object.fromEntries(
  [...OPERATION_FLAGS, ...PAGINATION_FLAGS].map(([d]) => [longName(d), 'refused']),
);
const allLocal = (): Record<string, Expected> => ({
  ...Object.fromEntries(FLAGS.map((f) => [f, LOCAL])),
  ...OWN_FLAGS_UNKNOWN,
});

const OWN: Record<string, Record<string, Expected>> = {
  serve: {
    ...Object.fromEntries(FLAGS.map((f) => [f, 'refused'])),
    '--debug': LOCAL,
    '--profile': 'profile',
    '--region': 'stdout',
    '--color': LOCAL,
    '--cli-error-format': LOCAL,
  },
  configure: {
    ...allLocal(),
    // Not on a terminal it stops with an error, which these two format.
    '--color': 'stderr',
    '--cli-error-format': 'stderr',
    '--profile': 'unused: configure without a subcommand prompts on a terminal; these runs are not one',
  },
  'configure set': { ...allLocal() },
  'configure get': { ...allLocal(), '--profile': 'profile' },
  'configure list': {
    ...allLocal(),
    '--endpoint-url': 'stdout',
    '--output': 'stdout',
    '--query': 'stdout',
    '--profile': 'profile',
    '--region': 'stdout',
    '--color': 'stdout',
    '--ca-bundle': 'stdout',
    '--cli-read-timeout': 'stdout',
    '--cli-connect-timeout': 'checked',
    '--cli-binary-format': 'stdout',
    '--no-cli-pager': 'stdout',
    '--cli-auto-prompt': 'stdout',
    '--no-cli-auto-prompt': 'stdout',
    '--cli-error-format': 'stdout',
    '--api-key': 'stdout',
    '--service-version': 'stdout',
  },
  'configure list-profiles': { ...allLocal(), '--profile': 'profile' },
  completion: { ...allLocal() },
  __complete: { ...allLocal() },
  'service settings get': {
    ...allLocal(),
    '--endpoint-url': 'endpoint',
    '--output': 'stdout',
    '--query': 'stdout',
    '--profile': 'profile',
  },
  'service settings set': { ...allLocal(), '--endpoint-url': 'refused', '--profile': 'profile' },
  'service settings reset': { ...allLocal(), '--endpoint-url': 'endpoint', '--profile': 'profile' },
  'service journal': {
    ...allLocal(),
    '--endpoint-url': 'endpoint',
    '--output': 'stdout',
    '--query': 'stdout',
    '--profile': 'profile',
    '--color': 'stdout',
  },
  'service resources': {
    ...allLocal(),
    '--endpoint-url': 'endpoint',
    '--output': 'stdout',
    '--query': 'stdout',
    '--profile': 'profile',
    '--color': 'stdout',
  },
  'service reset': {
    ...allLocal(),
    '--endpoint-url': 'endpoint',
    '--output': 'stdout',
    '--query': 'stdout',
    '--profile': 'profile',
    '--color': 'stdout',
  },
  'service ready': {
    ...allLocal(),
    '--endpoint-url': 'endpoint',
    '--output': 'stdout',
    '--query': 'stdout',
    '--profile': 'profile',
    '--color': 'stdout',
  },
  'store export': {
    ...allLocal(),
    '--endpoint-url': 'refused',
    '--output': 'refused',
    '--query': 'refused',
    '--profile': 'profile',
  },
  'store import': {
    ...allLocal(),
    '--endpoint-url': 'refused',
    '--output': 'refused',
    '--query': 'refused',
    '--profile': 'profile',
  },
  // Against serve only (OWN_ENV): it prints the password as it is, as the AWS CLI's does.
  'ecr get-login-password': {
    ...allLocal(),
    '--debug': 'stderr',
    '--endpoint-url': 'endpoint',
    '--no-verify-ssl': 'tls',
    '--ca-bundle': 'tls',
    '--no-sign-request': 'unsigned',
    '--cli-read-timeout': 'read-timeout',
    '--cli-connect-timeout': 'checked',
    '--profile': 'profile',
    '--region': 'region',
    '--output': 'unused: the AWS CLI 2.36.7 prints the password as it is, whatever --output, --query and --color say',
    '--query': 'unused: the AWS CLI 2.36.7 prints the password as it is, whatever --output, --query and --color say',
    '--color': 'unused: the AWS CLI 2.36.7 prints the password as it is, whatever --output, --query and --color say',
    '--api-key': 'refused',
    '--service-version': 'refused',
    '--idempotency-key': 'refused',
  },
};

/** How each own command is run when no option is added (its help's first example, or what it needs to end). */
const OWN_ARGV: Record<string, string[]> = {
  serve: ['serve', '--print-env', '--port', '4599'],
  configure: ['configure'],
  'configure set': ['configure', 'set', 'output', 'text'],
  'configure list': ['configure', 'list'],
  __complete: ['__complete', '--', 'svcctl', 'descr'],
  'configure get': ['configure', 'get', 'output'],
  'configure list-profiles': ['configure', 'list-profiles'],
  completion: ['completion', 'bash'],
  'service settings get': ['service', 'settings', 'get'],
  'service settings set': ['service', 'settings', 'set', 'account_update_concurrency_limit', '3'],
  'service settings reset': ['service', 'settings', 'reset'],
  'service journal': ['service', 'journal'],
  'service resources': ['service', 'resources'],
  'service reset': ['service', 'reset', '--kind', 'journal', '--yes'],
  'service ready': ['service', 'ready'],
  'store export': ['store', 'export', '--file', 'state.json'],
  'store import': ['store', 'import', '--file', 'state.json', '--replace'],
};

/** An own command that runs only against serve: its endpoint (on loopback) and what signs its requests. */
const OWN_ENV: Record<string, () => Record<string, string>> = {
  'ecr get-login-password': () => ({ ...SIGNED_ENV, AWS_ENDPOINT_URL: http.url }),
};

/** What an own command's run needs first. */
const OWN_SETUP: Record<string, string[][]> = {
  'store import': [['store', 'export', '--file', 'state.json']],
};

function expectedRow(cmd: Cmd): Record<string, Expected> | undefined {
  const { op } = cmd;
  if (!op) return OWN[cmd.path.join(' ')];
  const blob = Object.values(op.input.members).some((m) => m.type === 'blob');
  return {
    ...AWS_COMMON,
    ...(op.paginator ? PAGED : {}),
    ...(speaksV2(op) ? V2 : {}),
    // A POST authenticated by a session's token keeps no Idempotency-Key: refused there (final hostile pass 11c).
    ...(speaksV2(op) && op.http?.method === 'POST' && op.keyRule?.take !== 'session' ? V2_POST : {}),
    ...(blob ? { '--cli-binary-format': 'binary' as const } : {}),
  };
}

function argvOf(cmd: Cmd): string[] {
  if (cmd.op) return [...cmd.op.examples![0]!.argv];
  return OWN_ARGV[cmd.path.join(' ')] ?? [...cmd.path];
}

// ---- the service, answered here -------------------------------------------------------------------------

interface Call {
  name: string;
  params: Record<string, unknown>;
  ctx: Record<string, unknown>;
}
let calls: Call[] = [];

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let at = target;
  for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}

/**
 * Two pages for a paged operation (one item, then none; a page-URL list's next page as a path holding its
 * token), `{}` for the others: what each call answers.
 */
function answer(op: Operation | undefined, params: Record<string, unknown>): Record<string, unknown> {
  const p = op?.paginator;
  if (!p) return {};
  const first = params[p.inputToken] === undefined;
  const out: Record<string, unknown> = {};
  const item = p.cursor ? { [p.cursor]: 'item_a' } : { probe: 'a' };
  setPath(out, resultKeys(p)[0]!, first ? [item] : []);
  if (p.cursor) out[p.outputToken] = first;
  else if (first) out[p.outputToken] = p.pageUrl ? `/v2/page-two?${p.inputToken}=page-two` : 'page-two';
  return out;
}

const opByName = new Map(COMMAND_LIST.filter((c) => c.op).map((c) => [c.op!.name, c.op!]));

// ---- serve on loopback (https and http, both requiring a signature or a v2 key) ---------------------------

const AKID = 'AKIAMATRIXPROBE00001';
const SECRET = 'matrixprobesecret';
const KEY = 'sk_test_matrixkey';
const CREDENTIALS = `[probe]\naws_access_key_id = ${AKID}\naws_secret_access_key = ${SECRET}\napi_key = ${KEY}\naccount_id = 000000000000\nadmin = true\n`;
let https: InProcessServe;
let http: InProcessServe;
let cert: string;
let certDir: string | undefined;
/** A port that accepts and never answers, for --cli-read-timeout. */
let silent: { url: string; close: () => void };

beforeAll(async () => {
  const real = EmbeddedService.prototype.call;
  vi.spyOn(EmbeddedService.prototype, 'call').mockImplementation(async function (
    this: EmbeddedService,
    name,
    params,
    ctx,
  ) {
    calls.push({ name, params, ctx: { ...ctx } as Record<string, unknown> });
    // The token get-login-password prints: made by the service itself, from nothing stored.
    if (name === 'GetAuthorizationToken') return real.call(this, name, params, ctx);
    return answer(opByName.get(name), params);
  });
  certDir = mkdtempSync(join(tmpdir(), 'svcctl-matrix-'));
  const pair = loopbackCert(certDir);
  cert = pair.cert;
  const credentials = parseCredentials(CREDENTIALS, 'the test');
  https = await startInProcessServe({
    tls: { cert: readFileSync(pair.cert), key: readFileSync(pair.key) },
    credentials,
  });
  http = await startInProcessServe({ credentials });
  const net = await import('node:net');
  const held: import('node:net').Socket[] = [];
  const server = net.createServer((s) => held.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as import('node:net').AddressInfo).port;
  silent = {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const s of held) s.destroy();
      server.close();
    },
  };
  startReadTimeouts();
});

/**
 * Each command with `--cli-read-timeout 1` against a port that never answers, all at once (a second each, in
 * parallel): the answers its pair asserts.
 */
let readTimeouts = new Map<string, Promise<CliResult>>();

function startReadTimeouts(): void {
  const timed = COMMAND_LIST.filter((c) => expectedRow(c)?.['--cli-read-timeout'] === 'read-timeout');
  readTimeouts = new Map(
    timed.map((c) => {
      const key = c.path.join(' ');
      const run = async () => {
        const sb = sandbox();
        sb.clock.ms = Date.now();
        try {
          const env = { ...(OWN_ENV[key]?.() ?? {}), ...SIGNED_ENV };
          return await sb.run([...argvOf(c), '--endpoint-url', silent.url, '--cli-read-timeout', '1'], { env });
        } finally {
          sb.cleanup();
        }
      };
      return [key, run()] as const;
    }),
  );
}

afterAll(async () => {
  vi.restoreAllMocks();
  silent?.close();
  await https?.close();
  await http?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

// ---- the observations -----------------------------------------------------------------------------------

const SIGNED_ENV = {
  AWS_ACCESS_KEY_ID: AKID,
  AWS_SECRET_ACCESS_KEY: SECRET,
  SVCCTL_API_KEY: KEY,
  AWS_MAX_ATTEMPTS: '1',
};

/**
 * The running pair's command: its argv, its environment, and whether options go before it (`__complete`
 * takes every word after it as the command line to complete).
 */
let current: { argv: string[]; env: Record<string, string>; flagsFirst: boolean } = {
  argv: [],
  env: {},
  flagsFirst: false,
};

async function runCounted(sb: Sandbox, argv: string[], env: Record<string, string> = {}) {
  calls = [];
  const n = current.argv.length;
  const words = current.flagsFirst ? [...argv.slice(n), ...argv.slice(0, n)] : argv;
  const r = await sb.run(words, { env: { ...current.env, ...env } });
  return { r, calls: calls.slice() };
}

const flagWords = (flag: string, value = VALUE[flag]) => (value === undefined ? [flag] : [flag, value]);

/** Refused: 252, nothing printed, the option (or its value: `With an endpoint (http://…)`) named. */
function refusedNaming(r: CliResult, flag: string): void {
  expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 252, stdout: '' });
  expect(
    [flag, VALUE[flag]].some((word) => word !== undefined && r.stderr.includes(word)),
    r.stderr,
  ).toBe(true);
}

/** A value each checking option refuses, for `checked`. */
const BAD: Record<string, string> = { '--cli-connect-timeout': 'soon' };

async function observe(sb: Sandbox, cmd: Cmd, argv: string[], flag: string, how: Expected): Promise<void> {
  const words = flagWords(flag);
  // serve checks a signature's time against its own clock: the requests over HTTP are signed now.
  sb.clock.ms = Date.now();
  if (how === 'refused') {
    refusedNaming((await runCounted(sb, [...argv, ...words])).r, flag);
    return;
  }
  if (how.startsWith('unused: ')) {
    const reason = how.slice('unused: '.length);
    const row = /row (\d+)/.exec(reason)?.[1];
    if (row) expect(readFileSync('docs/compat.md', 'utf8')).toMatch(new RegExp(`^\\| ${row} \\|`, 'm'));
    else expect(reason).toMatch(/^the AWS CLI 2\.36\.7 |^configure without a subcommand/);
    const base = await runCounted(sb, argv);
    const withFlag = await runCounted(sb, [...argv, ...words]);
    expect(withFlag.r).toEqual(base.r);
    return;
  }
  const base = await runCounted(sb, argv);
  const name = cmd.op?.name;
  switch (how as Observation) {
    case 'stdout':
    case 'stderr': {
      // --output and --color have nothing to format in an empty answer: a --query gives them one, both ways.
      const shown = !cmd.op
        ? []
        : flag === '--output'
          ? ['--query', '{probe: `[1]`}']
          : flag === '--color'
            ? ['--query', '{probe: `[1]`}', '--output', 'json']
            : [];
      const before = await runCounted(sb, [...argv, ...shown]);
      const after = await runCounted(sb, [...argv, ...shown, ...words]);
      expect([before.r.code, after.r.code]).toEqual([before.r.code, before.r.code]);
      const stream = how as 'stdout' | 'stderr';
      expect(after.r[stream]).not.toEqual(before.r[stream]);
      return;
    }
    case 'debug-call': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect(after.r.code).toBe(base.r.code);
      expect(base.r.stderr).not.toContain('DEBUG embedded call');
      expect(after.r.stderr).toContain(`DEBUG embedded call: ${name ?? 'GetAuthorizationToken'} (region us-east-1`);
      return;
    }
    case 'endpoint': {
      const after = await runCounted(sb, [...argv, ...words], SIGNED_ENV);
      expect(after.r.code).toBe(255);
      expect(after.r.stderr).toContain('Could not connect to the endpoint URL: "http://127.0.0.1:1/');
      expect(after.calls).toEqual([]);
      return;
    }
    case 'profile': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect(after.r).toEqual({
        code: 253,
        stdout: '',
        stderr: '\nsvcctl: [ERROR]: The config profile (nosuch) could not be found\n',
      });
      return;
    }
    case 'region': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect(base.calls.map((c) => c.ctx.region)).not.toContain('eu-west-2');
      expect(after.calls.length).toBeGreaterThan(0);
      expect(after.calls.map((c) => c.ctx.region)).toEqual(after.calls.map(() => 'eu-west-2'));
      return;
    }
    case 'header': {
      const after = await runCounted(sb, [...argv, ...words]);
      const member = {
        '--api-key': 'apiKey',
        '--service-version': 'serviceVersion',
        '--idempotency-key': 'idempotencyKey',
      }[flag]!;
      expect(after.r.code).toBe(0);
      expect(base.calls[0]!.ctx[member]).not.toEqual(VALUE[flag]);
      expect(after.calls[0]!.ctx[member]).toEqual(VALUE[flag]);
      return;
    }
    case 'tls': {
      const over = [...argv, '--endpoint-url', https.url];
      const untrusted = await runCounted(sb, over, SIGNED_ENV);
      expect(untrusted.r.code).toBe(255);
      expect(untrusted.r.stderr).toMatch(/certificate/i);
      const value = flag === '--ca-bundle' ? [flag, cert] : [flag];
      const trusted = await runCounted(sb, [...over, ...value], SIGNED_ENV);
      expect({ code: trusted.r.code, stderr: trusted.r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
      expect(trusted.calls.length).toBeGreaterThan(0);
      return;
    }
    case 'unsigned': {
      const over = [...argv, '--endpoint-url', http.url];
      const signed = await runCounted(sb, over, SIGNED_ENV);
      expect({ code: signed.r.code, calls: signed.calls.length > 0 }).toEqual({ code: 0, calls: true });
      const unsigned = await runCounted(sb, [...over, flag], SIGNED_ENV);
      expect(unsigned.calls).toEqual([]);
      expect(unsigned.r.code).toBe(254);
      return;
    }
    case 'read-timeout': {
      // Run for every command at once when the file starts (each waits its second out): see readTimeouts.
      const after = await readTimeouts.get(cmd.path.join(' '))!;
      expect({ code: after.code, stdout: after.stdout }).toEqual({ code: 255, stdout: '' });
      expect(after.stderr).toContain(`Read timeout on endpoint URL: "${silent.url}/`);
      return;
    }
    case 'checked': {
      const after = await runCounted(sb, [...argv, flag, BAD[flag]!]);
      expect({ code: after.r.code, stdout: after.r.stdout }).toEqual({ code: 252, stdout: '' });
      expect(after.r.stderr).toContain(`'${BAD[flag]}'`);
      expect((await runCounted(sb, [...argv, ...words])).r.code).toBe(base.r.code);
      return;
    }
    case 'error-format': {
      // An input member the model does not have: the same error in the default format and in json.
      const failing = [...argv, '--cli-input-json', '{"probeUnknownMember": 1}'];
      const enhanced = await runCounted(sb, failing);
      const json = await runCounted(sb, [...failing, ...words]);
      expect([enhanced.r.code, json.r.code]).toEqual([252, 252]);
      expect(enhanced.r.stderr).toContain('svcctl: [ERROR]: ');
      expect(JSON.parse(json.r.stderr)).toEqual(expect.objectContaining({ Message: expect.any(String) }));
      return;
    }
    case 'prompt-on': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect(after.r.code).toBe(252);
      expect(after.r.stderr).toContain('--cli-auto-prompt needs a terminal');
      expect(after.calls).toEqual([]);
      return;
    }
    case 'prompt-off': {
      const on = { SVCCTL_CLI_AUTO_PROMPT: 'on' };
      const prompted = await runCounted(sb, argv, on);
      expect(prompted.r.code).toBe(252);
      const off = await runCounted(sb, [...argv, ...words], on);
      expect(off.r).toEqual(base.r);
      return;
    }
    case 'skeleton': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect({ code: after.r.code, stderr: after.r.stderr, calls: after.calls }).toEqual({
        code: 0,
        stderr: '',
        calls: [],
      });
      expect(JSON.parse(after.r.stdout)).toEqual(expect.any(Object));
      expect(after.r.stdout).not.toEqual(base.r.stdout);
      return;
    }
    case 'input': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect({ code: after.r.code, stdout: after.r.stdout, calls: after.calls }).toEqual({
        code: 252,
        stdout: '',
        calls: [],
      });
      expect(after.r.stderr).toContain('probeUnknownMember');
      return;
    }
    case 'one-call': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect([base.calls.length, after.calls.length]).toEqual([2, 1]);
      return;
    }
    case 'limit': {
      const after = await runCounted(sb, [...argv, ...words]);
      const limit = cmd.op!.paginator!.limitKey;
      expect(after.calls.map((c) => c.params[limit])).toEqual(after.calls.map(() => 2));
      expect(base.calls[0]!.params[limit]).not.toBe(2);
      return;
    }
    case 'max-items': {
      const after = await runCounted(sb, [...argv, ...words, '--query', '@', '--output', 'json']);
      expect(after.r.code).toBe(0);
      expect(JSON.parse(after.r.stdout)).toEqual(expect.objectContaining({ NextToken: expect.any(String) }));
      return;
    }
    case 'resume': {
      const first = await runCounted(sb, [...argv, '--max-items', '1', '--query', '@', '--output', 'json']);
      const token = (JSON.parse(first.r.stdout) as { NextToken: string }).NextToken;
      const after = await runCounted(sb, [...argv, flag, token]);
      const input = cmd.op!.paginator!.inputToken;
      expect(after.r.code).toBe(0);
      expect(base.calls[0]!.params[input]).toBeUndefined();
      expect(after.calls[0]!.params[input]).toBeDefined();
      return;
    }
    case 'binary': {
      const after = await runCounted(sb, [...argv, ...words]);
      expect(after.calls[0]!.params).not.toEqual(base.calls[0]!.params);
      return;
    }
  }
}

// ---- the tests ------------------------------------------------------------------------------------------

describe('every command × every global option', () => {
  it('has an expected answer for every pair the program declares', () => {
    const missing = COMMAND_LIST.flatMap((cmd) => {
      const row = expectedRow(cmd);
      if (!row) return [`svcctl ${cmd.path.join(' ')}: no row in OWN`];
      return FLAGS.filter((f) => row[f] === undefined).map((f) => `svcctl ${cmd.path.join(' ')} × ${f}`);
    });
    expect(missing).toEqual([]);
    expect(Object.keys(OWN).filter((k) => !COMMAND_LIST.some((c) => !c.op && c.path.join(' ') === k))).toEqual([]);
  });

  describe.each(COMMAND_LIST.map((cmd) => [cmd.path.join(' '), cmd] as const))('svcctl %s', (_name, cmd) => {
    const row = expectedRow(cmd) ?? {};
    it.each(FLAGS.filter((f) => row[f] !== undefined).map((f) => [f, row[f]!] as const))(
      '%s: %s',
      async (flag, how) => {
        const sb = sandbox();
        try {
          for (const setup of OWN_SETUP[cmd.path.join(' ')] ?? []) expect((await sb.run(setup)).code).toBe(0);
          const argv = argvOf(cmd);
          current = { argv, env: OWN_ENV[cmd.path.join(' ')]?.() ?? {}, flagsFirst: cmd.path[0] === '__complete' };
          await observe(sb, cmd, argv, flag, how);
        } finally {
          sb.cleanup();
        }
      },
    );
  });
});

// ---- the environment variables and profile keys of the settings table -------------------------------------

/**
 * Each setting with a flag, written in a profile (`configure set … --profile p`), answers as its flag does.
 *
 * Every variable of the settings table (CONFIG_KEYS' env and envAfter), on the operations: a variable whose
 * setting has a flag answers exactly as that flag does, on each representative command whose row observes
 * the flag (the same resolver reads both: flag, then variables, then profile); a variable of a setting with
 * no flag has its own observation here. svcctl's own commands that refuse a flag do not read its variable
 * (compat row 432: the configured values are the clients').
 */
const VARIABLES = CONFIG_KEYS.flatMap((k) => [...(k.env ?? []), ...(k.envAfter ?? [])].map((v) => [v, k] as const));

/** A switch flag's value as a variable gives it. */
const AS_VARIABLE: Record<string, string> = { '--cli-auto-prompt': 'on' };

/** How each variable of a setting without a flag is seen, on describe-repositories (over serve where it is HTTP's). */
const VARIABLE_ONLY: Record<string, Expected> = {
  AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'endpoint',
  AWS_ACCESS_KEY_ID: 'unsigned',
  AWS_SECRET_ACCESS_KEY: 'unsigned',
  AWS_SESSION_TOKEN: 'stderr',
  SVCCTL_PAGER: 'unused: the AWS CLI 2.36.7 pages only on a terminal; these runs write to a pipe',
  AWS_PAGER: 'unused: the AWS CLI 2.36.7 pages only on a terminal; these runs write to a pipe',
  PAGER: 'unused: the AWS CLI 2.36.7 pages only on a terminal; these runs write to a pipe',
  AWS_MAX_ATTEMPTS: 'checked',
  AWS_RETRY_MODE: 'checked',
  SVCCTL_STORE_URL: 'checked',
};

const REPRESENTATIVES = ['describe-repositories', 'meter list', 'account-token create'];

/** What a flag needs around it to show (as in its observation above): an answer to format, an error, https. */
const CONTEXT: Record<string, () => string[]> = {
  '--output': () => ['--query', '{probe: `[1]`}'],
  '--color': () => ['--query', '{probe: `[1]`}', '--output', 'json'],
  '--cli-error-format': () => ['--cli-input-json', '{"probeUnknownMember": 1}'],
  '--ca-bundle': () => ['--endpoint-url', https.url],
};

describe('every environment variable and profile key of the settings table', () => {
  it('has an expected answer for each', () => {
    const unknown = VARIABLES.filter(([v, k]) => k.flag === undefined && VARIABLE_ONLY[v] === undefined).map(
      ([v]) => v,
    );
    expect(unknown).toEqual([]);
    expect(Object.keys(VARIABLE_ONLY).filter((v) => !VARIABLES.some(([name]) => name === v))).toEqual([]);
  });

  const flagged = CONFIG_KEYS.filter((k) => k.flag !== undefined && k.flag !== '--profile');
  const byProfile = flagged.flatMap((k) =>
    REPRESENTATIVES.map((path) => COMMAND_LIST.find((c) => c.op && c.path.join(' ').endsWith(path))!)
      .filter((cmd) => {
        const how = expectedRow(cmd)![k.flag!]!;
        return how !== 'refused' && !how.startsWith('unused');
      })
      .map((cmd) => [`${k.key} in the profile, on ${cmd.path.join(' ')}`, k.key, k.flag!, cmd] as const),
  );
  it.each(byProfile)('%s answers as its flag does', async (_name, key, flag, cmd) => {
    const sb = sandbox();
    try {
      const example = argvOf(cmd).filter(
        (w, i, all) => !['--output', '--query'].includes(w) && !['--output', '--query'].includes(all[i - 1]!),
      );
      current = { argv: [...example, ...(CONTEXT[flag]?.() ?? []), '--profile', 'p'], env: {}, flagsFirst: false };
      const value = flag === '--ca-bundle' ? cert : (AS_VARIABLE[flag] ?? VALUE[flag]!);
      // A profile named by --profile is the only source of the keys (botocore does not read AWS_* for it).
      const base = { aws_access_key_id: AKID, aws_secret_access_key: SECRET, api_key: KEY, cli_pager: '' };
      for (const [k, v] of Object.entries(base))
        expect((await sb.run(['configure', 'set', k, v, '--profile', 'p'])).code).toBe(0);
      const env = { AWS_MAX_ATTEMPTS: '1' };
      sb.clock.ms = Date.now();
      const without = await runCounted(sb, current.argv, env);
      expect((await sb.run(['configure', 'set', key, value, '--profile', 'p'])).stderr).toBe('');
      const fromProfile = await runCounted(sb, current.argv, env);
      const byFlag = await runCounted(
        sb,
        [...current.argv, flag, ...(value === AS_VARIABLE[flag] ? [] : [value])],
        env,
      );
      expect(fromProfile.r).toEqual(byFlag.r);
      const sent = (calls: Call[]) => calls.map(({ ctx: { idempotencyKey: _, ...rest } }) => rest);
      expect(sent(fromProfile.calls)).toEqual(sent(byFlag.calls));
      // Seen, where the flag's effect shows without a server that never answers (the time-outs: see their rows).
      if (!['--cli-read-timeout', '--cli-connect-timeout'].includes(flag))
        expect([fromProfile.r, sent(fromProfile.calls)]).not.toEqual([without.r, sent(without.calls)]);
    } finally {
      sb.cleanup();
    }
  });

  const withFlag = VARIABLES.filter(([, k]) => k.flag !== undefined).flatMap(([v, k]) =>
    REPRESENTATIVES.map((path) => COMMAND_LIST.find((c) => c.op && c.path.join(' ').endsWith(path))!)
      .filter((cmd) => {
        const how = expectedRow(cmd)![k.flag!]!;
        return how !== 'refused' && !how.startsWith('unused');
      })
      .map((cmd) => [`${v} on ${cmd.path.join(' ')}`, v, k.flag!, cmd] as const),
  );
  it.each(withFlag)('%s answers as its flag does', async (_name, variable, flag, cmd) => {
    const sb = sandbox();
    try {
      sb.clock.ms = Date.now();
      // The example without its own --output and --query, in the context where the flag shows (CONTEXT).
      const example = argvOf(cmd).filter(
        (w, i, all) => !['--output', '--query'].includes(w) && !['--output', '--query'].includes(all[i - 1]!),
      );
      current = { argv: [...example, ...(CONTEXT[flag]?.() ?? [])], env: {}, flagsFirst: false };
      const value = flag === '--ca-bundle' ? cert : (AS_VARIABLE[flag] ?? VALUE[flag]!);
      const byFlag = await runCounted(
        sb,
        [...current.argv, flag, ...(value === AS_VARIABLE[flag] ? [] : [value])],
        SIGNED_ENV,
      );
      const byVariable = await runCounted(sb, current.argv, { ...SIGNED_ENV, [variable]: value });
      const without = await runCounted(sb, current.argv, SIGNED_ENV);
      expect(byVariable.r).toEqual(byFlag.r);
      // What reaches the service, but the Idempotency-Key a v2 POST generates anew each time.
      const sent = (calls: Call[]) => calls.map(({ ctx: { idempotencyKey: _, ...rest } }) => rest);
      expect(sent(byVariable.calls)).toEqual(sent(byFlag.calls));
      // And it is seen: the variable changes the answer or what reaches the service.
      expect([byVariable.r, byVariable.calls.map((c) => c.ctx)]).not.toEqual([
        without.r,
        without.calls.map((c) => c.ctx),
      ]);
    } finally {
      sb.cleanup();
    }
  });

  it.each(Object.entries(VARIABLE_ONLY))('%s: %s', async (variable, how) => {
    const sb = sandbox();
    const argv = argvOf(COMMAND_LIST.find((c) => c.op?.name === 'DescribeRepositories')!);
    try {
      sb.clock.ms = Date.now();
      current = { argv, env: {}, flagsFirst: false };
      const run = (env: Record<string, string>) => runCounted(sb, argv, env);
      const without = await run({});
      if (how.startsWith('unused: ')) {
        expect(how).toMatch(/^unused: the AWS CLI 2\.36\.7 /);
        expect((await run({ [variable]: 'cat -n' })).r).toEqual(without.r);
        return;
      }
      switch (how) {
        case 'endpoint': {
          const configured = { ...SIGNED_ENV, SVCCTL_ENDPOINT_URL: 'http://127.0.0.1:1' };
          expect((await run(configured)).r.code).toBe(255);
          const ignored = await run({ ...configured, [variable]: 'true' });
          expect(ignored.r).toEqual((await run(SIGNED_ENV)).r);
          expect(ignored.calls.length).toBeGreaterThan(0);
          return;
        }
        case 'unsigned': {
          // Over serve, which requires a signature by the key pair it knows: a wrong one is refused.
          const over = { ...SIGNED_ENV, AWS_ENDPOINT_URL: http.url };
          expect((await run(over)).r.code).toBe(0);
          const wrong = await run({
            ...over,
            [variable]: variable === 'AWS_ACCESS_KEY_ID' ? 'AKIAWRONGKEY00000001' : 'wrong',
          });
          expect({ code: wrong.r.code, calls: wrong.calls }).toEqual({ code: 254, calls: [] });
          return;
        }
        case 'stderr': {
          // The session token is sent (x-amz-security-token, shown redacted by --debug) with the signature.
          const over = { ...SIGNED_ENV, AWS_ENDPOINT_URL: http.url };
          const withToken = await runCounted(sb, [...argv, '--debug'], { ...over, [variable]: 'session-probe' });
          const withoutToken = await runCounted(sb, [...argv, '--debug'], over);
          expect(withToken.r.stderr).toContain('x-amz-security-token: REDACTED');
          expect(withoutToken.r.stderr).not.toContain('x-amz-security-token');
          return;
        }
        case 'checked': {
          const bad = {
            AWS_MAX_ATTEMPTS: 'abc',
            AWS_RETRY_MODE: 'bogus',
            SVCCTL_STORE_URL: 'postgres://127.0.0.1:1/x',
          }[variable]!;
          const after = await run({ [variable]: bad });
          expect({ code: after.r.code === without.r.code, stdout: after.r.stdout }).toEqual({
            code: false,
            stdout: '',
          });
          expect(after.r.stderr).toContain(variable === 'SVCCTL_STORE_URL' ? 'postgres://127.0.0.1:1/x' : variable);
          return;
        }
      }
      throw new Error(`no observation for ${variable}: ${how}`);
    } finally {
      sb.cleanup();
    }
  });
});
