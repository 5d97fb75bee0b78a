/**
 * Fault rules (issue 32, item 6; docs/operating-serve.md "Faults on purpose") through `svcctl service
 * settings`, on the CLI's embedded backend (one attempt per command), through svcctl's own HTTP backend
 * against serve (which retries 5xx and closed connections), with `serve --settings FILE`, and through serve's
 * `/_svcctl/faults`. Each kind of fault on each protocol, with the exact output a user sees.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliResult, sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, ok, paramValidation, serviceError } from '../../helpers/cli-results.js';
import { serviceOperations } from '../../helpers/registry.js';
import { unknownSetting } from '../../helpers/service-settings.js';
import { v2Failure } from '../../helpers/stripe-v2.js';
import { runProgram, type ServeProcess, startServe } from '../../peers/serve-process.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox({ AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' });
});
afterEach(() => sb.cleanup());

/** `svcctl service settings WORDS…`. */
const settings = (...words: string[]) => sb.run(['service', 'settings', ...words]);
const set = (name: string, value: string) => settings('set', name, value);
const usage = (message: string) => failed(252, paramValidation(message));
const service = (code: string, op: string, message: string) => failed(254, serviceError(code, op, message));
/** An /_svcctl answer of 400 InvalidParameter with this message. */
const invalidParameter = (message: string) => ({
  status: 400,
  allow: null,
  doc: { error: { code: 'InvalidParameter', message } },
});

const DEFAULTS = [
  'platform_registered                   true',
  'accounts_v2_min_version               none',
  'account_update_concurrency_limit      none',
  'account_update_hold_ms                0',
  'account_token_lifetime_seconds        600',
  'meter_event_adjustment_processing_ms  0',
  'launch_configurations_per_region      200',
  'repositories_per_region               100000',
];

describe('fault rules in svcctl service settings', () => {
  it('set checks and canonicalizes a rule; get lists rules after the settings; reset NAME removes one', async () => {
    expect(await set('fault.ecr.create-repository', 'THROTTLE; next=2')).toEqual(ok());
    expect(await set('fault.autoscaling', '503;p=0.5;region=eu-west-1;account=123456789012')).toEqual(ok());
    expect(await set('fault.*', 'latency=250')).toEqual(ok());
    const get = await settings('get');
    const width = 'meter_event_adjustment_processing_ms  '.length;
    const valueWidth = '503;p=0.5;account=123456789012;region=eu-west-1  '.length;
    const line = (name: string, value: string, source: string) =>
      `${name.padEnd(width)}${value.padEnd(valueWidth)}${source}`;
    expect(get).toEqual(
      ok(
        `${[
          ...DEFAULTS.map((l) => {
            const [name, value] = l.split(/\s+/);
            return line(name!, value!, 'default');
          }),
          line('fault.*.*', 'latency=250', 'set'),
          line('fault.autoscaling.*', '503;p=0.5;account=123456789012;region=eu-west-1', 'set'),
          line('fault.ecr.CreateRepository', 'throttle;next=2', 'set'),
        ].join('\n')}\n`,
      ),
    );
    expect(await settings('get', 'fault.ecr.CreateRepository')).toEqual(ok('throttle;next=2\n'));
    expect(await settings('get', 'fault.ecr.DeleteRepository')).toEqual(ok('none\n'));
    expect(await settings('reset', 'fault.ecr.create-repository')).toEqual(ok());
    expect(await set('fault.autoscaling', 'none')).toEqual(ok());
    expect(await settings('get', 'fault.*.*', '--output', 'json')).toEqual(
      ok('{\n    "Name": "fault.*.*",\n    "Value": "latency=250",\n    "Source": "set"\n}\n'),
    );
    expect(await settings('reset')).toEqual(ok());
    expect((await settings('get')).stdout).not.toContain('fault.');
  });

  it('a wrong name or rule is refused with what is wrong (252), and nothing is written', async () => {
    expect(await set('fault.ec2', 'throttle')).toEqual(
      usage(
        "Invalid fault rule name 'fault.ec2': unknown service 'ec2'; expected fault.<service>.<Operation> with a service of ecr, autoscaling, stripe or *, and an operation of it or *",
      ),
    );
    expect(await set('fault.ecr.Nope', 'throttle')).toEqual(
      usage(
        `Invalid fault rule name 'fault.ecr.Nope': ecr has no operation 'Nope'; its operations are ${serviceOperations('ecr').join(', ')}, or *`,
      ),
    );
    expect(await set('fault.*.CreateRepository', '500')).toEqual(
      usage("Invalid fault rule name 'fault.*.CreateRepository': with every service (*), the operation is * too"),
    );
    const expected =
      'Expected <action>[;<option>=<value>]…: an action of throttle, 500, 503, latency=MS, close; options p=P (0 < P <= 1), nth=N, next=K (one of them at most), account=ID (12 digits), region=REGION';
    const cases: Array<[string, string]> = [
      ['boom', "unknown action 'boom'"],
      ['', 'no action'],
      ['latency=0', "latency is a whole number from 1 to 60000, not '0'"],
      ['throttle;p=1.5', "p is a probability above 0 and at most 1, not '1.5'"],
      ['throttle;p=0.5;next=2', 'p, nth and next exclude each other'],
      ['500;nth=0', "nth is a whole number from 1 to 1000000000, not '0'"],
      ['503;account=42', "an account is 12 digits, not '42'"],
      ['close;region=Mars', "'Mars' is not a region"],
      ['close;colour=red', "unknown option 'colour'"],
      ['close;next=1;next=2', 'next is given twice'],
    ];
    for (const [value, why] of cases)
      expect(await set('fault.ecr', value)).toEqual(usage(`Invalid fault rule '${value}': ${why}. ${expected}`));
    // The one echo rule (core/input-rules.ts): past 1,024 characters, the first 64 and the length (was whole, twice).
    const long = 'k'.repeat(2000);
    const cut = `'${'k'.repeat(64)}...' (2000 characters)`;
    expect(await set('fault.ecr', `throttle;p=${long}`)).toEqual(
      usage(
        `Invalid fault rule 'throttle;p=${'k'.repeat(53)}...' (2011 characters): p is a probability above 0 and at most 1, not ${cut}. ${expected}`,
      ),
    );
    expect(await set('fault.ecr', long)).toEqual(
      usage(`Invalid fault rule ${cut}: unknown action ${cut}. ${expected}`),
    );
    expect(await set('fault.ecr', `close;${long}=1`)).toEqual(
      usage(`Invalid fault rule 'close;${'k'.repeat(58)}...' (2008 characters): unknown option ${cut}. ${expected}`),
    );
    expect(await set(`fault.ecr.${long}`, 'throttle')).toEqual(
      usage(
        `Invalid fault rule name 'fault.ecr.${'k'.repeat(54)}...' (2010 characters): ecr has no operation ${cut}; its operations are ${serviceOperations('ecr').join(', ')}, or *`,
      ),
    );
    expect(await set(`fault.${long}`, 'throttle')).toEqual(
      usage(
        `Invalid fault rule name 'fault.${'k'.repeat(58)}...' (2006 characters): unknown service ${cut}; expected fault.<service>.<Operation> with a service of ecr, autoscaling, stripe or *, and an operation of it or *`,
      ),
    );
    expect(await set('fault_ecr', 'throttle')).toEqual(usage(unknownSetting('fault_ecr')));
    expect((await settings('get')).stdout).not.toContain('fault.');
  });
});

describe("fault rules on the CLI's embedded backend (one attempt per command)", () => {
  it("throttle, 500 and 503 are each service's modelled errors (254)", async () => {
    const repos = ['ecr', 'describe-repositories'];
    const lcs = ['autoscaling', 'describe-launch-configurations'];
    const token = ['account-token', 'get', '--id', 'accttok_x', '--api-key', 'sk_test_x'];
    const RATE_LIMITED =
      'Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.';
    // [the rule set, the command run under it, what it gives]
    const cases: Array<[string, string, string[], CliResult]> = [
      ['fault.ecr', 'throttle', repos, service('ThrottlingException', 'DescribeRepositories', 'Rate exceeded')],
      ['fault.ecr', '500', repos, service('ServerException', 'DescribeRepositories', 'Internal server error')],
      ['fault.autoscaling', 'throttle', lcs, service('Throttling', 'DescribeLaunchConfigurations', 'Rate exceeded')],
      [
        'fault.autoscaling',
        '503',
        lcs,
        service('ServiceUnavailable', 'DescribeLaunchConfigurations', 'Service is unavailable'),
      ],
      ['fault.stripe', 'throttle', token, v2Failure('RetrieveAccountToken', 'rate_limit', RATE_LIMITED, 'rate_limit')],
      [
        'fault.stripe',
        '500',
        token,
        v2Failure('RetrieveAccountToken', 'internal_error', 'An unknown error occurred.', 'api_error'),
      ],
    ];
    for (const [name, rule, argv, expected] of cases) {
      expect(await set(name, rule)).toEqual(ok());
      expect(await sb.run(argv)).toEqual(expected);
    }
  });

  it('close is the connection-closed error of the transport (255); latency answers late but whole', async () => {
    expect(await set('fault.ecr.DescribeRepositories', 'close')).toEqual(ok());
    expect(await sb.run(['ecr', 'describe-repositories'])).toEqual(
      failed(
        255,
        '\nsvcctl: [ERROR]: Connection was closed before we received a valid response from the embedded service (fault.ecr.DescribeRepositories: close).\n',
      ),
    );
    expect(await set('fault.ecr.DescribeRepositories', 'latency=20')).toEqual(ok());
    expect(await sb.run(['ecr', 'describe-repositories'])).toEqual(ok('{\n    "repositories": []\n}\n'));
  });

  it('next=2 fails the next two commands; nth=2 only the second; the count starts again when the rule is set', async () => {
    const create = (name: string) =>
      sb.run(['ecr', 'create-repository', '--repository-name', name, '--query', 'repository.repositoryName']);
    const throttled = service('ThrottlingException', 'CreateRepository', 'Rate exceeded');
    expect(await set('fault.ecr.CreateRepository', 'throttle;next=2')).toEqual(ok());
    expect([await create('aa'), await create('aa'), await create('aa')]).toEqual([throttled, throttled, ok('"aa"\n')]);
    expect(await set('fault.ecr.CreateRepository', 'throttle;nth=2')).toEqual(ok());
    expect([await create('bb'), await create('cc'), await create('cc')]).toEqual([
      ok('"bb"\n'),
      throttled,
      ok('"cc"\n'),
    ]);
  });

  it('account and region narrow a rule: only calls in that region, as that account, fail', async () => {
    expect(await set('fault.autoscaling', '500;region=eu-west-1')).toEqual(ok());
    expect((await sb.run(['autoscaling', 'describe-launch-configurations'])).code).toBe(0);
    expect(await sb.run(['autoscaling', 'describe-launch-configurations', '--region', 'eu-west-1'])).toEqual(
      service('InternalFailure', 'DescribeLaunchConfigurations', 'An internal error has occurred'),
    );
    expect(await set('fault.autoscaling', '500;account=111111111111')).toEqual(ok());
    expect((await sb.run(['autoscaling', 'describe-launch-configurations', '--region', 'eu-west-1'])).code).toBe(0);
  });

  it('the most specific rule that fires wins; --debug names it', async () => {
    expect(await set('fault.*', '503')).toEqual(ok());
    expect(await set('fault.ecr.DescribeRepositories', 'throttle')).toEqual(ok());
    const r = await sb.run(['ecr', 'describe-repositories', '--debug']);
    expect(r.code).toBe(254);
    expect(r.stderr).toContain('DEBUG embedded fault: fault.ecr.DescribeRepositories: throttle\n');
    expect(await sb.run(['ecr', 'create-repository', '--repository-name', 'dd'])).toEqual(
      service('ServiceUnavailable', 'CreateRepository', 'Service is unavailable'),
    );
  });
});

describe('fault rules through serve', () => {
  let dir: string;
  let serve: ServeProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svcctl-faults-'));
  });
  afterEach(async () => {
    await serve?.stop();
    serve = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = async (method: string, path: string, body?: string) => {
    const res = await fetch(`${serve!.url}${path}`, { method, ...(body === undefined ? {} : { body }) });
    return { status: res.status, allow: res.headers.get('allow'), doc: (await res.json()) as unknown };
  };

  it("svcctl's HTTP backend retries 503 and a closed connection as the AWS CLI does, and fails after 3 attempts", async () => {
    serve = await startServe([], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    const at = ['--endpoint-url', serve.url];
    expect(await set('fault.ecr.DescribeRepositories', '503;next=2')).toEqual(ok());
    expect(await sb.run(['ecr', 'describe-repositories', ...at])).toEqual(ok('{\n    "repositories": []\n}\n'));
    expect(await set('fault.autoscaling', 'close')).toEqual(ok());
    expect(await sb.run(['autoscaling', 'describe-launch-configurations', ...at])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: Connection was closed before we received a valid response from endpoint URL: "${serve.url}/".\n`,
      ),
    );
    const journal = (await admin('GET', '/_svcctl/journal')).doc as { Entries: Array<Record<string, unknown>> };
    expect(journal.Entries.map((e) => [e.Operation, e.Status, e.ErrorCode ?? null, e.Fault ?? null])).toEqual([
      ['DescribeRepositories', 503, 'ServiceUnavailable', 'fault.ecr.DescribeRepositories: 503;next=2'],
      ['DescribeRepositories', 503, 'ServiceUnavailable', 'fault.ecr.DescribeRepositories: 503;next=2'],
      ['DescribeRepositories', 200, null, null],
      ['DescribeLaunchConfigurations', 0, null, 'fault.autoscaling.*: close'],
      ['DescribeLaunchConfigurations', 0, null, 'fault.autoscaling.*: close'],
      ['DescribeLaunchConfigurations', 0, null, 'fault.autoscaling.*: close'],
    ]);
  }, 60_000);

  it('throttling (400) is retried by the code, as the AWS CLI 2 (/usr/bin/aws, standard mode) retries it', async () => {
    serve = await startServe([], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    const at = ['--endpoint-url', serve.url];
    const awsEnv = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_PAGER: '',
    };
    const lines: string[] = [];
    for (const [service, args] of [
      ['ecr', ['ecr', 'describe-repositories']],
      ['autoscaling', ['autoscaling', 'describe-launch-configurations']],
    ] as const) {
      for (const who of ['svcctl', 'aws'] as const) {
        expect(await set(`fault.${service}`, 'throttle;next=2')).toEqual(ok());
        const r =
          who === 'svcctl'
            ? await sb.run([...args, ...at, '--query', 'length(@)'])
            : await runProgram('/usr/bin/aws', [...args, ...at, '--query', 'length(@)'], awsEnv);
        expect({ who, ...r }).toEqual({ who, code: 0, stdout: '1\n', stderr: '' });
        lines.push(`${who} ${service}`);
      }
    }
    const journal = (await admin('GET', '/_svcctl/journal')).doc as { Entries: Array<Record<string, unknown>> };
    // Each command: two throttled attempts, then the answer.
    expect(journal.Entries.map((e) => e.ErrorCode ?? 'ok')).toEqual(
      lines.flatMap((l) =>
        l.endsWith('ecr') ? ['ThrottlingException', 'ThrottlingException', 'ok'] : ['Throttling', 'Throttling', 'ok'],
      ),
    );
  }, 60_000);

  it('/_svcctl/faults: POST sets (checked, all or nothing), GET lists with counts, DELETE removes', async () => {
    serve = await startServe([], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    expect(await admin('GET', '/_svcctl/faults')).toEqual({ status: 200, allow: null, doc: { Faults: [] } });
    expect(
      await admin(
        'POST',
        '/_svcctl/faults',
        JSON.stringify({ 'fault.ecr.create-repository': 'throttle;next=1', 'fault.stripe': '500' }),
      ),
    ).toEqual({
      status: 200,
      allow: null,
      doc: {
        Faults: [
          { Name: 'fault.ecr.CreateRepository', Rule: 'throttle;next=1', Source: 'set', Calls: 0 },
          { Name: 'fault.stripe.*', Rule: '500', Source: 'set' },
        ],
      },
    });
    const at = ['--endpoint-url', serve.url];
    expect((await sb.run(['ecr', 'create-repository', '--repository-name', 'aa', ...at])).code).toBe(0); // throttled once, retried
    expect((await admin('GET', '/_svcctl/faults')).doc).toEqual({
      Faults: [
        { Name: 'fault.ecr.CreateRepository', Rule: 'throttle;next=1', Source: 'set', Calls: 2 },
        { Name: 'fault.stripe.*', Rule: '500', Source: 'set' },
      ],
    });
    // The CLI sees what the admin endpoint set: one store.
    expect((await settings('get', 'fault.stripe')).stdout).toBe('500\n');
    expect(
      await admin('POST', '/_svcctl/faults', JSON.stringify({ 'fault.ecr': 'close', 'fault.stripe': 'boom' })),
    ).toEqual(
      invalidParameter(
        "Invalid fault rule 'boom': unknown action 'boom'. Expected <action>[;<option>=<value>]…: an action of throttle, 500, 503, latency=MS, close; options p=P (0 < P <= 1), nth=N, next=K (one of them at most), account=ID (12 digits), region=REGION",
      ),
    );
    for (const [body, message] of [
      [
        '[]',
        'The body of POST /_svcctl/faults is a JSON object of fault rule names and rules: {"fault.ecr.CreateRepository": "throttle;next=2"} (null removes a rule).',
      ],
      [
        '{"platform_registered": "false"}',
        "'platform_registered' is not a fault rule name (fault.<service>.<Operation>).",
      ],
      ['{"fault.ecr": 5}', 'The rule of fault.ecr is a string or null, not 5.'],
      // Hostile pass 21b: one rule under two names was the store's 500 ('The store could not answer: …').
      [
        '{"fault.ecr.CreateRepository": "500", "fault.ecr.create-repository": "503"}',
        "'fault.ecr.CreateRepository' and 'fault.ecr.create-repository' name one setting (fault.ecr.CreateRepository): give it once.",
      ],
    ] as const)
      expect(await admin('POST', '/_svcctl/faults', body)).toEqual(invalidParameter(message));
    expect(await admin('POST', '/_svcctl/faults', '{"fault.stripe": null}')).toMatchObject({
      status: 200,
      doc: { Faults: [{ Name: 'fault.ecr.CreateRepository', Rule: 'throttle;next=1', Source: 'set', Calls: 2 }] },
    });
    // A name of no service is the client's mistake, as in POST: 400, never the store's 500.
    expect(await admin('DELETE', '/_svcctl/faults?name=fault.nope')).toEqual(
      invalidParameter(
        "Invalid fault rule name 'fault.nope': unknown service 'nope'; expected fault.<service>.<Operation> with a service of ecr, autoscaling, stripe or *, and an operation of it or *",
      ),
    );
    expect(await admin('DELETE', '/_svcctl/faults?name=fault.ecr.CreateRepository')).toEqual({
      status: 200,
      allow: null,
      doc: { Faults: [] },
    });
    expect(await admin('PUT', '/_svcctl/faults')).toEqual({
      status: 405,
      allow: 'GET, POST, DELETE',
      doc: { error: { code: 'MethodNotAllowed', message: '/_svcctl/faults takes GET or POST or DELETE.' } },
    });
  }, 60_000);

  it('service settings with an endpoint changes the fault rules of that serve, --store memory too, and no store here', async () => {
    serve = await startServe(['--store', 'memory'], { SVCCTL_HOME: join(dir, 'serve-home') });
    const remote = (...words: string[]) =>
      sb.run(['service', 'settings', ...words], { env: { SVCCTL_ENDPOINT_URL: serve!.url } });
    expect(await remote('set', 'fault.ecr.create-repository', 'THROTTLE; next=2')).toEqual(ok());
    expect(await remote('set', 'fault.stripe', '500')).toEqual(ok());
    expect(await remote('get', 'fault.ecr.CreateRepository')).toEqual(ok('throttle;next=2\n'));
    expect(await remote('get', 'fault.autoscaling')).toEqual(ok('none\n'));
    // The CLI's create is throttled twice and retried: the rule counts the three calls that matched it.
    expect(
      (await sb.run(['ecr', 'create-repository', '--repository-name', 'a/b', '--endpoint-url', serve.url])).code,
    ).toBe(0);
    expect(await remote('get')).toEqual(
      ok(
        'fault.ecr.CreateRepository  throttle;next=2  set (3 calls)\nfault.stripe.*              500              set\n',
      ),
    );
    expect(await remote('get', '--query', 'Faults[0].[Rule, Calls]', '--output', 'text')).toEqual(
      ok('throttle;next=2\t3\n'),
    );
    // Checked here first, by the local rules: the same 252 with or without an endpoint.
    expect(await remote('set', 'fault.ecr', 'boom')).toEqual(await settings('set', 'fault.ecr', 'boom'));
    expect(await remote('reset', 'fault.nope')).toEqual(await settings('reset', 'fault.nope'));
    expect(await remote('set', 'bogus', '1')).toEqual(await settings('set', 'bogus', '1'));
    expect(await remote('set', 'platform_registered', 'false')).toEqual(
      usage(
        `With an endpoint (${serve.url}), svcctl service settings reaches only that serve's fault rules (fault.<service>.<Operation>); 'platform_registered' is a setting of a store: run the command without an endpoint where that server's store is (SVCCTL_HOME, or SVCCTL_STORE_URL for a PostgreSQL store), or start the server with --settings FILE.`,
      ),
    );
    expect(await remote('reset', 'fault.ecr.CreateRepository')).toEqual(ok());
    expect((await admin('GET', '/_svcctl/faults')).doc).toEqual({
      Faults: [{ Name: 'fault.stripe.*', Rule: '500', Source: 'set' }],
    });
    expect(await remote('reset')).toEqual(ok());
    expect(await remote('get', '--output', 'json')).toEqual(ok('{\n    "Faults": []\n}\n'));
    // Nothing of it went to the store of $SVCCTL_HOME.
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  }, 60_000);

  it('serve --settings FILE: rules for this run only, counted in the process; DELETE ends them', async () => {
    const file = join(dir, 'faults.ini');
    writeFileSync(file, '[settings]\nfault.ecr.CreateRepository = 500;nth=1\nfault.autoscaling = latency=10\n');
    serve = await startServe(['--settings', file], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    const at = ['--endpoint-url', serve.url];
    expect(
      (
        await sb.run([
          'ecr',
          'create-repository',
          '--repository-name',
          'aa',
          ...at,
          '--query',
          'repository.repositoryName',
        ])
      ).stdout,
    ).toBe('"aa"\n');
    expect((await admin('GET', '/_svcctl/faults')).doc).toEqual({
      Faults: [
        { Name: 'fault.autoscaling.*', Rule: 'latency=10', Source: 'run' },
        { Name: 'fault.ecr.CreateRepository', Rule: '500;nth=1', Source: 'run', Calls: 2 },
      ],
    });
    // The store holds none of them: another process on it sees no rule.
    expect((await settings('get', 'fault.ecr.CreateRepository')).stdout).toBe('none\n');
    const journal = (await admin('GET', '/_svcctl/journal')).doc as { Entries: Array<Record<string, unknown>> };
    expect(journal.Entries.map((e) => [e.Status, e.ErrorCode ?? null, e.Fault ?? null])).toEqual([
      [500, 'ServerException', 'fault.ecr.CreateRepository: 500;nth=1'],
      [200, null, null],
    ]);
    expect((await admin('DELETE', '/_svcctl/faults')).doc).toEqual({ Faults: [] });
  }, 60_000);
});
