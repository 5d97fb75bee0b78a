/**
 * `svcctl service journal | resources | reset | ready`: what `svcctl serve`'s inspector page shows and
 * does, for scripts. On the store of $SVCCTL_HOME, or on a running serve with --endpoint-url. Registered
 * under the `service` group that service-settings.ts creates; the work loads only when one runs.
 */
import type { Context } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import { documentCommand } from '../help/registry.js';
import { type CustomSelection, customAction, type Extension } from '../models/selection.js';
import { completePositionals } from '../completion/registry.js';
import { RESET_KINDS } from '../models/resource-kinds.js';

type Work = (ctx: Context, globals: GlobalOptions, flags: Record<string, string | boolean | undefined>, words: string[]) => Promise<number>;

function runWith(ctx: Context, select: (s: CustomSelection) => void, name: 'journal' | 'resources' | 'reset' | 'ready') {
  return customAction(select, async (cmd, globals) => {
    const ops = await import('../service-settings/ops.js');
    const work = (name === 'resources' ? (c, g, _f, w) => ops.resources(c, g, w) : ops[name]) as Work;
    return work(ctx, globals, cmd.opts(), cmd.args);
  }, { missingProfileOk: true, operation: name.charAt(0).toUpperCase() + name.slice(1) });
}

const WHERE =
  'It reads the store of $SVCCTL_HOME (where every svcctl serve on that store records), or, with --endpoint-url ' +
  '(SVCCTL_ENDPOINT_URL, the profile\'s endpoint_url), a running svcctl serve through its /_svcctl endpoints.';

export const serviceOpsExtension: Extension = (program, ctx, select) => {
  const service = program.commands.find((c) => c.name() === 'service')!;
  const sub = (name: string, description: string) => service.command(name).description(description).allowExcessArguments();

  const journal = sub('journal', 'List the request journal of svcctl serve: every request that reached an operation.')
    .option('--as-cli', 'Print each entry as the svcctl command line that sends it again (shell-quoted).')
    .option('--limit <n>', 'Only the newest N entries.')
    .action(runWith(ctx, select, 'journal'));
  documentCommand(journal, {
    details: [
      'Each entry: Seq, Time, Account, Principal (with --credentials), Region, Protocol (query, json11, v2), Operation, ' +
        'Input (the decoded input members; secrets such as UserData are ****), Status (HTTP), ErrorCode, LatencyMs, Warning (what the answer does not say: a v2 version served as the newest known). ' +
        'The journal keeps the newest 1000 entries (svcctl serve --journal-size N; 0 keeps none). ' + WHERE,
      'Every --output format and --query apply. --as-cli prints one command line per entry instead (with --query, ' +
        'the query must select a list of entries); run with an endpoint, each line carries that --endpoint-url. v2 lines ' +
        'send SVCCTL_API_KEY (or --api-key), AWS lines your AWS credentials: keys are never recorded.',
    ],
    examples: [
      { title: 'The journal as YAML', argv: ['service', 'journal', '--output', 'yaml'] },
      { title: 'The failed requests as command lines', argv: ['service', 'journal', '--as-cli', '--query', 'Entries[?Status >= `400`]'] },
    ],
  });

  const resources = sub('resources', "List every resource of the store, of every account (what the inspector page shows).")
    .action(runWith(ctx, select, 'resources'));
  documentCommand(resources, { details: [`Each resource: Kind, Account, Region (AWS kinds), Name, Created. ${WHERE}`], examples: [{ title: 'Every resource', argv: ['service', 'resources'] }] });

  const reset = sub('reset', 'Delete every resource and the journal, or one kind, or one account\'s.')
    .option('--kind <kind>', `Only this kind: ${RESET_KINDS.join(', ')}.`)
    .option('--account <id>', 'Only this account (12 digits).')
    .action(runWith(ctx, select, 'reset'));
  documentCommand(reset, {
    details: [
      'Between test cases: deletes every resource, the v2 idempotency keys and the journal (or what --kind and --account ' +
        'choose) and prints how many of each kind went. Service settings stay (svcctl service settings reset). ' + WHERE,
      'A serve takes a reset only from its loopback interface and, when it has --credentials, only with the api_key of a ' +
        'principal marked admin = true (given as --api-key or SVCCTL_API_KEY); anything else is AccessDenied (254).',
    ],
    examples: [{ title: 'Only the journal', argv: ['service', 'reset', '--kind', 'journal'] }],
  });

  const ready = sub('ready', 'Exit 0 once the store (or the svcctl serve at --endpoint-url) is ready.')
    .option('--wait <seconds>', 'Keep asking a server that is not ready (or not listening yet) for this long.')
    .action(runWith(ctx, select, 'ready'));
  documentCommand(ready, {
    details: [`For CI: svcctl --endpoint-url http://127.0.0.1:4566 service ready --wait 30 returns once serve answers GET /_svcctl/ready with 200. ${WHERE}`],
    examples: [{ title: 'Is the local store ready?', argv: ['service', 'ready'] }],
  });

  completePositionals(service, (words) => (words.length === 0 ? ['journal', 'ready', 'reset', 'resources', 'settings'] : []));
};
