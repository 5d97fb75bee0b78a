/**
 * `svcctl service journal | resources | reset | ready`: what `svcctl serve`'s inspector page shows and
 * does, for scripts. On the store of $SVCCTL_HOME, or on a running serve with --endpoint-url. Under the
 * `service` group of service.ts; the work loads only when one runs.
 */
import { type CommandCall, type CommandSpec, option } from '../../models/commands.js';
import { RESET_KINDS } from '../../models/resource-kinds.js';

/** Where the work is: loaded only when one of the commands runs. */
const actions = () => import('./admin-actions.js');

/** What every one of them takes besides its own flags (admin-actions.ts's AdminOptions). */
const base = ({ ctx, globals, args }: CommandCall) => ({ ctx, globals, words: args });
const text = (v: unknown) => v as string | undefined;
const flag = (v: unknown) => v as boolean | undefined;

/** The work of each command, given its options object built where commander's flags are read (cli/cli's XOptions). */
const RUN: Record<'journal' | 'resources' | 'reset' | 'ready', NonNullable<CommandSpec['run']>> = {
  journal: async (c) => (await actions()).journal({ ...base(c), asCli: flag(c.opts.asCli), limit: text(c.opts.limit) }),
  resources: async (c) => (await actions()).resources(base(c)),
  reset: async (c) =>
    (await actions()).reset({
      ...base(c),
      kind: text(c.opts.kind),
      account: text(c.opts.account),
      yes: flag(c.opts.yes),
    }),
  ready: async (c) => (await actions()).ready({ ...base(c), wait: text(c.opts.wait) }),
};

function sub(name: keyof typeof RUN, description: string, more: Partial<CommandSpec>): CommandSpec {
  return {
    name,
    description,
    operation: name.charAt(0).toUpperCase() + name.slice(1),
    ...more,
    run: RUN[name],
  };
}

const WHERE =
  'It reads the store of $SVCCTL_HOME (where every svcctl serve on that store records), or, with --endpoint-url ' +
  "(SVCCTL_ENDPOINT_URL, the profile's endpoint_url), a running svcctl serve through its /_svcctl endpoints.";

/** The subcommands of `svcctl service` (service.ts) besides settings. */
export const ADMIN_COMMANDS: readonly CommandSpec[] = [
  sub('journal', 'List the request journal of svcctl serve: every request that reached an operation.', {
    options: [
      option('--as-cli', 'Print each entry as the svcctl command line that sends it again (shell-quoted).'),
      option('--limit <n>', 'Only the newest N entries.'),
    ],
    docs: {
      details: [
        'Each entry: Seq, Time, Account, Principal (with --credentials), Region, Protocol (query, json11, v2, registry), Operation, ' +
          "Input (the decoded input members; secret members such as UserData are ****; for a request to serve's registry, once its password was accepted: method, path, repository), Status (HTTP; 0: a connection a fault rule closed), ErrorCode, LatencyMs, Warning (what the answer does not say: a v2 version served as the newest known), Fault (the fault rule that fired, see svcctl service settings). " +
          'The journal keeps the newest 1000 entries (svcctl serve --journal-size N; 0 keeps none). ' +
          WHERE,
        'Every --output format and --query apply. --as-cli prints one command line per entry instead (with --query, ' +
          'the query must select a list of entries); run with an endpoint, each line carries that --endpoint-url. v2 lines ' +
          'send SVCCTL_API_KEY (or --api-key), AWS lines your AWS credentials: keys are never recorded. A secret member ' +
          '(UserData, an id number) is a shell variable in the line, "${SVCCTL_SECRET_USERDATA:?...}": set it to the value, ' +
          'else the shell stops at that line. A registry request (a push or pull) is a "# not replayable" comment: no svcctl command sends it.',
      ],
      examples: [
        { title: 'The journal as YAML', argv: ['service', 'journal', '--output', 'yaml'] },
        {
          title: 'The failed requests as command lines',
          argv: ['service', 'journal', '--as-cli', '--query', 'Entries[?Status >= `400`]'],
        },
      ],
    },
  }),

  sub('resources', 'List every resource of the store, of every account (what the inspector page shows).', {
    docs: {
      details: [`Each resource: Kind, Account, Region (AWS kinds), Name, Created. ${WHERE}`],
      examples: [{ title: 'Every resource', argv: ['service', 'resources'] }],
    },
  }),

  sub('reset', "Delete every resource and the journal, or one kind, or one account's.", {
    options: [
      option(
        '--kind <kind>',
        `Only this kind: ${RESET_KINDS.join(', ')}. A v2 kind takes along the idempotency keys of the requests that made its objects, so that a key sent again makes a new object.`,
      ),
      option('--account <id>', 'Only this account (12 digits).'),
      option(
        '--yes',
        'Delete without asking (needed when there is no terminal to ask on; not asked through --endpoint-url).',
      ),
    ],
    docs: {
      details: [
        'Between test cases: deletes every resource, the v2 idempotency keys and the journal (or what --kind and --account ' +
          'choose) and prints how many of each kind went. Service settings stay (svcctl service settings reset). ' +
          WHERE,
        'On the embedded store it asks first on a terminal ([y/N]; no answer yes exits 1 and deletes nothing), and without ' +
          'a terminal it needs --yes (252 and nothing deleted without it). A reset through --endpoint-url asks nothing: ' +
          "serve's POST /_svcctl/reset is for test harnesses.",
        'A serve takes a reset only from its loopback interface and, when it has --credentials, only with the api_key of a ' +
          'principal marked admin = true (given as --api-key or SVCCTL_API_KEY); anything else is AccessDenied (254).',
      ],
      examples: [{ title: 'Only the journal', argv: ['service', 'reset', '--kind', 'journal', '--yes'] }],
    },
  }),

  sub('ready', 'Exit 0 once the store (or the svcctl serve at --endpoint-url) is ready.', {
    options: [
      option(
        '--wait <seconds>',
        'Keep asking a server that is not ready (or not listening yet) for this long (0-9999 seconds).',
      ),
    ],
    docs: {
      details: [
        `For CI: svcctl --endpoint-url http://127.0.0.1:4566 service ready --wait 30 returns once serve answers GET /_svcctl/ready with 200. ${WHERE}`,
      ],
      examples: [{ title: 'Is the embedded store ready?', argv: ['service', 'ready'] }],
    },
  }),
];
