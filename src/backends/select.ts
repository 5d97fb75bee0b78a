/** Chooses and builds the backend for a command: local (embedded) unless an endpoint URL is configured. */
import { svcctlHome, type Context } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import type { Backend } from './backend.js';

export async function createBackend(globals: GlobalOptions, ctx: Context): Promise<Backend> {
  if (globals.endpointUrl) {
    const { HttpBackend } = await import('./http/http-backend.js');
    return new HttpBackend(globals, ctx);
  }
  const { EmbeddedService, LocalBackend } = await import('./local/embedded.js');
  // SVCCTL_STORE_URL: the PostgreSQL store that serve instances share (docs/shared-store.md). Only the
  // variable: reading the profile's store_url here would cost every local command a file read.
  const storeUrl = ctx.env.SVCCTL_STORE_URL || undefined;
  if (storeUrl !== undefined && !/^postgres(ql)?:\/\/./.test(storeUrl)) {
    const { ConfigError } = await import('../core/errors.js');
    throw new ConfigError(`SVCCTL_STORE_URL: '${storeUrl.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1****@')}' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.`);
  }
  const service = new EmbeddedService({
    storeUrl,
    home: svcctlHome(ctx),
    accountId: ctx.env.SVCCTL_ACCOUNT_ID || '000000000000',
    clock: ctx.clock,
    ids: ctx.ids,
  });
  return new LocalBackend(service, globals.debug ? (line) => ctx.stderr.write(`${line}\n`) : undefined);
}
