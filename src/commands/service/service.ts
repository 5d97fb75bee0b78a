import { UnknownOptionsError } from '../../core/errors.js';
import type { CommandSpec } from '../../models/commands.js';
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
  'Fault rules are settings too: fault.<service>.<Operation> (fault.ecr.CreateRepository; fault.autoscaling for ' +
    'every operation of Auto Scaling; fault.* for every operation) set to <action>[;<option>=<value>]…, where the ' +
    "action is throttle (the service's modelled throttling error), 500, 503 (in the protocol's own error shape), " +
    'latency=MS (the answer comes MS milliseconds late) or close (the connection is closed without an answer), and ' +
    'the options say when (p=P: with probability P; nth=N: the Nth matching call only; next=K: the next K matching ' +
    'calls; else every call) and for whom (account=ID, region=REGION). Setting a rule starts its count again; none ' +
    'or reset NAME removes it. serve answers them over the wire and journals each (its Fault); the embedded backend ' +
    'makes one attempt per command, and close is its connection-closed error (255). See docs/operating-serve.md.',
  "With an endpoint (--endpoint-url, SVCCTL_ENDPOINT_URL, the profile's endpoint_url) the commands reach the fault " +
    'rules of that running svcctl serve through its /_svcctl/faults, whatever its store (--store memory too): get lists ' +
    'them with their calls counted, set and reset NAME change one, reset without a name removes them all. Its other ' +
    'settings are not reached that way (252): they live in its store, or come from serve --settings FILE.',
];

/** Local: the store of $SVCCTL_HOME (settings.ts). With an endpoint: that serve's fault rules (settings-remote.ts). */
function runWith(name: 'Get' | 'Set' | 'Reset'): CommandSpec['run'] {
  return async ({ ctx, globals, args, all }) => {
    // An option word is no setting's name or value: `get --generate-cli-skeleton` is an unknown option (issue 44).
    const at = args.findIndex((w) => w.startsWith('--'));
    if (at >= 0) throw new UnknownOptionsError(args.slice(at));
    const opts = { ctx, globals, words: args, raw: all };
    const { endpointOf } = await import('./admin-actions.js');
    const endpoint = endpointOf(globals);
    if (endpoint === undefined) return (await import('./settings.js'))[`settings${name}`](opts);
    return (await import('./settings-remote.js'))[`remoteSettings${name}`](opts, endpoint);
  };
}

/** A subcommand of `service settings`; a serve's error names it `SettingsGet` … (it said `the unknown operation`). */
const sub = (name: string, description: string, more: Partial<CommandSpec>): CommandSpec => ({
  name,
  description,
  operation: `Settings${name.charAt(0).toUpperCase()}${name.slice(1)}`,
  passUnknownOptions: true,
  ...more,
});

const settingsCommand: CommandSpec = {
  name: 'settings',
  description: "Show and change the embedded service's settings.",
  passUnknownOptions: true,
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
      {
        title: 'Throttle the next two CreateRepository calls (ThrottlingException), then answer as usual',
        argv: ['service', 'settings', 'set', 'fault.ecr.CreateRepository', 'throttle;next=2'],
      },
      {
        title: 'One Auto Scaling call in ten answers 503 ServiceUnavailable',
        argv: ['service', 'settings', 'set', 'fault.autoscaling', '503;p=0.1'],
      },
      { title: 'Back to the defaults (every fault rule removed)', argv: ['service', 'settings', 'reset'] },
    ],
  },
  complete: (words) => (words.length === 0 ? ['get', 'reset', 'set'] : []),
  subcommands: [
    sub('get', 'Print every setting (name, value, set or default), or the value of one.', {
      arguments: [{ name: 'name', help: 'The setting to print (default: every one).', optional: true }],
      run: runWith('Get'),
      complete: (words) => (words.length === 0 ? SERVICE_SETTING_NAMES : []),
    }),
    sub('set', 'Set a setting or a fault rule (its value is checked first).', {
      arguments: [
        { name: 'name', help: 'The setting to change, or a fault rule (fault.<service>.<Operation>).' },
        { name: 'value', help: 'Its new value (none removes a fault rule).' },
      ],
      run: runWith('Set'),
      complete: (words) => {
        if (words.length === 0) return SERVICE_SETTING_NAMES;
        const kind = words.length === 1 ? serviceSetting(words[0]!)?.kind : undefined;
        return kind?.type === 'boolean' ? ['true', 'false'] : kind && 'none' in kind && kind.none ? ['none'] : [];
      },
    }),
    sub('reset', 'Put one setting, or every setting, back to its default (a fault rule: removed).', {
      arguments: [{ name: 'name', help: 'The setting or fault rule to reset (default: all of them).', optional: true }],
      run: runWith('Reset'),
      complete: (words) => (words.length === 0 ? SERVICE_SETTING_NAMES : []),
    }),
  ],
};

/** `svcctl service`: its settings, and the commands of admin-commands.ts (journal, resources, reset, ready). */
export const serviceCommand: CommandSpec = {
  name: 'service',
  description: "The embedded service's settings, request journal, resources and reset.",
  passUnknownOptions: true,
  complete: (words) => (words.length === 0 ? ['journal', 'ready', 'reset', 'resources', 'settings'] : []),
  subcommands: [settingsCommand, ...ADMIN_COMMANDS],
};
