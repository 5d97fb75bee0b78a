/** The embedded service's settings (`svcctl service settings`, `serve --settings FILE`), written out by hand. */

/** Every setting's name, in the order `svcctl service settings get` lists them. */
export const SETTING_NAMES = [
  'platform_registered',
  'accounts_v2_min_version',
  'account_update_concurrency_limit',
  'account_update_hold_ms',
  'account_token_lifetime_seconds',
  'meter_event_adjustment_processing_ms',
  'launch_configurations_per_region',
  'repositories_per_region',
];

/** The message for a name that is no setting: the valid ones, then the fault rules. */
export const unknownSetting = (name: string): string =>
  `Unknown service setting '${name}'. Valid settings are: ${SETTING_NAMES.join(', ')}, and fault rules (fault.<service>.<Operation>, see docs/operating-serve.md)`;
