/**
 * The data flow of one operation command:
 * input assembly → model validation → (paginator →) backend → --query → formatter → stdout.
 * Nothing before the backend call touches the network or the store.
 */
import type { Backend } from '../backends/backend.js';
import { callContext, createBackend } from './call.js';
import { InputError, ParamValidationError, ServiceError } from '../core/errors.js';
import { prepareInput } from './prepare.js';
import type { Operation } from '../models/operation.js';
import { checkPathMembers, validateClient } from '../models/validate.js';
import type { Result } from '../output/render.js';
import { writePaged } from '../output/paged.js';
import { compileQuery, secretSafe } from '../output/query.js';
import { paginate } from '../paginate/paginator.js';
import type { ProcessContext } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import type { OperationSelection } from '../models/selection.js';

/** The hidden members of a paginator (--next-token, --max-records) switch paging off, as in the AWS CLI. */
function pagingArgs(op: Operation, params: Record<string, unknown>, globals: GlobalOptions): boolean {
  const p = op.paginator;
  if (!p) return false;
  const manual = params[p.inputToken] !== undefined || params[p.limitKey] !== undefined;
  const paginate = globals.paginate && !manual;
  if (!paginate) {
    const given = (['--starting-token', '--page-size', '--max-items'] as const).filter(
      (_, i) => [globals.startingToken, globals.pageSize, globals.maxItems][i] !== undefined,
    );
    if (given.length > 0)
      throw new InputError(`Cannot specify --no-paginate along with pagination arguments: ${given.join(', ')}`);
  }
  return paginate;
}

export async function executeOperation(
  sel: OperationSelection,
  globals: GlobalOptions,
  ctx: ProcessContext,
): Promise<number> {
  const { op } = sel;
  if (globals.skeleton) return (await import('./skeleton.js')).runSkeleton(sel, globals, ctx);
  // A --query error never quotes a secret member of the output (UserData, a registry token: models/secrets.ts).
  const query = globals.query !== undefined ? secretSafe(compileQuery(globals.query), op.output) : undefined;
  const params = await prepareInput(sel, globals, ctx);
  const paged = pagingArgs(op, params, globals);
  // --page-size becomes the limit member of every call: checked against that member's model first.
  const checked =
    paged && op.paginator && globals.pageSize !== undefined
      ? { ...params, [op.paginator.limitKey]: globals.pageSize }
      : params;
  const problems = validateClient(op.input, checked);
  if (problems.length > 0) throw new ParamValidationError(problems);
  checkPathMembers(op, params);
  const call = await callContext(op, globals, ctx);
  const backend: Backend = await createBackend(op, globals, ctx);
  try {
    let result: Result;
    if (paged && op.paginator) {
      const invoke = (p: Record<string, unknown>) => backend.invoke(op, p, call);
      // As the AWS CLI 2.34+: a warning, then the count as given (-1 prints all but the last item: paginate).
      if (globals.maxItems !== undefined && globals.maxItems <= 0)
        ctx.stderr.write('warning: Non-positive values for --max-items may result in undefined behavior.\n');
      const pages = paginate(op.paginator, params, invoke, { ...globals, signal: ctx.signal });
      result = { kind: 'paged', paginator: op.paginator, pages };
    } else {
      try {
        result = { kind: 'single', data: await backend.invoke(op, params, call) };
      } catch (err) {
        // One call answered with the service's error is as finished as one answered with data: a Ctrl-C
        // (SIGTERM, SIGHUP) that came inside the store's transaction leaves the error and its own exit code
        // (254), not 130 (143) after the error was printed (hostile pass 22a).
        if (err instanceof ServiceError) ctx.finished = true;
        throw err;
      }
    }
    await writePaged(globals, ctx, { format: globals.output, query, title: op.name }, result);
    // One call, answered and printed: done for good. A Ctrl-C that came inside the embedded store's transaction
    // (synchronous, too late to stop it) leaves exit 0, not 130 after the answer was printed (hostile pass 21b:
    // create-repository printed the repository it made, then exited 130). A listing stops between pages.
    if (result.kind === 'single') ctx.finished = true;
  } finally {
    backend.close();
  }
  return 0;
}
