/** SVCCTL_STORE_URL, checked: the PostgreSQL store a local command uses instead of the SQLite file. */
import { ConfigError } from '../core/errors.js';

/**
 * The PostgreSQL URL of SVCCTL_STORE_URL, or undefined (the SQLite file in $SVCCTL_HOME); any other value
 * is a configuration error, its password masked. Only the variable: reading the profile's store_url here
 * would cost every local command a file read.
 */
export function envStoreUrl(env: Record<string, string | undefined>): string | undefined {
  const url = env.SVCCTL_STORE_URL || undefined;
  if (url === undefined || /^postgres(ql)?:\/\/./.test(url)) return url;
  throw new ConfigError(
    `SVCCTL_STORE_URL: '${url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1****@')}' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.`,
  );
}
