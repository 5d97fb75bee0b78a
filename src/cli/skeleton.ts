/**
 * --generate-cli-skeleton [input|yaml-input|output], derived from the models, touching no backend.
 *  - input: JSON with every input member (placeholder.ts), for --cli-input-json;
 *  - yaml-input: the same as YAML with comments (yamlskeleton.ts), for --cli-input-yaml;
 *  - output: first the inputs given are checked as for a real call (required members, parsing,
 *    validation: 252), then a sample output document (sample.ts) goes through --query and --output.
 * As in the AWS CLI, input and yaml-input still parse what the command line gives (a bad shorthand or
 * a missing file is reported) but require nothing.
 */
import type { ProcessContext } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import type { OperationSelection } from '../models/selection.js';
import { ParamValidationError } from '../core/errors.js';
import { validateClient } from '../models/validate.js';
import { compileQuery } from '../output/query.js';
import { inputSkeleton } from '../input/placeholder.js';
import { prepareInput } from './prepare.js';
import { outputSample } from '../input/sample.js';
import { yamlSkeleton } from '../input/yamlskeleton.js';

export async function runSkeleton(
  sel: OperationSelection,
  globals: GlobalOptions,
  ctx: ProcessContext,
): Promise<number> {
  const { op } = sel;
  if (globals.skeleton !== 'output') {
    await prepareInput(sel, globals, ctx, { requireFlags: false, prompt: false });
    const text =
      globals.skeleton === 'yaml-input'
        ? yamlSkeleton(op.input)
        : `${JSON.stringify(inputSkeleton(op.input), null, 4)}\n`;
    ctx.stdout.write(text);
    return 0;
  }
  const query = globals.query !== undefined ? compileQuery(globals.query) : undefined;
  const params = await prepareInput(sel, globals, ctx, { prompt: false });
  const problems = validateClient(op.input, params);
  if (problems.length > 0) throw new ParamValidationError(problems);
  const { writeResult } = await import('../output/render.js');
  const data = outputSample(op.output) as Record<string, unknown>;
  await writeResult(ctx.stdout, { format: globals.output, query, title: op.name }, { kind: 'single', data });
  return 0;
}
