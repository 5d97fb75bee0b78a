/**
 * The `configure` command and its subcommands, registered on the program as an extension. The work is
 * loaded only when one of them runs.
 */
import type { Command } from 'commander';
import type { Context } from '../core/context.js';
import { unknownCommand } from '../help/suggest.js';
import { type CustomSelection, customAction, type Extension } from '../models/selection.js';
import { completePositionals } from '../completion/registry.js';
import { documentCommand } from '../help/registry.js';
import { chooseProfile } from '../profile/profile.js';
import { SETTING_KEYS, SETTINGS, settingOf, type Setting } from '../profile/keys.js';

const DETAILS = [
  'Settings live in $SVCCTL_HOME/config (default ~/.svcctl/config), an INI file with a [default] section and ' +
    '[profile NAME] sections; --profile, SVCCTL_PROFILE or AWS_PROFILE selects the profile. A flag wins over ' +
    'the environment, which wins over the profile, which wins over the default.',
  'Run without a subcommand on a terminal, configure asks for the common settings of the profile, showing ' +
    'each current value in brackets (the API key masked); press Enter to keep it. The file is written with ' +
    'mode 0600, its directory created with mode 0700.',
];

function settingDoc(s: Setting): string {
  const parts = [s.doc];
  if (s.choices) parts.push(`Values: ${s.choices.join(', ')}.`);
  const overrides = [...(s.flag ? [s.flag] : []), ...(s.env ?? [])];
  if (overrides.length > 0) parts.push(`Overridden by ${overrides.join(', ')}.`);
  if (s.envAfter) parts.push(`Falls back to ${s.envAfter.join(', ')}.`);
  if (s.default !== undefined && !s.secret) parts.push(`Default: ${s.default}.`);
  return parts.join(' ');
}

type Runner = (ctx: Context, cmd: Command) => number | Promise<number>;

function selectWith(ctx: Context, select: (s: CustomSelection) => void, load: () => Promise<Runner>, missingProfileOk = false) {
  return customAction(select, async (cmd) => (await load())(ctx, cmd), { missingProfileOk });
}

/** `configure list`: the AWS CLI's columns, or with --output / --query a document in that format. */
async function configureList(ctx: Context, cmd: Command): Promise<number> {
  const { configureListRows, formatRows } = await import('../profile/configure.js');
  const rows = configureListRows(ctx, cmd);
  const doc = { Settings: rows.map((r) => ({ Name: r.name, Value: r.value, Type: r.type, Location: r.location })) };
  const { writeListing } = await import('../output/listing.js');
  await writeListing(ctx.stdout, cmd.optsWithGlobals(), 'ConfigureList', doc, () => formatRows(rows));
  return 0;
}

export const configureExtension: Extension = (program, ctx, select) => {
  const configure = program.command('configure')
    .description('Show and change svcctl settings ($SVCCTL_HOME/config), per profile.')
    .allowExcessArguments();
  documentCommand(configure, {
    details: DETAILS,
    sections: [{ title: 'SETTINGS', entries: SETTINGS.map((s) => [s.key, settingDoc(s)] as const) }],
    examples: [
      { title: 'Make text the default output format', argv: ['configure', 'set', 'output', 'text'] },
      { title: 'Point a named profile at a server', argv: ['configure', 'set', 'endpoint_url', 'http://127.0.0.1:4566', '--profile', 'local'] },
      { title: 'Show every setting and where it comes from', argv: ['configure', 'list'] },
    ],
  });
  configure.action(selectWith(ctx, select, async () => async (c, cmd) => {
    if (cmd.args.length > 0) throw unknownCommand(cmd, cmd.args[0]!, 'operation');
    const { configureInteractive } = await import('../profile/interactive.js');
    return configureInteractive(c, chooseProfile(cmd.optsWithGlobals(), c.env).name);
  }, true));
  const sub = (name: string, description: string) =>
    documentCommand(configure.command(name).description(description).allowExcessArguments().allowUnknownOption(), {});
  const set = sub('set', 'Set a setting of the profile (--profile, else default) in the config file.')
    .argument('[key]', 'The setting to change (output, region, endpoint_url, api_key...).')
    .argument('[value]', 'Its new value (checked against the setting\'s choices).')
    .action(selectWith(ctx, select, async () => (await import('../profile/configure.js')).configureSet, true));
  const get = sub('get', 'Print a setting of the profile from the config file; exit 1 when it is not set.')
    .argument('[key]', 'The setting to print.')
    .action(selectWith(ctx, select, async () => (await import('../profile/configure.js')).configureGet));
  sub('list', 'List every setting in effect, its value (keys masked) and where it came from; with --output or --query, as a document ({"Settings": [{"Name", "Value", "Type", "Location"}]}).')
    .action(selectWith(ctx, select, async () => configureList));
  sub('list-profiles', 'List the profiles of the config file.')
    .action(selectWith(ctx, select, async () => (await import('../profile/configure.js')).configureListProfiles));
  completePositionals(set, (words) => (words.length === 0 ? SETTING_KEYS : words.length === 1 ? (settingOf(words[0]!)?.choices ?? []) : []));
  completePositionals(get, (words) => (words.length === 0 ? SETTING_KEYS : []));
  completePositionals(configure, (words) => (words.length === 0 ? ['get', 'list', 'list-profiles', 'set'] : []));
};
