/**
 * Which store a run uses, by one rule for every command that opens one: `--store` (serve, store
 * export|import), else SVCCTL_STORE_URL, else the profile's store_url (for the commands that read it: serve
 * and store export|import; the other commands do not read the config file for it: docs/shared-store.md);
 * none, or an empty value: the SQLite file in $SVCCTL_HOME. Anything but a PostgreSQL URL is refused,
 * naming where it came from, its password masked: a usage error for the flag (252), else a configuration
 * error (253).
 */
import { ConfigError, UsageError } from '../core/errors.js';
import { isPostgresUrl, postgresUrlProblem } from '../core/postgres-url.js';
import { maskStoreUrl } from '../models/secrets.js';
import { lookup } from '../profile/resolve.js';
import { echoText } from '../core/input-rules.js';

export { isPostgresUrl, maskStoreUrl };

export function chooseStoreUrl(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  profile?: () => string | undefined,
): string | undefined {
  let where = '--store';
  let url = flag;
  if (url === undefined) {
    // The config key's own chain (models/config-keys.ts's store_url): SVCCTL_STORE_URL, then the profile, if read.
    const values = {
      value: (key: string) => (key === 'store_url' ? profile?.() : undefined),
      origin: () => '',
      where: () => undefined,
    };
    const found = lookup('store_url', { raw: {}, env, profile: values });
    if (found) [url, where] = [found.value, found.type === 'env' ? found.location : 'store_url in the config file'];
  }
  // An empty SVCCTL_STORE_URL or store_url is unset (its config key's emptyIsUnset); an empty --store (an unset
  // variable in `--store "$URL"`) is refused, as serve refuses it, not read as the SQLite file.
  if (url === undefined || (url === '' && where !== '--store')) return undefined;
  const problem = isPostgresUrl(url) ? postgresUrlProblem(url) : undefined;
  if (isPostgresUrl(url) && problem === undefined) return url;
  const message =
    problem === undefined
      ? `${echoText(maskStoreUrl(url))} is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.`
      : `${echoText(maskStoreUrl(url))} cannot be read as a PostgreSQL URL: ${problem}.`;
  throw where === '--store' ? new UsageError(`argument --store: ${message}`) : new ConfigError(`${where}: ${message}`);
}

/** The store of a command that takes no --store and does not read the profile for it: SVCCTL_STORE_URL, checked. */
export const envStoreUrl = (env: Record<string, string | undefined>): string | undefined =>
  chooseStoreUrl(undefined, env);
