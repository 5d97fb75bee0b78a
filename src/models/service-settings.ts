/**
 * The embedded service's own settings, as data: what each one does, its kind of value and its default.
 * They live in the store ($SVCCTL_HOME/state.db, table `settings`) with the service's state, so the CLI's
 * local backend and every `svcctl serve` on that store see the same values, and a change takes effect on
 * the next request. `svcctl service settings` shows and changes them; `svcctl serve --settings FILE`
 * applies a file at start. This module is light (no SQLite): help and completion read it.
 */

export type SettingKind =
  | { type: 'boolean' }
  /** A whole number in [min, max]; `none` too when `none` is allowed (no limit). */
  | { type: 'integer'; min: number; max: number; none?: boolean }
  /** `none`, or a version the service knows. */
  | { type: 'version' };

export interface ServiceSetting {
  name: string;
  kind: SettingKind;
  /** The value in effect when the store holds none, as `get` prints it. */
  default: string;
  doc: string;
}

export const SERVICE_SETTINGS = [
  {
    name: 'platform_registered',
    kind: { type: 'boolean' },
    default: 'true',
    doc: 'Whether the account has signed up for the platform program. false: creating an account token or an account fails with platform_registration_required (400).',
  },
  {
    name: 'accounts_v2_min_version',
    kind: { type: 'version' },
    default: 'none',
    doc: 'The oldest API version the account may use the accounts v2 API with. A request at an older version creating or retrieving an account token or an account fails with non_connect_platform_accounts_v2_access_blocked (400). none: any version.',
  },
  {
    name: 'account_update_concurrency_limit',
    kind: { type: 'integer', min: 0, max: 10_000, none: true },
    default: 'none',
    doc: 'How many account updates (account token and account creations) may run at the same time, per account and mode, across every process on the store. One more fails with account_rate_limit_exceeded (429, type rate_limit), and so does retrieving an account token or an account while the updates fill the limit (a read takes no place itself). 0 refuses every update and read; none: no limit.',
  },
  {
    name: 'account_update_hold_ms',
    kind: { type: 'integer', min: 0, max: 60_000 },
    default: '0',
    doc: 'How long each account update stays open (milliseconds) before it does its work: lets a test provoke account_rate_limit_exceeded with real concurrent requests.',
  },
  {
    name: 'account_token_lifetime_seconds',
    kind: { type: 'integer', min: 0, max: 86_400 },
    default: '600',
    doc: 'How long a new account token can be used (expires_at is created plus this). 0: tokens are expired at once, so using one fails with token_expired (400).',
  },
  {
    name: 'meter_event_adjustment_processing_ms',
    kind: { type: 'integer', min: 0, max: 86_400_000 },
    default: '0',
    doc: 'How long a new meter event adjustment stays pending (milliseconds) before it is complete. It is created pending; 0: complete on any later read.',
  },
  // Quotas: AWS's documented default service quotas that a served operation reaches, each a setting
  // (Auto Scaling's "Launch configurations per region", ECR's "Registered repositories").
  {
    name: 'launch_configurations_per_region',
    kind: { type: 'integer', min: 0, max: 100_000_000, none: true },
    default: '200',
    doc: "Auto Scaling's quota of launch configurations per account and region (AWS's default: 200). Creating one more fails with LimitExceeded (254). none: no limit.",
  },
  {
    name: 'repositories_per_region',
    kind: { type: 'integer', min: 0, max: 100_000_000, none: true },
    default: '100000',
    doc: "ECR's quota of registered repositories per registry and region (AWS's default: 100,000). Creating one more fails with LimitExceededException (254). none: no limit.",
  },
] as const satisfies readonly ServiceSetting[];

/** A service setting's name: a misspelt one fails `tsc` where the library's settings take a name. */
export type ServiceSettingName = (typeof SERVICE_SETTINGS)[number]['name'];

export const SERVICE_SETTING_NAMES: readonly string[] = SERVICE_SETTINGS.map((s) => s.name);

export function serviceSetting(name: string): ServiceSetting | undefined {
  return (SERVICE_SETTINGS as readonly ServiceSetting[]).find((s) => s.name === name);
}

/** What a valid value looks like, for error messages and help. */
export function describeKind(kind: SettingKind): string {
  switch (kind.type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      return `${kind.none ? 'none or ' : ''}a whole number from ${kind.min} to ${kind.max}`;
    case 'version':
      return 'none or a known API version (<yyyy-mm-dd>.<name>, see docs/v2.md)';
  }
}
