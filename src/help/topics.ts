/**
 * Help pages that are not operations: the program (`svcctl help`), command groups (`svcctl ecr help`)
 * and the other commands (`svcctl configure help`), from the commands' declarations (models/commands.ts).
 */
import { type CommandNode, commandPath, type OptionSpec, visibleSubcommands } from '../models/commands.js';
import { globalOptionsSection } from './options.js';
import { commandLine, section, verbatim, wrap } from './text.js';

const I = 7;

export function visibleCommands(cmd: CommandNode): CommandNode[] {
  return visibleSubcommands(cmd).sort((a, b) => a.name.localeCompare(b.name));
}

function commandList(cmd: CommandNode): string[] {
  const lines: string[] = [];
  for (const sub of visibleCommands(cmd))
    lines.push(`${' '.repeat(I)}${sub.name}`, ...wrap(sub.spec.description, I + 3), '');
  return lines.slice(0, -1);
}

const EXIT_CODES = [
  '0    success',
  '1    configure get: the setting is not set',
  '130  interrupted (Ctrl-C)',
  '252  usage, parameter or validation error, bad --query',
  '253  configuration or credentials (unknown profile, missing API key)',
  '254  the service answered with an error',
  '255  anything else (connection failures...)',
];

/** `svcctl help` */
export function programHelp(program: CommandNode): string {
  const lines = [
    ...section('NAME', wrap(`svcctl - ${program.spec.description}`, I)),
    ...section('DESCRIPTION', [
      ...wrap(
        'Commands and global options mirror the AWS CLI v2. Every command runs on the embedded service ' +
          "(state in $SVCCTL_HOME, default ~/.svcctl) unless --endpoint-url (or SVCCTL_ENDPOINT_URL, the AWS CLI's " +
          "AWS_ENDPOINT_URL variables for ecr and autoscaling, or the profile's endpoint_url) points it at an HTTP " +
          'server such as svcctl serve.',
        I,
      ),
      '',
      ...wrap(
        'Use svcctl <command> help (or --help) for the options, examples and output of a command. ' +
          'Settings live in $SVCCTL_HOME/config: see svcctl configure help.',
        I,
      ),
    ]),
    ...section('SYNOPSIS', verbatim('svcctl [options] <command> <subcommand> [parameters]', I + 3)),
    ...section('AVAILABLE COMMANDS', commandList(program)),
    ...section('GLOBAL OPTIONS', globalOptionsSection(I)),
    ...section('EXIT CODES', verbatim(EXIT_CODES.join('\n'), I)),
  ];
  return finish(lines);
}

/** Positional arguments are checked by the commands themselves (optional for the parser): required unless marked optional. */
function argumentWords(cmd: CommandNode): string[] {
  return (cmd.spec.arguments ?? []).map((a) => {
    const word = `<${a.name}${a.variadic ? '...' : ''}>`;
    return a.optional ? `[${word}]` : word;
  });
}

function optionWord(o: OptionSpec): string {
  const value = o.arity === 'one' || o.arity === 'optional' ? ' <value>' : '';
  return o.required ? `${o.name}${value}` : `[${o.name}${value}]`;
}

function optionType(o: OptionSpec): string {
  return o.arity === 'one' || o.arity === 'optional' ? 'string' : 'boolean';
}

function entryList(entries: ReadonlyArray<readonly [string, string]>): string[] {
  const lines: string[] = [];
  for (const [name, doc] of entries) lines.push(`${' '.repeat(I)}${name}`, ...wrap(doc, I + 3), '');
  return lines.slice(0, -1);
}

function argumentsSection(cmd: CommandNode): string[] {
  return entryList((cmd.spec.arguments ?? []).map((a) => [`<${a.name}>`, a.help || a.name] as const));
}

function optionsSection(cmd: CommandNode): string[] {
  const lines: string[] = [];
  for (const o of cmd.options().filter((x) => !x.hidden)) {
    lines.push(`${' '.repeat(I)}${o.name} (${optionType(o)})`, ...wrap(o.help, I + 3));
    if (o.choices) lines.push(...wrap(`Possible values: ${o.choices.join(', ')}.`, I + 3));
    if (o.default !== undefined) lines.push(...wrap(`Default: ${o.default}.`, I + 3));
    lines.push('');
  }
  return lines.length > 0 ? lines.slice(0, -1) : wrap('None.', I);
}

/** `svcctl ecr help`, `svcctl configure help`, `svcctl configure set help`, `svcctl serve help`. */
export function commandHelp(cmd: CommandNode): string {
  const path = commandPath(cmd);
  const docs = cmd.spec.docs ?? {};
  const subs = visibleCommands(cmd);
  const args = cmd.spec.arguments ?? [];
  const synopsisWords = [
    `svcctl ${path.join(' ')}`,
    ...(subs.length > 0 ? ['<subcommand>'] : []),
    ...argumentWords(cmd),
    ...cmd
      .options()
      .filter((o) => !o.hidden)
      .map(optionWord),
  ];
  const description = [...wrap(cmd.spec.description, I)];
  for (const p of docs.details ?? []) description.push('', ...wrap(p, I));
  const lines = [
    ...section('NAME', wrap(`${path[path.length - 1]} - ${cmd.spec.description}`, I)),
    ...section('DESCRIPTION', description),
    ...section('SYNOPSIS', synopsis(synopsisWords)),
    ...(subs.length > 0 ? section('AVAILABLE COMMANDS', commandList(cmd)) : []),
    ...(args.length > 0 ? section('ARGUMENTS', argumentsSection(cmd)) : []),
    ...((subs.length === 0 && args.length === 0) || cmd.options().length > 0
      ? section('OPTIONS', optionsSection(cmd))
      : []),
    ...(docs.sections ?? []).flatMap((s) => section(s.title, entryList(s.entries))),
    ...section('GLOBAL OPTIONS', wrap('The global options apply to this command too: see svcctl help.', I)),
  ];
  const examples = docs.examples ?? [];
  if (examples.length > 0) {
    const body: string[] = [];
    examples.forEach((ex, i) =>
      body.push(
        ...wrap(`Example ${i + 1}: ${ex.title}`, I),
        '',
        ...verbatim(commandLine(ex.argv).join('\n'), I + 3),
        '',
      ),
    );
    lines.push(...section('EXAMPLES', body.slice(0, -1)));
  }
  return finish(lines);
}

/** One line when it fits, else one word per line under the command, as operation synopses are laid out. */
function synopsis(words: string[]): string[] {
  const one = `${' '.repeat(I + 3)}${words.join(' ')}`;
  if (one.length <= 80) return [one];
  return words.map((w, i) => `${' '.repeat(i === 0 ? I + 3 : I + 5)}${w}`);
}

function finish(lines: string[]): string {
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
