/**
 * The kinds of what the embedded service stores, as `svcctl service reset --kind` and `POST /_svcctl/reset`
 * name them (backends/local/resources.ts maps each to its table). Here, below the commands, so that
 * registering them does not load the store's code.
 */
export const RESOURCE_KINDS = ['repositories', 'launch-configurations', 'account-tokens', 'accounts', 'meter-event-adjustments'] as const;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** What reset takes: the resource kinds, the v2 idempotency keys and the request journal. */
export const RESET_KINDS: readonly string[] = [...RESOURCE_KINDS, 'idempotency-keys', 'journal'];
