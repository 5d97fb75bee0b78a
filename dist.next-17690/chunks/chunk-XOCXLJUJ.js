import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/models/service-settings.ts
var SERVICE_SETTINGS = [
  {
    name: "platform_registered",
    kind: { type: "boolean" },
    default: "true",
    doc: "Whether the account has signed up for the platform program. false: creating an account token or an account fails with platform_registration_required (400)."
  },
  {
    name: "accounts_v2_min_version",
    kind: { type: "version" },
    default: "none",
    doc: "The oldest API version the account may use the accounts v2 API with. A request at an older version creating or retrieving an account token or an account fails with non_connect_platform_accounts_v2_access_blocked (400). none: any version."
  },
  {
    name: "account_update_concurrency_limit",
    kind: { type: "integer", min: 0, max: 1e4, none: true },
    default: "none",
    doc: "How many account updates (account token and account creations) may run at the same time, per account and mode, across every process on the store. One more fails with account_rate_limit_exceeded (429, type rate_limit), and so does retrieving an account token or an account while the updates fill the limit (a read takes no place itself). 0 refuses every update and read; none: no limit."
  },
  {
    name: "account_update_hold_ms",
    kind: { type: "integer", min: 0, max: 6e4 },
    default: "0",
    doc: "How long each account update stays open (milliseconds) before it does its work: lets a test provoke account_rate_limit_exceeded with real concurrent requests."
  },
  {
    name: "account_token_lifetime_seconds",
    kind: { type: "integer", min: 0, max: 86400 },
    default: "600",
    doc: "How long a new account token can be used (expires_at is created plus this). 0: tokens are expired at once, so using one fails with token_expired (400)."
  },
  {
    name: "meter_event_adjustment_processing_ms",
    kind: { type: "integer", min: 0, max: 864e5 },
    default: "0",
    doc: "How long a new meter event adjustment stays pending (milliseconds) before it is complete. It is created pending; 0: complete on any later read."
  },
  // Quotas: AWS's documented default service quotas that a served operation reaches, each a setting
  // (Auto Scaling's "Launch configurations per region", ECR's "Registered repositories").
  {
    name: "launch_configurations_per_region",
    kind: { type: "integer", min: 0, max: 1e8, none: true },
    default: "200",
    doc: "Auto Scaling's quota of launch configurations per account and region (AWS's default: 200). Creating one more fails with LimitExceeded (254). none: no limit."
  },
  {
    name: "repositories_per_region",
    kind: { type: "integer", min: 0, max: 1e8, none: true },
    default: "100000",
    doc: "ECR's quota of registered repositories per registry and region (AWS's default: 100,000). Creating one more fails with LimitExceededException (254). none: no limit."
  }
];
var SERVICE_SETTING_NAMES = SERVICE_SETTINGS.map((s) => s.name);
function serviceSetting(name) {
  return SERVICE_SETTINGS.find((s) => s.name === name);
}
function describeKind(kind) {
  switch (kind.type) {
    case "boolean":
      return "true or false";
    case "integer":
      return `${kind.none ? "none or " : ""}a whole number from ${kind.min} to ${kind.max}`;
    case "version":
      return "none or a known API version (<yyyy-mm-dd>.<name>, see docs/v2.md)";
  }
}

export {
  SERVICE_SETTINGS,
  SERVICE_SETTING_NAMES,
  serviceSetting,
  describeKind
};
