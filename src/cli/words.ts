/**
 * The one reading of option words, as argparse reads them for the AWS CLI, done before commander parses
 * argv, whatever comes first (a global option, the command, its options):
 * - an option word is matched by `matchOption`: its exact name (the command's or a global one), else an
 *   unambiguous prefix of the AWS CLI's global options (its main parser reads them first: `--re` is
 *   `--region`), else of the command's options with svcctl's own global ones (`--repo` is
 *   `--repository-name`, `--idem` is `--idempotency-key`); a prefix of several is argparse's
 *   `ambiguous option: --i could match …`. The words commander gets carry the full names.
 * - the command is found by walking the words that are not options or option values, so that a global
 *   option's value (`--output json account-token get`) is never taken for the command.
 * - an option that needs a value and has none (at the end, or before a `--word`) is argparse's
 *   `argument --x: expected one argument`.
 * - a list option given twice keeps its last values (argparse's `store`, where commander appends).
 * - the words the command does not take (unknown options, and positional words beyond its arguments) are
 *   argparse's extras, reported as `Unknown options: …`.
 * Everything after `--` is passed on as it is (`svcctl __complete bash -- …`).
 */
import { MainParserError, UsageError } from '../core/errors.js';
import { SVCCTL_GLOBAL_FLAGS } from '../models/config-keys.js';
import type { Arity, CommandNode } from '../models/commands.js';

interface Known {
  readonly name: string;
  readonly arity: Arity;
}

export type Match = { kind: 'known'; name: string } | { kind: 'ambiguous'; matches: string[] } | { kind: 'unknown' };

/**
 * What an option name as written is: an exact name of any level, else an unambiguous prefix of the first
 * level that has one (argparse abbreviates long options only).
 */
export function matchOption(written: string, levels: ReadonlyArray<readonly string[]>): Match {
  if (levels.some((names) => names.includes(written))) return { kind: 'known', name: written };
  if (!written.startsWith('--')) return { kind: 'unknown' };
  for (const names of levels) {
    const matches = names.filter((n) => n.startsWith('--') && n.startsWith(written));
    if (matches.length === 1) return { kind: 'known', name: matches[0]! };
    if (matches.length > 1) return { kind: 'ambiguous', matches };
  }
  return { kind: 'unknown' };
}

/**
 * What takes a word of argv: an option, whose value begins at character `from` of the word (0 for a word of
 * its own, after the `=` of `--x=value`), or an argument of a command (its index in the command's arguments).
 * A word none takes (a command word, argparse's extras, a word after `--`) has none.
 */
export type Taker = { option: string; from: number } | { command: CommandNode; argument: number };

export interface Words {
  /** argv for commander: option names in full, earlier occurrences of a list option dropped. */
  argv: string[];
  /** The deepest command the words name (the program when they name none). */
  command: CommandNode;
  /** The first positional word where a command or operation was expected and none has that name. */
  stray?: string;
  /** argparse's extras for the command: unknown options, and positional words it does not take (a leaf command). */
  unknown: string[];
  /** The global options given, by full name: their value, or true for a flag (the last occurrence wins). */
  globals: Map<string, string | true>;
  /** The first problem reading the words (an ambiguous option, a missing value), in the order argparse meets it. */
  error?: UsageError;
  /** What takes each word of argv, by its index (see Taker). */
  takers: ReadonlyArray<Taker | undefined>;
}

const knownOf = (cmd: CommandNode): Known[] =>
  cmd
    .options()
    .flatMap((o) =>
      [o.name, o.short].filter((n): n is string => n !== undefined).map((name) => ({ name, arity: o.arity })),
    );

const isNegativeNumber = (word: string) => /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(word);
/** A word commander reads as an option (a negative number is a value). */
const isOption = (word: string) => word.length > 1 && word.startsWith('-') && !isNegativeNumber(word);
/**
 * argparse never takes an option-like word as a value (`--region --no-cli-pager`, `--repository-name -dash`,
 * `--repository-name --`): one that begins with `-`, is longer than that, is not a negative number and holds no
 * space.
 */
const isOptionLike = (word: string) =>
  word.length > 1 && word.startsWith('-') && !isNegativeNumber(word) && !word.includes(' ');

class Reader {
  readonly out: string[] = [];
  readonly unknown: string[] = [];
  readonly globals = new Map<string, string | true>();
  readonly takers: Array<Taker | undefined> = [];
  error?: UsageError;
  command: CommandNode;
  stray?: string;
  private inPath = true;
  private slots = 0;
  private readonly global: Known[];
  private readonly awsGlobal: string[];
  private readonly svcctlGlobal: string[];

  constructor(
    private readonly program: CommandNode,
    private readonly argv: readonly string[],
  ) {
    this.command = program;
    this.global = knownOf(program);
    const own = new Set(SVCCTL_GLOBAL_FLAGS.map(([flags]) => flags.split(' ')[0]!));
    this.awsGlobal = this.global.map((k) => k.name).filter((n) => !own.has(n));
    this.svcctlGlobal = this.global.map((k) => k.name).filter((n) => own.has(n));
  }

  read(): void {
    for (let i = 0; i < this.argv.length; i++) {
      const word = this.argv[i]!;
      if (word === '--') {
        this.out.push(...this.argv.slice(i));
        // argparse's positionals from here on: a leaf command's arguments take them in order (configure set's
        // value after '--' is named as configure set names it, not as 'Argument N').
        if (this.command.subcommands.length === 0)
          for (let j = i + 1; j < this.argv.length && this.slots > 0; j++)
            this.takers[j] = {
              command: this.command,
              argument: (this.command.spec.arguments?.length ?? 0) - this.slots--,
            };
        return;
      }
      i = isOption(word) ? this.option(word, i) : this.positional(word, i);
    }
  }

  /** An option word at argv[i] and its values; returns the index of the last word it took. */
  private option(word: string, i: number): number {
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const written = eq < 0 ? word : word.slice(0, eq);
    const own = this.command === this.program ? [] : knownOf(this.command);
    const m = matchOption(written, [this.awsGlobal, [...own.map((k) => k.name), ...this.svcctlGlobal]]);
    if (m.kind !== 'known') {
      if (m.kind === 'ambiguous') {
        // Among the AWS CLI's global options, the ambiguity is its main parser's; else the command's parser's.
        const Kind = m.matches.every((n) => this.awsGlobal.includes(n)) ? MainParserError : UsageError;
        this.error ??= new Kind(`ambiguous option: ${written} could match ${m.matches.join(', ')}`);
      } else this.unknown.push(word);
      this.out.push(word);
      return i;
    }
    const spec = own.find((k) => k.name === m.name) ?? this.global.find((k) => k.name === m.name)!;
    this.out.push(eq < 0 ? m.name : m.name + word.slice(eq));
    if (eq >= 0) this.takers[i] = { option: m.name, from: eq + 1 };
    let value: string | true = eq < 0 ? true : word.slice(eq + 1);
    if (eq < 0 && spec.arity === 'one') {
      const next = this.argv[i + 1];
      if (next === undefined || isOptionLike(next)) {
        const Kind = own.some((k) => k.name === m.name) ? UsageError : MainParserError;
        this.error ??= new Kind(`argument ${m.name}: expected one argument`);
      } else {
        this.out.push(next);
        value = next;
        this.takers[++i] = { option: m.name, from: 0 };
      }
    } else if (eq < 0 && spec.arity !== 'flag') {
      // an optional value or a list: the words up to the next option (commander's reading)
      while (i + 1 < this.argv.length && !isOption(this.argv[i + 1]!) && this.argv[i + 1] !== '--') {
        value = this.argv[++i]!;
        this.out.push(value);
        this.takers[i] = { option: m.name, from: 0 };
        if (spec.arity === 'optional') break;
      }
    }
    if (!own.some((k) => k.name === m.name)) this.globals.set(m.name, value);
    return i;
  }

  /** A word that is not an option: the next command of the path, a command's argument, or an extra. */
  private positional(word: string, i: number): number {
    this.out.push(word);
    if (this.inPath) {
      const sub = this.command.subcommands.find((c) => c.name === word);
      if (sub) {
        this.command = sub;
        this.slots = sub.spec.arguments?.length ?? 0;
        return i;
      }
      this.inPath = false;
      if (this.command.subcommands.length > 0) {
        this.stray = word;
        return i;
      }
    }
    // A group reports its own invalid choice; a leaf command takes its arguments, the rest is extra.
    if (this.command.subcommands.length > 0) return i;
    if (this.slots > 0) {
      const argument = (this.command.spec.arguments?.length ?? 0) - this.slots--;
      this.takers[i] = { command: this.command, argument };
    } else this.unknown.push(word);
    return i;
  }
}

/** Reads argv once (see the top of this file), over the program's command tree. */
export function readWords(program: CommandNode, argv: readonly string[]): Words {
  const reader = new Reader(program, argv);
  reader.read();
  const { command } = reader;
  const lists = new Set(
    command === program
      ? []
      : command
          .options()
          .filter((o) => o.arity === 'list')
          .map((o) => o.name),
  );
  return {
    argv: lists.size === 0 ? reader.out : lastListOccurrences(reader.out, lists),
    command,
    stray: reader.stray,
    unknown: reader.unknown,
    globals: reader.globals,
    error: reader.error,
    takers: reader.takers,
  };
}

/**
 * `--launch-configuration-names a --launch-configuration-names b` is `[b]`: the earlier occurrences of a
 * list option, with the values that follow them, are dropped.
 */
function lastListOccurrences(words: string[], lists: Set<string>): string[] {
  const flagOf = (word: string): string => word.split('=')[0]!;
  const end = words.indexOf('--');
  const scope = end < 0 ? words.length : end;
  const last = new Map<string, number>();
  for (let i = 0; i < scope; i++) if (lists.has(flagOf(words[i]!))) last.set(flagOf(words[i]!), i);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i < scope && lists.has(flagOf(word)) && last.get(flagOf(word)) !== i) {
      // commander's variadic option takes every following word up to the next option
      if (!word.includes('=')) while (i + 1 < scope && !isOption(words[i + 1]!)) i++;
      continue;
    }
    out.push(word);
  }
  return out;
}
