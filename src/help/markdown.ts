/**
 * docs/commands.md, generated from the models: every operation with its options (types, constraints,
 * defaults, nested members), examples and output shape. test/docs/commands.test.ts keeps the file in
 * step with the models (UPDATE_DOCS=1 rewrites it).
 */
import { flagsFor } from '../models/flags.js';
import { OPERATIONS } from '../models/registry.js';
import type { Operation } from '../models/operation.js';
import type { Shape } from '../models/shapes.js';
import { constraints } from './shapes.js';
import { shellQuote } from './text.js';

function facts(shape: Shape, required: boolean, def: unknown): string {
  const parts: string[] = [shape.type];
  if (required) parts.push('required');
  const text = [`(${parts.join(', ')})`];
  if (shape.doc) text.push(shape.doc);
  const c = constraints(shape);
  if (c.length > 0) text.push(`Constraints: ${c.map((x) => x.replace(/^pattern: (.*)$/, 'pattern `$1`')).join('; ')}.`);
  if (def !== undefined) text.push(`Default: \`${typeof def === 'string' ? def : JSON.stringify(def)}\`.`);
  if (shape.type === 'string' && shape.enum) text.push(`Values: ${shape.enum.map((v) => `\`${v}\``).join(', ')}.`);
  if (shape.type === 'list' && shape.member.type !== 'structure') {
    const each = constraints(shape.member).map((x) => x.replace(/^pattern: (.*)$/, 'pattern `$1`'));
    if (each.length > 0) text.push(`Each item: ${each.join('; ')}.`);
  }
  return text.join(' ');
}

function members(shape: Shape, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const inner = shape.type === 'list' ? shape.member : shape;
  if (inner.type !== 'structure' || depth > 8) return [];
  const required = new Set(inner.required ?? []);
  const lines: string[] = [];
  for (const [name, m] of Object.entries(inner.members)) {
    lines.push(`${pad}- \`${name}\` ${facts(m, required.has(name), inner.defaults?.[name])}`, ...members(m, depth + 1));
  }
  return lines;
}

function operationSection(op: Operation): string[] {
  const [primary, ...aliases] = op.paths.map((p) => p.join(' '));
  const lines = [`## ${primary}`, '', op.summary];
  if (aliases.length > 0) lines.push('', `Also: ${aliases.map((a) => `\`svcctl ${a}\``).join(', ')}.`);
  if (op.paginator)
    lines.push(
      '',
      `Paginated: \`--starting-token\`, \`--page-size\`, \`--max-items\` and \`--no-paginate\` apply; items are in \`${op.paginator.resultKey}\`.`,
    );
  lines.push('', '### Options', '');
  const flags = flagsFor(op).filter((f) => !f.hidden);
  if (flags.length === 0) lines.push('None (besides the global options).');
  for (const f of flags) {
    lines.push(`- \`${f.flag}\` ${facts(f.shape, f.required, op.input.defaults?.[f.member])}`, ...members(f.shape, 1));
  }
  if (op.examples && op.examples.length > 0) {
    lines.push('', '### Examples', '');
    for (const ex of op.examples)
      lines.push(`${ex.title}:`, '', '```sh', `$ svcctl ${ex.argv.map(shellQuote).join(' ')}`, '```', '');
    lines.pop();
  }
  lines.push('', '### Output', '');
  const out = Object.entries(op.output.members);
  if (out.length === 0) lines.push('Nothing (the command prints nothing when it succeeds).');
  for (const [name, shape] of out) lines.push(`- \`${name}\` ${facts(shape, false, undefined)}`, ...members(shape, 1));
  return [...lines, ''];
}

export function commandsMarkdown(): string {
  const lines = [
    '# Commands',
    '',
    '<!-- Generated from the models (src/models) by src/help/markdown.ts: edit the models, then run',
    '     `UPDATE_DOCS=1 npx vitest run test/docs/commands.test.ts`. -->',
    '',
    'Every command also takes the global options (`svcctl help`), and the operation commands take',
    '`--cli-input-json`, `--cli-input-yaml` and `--generate-cli-skeleton`. `svcctl <command> help` shows',
    'the same information in the terminal, with the shorthand and JSON syntax of each structure.',
    '',
    ...OPERATIONS.flatMap(operationSection),
  ];
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
