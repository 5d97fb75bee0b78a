/**
 * Bulk loading of the embedded store, for scale tests and benchmarks: every item goes through the same
 * create handler as `svcctl create-launch-configuration` (model checks, spec rules, defaults, ARN), many
 * to a transaction, so 100,000 launch configurations take seconds instead of one commit each.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_ACCOUNT_ID } from '../src/core/context.js';
import type { IdGenerator } from '../src/core/context.js';
import {
  type Database,
  type HandlerContext,
  handlerOf,
  openSpecStore,
  writeSettings,
} from '../src/backends/embedded/index.js';

export interface SeedOptions {
  /** $SVCCTL_HOME of the store to fill. */
  home: string;
  count: number;
  region?: string;
  accountId?: string;
  /** Items per transaction (default 10,000). */
  batch?: number;
  /** Name of item i (default `lc-000001`...: zero-padded, so name order is creation order). */
  name?: (i: number) => string;
  /** Extra members of item i beyond the name, image id and instance type. */
  extra?: (i: number) => Record<string, unknown>;
  /** Creation time of every item (default now). */
  createdMs?: number;
  /** Ids for the ARNs (default random UUIDs). */
  ids?: IdGenerator;
}

export function seedName(i: number): string {
  return `lc-${String(i).padStart(6, '0')}`;
}

function context(opts: SeedOptions): HandlerContext {
  const ms = opts.createdMs ?? Date.now();
  return {
    region: opts.region ?? 'us-east-1',
    accountId: opts.accountId ?? DEFAULT_ACCOUNT_ID,
    clock: { now: () => new Date(ms) },
    ids: opts.ids ?? { id: (prefix) => `${prefix}${randomUUID().replaceAll('-', '')}`, uuid: () => randomUUID() },
  };
}

/**
 * Creates items 1..count through the create handler; a rejected item aborts its batch with the service's error.
 * A seeded store is meant to hold far more than Auto Scaling's default quota of 200: its
 * launch_configurations_per_region setting is lifted (none).
 */
export function seedInto(db: Database, opts: SeedOptions): number {
  writeSettings(db, [['launch_configurations_per_region', 'none']]);
  const create = handlerOf('CreateLaunchConfiguration');
  const hc = context(opts);
  const batch = opts.batch ?? 10_000;
  const name = opts.name ?? seedName;
  let created = 0;
  const run = db.transaction((from: number, to: number) => {
    for (let i = from; i <= to; i++) {
      create(
        db,
        {
          LaunchConfigurationName: name(i),
          ImageId: 'ami-0abcdef1234567890',
          InstanceType: 't3.micro',
          ...opts.extra?.(i),
        },
        hc,
      );
    }
  });
  for (let from = 1; from <= opts.count; from += batch) {
    const to = Math.min(opts.count, from + batch - 1);
    run(from, to);
    created += to - from + 1;
  }
  return created;
}

/**
 * Creates repositories 1..count (`repo-000001`...) through the CreateRepository handler, many to a transaction.
 * ECR's default quota is 100,000 per registry and region: a store meant to hold more lifts it (`quota`).
 */
export function seedRepositoriesInto(db: Database, opts: SeedOptions & { quota?: string }): number {
  if (opts.quota !== undefined) writeSettings(db, [['repositories_per_region', opts.quota]]);
  const create = handlerOf('CreateRepository');
  const hc = context(opts);
  const batch = opts.batch ?? 10_000;
  const name = opts.name ?? ((i: number) => `repo-${String(i).padStart(6, '0')}`);
  const run = db.transaction((from: number, to: number) => {
    for (let i = from; i <= to; i++) create(db, { repositoryName: name(i), ...opts.extra?.(i) }, hc);
  });
  for (let from = 1; from <= opts.count; from += batch) run(from, Math.min(opts.count, from + batch - 1));
  return opts.count;
}

/** For the bench's stores: open one (SQLite in a home), set its settings. */
export function openStore(home: string): Database {
  return openSpecStore({ home });
}
export { writeSettings };

/** Opens (creating if needed) the store in opts.home and fills it. */
export function seedLaunchConfigurations(opts: SeedOptions): number {
  const db = openSpecStore({ home: opts.home });
  try {
    return seedInto(db, opts);
  } finally {
    db.close();
  }
}
