/**
 * `svcctl service settings get [NAME] | set NAME VALUE | reset [NAME]`: the embedded service's settings
 * (catalog.ts), kept in the store of $SVCCTL_HOME. Registered with the program; the store loads only when
 * one of the commands runs.
 */
import { openProfile } from '../profile/profile.js';
import type { Command } from 'commander';
import { svcctlHome, type Context } from '../core/context.js';
import { unknownCommand } from '../help/suggest.js';
import { type CustomSelection, customAction, type Extension } from '../models/selection.js';
import { completePositionals } from '../completion/registry.js';
import { UsageError, InputError } from '../core/errors.js';
import { documentCommand } from '../help/registry.js';
import { describeKind, SERVICE_SETTING_NAMES, SERVICE_SETTINGS, serviceSetting } from '../models/service-settings.js';

const DETAILS = [
  'The settings belong to the embedded service and are stored with its state ($SVCCTL_HOME/state.db), so the ' +
    "CLI's local backend and every svcctl serve on that store share them; a running serve applies a change on " +
    'its next request. They turn on the errors an integration must handle (see docs/v2.md): get prints every ' +
    'setting with its value and whether it is set or the default, or one value; set checks the value (exit 252 ' +
    'when the name or value is wrong); reset goes back to the defaults. svcctl serve --settings FILE applies a ' +
    'JSON or INI file of settings for that run (--persist-settings writes them to the store).',
];

type Runner = (ctx: Context, words: string[], raw: Record<string, unknown>) => number | Promise<number>;

function runWith(ctx: Context, select: (s: CustomSelection) => void, name: 'settingsGet' | 'settingsSet' | 'settingsReset') {
  return customAction(select, async (cmd) => {
    refuseRemote(ctx, cmd);
    return ((await import('../service-settings/run.js'))[name] as Runner)(ctx, cmd.args, cmd.optsWithGlobals());
  }, { missingProfileOk: true });
}

/**
 * Service settings live in the store of $SVCCTL_HOME: with an endpoint (flag, SVCCTL_ENDPOINT_URL or the
 * profile's endpoint_url) the user means a server's, which this command cannot reach (issue 19, item 4).
 */
function refuseRemote(ctx: Context, cmd: Command): void {
  const raw = cmd.optsWithGlobals();
  const endpoint = (raw.endpointUrl as string | undefined) || ctx.env.SVCCTL_ENDPOINT_URL || openProfile(ctx, raw, true).value('endpoint_url');
  if (!endpoint) return;
  throw new InputError(
    `svcctl service settings reads and changes the settings in the store of $SVCCTL_HOME (${svcctlHome(ctx)}), not those of ${endpoint}. ` +
      'Run it where that server\'s store is (SVCCTL_HOME), or start the server with --settings FILE.',
  );
}

/** A group alone (`svcctl service`) or with an unknown word. */
function groupAction(select: (s: CustomSelection) => void) {
  return (...args: unknown[]) => {
    const cmd = args[args.length - 1] as Command;
    const word = cmd.args[0];
    const error = word === undefined
      ? new UsageError(`the following arguments are required: operation`)
      : unknownCommand(cmd, word, 'operation');
    select({ kind: 'custom', missingProfileOk: true, run: async () => { throw error; } });
  };
}

export const serviceSettingsExtension: Extension = (program, ctx, select) => {
  const service = program.command('service').description("The embedded service's settings, request journal, resources and reset.").allowExcessArguments().allowUnknownOption();
  service.action(groupAction(select));
  const settings = service.command('settings').description("Show and change the embedded service's settings.").allowExcessArguments().allowUnknownOption();
  settings.action(groupAction(select));
  documentCommand(settings, {
    details: DETAILS,
    sections: [{ title: 'SETTINGS', entries: SERVICE_SETTINGS.map((s) => [s.name, `${s.doc} Values: ${describeKind(s.kind)}. Default: ${s.default}.`] as const) }],
    examples: [
      { title: 'Show every setting', argv: ['service', 'settings', 'get'] },
      { title: 'Refuse every account update with account_rate_limit_exceeded', argv: ['service', 'settings', 'set', 'account_update_concurrency_limit', '0'] },
      { title: 'Back to the defaults', argv: ['service', 'settings', 'reset'] },
    ],
  });
  const sub = (name: string, description: string) =>
    documentCommand(settings.command(name).description(description).allowExcessArguments().allowUnknownOption(), {});
  const get = sub('get', 'Print every setting (name, value, set or default), or the value of one.')
    .argument('[name]', 'The setting to print.')
    .action(runWith(ctx, select, 'settingsGet'));
  const set = sub('set', 'Set a setting (its value is checked first).')
    .argument('[name]', 'The setting to change.')
    .argument('[value]', 'Its new value.')
    .action(runWith(ctx, select, 'settingsSet'));
  const reset = sub('reset', 'Put one setting, or every setting, back to its default.')
    .argument('[name]', 'The setting to reset (default: all of them).')
    .action(runWith(ctx, select, 'settingsReset'));
  completePositionals(get, (words) => (words.length === 0 ? SERVICE_SETTING_NAMES : []));
  completePositionals(reset, (words) => (words.length === 0 ? SERVICE_SETTING_NAMES : []));
  completePositionals(set, (words) => {
    if (words.length === 0) return SERVICE_SETTING_NAMES;
    const kind = words.length === 1 ? serviceSetting(words[0]!)?.kind : undefined;
    return kind?.type === 'boolean' ? ['true', 'false'] : kind && 'none' in kind && kind.none ? ['none'] : [];
  });
  completePositionals(settings, (words) => (words.length === 0 ? ['get', 'reset', 'set'] : []));
  // The other subcommands of `service` (journal, resources, reset, ready) are in service-ops.ts, which completes them all.
};
