/**
 * `svcctl serve --print-env` and `--write-env FILE`: the `export` lines that point the AWS CLI, the AWS SDKs
 * and svcctl at one serve, for `eval "$(svcctl serve --print-env --port 4566)"` or `. FILE` in a CI script.
 */

/** The keys the lines carry: from --credentials (its first AWS pair, its first api_key) or --api-keys (the first). */
export interface EnvKeys {
  accessKeyId?: string;
  secretAccessKey?: string;
  apiKey?: string;
}

/** What a client dials: a serve listening on every address (0.0.0.0, ::) is reached on loopback. */
export function clientUrl(url: string): string {
  return url.replace(/^(https?:\/\/)(0\.0\.0\.0|\[::\])(:\d+)$/, (_, scheme: string, host: string, port: string) =>
    host === '[::]' ? `${scheme}[::1]${port}` : `${scheme}127.0.0.1${port}`,
  );
}

/** A value as one POSIX shell word: as it is when nothing in it is special, else in single quotes. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Dummy credentials when serve does not verify signatures (no --credentials): the SDKs refuse to sign without some. */
export const DUMMY_AWS_KEY = 'test';
/** A test-mode secret key, for the v2 commands when serve has no key list. */
export const DUMMY_API_KEY = 'sk_test_svcctl';
export const ENV_REGION = 'us-east-1';

/**
 * The variables: the endpoint (AWS_ENDPOINT_URL for the AWS CLI and the SDKs, SVCCTL_ENDPOINT_URL for svcctl),
 * the credentials, the region, the v2 key, and with a certificate of serve's own AWS_CA_BUNDLE.
 */
export function exportVars(
  url: string,
  keys: EnvKeys,
  caBundle?: string,
  region = ENV_REGION,
): Array<[string, string]> {
  const vars: Array<[string, string]> = [
    ['AWS_ENDPOINT_URL', url],
    ['SVCCTL_ENDPOINT_URL', url],
    ['AWS_ACCESS_KEY_ID', keys.accessKeyId ?? DUMMY_AWS_KEY],
    ['AWS_SECRET_ACCESS_KEY', keys.secretAccessKey ?? DUMMY_AWS_KEY],
    ['AWS_DEFAULT_REGION', region],
    ['AWS_REGION', region],
    ['SVCCTL_API_KEY', keys.apiKey ?? DUMMY_API_KEY],
  ];
  if (caBundle !== undefined) vars.push(['AWS_CA_BUNDLE', caBundle]);
  return vars;
}

/** The variables as `export NAME=value` lines for a POSIX shell. */
export function exportLines(vars: ReadonlyArray<readonly [string, string]>): string {
  return vars.map(([name, value]) => `export ${name}=${shellWord(value)}\n`).join('');
}
