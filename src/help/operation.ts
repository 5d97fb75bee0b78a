/**
 * The help page of one operation, laid out as the AWS CLI lays out `aws ecr create-repository help`:
 * NAME, DESCRIPTION, SYNOPSIS, OPTIONS, GLOBAL OPTIONS, EXAMPLES, OUTPUT. Everything comes from the model.
 */
import { flagsFor, type FlagSpec } from '../models/flags.js';
import { type Operation, resultKeys } from '../models/operation.js';
import {
  globalOptionsSection,
  GLOBAL_OPTIONS,
  INPUT_OPTIONS,
  optionLines,
  PAGINATION_OPTIONS,
  synopsisWord,
} from './options.js';
import { memberLines, shapeDetails, nestedLines, syntaxBlocks, typeLabel } from './shapes.js';
import { commandLine, section, verbatim, wrap } from './text.js';

const I = 7;

function description(op: Operation, path: readonly string[]): string[] {
  const lines = wrap(op.summary, I);
  const aliases = op.paths.filter((p) => p.join(' ') !== path.join(' ')).map((p) => `svcctl ${p.join(' ')}`);
  if (aliases.length > 0) lines.push('', ...wrap(`Also available as: ${aliases.join(', ')}.`, I));
  if (op.http) lines.push('', ...wrap(`HTTP: ${op.http.method} ${op.http.path} (v2 API, JSON).`, I));
  if (op.paginator) {
    const name = path[path.length - 1];
    lines.push(
      '',
      ...wrap(
        `${name} is a paginated operation. Multiple calls may be issued to retrieve the entire data set of results. ` +
          'You can disable pagination by providing the --no-paginate argument. When using --output text and the --query ' +
          'argument on a paginated response, the --query argument must extract data from the results of the following ' +
          `query expressions: ${resultKeys(op.paginator).join(', ')}`,
        I,
      ),
    );
  }
  return lines;
}

function visibleFlags(op: Operation): FlagSpec[] {
  return flagsFor(op).filter((f) => !f.hidden);
}

function synopsis(op: Operation, path: readonly string[]): string[] {
  const words = [`svcctl ${path.join(' ')}`];
  for (const f of visibleFlags(op)) {
    const value = f.shape.type === 'boolean' ? '' : ' <value>';
    words.push(f.required ? `${f.flag}${value}` : `[${f.flag}${value}]`);
    if (f.shape.type === 'boolean') words.push(`[--no-${f.flag.slice(2)}]`);
  }
  words.push('[--cli-input-json <value> | --cli-input-yaml <value>]', '[--generate-cli-skeleton <value>]');
  if (op.paginator) for (const o of PAGINATION_OPTIONS) words.push(synopsisWord(o));
  for (const o of GLOBAL_OPTIONS) words.push(synopsisWord(o));
  return words.map((w, i) => `${' '.repeat(i === 0 ? I + 3 : I + 5)}${w}`);
}

function optionBlock(op: Operation, f: FlagSpec): string[] {
  const head = `${' '.repeat(I)}${f.flag} (${typeLabel(f.shape)})${f.required ? ' [required]' : ''}`;
  const lines = [head, ...shapeDetails(f.shape, { default: op.input.defaults?.[f.member] }, I + 3)];
  if (f.shape.type === 'boolean') lines.push(...wrap(`--no-${f.flag.slice(2)} sets ${f.member} to false.`, I + 3));
  lines.push(...nestedLines(f.shape, I + 3));
  lines.push(...syntaxBlocks(f.shape, I));
  return lines;
}

function options(op: Operation): string[] {
  const lines: string[] = [];
  for (const f of visibleFlags(op)) lines.push(...optionBlock(op, f), '');
  for (const o of INPUT_OPTIONS) lines.push(...optionLines(o, I), '');
  if (op.paginator) for (const o of PAGINATION_OPTIONS) lines.push(...optionLines(o, I), '');
  return lines.slice(0, -1);
}

function examples(op: Operation): string[] {
  const list = op.examples ?? [];
  if (list.length === 0) return wrap('None.', I);
  const lines: string[] = [];
  list.forEach((ex, i) => {
    lines.push(
      ...wrap(`Example ${i + 1}: ${ex.title}`, I),
      '',
      ...verbatim(commandLine(ex.argv).join('\n'), I + 3),
      '',
    );
  });
  return lines.slice(0, -1);
}

function output(op: Operation): string[] {
  const members = Object.entries(op.output.members);
  if (members.length === 0) return wrap('None (the command prints nothing when it succeeds).', I);
  const required = new Set(op.output.required ?? []);
  const lines: string[] = [];
  for (const [name, shape] of members) lines.push(...memberLines(name, shape, { required: required.has(name) }, I), '');
  return lines.slice(0, -1);
}

/** The whole page for `svcctl <path> help`. */
export function operationHelp(op: Operation, path: readonly string[]): string {
  const name = path[path.length - 1]!;
  const lines = [
    ...section('NAME', wrap(`${name} - ${op.summary}`, I)),
    ...section('DESCRIPTION', description(op, path)),
    ...section('SYNOPSIS', synopsis(op, path)),
    ...section('OPTIONS', options(op)),
    ...section('GLOBAL OPTIONS', globalOptionsSection(I)),
    ...section('EXAMPLES', examples(op)),
    ...section('OUTPUT', output(op)),
  ];
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
