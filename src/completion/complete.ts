/**
 * `svcctl __complete SHELL -- WORDS...`: the candidates for the last word, one per line, from the
 * program's command tree (models/commands.ts) and the models (commands, options, enum values, shorthand
 * members, profiles and file paths after file://). Nothing here opens the store.
 */
import type { ProcessContext } from '../core/context.js';
import { type CommandNode, commandPath, type OptionSpec } from '../models/commands.js';
import { flagsFor } from '../models/flags.js';
import { awsConfigPath, awsConfigProfileOf, awsCredentialsPath, readIni } from '../profile/aws-files.js';
import { configPath, readProfiles } from '../profile/file.js';
import { operationAt } from '../help/help.js';
import { OPTION_CHOICES } from '../help/options.js';
import { visibleCommands } from '../help/topics.js';
import type { Shape } from '../models/shapes.js';
import { fileCandidates } from './files.js';
import { shorthandCandidates } from './shorthand.js';
import { openQuote, splitShellWords } from '../core/shell-words.js';
import { escapeForBash, trimForBash } from './words.js';

interface State {
  cmd: CommandNode;
  /** The option whose value the next word is, with the values it already has. */
  pending?: { option: OptionSpec; values: number };
  used: Set<string>;
  positionals: string[];
  /** A `--` was given: every word after it is an argument, as the parser reads them (cli/words.ts). */
  dashes?: boolean;
}

/** The options a word may name at this command: its own, then its ancestors' (the global options). */
function optionsAt(cmd: CommandNode): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (let c: CommandNode | undefined = cmd; c; c = c.parent) out.push(...c.options().filter((o) => !o.hidden));
  return out;
}

const takesValue = (o: OptionSpec) => o.arity !== 'flag';

function walk(program: CommandNode, words: readonly string[]): State {
  const st: State = { cmd: program, used: new Set(), positionals: [] };
  for (const word of words) {
    if (st.dashes) {
      // A command's name is still read as one after `--` (`svcctl ecr -- describe-repositories` runs it), as
      // the parser reads its words; an option is not.
      const sub = st.positionals.length === 0 ? visibleCommands(st.cmd).find((c) => c.name === word) : undefined;
      if (sub) st.cmd = sub;
      else st.positionals.push(word);
      continue;
    }
    if (st.pending && !(word.startsWith('-') && word.length > 1)) {
      st.pending.values++;
      if (st.pending.option.arity !== 'list') st.pending = undefined;
      continue;
    }
    st.pending = undefined;
    if (word === '--') {
      st.dashes = true;
      continue;
    }
    if (word.startsWith('--')) {
      const option = optionsAt(st.cmd).find((o) => o.name === word.split('=')[0]);
      if (option) st.used.add(option.name);
      if (option && takesValue(option) && !word.includes('=')) st.pending = { option, values: 0 };
      continue;
    }
    const sub = st.positionals.length === 0 ? visibleCommands(st.cmd).find((c) => c.name === word) : undefined;
    if (sub) st.cmd = sub;
    else st.positionals.push(word);
  }
  return st;
}

function memberShape(cmd: CommandNode, flag: string): Shape | undefined {
  const op = operationAt(commandPath(cmd));
  return op ? flagsFor(op).find((f) => f.flag === flag)?.shape : undefined;
}

/**
 * What --profile takes: svcctl's own profiles, then those of the AWS CLI's config and credentials files
 * (a command reads its region, endpoint and keys there), each file that cannot be read left out.
 */
function profileNames(ctx: ProcessContext): string[] {
  const names = new Set(['default']);
  const add = (read: () => Iterable<string | undefined>) => {
    try {
      for (const name of read()) if (name !== undefined) names.add(name);
    } catch {
      // A file that cannot be read offers no names; the command itself says why.
    }
  };
  add(() => readProfiles(configPath(ctx)).keys());
  add(() => Object.keys(readIni(awsConfigPath(ctx))).map(awsConfigProfileOf));
  add(() => Object.keys(readIni(awsCredentialsPath(ctx))));
  return [...names];
}

function valueCandidates(st: State, option: OptionSpec, current: string, ctx: ProcessContext): string[] {
  const flag = option.name;
  if (current.startsWith('file://') || current.startsWith('fileb://'))
    return fileCandidates(current, ctx.cwd, ctx.home);
  const choices = OPTION_CHOICES[flag] ?? option.choices;
  if (choices) return choices.filter((c) => c.startsWith(current));
  if (flag === '--profile') return profileNames(ctx).filter((p) => p.startsWith(current));
  const shape = memberShape(st.cmd, flag);
  const inner = shape?.type === 'list' ? shape.member : shape;
  if (inner?.type === 'string' && inner.enum) return inner.enum.filter((v) => v.startsWith(current));
  const shorthand = shape ? shorthandCandidates(shape, current) : [];
  return shorthand.length > 0 ? shorthand : fileCandidates(current, ctx.cwd, ctx.home);
}

function optionCandidates(st: State, current: string): string[] {
  const names = optionsAt(st.cmd)
    .map((o) => o.name)
    .filter((n) => n !== '--help');
  return [...new Set(names)].filter((n) => n.startsWith(current) && !st.used.has(n)).sort();
}

export function candidates(
  program: CommandNode,
  words: readonly string[],
  current: string,
  ctx: ProcessContext,
): string[] {
  const st = walk(program, words);
  const custom = st.cmd.spec.complete;
  // After `--` no option is read, nor an option's value: a command's own arguments are, and the names of commands
  // (as the parser reads them), as before it.
  if (!st.dashes) {
    if (st.pending && !current.startsWith('--')) return valueCandidates(st, st.pending.option, current, ctx);
    // `--output=ta`: the parser reads the value after `=` as the option's (cli/words.ts), so its values are offered.
    const eq = current.startsWith('--') ? current.indexOf('=') : -1;
    if (eq > 0) {
      const flag = current.slice(0, eq);
      const option = optionsAt(st.cmd).find((o) => o.name === flag && takesValue(o));
      return option ? valueCandidates(st, option, current.slice(eq + 1), ctx).map((v) => `${flag}=${v}`) : [];
    }
    if (current.startsWith('-')) return optionCandidates(st, current);
  }
  if (custom) return custom(st.positionals).filter((c) => c.startsWith(current));
  if (st.positionals.length > 0) return [];
  return visibleCommands(st.cmd)
    .map((c) => c.name)
    .filter((n) => n.startsWith(current));
}

/** `args` is what follows `__complete`: the shell, then (bash) the line up to the cursor or (zsh, fish) the words after the program name. */
export function complete(program: CommandNode, args: readonly string[], ctx: ProcessContext): string[] {
  const [shell, ...rest] = args;
  if (shell === 'bash') {
    const line = rest.join(' ');
    const words = splitShellWords(line, { partial: true }).slice(1);
    const current = words.pop() ?? '';
    const found = candidates(program, words, current, ctx);
    // Inside a quote readline completes the text after the quote, whole: `=` and `:` break no word there.
    const open = openQuote(line);
    if (!open) return escapeForBash(trimForBash(found, current));
    return found.filter((c) => c.startsWith(open.before)).map((c) => c.slice(open.before.length));
  }
  // zsh gives the current word unquoted ($PREFIX); fish gives it as typed (`'IMM`): read it as the shell does.
  const words = [...rest];
  const typed = words.pop() ?? '';
  const current = shell === 'fish' ? (splitShellWords(typed, { partial: true }).at(-1) ?? '') : typed;
  return candidates(program, words, current, ctx);
}
