/** Chooses and builds the backend for a command: local (embedded) unless an endpoint URL is configured. */
import { svcctlHome, type Context } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import type { Backend } from './backend.js';
import { envStoreUrl } from './store-url.js';

export async function createBackend(globals: GlobalOptions, ctx: Context): Promise<Backend> {
  if (globals.endpointUrl) {
    const { HttpBackend } = await import('./http/http-backend.js');
    return new HttpBackend(globals, ctx);
  }
  const { EmbeddedService, LocalBackend } = await import('./local/embedded.js');
  const { testHooks } = await import('./local/test-hooks.js');
  // SVCCTL_STORE_URL: the PostgreSQL store that serve instances share (docs/shared-store.md).
  const storeUrl = envStoreUrl(ctx.env);
  const service = new EmbeddedService({
    storeUrl,
    home: svcctlHome(ctx),
    accountId: ctx.env.SVCCTL_ACCOUNT_ID || '000000000000',
    clock: ctx.clock,
    ids: ctx.ids,
    hooks: testHooks(ctx.env),
  });
  return new LocalBackend(service, globals.debug ? (line) => ctx.stderr.write(`${line}\n`) : undefined);
}
