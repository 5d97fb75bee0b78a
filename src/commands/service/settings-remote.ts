/**
 * `svcctl service settings get | set | reset` with an endpoint: the fault rules of that running serve, through
 * its /_svcctl/faults (src/server/admin.ts), whatever its store (`--store memory` too). Its other settings live
 * in its store, or come from `--settings FILE` at start: naming one here is refused (252), so that a change
 * meant for a server never lands in another store (issue 19, item 4). Names and rules are checked here first,
 * by the rules the local command applies, so a bad one is the same 252 with or without an endpoint.
 */
import type { ProcessContext } from '../../core/context.js';
import { InputError, UsageError } from '../../core/errors.js';
import type { GlobalOptions } from '../../core/options.js';
import { checkPair, knownSetting } from '../../backends/embedded/index.js';
import { isFaultName, parseFaultName } from '../../models/faults.js';
import { writeListing } from '../../output/listing.js';
import { callServe, noWords } from './admin-actions.js';
import type { SettingsOptions } from './settings.js';

interface Fault {
  Name: string;
  Rule: string;
  Source: string;
  Calls?: number;
}

function faultName(name: string, endpoint: URL): string {
  if (!isFaultName(name)) {
    knownSetting(name); // a name that is no setting at all says so first, as without an endpoint
    throw new InputError(
      `With an endpoint (${endpoint.href.replace(/\/$/, '')}), svcctl service settings reaches only that serve's fault rules (fault.<service>.<Operation>); ` +
        `'${name}' is a setting of a store: run the command without an endpoint where that server's store is (SVCCTL_HOME, or SVCCTL_STORE_URL for a PostgreSQL store), or start the server with --settings FILE.`,
    );
  }
  return parseFaultName(name).name;
}

const faultsOf = async (ctx: ProcessContext, globals: GlobalOptions, endpoint: URL): Promise<Fault[]> =>
  (await callServe(endpoint, '/faults', globals, ctx)).Faults as Fault[];

export async function remoteSettingsGet({ ctx, globals, raw, words }: SettingsOptions, endpoint: URL): Promise<number> {
  const [given, ...rest] = words;
  noWords(rest);
  const name = given === undefined ? undefined : faultName(given, endpoint);
  const faults = await faultsOf(ctx, globals, endpoint);
  if (name !== undefined) {
    // A rule that is not set: none, as the local command shows it.
    const found = faults.find((f) => f.Name === name);
    const one = { Name: name, Value: found?.Rule ?? 'none', Source: found?.Source ?? 'default' };
    await writeListing(ctx.stdout, raw, 'ServiceSettings', one, () => `${one.Value}\n`);
    return 0;
  }
  const nameWidth = Math.max(0, ...faults.map((f) => f.Name.length)) + 2;
  const ruleWidth = Math.max(0, ...faults.map((f) => f.Rule.length)) + 2;
  const text = () =>
    faults
      .map(
        (f) =>
          `${f.Name.padEnd(nameWidth)}${f.Rule.padEnd(ruleWidth)}${f.Source}${f.Calls === undefined ? '' : ` (${f.Calls} calls)`}\n`,
      )
      .join('');
  await writeListing(ctx.stdout, raw, 'ServiceSettings', { Faults: faults }, text);
  return 0;
}

export async function remoteSettingsSet({ ctx, globals, words }: SettingsOptions, endpoint: URL): Promise<number> {
  const [name, value, ...rest] = words;
  if (name === undefined || value === undefined)
    throw new UsageError(`the following arguments are required: ${name === undefined ? 'name, value' : 'value'}`);
  noWords(rest);
  const [canonical, rule] = checkPair(faultName(name, endpoint), value);
  await callServe(endpoint, '/faults', globals, ctx, 'POST', { [canonical]: rule });
  return 0;
}

/** One rule removed, or without a name every rule of that serve (its other settings are not this command's). */
export async function remoteSettingsReset({ ctx, globals, words }: SettingsOptions, endpoint: URL): Promise<number> {
  const [name, ...rest] = words;
  noWords(rest);
  const query = name === undefined ? '' : `?name=${encodeURIComponent(faultName(name, endpoint))}`;
  await callServe(endpoint, `/faults${query}`, globals, ctx, 'DELETE');
  return 0;
}
