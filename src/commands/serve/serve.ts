/**
 * `svcctl serve` as data (models/commands.ts). Only the flags live here: the server, the codecs and the
 * embedded service load when the command runs.
 */
import { InputError, UnknownOptionsError } from '../../core/errors.js';
import { type CommandSpec, option } from '../../models/commands.js';
import { checkRegion } from '../../models/partitions.js';
import type { ServeFlags } from '../../server/start.js';

/** The client's global options serve has a word of its own for: each refused with why (issue 44). */
const REFUSED: ReadonlyArray<readonly [string, string]> = [
  ['endpointUrl', 'serve does not take --endpoint-url: it is the endpoint; --host and --port say where it listens.'],
  ['query', 'serve does not take --query: it answers requests, it prints no answer to select from.'],
  [
    'apiKey',
    'serve does not take --api-key: the keys it takes come from --credentials; --print-env prints one of them.',
  ],
  ['output', 'serve does not take --output: it prints no answer to format; --log-format sets its request log.'],
  [
    'serviceVersion',
    "serve does not take --service-version: it is a v2 client's header; serve answers every version it knows.",
  ],
  ['idempotencyKey', "serve does not take --idempotency-key: it is a v2 client's header; serve makes no request."],
];

/**
 * The global flags of a client that serve has no use for, and how each shows it was written: refused (252)
 * rather than ignored (issue 44). --profile, --region, --debug, --color and --cli-error-format are taken.
 */
const CLIENT_SETTINGS: ReadonlyArray<readonly [string, (all: Record<string, unknown>) => boolean]> = [
  ['--no-paginate', (all) => all.paginate === false],
  ['--no-verify-ssl', (all) => all.verifySsl === false],
  ['--no-sign-request', (all) => all.signRequest === false],
  ['--ca-bundle', (all) => all.caBundle !== undefined],
  ['--cli-read-timeout', (all) => all.cliReadTimeout !== undefined],
  ['--cli-connect-timeout', (all) => all.cliConnectTimeout !== undefined],
  ['--cli-binary-format', (all) => all.cliBinaryFormat !== undefined],
  ['--no-cli-pager', (all) => all.cliPager === false],
  ['--cli-auto-prompt', (all) => all.cliAutoPrompt === true],
  ['--no-cli-auto-prompt', (all) => all.cliAutoPrompt === false],
];

export const serveCommand: CommandSpec = {
  name: 'serve',
  description:
    'Serve the embedded service over HTTP (AWS Query, AWS JSON 1.1 and the v2 API on one port), over the same $SVCCTL_HOME store (or --store).',
  options: [
    option('--host <host>', 'The address to listen on (an IPv6 one without brackets: ::1).', { default: '127.0.0.1' }),
    option('--port <port>', 'The port to listen on; 0 picks a free port.', { default: '4566' }),
    option(
      '--allowed-hosts <hosts>',
      'Host names serve answers besides IP addresses, localhost and --host (comma-separated: name, name:port, .domain for it and its subdomains, * for any). Other Host headers get 421, against DNS rebinding.',
    ),
    option('--tls-cert <path>', 'Serve https with this PEM certificate (with --tls-key).'),
    option('--tls-key <path>', 'The PEM private key of --tls-cert.'),
    option(
      '--api-keys <path>',
      'Accept only these v2 API keys (one per line; others get 401). Without --credentials, AWS requests are not checked.',
    ),
    option(
      '--credentials <path>',
      'An INI file of principals (aws_access_key_id, aws_secret_access_key, api_key, account_id per section; admin = true for a key that may reset): AWS signatures are verified, v2 keys must be listed, and each caller acts in its own account. Also SVCCTL_SERVE_CREDENTIALS.',
    ),
    option('--require-auth', 'Refuse to start without --credentials.'),
    option(
      '--journal-size <n>',
      'How many requests the journal keeps in the store (svcctl service journal); 0 turns it off. Default 1000; also SVCCTL_JOURNAL_SIZE.',
    ),
    option(
      '--settings <file>',
      'Apply a JSON or INI file of service settings (svcctl service settings) for this run; the store keeps its own.',
    ),
    option(
      '--persist-settings',
      'With --settings (refused without it): write them to the store, so that they outlive this run.',
    ),
    option(
      '--store <url>',
      'The store: memory (in memory, nothing written to disk, gone when serve stops), the path of a SQLite file, or a PostgreSQL database (postgres://user:password@host:port/database) shared by every serve instance that names it; without it, the SQLite file in $SVCCTL_HOME. Also SVCCTL_STORE_URL, or store_url in the profile (PostgreSQL only).',
    ),
    option(
      '--print-env',
      'Print the export lines (AWS_ENDPOINT_URL, SVCCTL_ENDPOINT_URL, AWS credentials, the region in effect (--region, AWS_REGION, AWS_DEFAULT_REGION or the profile; default us-east-1), SVCCTL_API_KEY) that point the AWS CLI, the SDKs and svcctl at a serve started with the same flags, and exit without serving: eval "$(svcctl serve --print-env --port 4566)". Needs a --port other than 0.',
    ),
    option(
      '--write-env <file>',
      'Once listening, write those export lines to this file (mode 0600; removed when serve stops, unless another serve has written it since), for `. FILE` in a script; works with --port 0. (Not --env-file: node 20 takes that flag for itself wherever it is.)',
    ),
    option(
      '--store-connect-timeout <ms>',
      'PostgreSQL stores only (refused on SQLite): how long a connection attempt to PostgreSQL may take before the request gets a 503. Default 5000.',
    ),
    option(
      '--store-query-timeout <ms>',
      'PostgreSQL stores only (refused on SQLite): how long the statements of one request may take in all before it gets a 503 (an unconfirmed COMMIT is looked up for up to 2 s more). Default 10000.',
    ),
    option(
      '--store-pool-size <n>',
      'PostgreSQL stores only (refused on SQLite): how many operations this instance runs at once, each in its own thread on its own PostgreSQL connection (/_svcctl/ uses them too; HTTP never waits on the database). Default 1: one connection, one operation at a time.',
    ),
    option(
      '--log-format <format>',
      'The request log on stderr: text (a timestamped line per request) or json (one object per line).',
      { default: 'text' },
    ),
  ],
  run: async ({ args, opts, ctx, all, globals }) => {
    // `svcctl serve --port 0 extra`: words serve does not take are refused, not ignored (issue 19, item 15).
    if (args.length > 0) throw new UnknownOptionsError(args);
    // A client's global options serve cannot honour are refused, not ignored (issue 44); the configured ones
    // (SVCCTL_ENDPOINT_URL, the profile's) are the clients' and are not read.
    const refused = REFUSED.find(([key]) => all[key] !== undefined && !(key === 'endpointUrl' && all[key] === ''));
    if (refused !== undefined) throw new InputError(refused[1]);
    const client = CLIENT_SETTINGS.find(([, given]) => given(all));
    if (client !== undefined)
      throw new InputError(
        `serve does not take ${client[0]}: it is a client's setting; serve makes no request and prints no answer.`,
      );
    // The region --print-env and --write-env export: --region, AWS_REGION, AWS_DEFAULT_REGION, the profile's (as
    // every command resolves it), else us-east-1; checked as for any command.
    const region = checkRegion(globals.region().value);
    return (await import('../../server/start.js')).runServe({ ...(opts as unknown as ServeFlags), region }, ctx);
  },
};
