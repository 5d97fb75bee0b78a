import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  accountShape,
  accountTokenShape,
  createAccountToken,
  launchConfigurationShape,
  meterEventAdjustmentShape,
  repositoryShape
} from "./chunk-VRWMAX2M.js";

// src/models/resource-kinds.ts
var storedLaunchConfiguration = {
  ...launchConfigurationShape,
  required: launchConfigurationShape.required?.filter((m) => m !== "CreatedTime")
};
var storedToken = {
  type: "structure",
  required: ["data", "token"],
  members: { data: createAccountToken.input, token: { ...accountTokenShape, required: ["id"] } }
};
var withId = (shape) => ({ ...shape, required: ["id"] });
var RESOURCES = [
  {
    kind: "repositories",
    table: "repositories",
    columns: [
      ["region", "text"],
      ["registry_id", "text"],
      ["name", "text"],
      ["created_ms", "int"],
      ["doc", "json"]
    ],
    key: 3,
    owner: "registry_id",
    name: "name",
    region: "region",
    doc: {
      shape: { ...repositoryShape, required: ["repositoryName", "registryId"] },
      same: [
        ["repositoryName", "name"],
        ["registryId", "registry_id"]
      ]
    }
  },
  {
    kind: "launch-configurations",
    table: "launch_configurations",
    columns: [
      ["owner", "text"],
      ["region", "text"],
      ["name", "text"],
      ["created_ms", "int"],
      ["doc", "json"]
    ],
    key: 3,
    owner: "owner",
    name: "name",
    region: "region",
    doc: { shape: storedLaunchConfiguration, same: [["LaunchConfigurationName", "name"]] }
  },
  {
    kind: "account-tokens",
    table: "account_tokens",
    columns: [
      ["id", "text"],
      ["owner", "text"],
      ["livemode", "flag"],
      ["used", "flag"],
      ["created_ms", "int"],
      ["expires_ms", "int"],
      ["doc", "json"]
    ],
    key: 1,
    owner: "owner",
    name: "id",
    doc: { shape: storedToken, same: [["token.id", "id"]] }
  },
  {
    kind: "accounts",
    table: "accounts",
    columns: [
      ["id", "text"],
      ["owner", "text"],
      ["livemode", "flag"],
      ["token_id", "text"],
      ["created_ms", "int"],
      ["doc", "json"]
    ],
    key: 1,
    unique: ["token_id"],
    owner: "owner",
    name: "id",
    doc: { shape: withId(accountShape), same: [["id", "id"]] }
  },
  {
    kind: "meter-event-adjustments",
    table: "meter_event_adjustments",
    columns: [
      ["id", "text"],
      ["owner", "text"],
      ["livemode", "flag"],
      ["created_ms", "int"],
      ["completes_ms", "int"],
      ["doc", "json"]
    ],
    key: 1,
    owner: "owner",
    name: "id",
    doc: { shape: withId(meterEventAdjustmentShape), same: [["id", "id"]] }
  }
];
var RESOURCE_KINDS = RESOURCES.map((r) => r.kind);
var IDEMPOTENCY_KEYS = {
  table: "idempotency_keys",
  columns: [
    ["owner", "text"],
    ["livemode", "flag"],
    ["key", "text"],
    ["operation", "text"],
    ["fingerprint", "text"],
    ["created_ms", "int"],
    ["response", "json"]
  ],
  key: 3
};
var SETTINGS_TABLE = {
  table: "settings",
  columns: [
    ["name", "text"],
    ["value", "text"]
  ],
  key: 1
};
var JOURNAL = {
  table: "journal",
  columns: [
    ["seq", "int"],
    ["time_ms", "int"],
    ["account", "text"],
    ["principal", "text", "null"],
    ["region", "text"],
    ["protocol", "text"],
    ["operation", "text"],
    ["input", "json"],
    ["status", "int"],
    ["error_code", "text", "null"],
    ["latency_ms", "real"],
    ["idempotency_key", "text", "null"],
    ["warning", "text", "null"]
  ],
  key: 1
};
var ACCOUNT_UPDATE_LEASES = {
  table: "account_update_leases",
  columns: [
    ["id", "text"],
    ["account_id", "text"],
    ["livemode", "flag"],
    ["pid", "int"],
    ["expires_ms", "int"]
  ],
  key: 1
};
var RESOURCE_COUNTS = {
  table: "resource_counts",
  columns: [
    ["kind", "text"],
    ["owner", "text"],
    ["region", "text"],
    ["n", "int"]
  ],
  key: 3
};
var STORE_TABLES = [
  ...RESOURCES,
  IDEMPOTENCY_KEYS,
  SETTINGS_TABLE,
  JOURNAL,
  ACCOUNT_UPDATE_LEASES,
  RESOURCE_COUNTS
];
var RESET_KINDS = [...RESOURCE_KINDS, "idempotency-keys", "journal"];

export {
  RESOURCES,
  RESOURCE_KINDS,
  IDEMPOTENCY_KEYS,
  SETTINGS_TABLE,
  JOURNAL,
  ACCOUNT_UPDATE_LEASES,
  RESET_KINDS
};
