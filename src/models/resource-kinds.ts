/**
 * The resource registry: one descriptor per table of the embedded service's store, from which the rest
 * derives. The resource kinds (`svcctl service resources`, `svcctl service reset --kind`,
 * `POST /_svcctl/reset`: backends/embedded/resources.ts), the tables and columns of `svcctl store export` and
 * `store import` (backends/embedded/store/snapshot.ts), and what each imported cell and document must be
 * (backends/embedded/store/snapshot-rows.ts: the column kinds and the document rule here).
 *
 * The DDL itself stays in the drivers' migration lists (backends/embedded/store/sqlite-store.ts `MIGRATIONS`, pg-store.ts
 * `PG_MIGRATIONS`): migrations are history, appended to, never regenerated. test/reliability/migrations.test.ts
 * (SQLite) and test/pg/schema.test.ts check that each driver's migrated schema is exactly these tables and
 * columns: a table that no descriptor names, or a descriptor whose table or column is missing, fails.
 *
 * Here, below the commands and importing only the models, so that registering the commands does not load
 * the store's code. Adding a resource: a descriptor in `RESOURCES` and a migration in each driver.
 */
import { launchConfigurationShape } from './autoscaling.js';
import { repositoryShape } from './ecr.js';
import type { StructureShape } from './shapes.js';
import {
  accountShape,
  accountTokenShape,
  createAccountToken,
  meterEventAdjustmentShape,
  meterEventSessionShape,
  meterEventShape,
  meterShape,
} from './stripe.js';

/** A column's kind: what `store import` accepts in it, and its type in each driver. */
export type ColumnKind = 'text' | 'int' | 'flag' | 'json' | 'real' | 'bytes';

/** A column: its name, its kind, and whether it may hold NULL (default: never). */
export type Column = readonly [name: string, kind: ColumnKind, nullable?: 'null'];

/** A table: its columns, primary key first (`key` of them), and other unique columns. */
export interface TableDescriptor {
  table: string;
  columns: readonly Column[];
  key: number;
  unique?: readonly string[];
}

/**
 * What a resource's document (its `doc` column) holds, as `store import` checks it: the shape's types and
 * required members (lengths and patterns were the service's to check when it was made), and the members that
 * must repeat a column of the row (a dotted path for a nested member).
 */
export interface DocRule {
  shape: StructureShape;
  same: ReadonlyArray<readonly [member: string, column: string]>;
}

/** CreatedTime comes from the row's created_ms, not the document. */
const storedLaunchConfiguration: StructureShape = {
  ...launchConfigurationShape,
  required: launchConfigurationShape.required?.filter((m) => m !== 'CreatedTime'),
};

/** An account token's document: the parameters it was made from and the token as created. */
const storedToken: StructureShape = {
  type: 'structure',
  required: ['data', 'token'],
  members: { data: createAccountToken.input, token: { ...accountTokenShape, required: ['id'] } },
};

const withId = (shape: StructureShape): StructureShape => ({ ...shape, required: ['id'] });

/** A stored resource: a table of the service's objects, its kind's name and how a person names one row. */
export interface ResourceDescriptor extends TableDescriptor {
  kind: string;
  /** The column naming the account a row belongs to. */
  owner: string;
  /** The column that identifies one row to a person. */
  name: string;
  region?: string;
  doc: DocRule;
}

/** Every resource kind, in the order listings, reset counts and snapshots show them. */
export const RESOURCES = [
  {
    kind: 'repositories',
    table: 'repositories',
    columns: [
      ['region', 'text'],
      ['registry_id', 'text'],
      ['name', 'text'],
      ['created_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 3,
    owner: 'registry_id',
    name: 'name',
    region: 'region',
    doc: {
      shape: { ...repositoryShape, required: ['repositoryName', 'registryId'] },
      same: [
        ['repositoryName', 'name'],
        ['registryId', 'registry_id'],
      ],
    },
  },
  {
    kind: 'launch-configurations',
    table: 'launch_configurations',
    columns: [
      ['owner', 'text'],
      ['region', 'text'],
      ['name', 'text'],
      ['created_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 3,
    owner: 'owner',
    name: 'name',
    region: 'region',
    doc: { shape: storedLaunchConfiguration, same: [['LaunchConfigurationName', 'name']] },
  },
  {
    kind: 'account-tokens',
    table: 'account_tokens',
    columns: [
      ['id', 'text'],
      ['owner', 'text'],
      ['livemode', 'flag'],
      ['used', 'flag'],
      ['created_ms', 'int'],
      ['expires_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 1,
    owner: 'owner',
    name: 'id',
    doc: { shape: storedToken, same: [['token.id', 'id']] },
  },
  {
    kind: 'accounts',
    table: 'accounts',
    columns: [
      ['id', 'text'],
      ['owner', 'text'],
      ['livemode', 'flag'],
      ['token_id', 'text'],
      ['created_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 1,
    unique: ['token_id'],
    owner: 'owner',
    name: 'id',
    doc: { shape: withId(accountShape), same: [['id', 'id']] },
  },
  {
    kind: 'meter-event-adjustments',
    table: 'meter_event_adjustments',
    columns: [
      ['id', 'text'],
      ['owner', 'text'],
      ['livemode', 'flag'],
      ['created_ms', 'int'],
      ['completes_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 1,
    owner: 'owner',
    name: 'id',
    doc: { shape: withId(meterEventAdjustmentShape), same: [['id', 'id']] },
  },
  {
    // One row per event received; an identifier is unique per account and mode for 24 hours only, so the
    // time received is part of the key. cancels_ms: when the adjustment that cancels it completes.
    kind: 'meter-events',
    table: 'meter_events',
    columns: [
      ['owner', 'text'],
      ['livemode', 'flag'],
      ['identifier', 'text'],
      ['created_ms', 'int'],
      ['event_name', 'text'],
      ['timestamp_ms', 'int'],
      ['cancels_ms', 'int', 'null'],
      ['doc', 'json'],
    ],
    key: 4,
    owner: 'owner',
    name: 'identifier',
    doc: {
      shape: { ...meterEventShape, required: ['identifier', 'event_name'] },
      same: [
        ['identifier', 'identifier'],
        ['event_name', 'event_name'],
      ],
    },
  },
  {
    // A meter event stream request finds its session by token.
    kind: 'meter-event-sessions',
    table: 'meter_event_sessions',
    columns: [
      ['id', 'text'],
      ['owner', 'text'],
      ['livemode', 'flag'],
      ['token', 'text'],
      ['created_ms', 'int'],
      ['expires_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 1,
    unique: ['token'],
    owner: 'owner',
    name: 'id',
    doc: {
      shape: { ...meterEventSessionShape, required: ['id', 'authentication_token'] },
      same: [
        ['id', 'id'],
        ['authentication_token', 'token'],
      ],
    },
  },
  {
    // A billing meter (Stripe's v1 API): status is its document's, a column for the counting meters' index.
    kind: 'meters',
    table: 'meters',
    columns: [
      ['id', 'text'],
      ['owner', 'text'],
      ['livemode', 'flag'],
      ['event_name', 'text'],
      ['status', 'text'],
      ['created_ms', 'int'],
      ['doc', 'json'],
    ],
    key: 1,
    owner: 'owner',
    name: 'id',
    doc: {
      shape: { ...meterShape, required: ['id', 'event_name', 'status'] },
      same: [
        ['id', 'id'],
        ['event_name', 'event_name'],
        ['status', 'status'],
      ],
    },
  },
] as const satisfies readonly ResourceDescriptor[];

export type ResourceKind = (typeof RESOURCES)[number]['kind'];
export type ResourceTable = (typeof RESOURCES)[number]['table'];

export const RESOURCE_KINDS: readonly ResourceKind[] = RESOURCES.map((r) => r.kind);

/**
 * The store's other tables, which are not resources. In the snapshot: the v2 idempotency keys (a reset kind
 * of their own) and the service settings (the page-token secret among them; `service settings reset` resets
 * them). Not in it: the request journal (a reset kind) and the account-update leases (cleared by a reset of
 * everything), which belong to the servers that made them.
 */
export const IDEMPOTENCY_KEYS = {
  table: 'idempotency_keys',
  columns: [
    ['owner', 'text'],
    ['livemode', 'flag'],
    ['key', 'text'],
    ['operation', 'text'],
    ['fingerprint', 'text'],
    ['created_ms', 'int'],
    ['response', 'json'],
  ],
  key: 3,
} as const satisfies TableDescriptor;

export const SETTINGS_TABLE = {
  table: 'settings',
  columns: [
    ['name', 'text'],
    ['value', 'text'],
  ],
  key: 1,
} as const satisfies TableDescriptor;

export const JOURNAL = {
  table: 'journal',
  columns: [
    ['seq', 'int'],
    ['time_ms', 'int'],
    ['account', 'text'],
    ['principal', 'text', 'null'],
    ['region', 'text'],
    ['protocol', 'text'],
    ['operation', 'text'],
    ['input', 'json'],
    ['status', 'int'],
    ['error_code', 'text', 'null'],
    ['latency_ms', 'real'],
    ['idempotency_key', 'text', 'null'],
    ['warning', 'text', 'null'],
  ],
  key: 1,
} as const satisfies TableDescriptor;

export const ACCOUNT_UPDATE_LEASES = {
  table: 'account_update_leases',
  columns: [
    ['id', 'text'],
    ['account_id', 'text'],
    ['livemode', 'flag'],
    ['pid', 'int'],
    ['expires_ms', 'int'],
  ],
  key: 1,
} as const satisfies TableDescriptor;

/**
 * The images of serve's registry (server/registry.ts, backends/embedded/store/registry-store.ts): what `docker push`
 * and skopeo put in a repository, and what the ECR image operations read. An image is one manifest of a
 * repository, by digest, its bytes as pushed; a tag names one image of its repository.
 */
export const IMAGES = {
  table: 'images',
  columns: [
    ['registry_id', 'text'],
    ['region', 'text'],
    ['repository', 'text'],
    ['digest', 'text'],
    ['media_type', 'text'],
    ['manifest', 'bytes'],
    // The sum of the sizes of the blobs the manifest names (its config and layers), as ECR's imageSizeInBytes;
    // an index's, the largest of the images it names.
    ['size', 'int'],
    // The digests the manifest names: its config and layers, or an index's manifests (a JSON list).
    ['refs', 'json'],
    ['pushed_ms', 'int'],
  ],
  key: 4,
} as const satisfies TableDescriptor;

export const IMAGE_TAGS = {
  table: 'image_tags',
  columns: [
    ['registry_id', 'text'],
    ['region', 'text'],
    ['repository', 'text'],
    ['tag', 'text'],
    ['digest', 'text'],
    ['tagged_ms', 'int'],
  ],
  key: 4,
} as const satisfies TableDescriptor;

/**
 * A blob a repository holds (pushed or mounted there): the repository may be pulled from and its manifests
 * may name it. The bytes are in registry_chunks under the digest, once whatever holds them.
 */
export const REGISTRY_BLOBS = {
  table: 'registry_blobs',
  columns: [
    ['registry_id', 'text'],
    ['region', 'text'],
    ['repository', 'text'],
    ['digest', 'text'],
    ['size', 'int'],
    ['created_ms', 'int'],
  ],
  key: 4,
} as const satisfies TableDescriptor;

/** An upload under way: its repository, and how many bytes it holds (its committed chunks). */
export const REGISTRY_UPLOADS = {
  table: 'registry_uploads',
  columns: [
    ['id', 'text'],
    ['registry_id', 'text'],
    ['region', 'text'],
    ['repository', 'text'],
    ['size', 'int'],
    ['created_ms', 'int'],
  ],
  key: 1,
} as const satisfies TableDescriptor;

/**
 * The bytes of blobs and uploads, in pieces of at most 1 MiB, so that none is ever whole in memory, each
 * written once and never moved: `owner` is the segment of one request's body (`seg:<upload id>:<request
 * id>`; bytes stored before schema 11: a digest or `upload:<id>`); `start` is the piece's first byte's
 * offset in its blob.
 */
export const REGISTRY_CHUNKS = {
  table: 'registry_chunks',
  columns: [
    ['owner', 'text'],
    ['start', 'int'],
    ['bytes', 'bytes'],
  ],
  key: 2,
} as const satisfies TableDescriptor;

/**
 * Who holds which bytes: the segment of registry_chunks that holds bytes [start, stop) of `owner`, a blob's
 * digest or `upload:<id>`. Bytes change hands (a request's to its upload, an upload's to its blob) by
 * these rows, never by rewriting the bytes.
 */
export const REGISTRY_PARTS = {
  table: 'registry_parts',
  columns: [
    ['owner', 'text'],
    ['start', 'int'],
    ['stop', 'int'],
    ['segment', 'text'],
  ],
  key: 2,
} as const satisfies TableDescriptor;

/** The last scan of an image (StartImageScan, or a push with scanOnPush): basic scanning, complete at once. */
export const IMAGE_SCANS = {
  table: 'image_scans',
  columns: [
    ['registry_id', 'text'],
    ['region', 'text'],
    ['repository', 'text'],
    ['digest', 'text'],
    ['scanned_ms', 'int'],
  ],
  key: 4,
} as const satisfies TableDescriptor;

/** The registry's tables (not in store snapshots: docs/operating-serve.md). */
export const REGISTRY_TABLES = [
  IMAGES,
  IMAGE_TAGS,
  REGISTRY_BLOBS,
  REGISTRY_UPLOADS,
  REGISTRY_CHUNKS,
  REGISTRY_PARTS,
  IMAGE_SCANS,
] as const;

/**
 * How many rows of each resource kind each account has in each region ('' for a kind without regions): kept
 * by triggers on every resource table, in the transaction of each insert and delete (sqlite-store.ts's
 * migration 10, pg-store.ts's 6). The quotas read one row of it; the inspector sums it. Derived, so not in
 * the snapshot and no reset kind: deleting and importing rows keeps it right. A new resource table gets its two
 * triggers in its migration (test/reliability/resource-counts.test.ts checks every kind of RESOURCES).
 */
export const RESOURCE_COUNTS = {
  table: 'resource_counts',
  columns: [
    ['kind', 'text'],
    ['owner', 'text'],
    ['region', 'text'],
    ['n', 'int'],
  ],
  key: 3,
} as const satisfies TableDescriptor;

/**
 * What each meter counted of each meter event, written with the event (backends/embedded/handlers/meters.ts):
 * keyed by (meter, customer, timestamp) for the event summaries. Derived from the events and meters as they
 * were when each event arrived, so not a resource kind and not in the snapshot.
 */
export const METER_USAGE = {
  table: 'meter_usage',
  columns: [
    ['meter_id', 'text'],
    ['customer', 'text'],
    ['timestamp_ms', 'int'],
    ['identifier', 'text'],
    ['created_ms', 'int'],
    ['owner', 'text'],
    ['livemode', 'flag'],
    ['value', 'real'],
    // Its event's cancels_ms, copied in the adjustment's transaction: a summary reads no event.
    ['cancels_ms', 'int', 'null'],
  ],
  key: 5,
} as const satisfies TableDescriptor;

/**
 * The meters' error reports (backends/embedded/handlers/meter-error-reports.ts), made from the meter events as
 * they arrive: derived, as meter_usage is, so not a resource kind and not in the snapshot (`store import`
 * makes them again).
 */
export const METER_ERROR_REPORTS = {
  table: 'meter_error_reports',
  columns: [
    ['id', 'text'],
    ['owner', 'text'],
    ['livemode', 'flag'],
    ['object_id', 'text'],
    ['created_ms', 'int'],
    ['doc', 'json'],
  ],
  key: 1,
} as const satisfies TableDescriptor;

/** Every table of the store, each once: what the schema tests hold each driver's migrated schema to. */
export const STORE_TABLES: readonly TableDescriptor[] = [
  ...RESOURCES,
  IDEMPOTENCY_KEYS,
  SETTINGS_TABLE,
  JOURNAL,
  ACCOUNT_UPDATE_LEASES,
  ...REGISTRY_TABLES,
  RESOURCE_COUNTS,
  METER_USAGE,
  METER_ERROR_REPORTS,
];

/**
 * What reset takes: the resource kinds, the v2 idempotency keys, the request journal and the registry's
 * images (with their tags, blobs and uploads under way).
 */
export const RESET_KINDS: readonly string[] = [...RESOURCE_KINDS, 'idempotency-keys', 'journal', 'images'];

/** A kind reset takes, as a type: a misspelt one fails `tsc` where the library's reset(kind) takes it. */
export type ResetKind = ResourceKind | 'idempotency-keys' | 'journal' | 'images';
