/**
 * The library's SettingName, checked by the TypeScript compiler as a team's tests would meet it: a fault
 * rule's name is typed from the models, as a service setting's is, so a misspelt operation or service fails
 * `tsc` instead of waiting for the InputError at run time. Hostile pass 22c: `h.settings.set(
 * 'fault.ecr.CreateRepositry', 'throttle')` compiled clean (SettingName took any `fault.${string}`), while
 * the README says a misspelt setting name fails `tsc`.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/models/registry.js';
import { parseFaultName } from '../../src/models/faults.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SNIPPET = join(ROOT, 'test', 'api', '__setting-names__.ts');

/** tsc's errors for each line of a file that passes each name to settings.set, settings.reset and serve({ settings }). */
function errorsByName(names: string[]): Map<string, string[]> {
  const lines = [
    "import { type ServeHandle, serve } from '../../src/api/index.js';",
    'export async function check(h: ServeHandle): Promise<void> {',
    ...names.map(
      (n) =>
        `  await h.settings.set(${JSON.stringify(n)}, 'throttle'); await h.settings.reset(${JSON.stringify(n)}); await serve({ settings: { ${JSON.stringify(n)}: 'throttle' } });`,
    ),
    '}',
    '',
  ];
  const text = lines.join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (file) => (file === SNIPPET ? text : read(file));
  const exists = host.fileExists.bind(host);
  host.fileExists = (file) => file === SNIPPET || exists(file);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    file === SNIPPET ? ts.createSourceFile(file, text, language, true) : getSource(file, language, ...rest);
  const program = ts.createProgram([SNIPPET], options, host);
  const file = program.getSourceFile(SNIPPET)!;
  const out = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const d of program.getSemanticDiagnostics(file)) {
    const line = file.getLineAndCharacterOfPosition(d.start ?? 0).line;
    const name = names[line - 2];
    if (name === undefined) throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    out.get(name)!.push(`TS${d.code}`);
  }
  return out;
}

/** `CreateRepository` → `create-repository`, as a command writes it. */
const commandName = (name: string) => name.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase();

describe('SettingName: a fault rule name is typed from the models', () => {
  const services = [...new Set(OPERATIONS.map((op) => op.service))];
  const good = [
    'fault.*',
    'fault.*.*',
    ...services.flatMap((s) => [`fault.${s}`, `fault.${s}.*`]),
    ...OPERATIONS.flatMap((op) => [`fault.${op.service}.${op.name}`, `fault.${op.service}.${commandName(op.name)}`]),
    'repositories_per_region',
  ];
  const bad = [
    'fault.ecr.CreateRepositry',
    'fault.ecr.create-repositry',
    'fault.ecr.CreateLaunchConfiguration',
    'fault.ecs.CreateRepository',
    'fault.ecr.',
    'fault.',
    'fault.v2',
    'fault.*.CreateRepository',
    'fault.ecr.CreateRepository.x',
    'repositories_per_regoin',
  ];

  it('every name serve takes in its canonical spelling compiles, and tsc refuses each misspelt one in all three places', {
    timeout: 120_000,
  }, () => {
    // Each good name is one serve takes at run time (the type asks for nothing parseFaultName refuses).
    for (const name of good.filter((n) => n.startsWith('fault.'))) expect(() => parseFaultName(name)).not.toThrow();
    const errors = errorsByName([...good, ...bad]);
    expect(Object.fromEntries(good.map((n) => [n, errors.get(n)]))).toEqual(
      Object.fromEntries(good.map((n) => [n, []])),
    );
    expect(Object.fromEntries(bad.map((n) => [n, errors.get(n)!.length]))).toEqual(
      Object.fromEntries(bad.map((n) => [n, 3])),
    );
  });
});
