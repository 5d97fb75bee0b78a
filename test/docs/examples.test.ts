/**
 * Every `$ svcctl ...` line in a fenced `sh` block of README.md and docs/*.md runs, in order, in one
 * sandbox per file: it must exit 0 (or show its status with `; echo $?`), and the lines after it,
 * when there are any, must be what it prints (`…` matches any id-like text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../helpers/cli.js';
import { ROOT } from '../completion/fresh-bin.js';
import { docSandbox, matches, parseCommand, runCommand, shown } from './runner.js';

interface Example {
  line: number;
  command: string;
  /** The lines shown after the command, or undefined when none are. */
  output?: string;
}

const COMMAND = /^\$ (?:[a-z_][a-z0-9_]*=\$\()?(?:[A-Z_][A-Z0-9_]*=\S* )*(?:npx )?svcctl( |$)/;

/** The examples of one markdown file: `$` lines (with `\` continuations) and the output lines under each. */
export function extractExamples(markdown: string): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  let inBlock = false;
  let current: Example | undefined;
  let output: string[] = [];
  const flush = () => {
    if (current) examples.push(output.length > 0 ? { ...current, output: `${output.join('\n')}\n` } : current);
    current = undefined;
    output = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (/^```/.test(text)) {
      if (inBlock) flush();
      inBlock = !inBlock && /^```sh\s*$/.test(text);
      continue;
    }
    if (!inBlock) continue;
    if (text.startsWith('$ ')) {
      flush();
      if (!COMMAND.test(text)) throw new Error(`line ${i + 1}: only svcctl commands can be run: ${text}`);
      let command = text.slice(2);
      while (command.endsWith('\\')) command = `${command.slice(0, -1)} ${lines[++i]!.trim()}`;
      current = { line: i + 1, command };
    } else if (current) {
      output.push(text);
    }
  }
  return examples;
}

/** The `npx svcctl ...` lines of the README's first sh block (its install and first command). */
const INSTALL_COMMANDS = (/^```sh\n([\s\S]*?)^```/m.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))?.[1] ?? '')
  .split('\n')
  .map((l) => l.replace(/\s+#.*$/, '').trim())
  .filter((l) => l.startsWith('npx svcctl '));

const FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const EXAMPLES = new Map(FILES.map((f) => [f, extractExamples(readFileSync(join(ROOT, f), 'utf8'))]));

it('the README and the deeper pages hold examples; the README starts with npm install and a first command', () => {
  for (const f of ['README.md', 'docs/configuration.md', 'docs/commands.md'])
    expect(EXAMPLES.get(f)?.length ?? 0, f).toBeGreaterThan(3);
  const blocks = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```/gm)].map(
    (m) => m[1]!,
  );
  const commands = blocks
    .join('\n')
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '');
  expect(commands.slice(0, 2)).toEqual(['npm install', 'npx svcctl create-repository --repository-name hello/world']);
  expect(commands).toContain('npm test');
});

describe.each(FILES.filter((f) => EXAMPLES.get(f)!.length > 0))('%s', (file) => {
  const examples = EXAMPLES.get(file)!;
  let sb: Sandbox | undefined;
  const vars = new Map<string, string>();
  afterAll(() => sb?.cleanup());

  it.each(examples.map((e) => [`line ${e.line}: ${e.command}`, e] as const))('%s', async (_name, example) => {
    if (sb === undefined) {
      sb = docSandbox();
      // The README's examples follow its install block, as a newcomer runs them: its svcctl lines first.
      if (file === 'README.md')
        for (const line of INSTALL_COMMANDS) expect((await runCommand(sb, parseCommand(line))).code, line).toBe(0);
    }
    const cmd = parseCommand(example.command, vars);
    const r = await runCommand(sb, cmd, vars);
    if (!cmd.echoStatus) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    if (example.output !== undefined && !matches(example.output, shown(r, cmd))) {
      expect(shown(r, cmd)).toBe(example.output);
    }
  });
});
