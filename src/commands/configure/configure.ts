/**
 * The `configure` command and its subcommands as data (models/commands.ts). The work is loaded only when
 * one of them runs.
 */
import type { ProcessContext } from '../../core/context.js';
import { UnknownOptionsError } from '../../core/errors.js';
import { unknownCommand } from '../../help/suggest.js';
import type { CommandSpec, Parsed } from '../../models/commands.js';
import { chooseProfile } from '../../profile/profile.js';
import { CONFIG_KEY_NAMES, CONFIG_KEYS, configKeyOf, type ConfigKey } from '../../models/config-keys.js';

const DETAILS = [
  'Settings live in $SVCCTL_HOME/config (default ~/.svcctl/config), an INI file with a [default] section and ' +
    '[profile NAME] sections; --profile, SVCCTL_PROFILE, AWS_PROFILE or AWS_DEFAULT_PROFILE selects the profile. A flag wins over ' +
    'the environment, which wins over the profile, which wins over the default.',
  'Run without a subcommand on a terminal, configure asks for the common settings of the profile, showing ' +
    'each current value in brackets (the API key masked); press Enter to keep it. The file is written with ' +
    'mode 0600, its directory created with mode 0700.',
];

function configKeyDoc(s: ConfigKey): string {
  const parts = [s.doc];
  if (s.choices) parts.push(`Values: ${s.choices.join(', ')}.`);
  const overrides = [...(s.flag ? [s.flag] : []), ...(s.env ?? [])];
  if (overrides.length > 0) parts.push(`Overridden by ${overrides.join(', ')}.`);
  if (s.envAfter) parts.push(`Falls back to ${s.envAfter.join(', ')}.`);
  if (s.default !== undefined && !s.secret) parts.push(`Default: ${s.default}.`);
  return parts.join(' ');
}

type Runner = (ctx: ProcessContext, cmd: Parsed) => number | Promise<number>;

/** A subcommand whose work loads only when it runs. */
function sub(
  name: string,
  description: string,
  load: () => Promise<Runner>,
  more: Partial<CommandSpec> = {},
): CommandSpec {
  return {
    name,
    description,
    passUnknownOptions: true,
    ...more,
    run: async (call) => {
      // An option word is no setting's name or value: `get --generate-cli-skeleton` is an unknown option (issue 44).
      const at = call.args.findIndex((w) => w.startsWith('--'));
      if (at >= 0) throw new UnknownOptionsError(call.args.slice(at));
      return (await load())(call.ctx, call);
    },
  };
}

/** The document's one key, as `configure list --output json` prints it. */
const LIST_KEY = 'Settings';

/** `configure list`: the AWS CLI's columns, or with --output / --query a document in that format. */
async function configureList(ctx: ProcessContext, cmd: Parsed): Promise<number> {
  const { configureListRows, formatRows } = await import('../../profile/configure.js');
  const rows = configureListRows(ctx, cmd);
  const doc = { [LIST_KEY]: rows.map((r) => ({ Name: r.name, Value: r.value, Type: r.type, Location: r.location })) };
  const { writeListing } = await import('../../output/listing.js');
  await writeListing(ctx.stdout, cmd.all, 'ConfigureList', doc, () => formatRows(rows));
  return 0;
}

export const configureCommand: CommandSpec = {
  name: 'configure',
  description: 'Show and change svcctl settings ($SVCCTL_HOME/config), per profile.',
  docs: {
    details: DETAILS,
    sections: [{ title: 'SETTINGS', entries: CONFIG_KEYS.map((s) => [s.key, configKeyDoc(s)] as const) }],
    examples: [
      { title: 'Make text the default output format', argv: ['configure', 'set', 'output', 'text'] },
      {
        title: 'Point a named profile at a server',
        argv: ['configure', 'set', 'endpoint_url', 'http://127.0.0.1:4566', '--profile', 'local'],
      },
      { title: 'Show every setting and where it comes from', argv: ['configure', 'list'] },
    ],
  },
  missingProfileOk: true,
  readsProfileItself: true,
  run: async ({ args, all, ctx, node }) => {
    if (args.length > 0) throw unknownCommand(node, args[0]!, 'operation');
    const { configureInteractive } = await import('../../profile/interactive.js');
    return configureInteractive(ctx, chooseProfile(all, ctx.env).name);
  },
  complete: (words) => (words.length === 0 ? ['get', 'list', 'list-profiles', 'set'] : []),
  subcommands: [
    sub(
      'set',
      'Set a setting of the profile (--profile, else default) in the config file.',
      async () => (await import('../../profile/configure.js')).configureSet,
      {
        arguments: [
          {
            name: 'key',
            help: 'The setting to change (output, region, endpoint_url, api_key...); default.KEY or profile.NAME.KEY for that profile.',
          },
          { name: 'value', help: "Its new value (checked against the setting's choices)." },
        ],
        missingProfileOk: true,
        readsProfileItself: true,
        complete: (words) =>
          words.length === 0 ? CONFIG_KEY_NAMES : words.length === 1 ? (configKeyOf(words[0]!)?.choices ?? []) : [],
      },
    ),
    sub(
      'get',
      'Print a setting of the profile from the config file; exit 1 when it is not set.',
      async () => (await import('../../profile/configure.js')).configureGet,
      {
        arguments: [{ name: 'key', help: 'The setting to print; default.KEY or profile.NAME.KEY for that profile.' }],
        readsProfileItself: true,
        complete: (words) => (words.length === 0 ? CONFIG_KEY_NAMES : []),
      },
    ),
    sub(
      'list',
      'List every setting in effect, its value (keys masked) and where it came from; with --output or --query, as a document ({"Settings": [{"Name", "Value", "Type", "Location"}]}).',
      async () => configureList,
    ),
    sub(
      'list-profiles',
      'List the profiles of the config file.',
      async () => (await import('../../profile/configure.js')).configureListProfiles,
      { readsProfileItself: true },
    ),
  ],
};
