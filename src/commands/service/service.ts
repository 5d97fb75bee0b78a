/**
 * `svcctl service settings get [NAME] | set NAME VALUE | reset [NAME]`: the embedded service's settings
 * (catalog.ts), kept in the store of $SVCCTL_HOME; and the `service` group. The store loads only when one
 * of the commands runs.
 */
import { resolveEndpoint } from '../../profile/endpoint.js';
import { openProfile } from '../../profile/profile.js';
import { svcctlHome, type ProcessContext } from '../../core/context.js';
import type { CommandSpec } from '../../models/commands.js';
import { InputError } from '../../core/errors.js';
import { ADMIN_COMMANDS } from './admin-commands.js';
import {
  describeKind,
  SERVICE_SETTING_NAMES,
  SERVICE_SETTINGS,
  serviceSetting,
} from '../../models/service-settings.js';

const DETAILS = [
  'The settings belong to the embedded service and are stored with its state ($SVCCTL_HOME/state.db), so the ' +
    "CLI's embedded backend and every svcctl serve on that store share them; a running serve applies a change on " +
    'its next request. They turn on the errors an integration must handle (see docs/v2.md): get prints every ' +
    'setting with its value and whether it is set or the default, or one value; set checks the value (exit 252 ' +
    'when the name or value is wrong); reset goes back to the defaults. svcctl serve --settings FILE applies a ' +
    'JSON or INI file of settings for that run (--persist-settings writes them to the store).',
];

type Runner = (ctx: ProcessContext, words: string[], raw: Record<string, unknown>) => number | Promise<number>;

function runWith(name: 'settingsGet' | 'settingsSet' | 'settingsReset'): CommandSpec['run'] {
  return async ({ ctx, args, all }) => {
    refuseRemote(ctx, all);
    return ((await import('./settings.js'))[name] as Runner)(ctx, args, all);
  };
}

/**
 * Service settings live in the store of $SVCCTL_HOME: with an endpoint (flag, SVCCTL_ENDPOINT_URL or the
 * profile's endpoint_url) the user means a server's, which this command cannot reach (issue 19, item 4).
 */
function refuseRemote(ctx: ProcessContext, raw: Record<string, unknown>): void {
  const found = resolveEndpoint(undefined, { raw, env: ctx.env, home: ctx.home, profile: openProfile(ctx, raw, true) });
  if (!found) return;
  const endpoint = found.value;
  throw new InputError(
    `svcctl service settings reads and changes the settings in the store of $SVCCTL_HOME (${svcctlHome(ctx)}), not those of ${endpoint}. ` +
      "Run it where that server's store is (SVCCTL_HOME), or start the server with --settings FILE.",
  );
}

/** A subcommand of `service settings`. */
const sub = (name: string, description: string, more: Partial<CommandSpec>): CommandSpec => ({
  name,
  description,
  passUnknownOptions: true,
  missingProfileOk: true,
  ...more,
});

const settingsCommand: CommandSpec = {
  name: 'settings',
  description: "Show and change the embedded service's settings.",
  passUnknownOptions: true,
  missingProfileOk: true,
  docs: {
    details: DETAILS,
    sections: [
      {
        title: 'SETTINGS',
        entries: SERVICE_SETTINGS.map(
          (s) => [s.name, `${s.doc} Values: ${describeKind(s.kind)}. Default: ${s.default}.`] as const,
        ),
      },
    ],
    examples: [
      { title: 'Show every setting', argv: ['service', 'settings', 'get'] },
      {
        title: 'Refuse every account update with account_rate_limit_exceeded',
        argv: ['service', 'settings', 'set', 'account_update_concurrency_limit', '0'],
      },
      { title: 'Back to the defaults', argv: ['service', 'settings', 'reset'] },
    ],
  },
  complete: (words) => (words.length === 0 ? ['get', 'reset', 'set'] : []),
  subcommands: [
    sub('get', 'Print every setting (name, value, set or default), or the value of one.', {
      arguments: [{ name: 'name', help: 'The setting to print.' }],
      run: runWith('settingsGet'),
      complete: (words) => (words.length === 0 ? SERVICE_SETTING_NAMES : []),
    }),
    sub('set', 'Set a setting (its value is checked first).', {
      arguments: [
        { name: 'name', help: 'The setting to change.' },
        { name: 'value', help: 'Its new value.' },
      ],
      run: runWith('settingsSet'),
      complete: (words) => {
        if (words.length === 0) return SERVICE_SETTING_NAMES;
        const kind = words.length === 1 ? serviceSetting(words[0]!)?.kind : undefined;
        return kind?.type === 'boolean' ? ['true', 'false'] : kind && 'none' in kind && kind.none ? ['none'] : [];
      },
    }),
    sub('reset', 'Put one setting, or every setting, back to its default.', {
      arguments: [{ name: 'name', help: 'The setting to reset (default: all of them).' }],
      run: runWith('settingsReset'),
      complete: (words) => (words.length === 0 ? SERVICE_SETTING_NAMES : []),
    }),
  ],
};

/** `svcctl service`: its settings, and the commands of service-ops.ts (journal, resources, reset, ready). */
export const serviceCommand: CommandSpec = {
  name: 'service',
  description: "The embedded service's settings, request journal, resources and reset.",
  passUnknownOptions: true,
  missingProfileOk: true,
  complete: (words) => (words.length === 0 ? ['journal', 'ready', 'reset', 'resources', 'settings'] : []),
  subcommands: [settingsCommand, ...ADMIN_COMMANDS],
};
