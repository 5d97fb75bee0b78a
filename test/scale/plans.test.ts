/**
 * Every statement a request runs on its hot path at a cost that does not grow with the store (issue 42), held
 * by its query plan, not a clock: on SQLite (EXPLAIN QUERY PLAN) and on PostgreSQL (EXPLAIN, costs off), each
 * store holding 20,000 rows in every table the statements read, with statistics taken (ANALYZE), so that the
 * planner chooses as it would at scale. A plan is a seek on a key or an index, or a walk of an index in its
 * order that stops at a LIMIT; never a scan of a table, nor a sort of it. The statements are the ones the code
 * runs (exported by their modules). Paging is test/scale/scale.test.ts's. The registry's tables (images, tags,
 * blobs, uploads, the pieces of their bytes) and the meter events' (events, sessions, error reports) hold 20,000 rows too,
 * spread over 100 repositories and 100 accounts: a lookup seeks its key; a repository's tags are read by the
 * key's repository prefix (as many as that repository has, never the table).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_PROBE } from '../../src/backends/embedded/admin-calls.js';
import { COUNT_OF } from '../../src/backends/embedded/handlers/quota.js';
import { SELECT_RULES } from '../../src/backends/embedded/faults.js';
import { EXPIRE_KEY, EXPIRE_OLDEST } from '../../src/backends/embedded/idempotency.js';
import { appendAndTrim, TRIM } from '../../src/backends/embedded/journal.js';
import { imageBatch, imagePage, tagsOfDigests } from '../../src/backends/embedded/handlers/images.js';
import { LATEST_EVENT, MARK_CANCELLED } from '../../src/backends/embedded/handlers/meter-event-adjustments.js';
import { LIST_REPORTS, SELECT_REPORT } from '../../src/backends/embedded/handlers/meter-error-reports.js';
import { SESSION_BY_TOKEN } from '../../src/backends/embedded/handlers/meter-event-streams.js';
import { TAKEN } from '../../src/backends/embedded/handlers/meter-events.js';
import { COUNTING_METERS, MARK_USAGE_CANCELLED, USAGE } from '../../src/backends/embedded/handlers/meters.js';
import { KIND_COUNTS, listingQuery } from '../../src/backends/embedded/resources.js';
import type { Database } from '../../src/backends/embedded/store/db.js';
import {
  BLOB_SIZE,
  BYTES_HELD,
  IMAGE_BY_DIGEST,
  REPOSITORY_TAGS,
  TAG_DIGEST,
  UPLOAD_BY_ID,
} from '../../src/backends/embedded/store/registry-store.js';
import { openPgStore, type PgDatabase, toPostgres } from '../../src/backends/embedded/store/pg-store.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

const ROWS = 20_000;

/**
 * 20,000 rows in each table a statement below reads: repositories in two scopes, launch configurations of
 * 20,000 accounts (so 20,000 rows of counts too: the counts grow with the scopes, never with the rows of one),
 * idempotency keys of a day, the journal.
 */
const SEED_SQLITE = `
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO repositories (region, registry_id, name, created_ms, doc)
    SELECT CASE n % 2 WHEN 0 THEN 'us-east-1' ELSE 'eu-west-1' END, '000000000000', 'r-' || n, n, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO launch_configurations (owner, region, name, created_ms, doc) SELECT 'acct-' || n, 'us-east-1', 'lc', n, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO idempotency_keys (owner, livemode, key, operation, fingerprint, created_ms, response)
    SELECT '000000000000', 0, 'k-' || n, 'op', 'f', n * 1000, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO journal (time_ms, account, region, protocol, operation, input, status, latency_ms)
    SELECT n, '000000000000', 'us-east-1', 'json11', 'CreateRepository', '{}', 200, 1 FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO images (registry_id, region, repository, digest, media_type, manifest, size, refs, pushed_ms)
    SELECT '000000000000', 'us-east-1', 'repo-' || (n % 100), 'sha256:' || n, 'm', X'00', 1, '[]', n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO image_tags (registry_id, region, repository, tag, digest, tagged_ms)
    SELECT '000000000000', 'us-east-1', 'repo-' || (n % 100), 't-' || n, 'sha256:' || n, n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO registry_blobs (registry_id, region, repository, digest, size, created_ms)
    SELECT '000000000000', 'us-east-1', 'repo-' || (n % 100), 'sha256:' || n, 1, n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO registry_uploads (id, registry_id, region, repository, size, created_ms)
    SELECT 'u-' || n, '000000000000', 'us-east-1', 'repo-' || (n % 100), 0, n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO registry_chunks (owner, start, bytes)
    SELECT CASE n % 2 WHEN 0 THEN 'sha256:' || n ELSE 'staging:u-' || n || ':0' END, 0, X'00' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, cancels_ms, doc)
    SELECT 'acct-' || (n % 100), 0, 'id-' || n, n, 'e-' || (n % 10), n, NULL, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO meter_event_sessions (id, owner, livemode, token, created_ms, expires_ms, doc)
    SELECT 's-' || n, 'acct-' || (n % 100), 0, 'tok-' || n, n, n, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO settings (name, value) SELECT 'x-' || n, '1' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, cancels_ms, doc)
    SELECT '000000000000', 0, 'e-' || n, n, 'api_calls', n * 1000, NULL, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO meter_usage (meter_id, customer, timestamp_ms, owner, livemode, identifier, created_ms, value)
    SELECT 'mtr_1', 'cus_' || (n % 100), n * 1000, '000000000000', 0, 'e-' || n, n, 1 FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO meters (id, owner, livemode, event_name, status, created_ms, doc)
    SELECT 'mtr_' || n, '000000000000', 0, 'event-' || n, 'active', n, '{}' FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO meter_error_reports (id, owner, livemode, object_id, created_ms, doc)
    SELECT 'evt_test_' || n, 'acct-' || (n % 100), 0, 'mtr_' || (n % 1000), n, '{}' FROM i;
  ANALYZE;`;

const SEED_PG = `
  INSERT INTO repositories (region, registry_id, name, created_ms, doc)
    SELECT CASE n % 2 WHEN 0 THEN 'us-east-1' ELSE 'eu-west-1' END, '000000000000', 'r-' || n, n, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO launch_configurations (owner, region, name, created_ms, doc)
    SELECT 'acct-' || n, 'us-east-1', 'lc', n, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO idempotency_keys (owner, livemode, key, operation, fingerprint, created_ms, response)
    SELECT '000000000000', 0, 'k-' || n, 'op', 'f', n * 1000, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO journal (time_ms, account, region, protocol, operation, input, status, latency_ms)
    SELECT n, '000000000000', 'us-east-1', 'json11', 'CreateRepository', '{}', 200, 1 FROM generate_series(1, ${ROWS}) n;
  INSERT INTO images (registry_id, region, repository, digest, media_type, manifest, size, refs, pushed_ms)
    SELECT '000000000000', 'us-east-1', 'repo-' || (n % 100), 'sha256:' || n, 'm', '\\x00'::bytea, 1, '[]', n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO image_tags (registry_id, region, repository, tag, digest, tagged_ms)
    SELECT '000000000000', 'us-east-1', 'repo-' || (n % 100), 't-' || n, 'sha256:' || n, n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO registry_blobs (registry_id, region, repository, digest, size, created_ms)
    SELECT '000000000000', 'us-east-1', 'repo-' || (n % 100), 'sha256:' || n, 1, n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO registry_uploads (id, registry_id, region, repository, size, created_ms)
    SELECT 'u-' || n, '000000000000', 'us-east-1', 'repo-' || (n % 100), 0, n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO registry_chunks (owner, start, bytes)
    SELECT CASE n % 2 WHEN 0 THEN 'sha256:' || n ELSE 'staging:u-' || n || ':0' END, 0, '\\x00'::bytea FROM generate_series(1, ${ROWS}) n;
  INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, cancels_ms, doc)
    SELECT 'acct-' || (n % 100), 0, 'id-' || n, n, 'e-' || (n % 10), n, NULL, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO meter_event_sessions (id, owner, livemode, token, created_ms, expires_ms, doc)
    SELECT 's-' || n, 'acct-' || (n % 100), 0, 'tok-' || n, n, n, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO settings (name, value) SELECT 'x-' || n, '1' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, cancels_ms, doc)
    SELECT '000000000000', 0, 'e-' || n, n, 'api_calls', n * 1000, NULL, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO meter_usage (meter_id, customer, timestamp_ms, owner, livemode, identifier, created_ms, value)
    SELECT 'mtr_1', 'cus_' || (n % 100), n * 1000, '000000000000', 0, 'e-' || n, n, 1 FROM generate_series(1, ${ROWS}) n;
  INSERT INTO meters (id, owner, livemode, event_name, status, created_ms, doc)
    SELECT 'mtr_' || n, '000000000000', 0, 'event-' || n, 'active', n, '{}' FROM generate_series(1, ${ROWS}) n;
  INSERT INTO meter_error_reports (id, owner, livemode, object_id, created_ms, doc)
    SELECT 'evt_test_' || n, 'acct-' || (n % 100), 0, 'mtr_' || (n % 1000), n, '{}' FROM generate_series(1, ${ROWS}) n;
  ANALYZE;`;

const JOURNAL_ROW = [
  1,
  '000000000000',
  null,
  'us-east-1',
  'json11',
  'CreateRepository',
  '{}',
  200,
  null,
  1,
  null,
  null,
];

/** Each statement with its parameters (as the code passes them), and the plan each driver must give it. */
const CASES: Array<{ what: string; sql: string; args: unknown[]; sqlite: string[]; postgres: string[] }> = [
  {
    what: "a quota check: its scope's count and the quota's setting",
    sql: COUNT_OF,
    args: ['repositories', '000000000000', 'us-east-1', 'repositories_per_region'],
    sqlite: [
      'SCAN CONSTANT ROW',
      'SCALAR SUBQUERY 1',
      'SEARCH resource_counts USING PRIMARY KEY (kind=? AND owner=? AND region=?)',
      'SCALAR SUBQUERY 2',
      'SEARCH settings USING PRIMARY KEY (name=?)',
    ],
    postgres: [
      'Result',
      '  InitPlan 1 (returns $0)',
      '    ->  Index Scan using resource_counts_pkey on resource_counts',
      '          Index Cond: ((kind = $1) AND (owner = $2) AND (region = $3))',
      '  InitPlan 2 (returns $1)',
      '    ->  Index Scan using settings_pkey on settings',
      '          Index Cond: (name = $4)',
    ],
  },
  {
    what: 'the journal trim (SQLite)',
    sql: TRIM,
    args: [ROWS - 1000],
    sqlite: ['SEARCH journal USING INTEGER PRIMARY KEY (rowid<?)'],
    postgres: [
      'Delete on journal',
      '  ->  Index Scan using journal_pkey on journal',
      '        Index Cond: (seq <= $1)',
    ],
  },
  {
    what: 'the journal append and trim (PostgreSQL, one statement)',
    sql: appendAndTrim(1),
    args: [...JOURNAL_ROW, 1000],
    sqlite: [],
    postgres: [
      'Delete on journal',
      '  CTE appended',
      '    ->  Insert on journal journal_1',
      '          ->  Result',
      '  InitPlan 2 (returns $2)',
      '    ->  Aggregate',
      '          ->  CTE Scan on appended',
      '  ->  Index Scan using journal_pkey on journal',
      '        Index Cond: (seq <= ($2 - $13))',
    ],
  },
  {
    what: "idempotency expiry: the request's own key",
    sql: EXPIRE_KEY,
    args: ['000000000000', 0, 'k-5', 1000],
    sqlite: ['SEARCH idempotency_keys USING PRIMARY KEY (owner=? AND livemode=? AND key=?)'],
    postgres: [
      'Delete on idempotency_keys',
      '  ->  Index Scan using idempotency_keys_pkey on idempotency_keys',
      '        Index Cond: ((owner = $1) AND (livemode = $2) AND (key = $3))',
      '        Filter: (created_ms < $4)',
    ],
  },
  {
    what: 'idempotency expiry: at most a batch of the oldest',
    sql: EXPIRE_OLDEST,
    args: [ROWS * 500],
    sqlite: [
      'SEARCH idempotency_keys USING PRIMARY KEY (owner=? AND livemode=? AND key=?)',
      'LIST SUBQUERY 2',
      'SEARCH idempotency_keys USING COVERING INDEX idempotency_keys_created (created_ms<?)',
      'CREATE BLOOM FILTER',
    ],
    postgres: [
      'Delete on idempotency_keys',
      '  ->  Nested Loop',
      '        ->  HashAggregate',
      '              Group Key: "ANY_subquery".owner, "ANY_subquery".livemode, "ANY_subquery".key',
      '              ->  Subquery Scan on "ANY_subquery"',
      '                    ->  Limit',
      '                          ->  Index Scan using idempotency_keys_created on idempotency_keys idempotency_keys_1',
      '                                Index Cond: (created_ms < $1)',
      '        ->  Index Scan using idempotency_keys_pkey on idempotency_keys',
      '              Index Cond: ((owner = "ANY_subquery".owner) AND (livemode = "ANY_subquery".livemode) AND (key = "ANY_subquery".key))',
    ],
  },
  {
    what: "the inspector: a kind's count per account",
    sql: KIND_COUNTS,
    args: ['repositories'],
    sqlite: ['SEARCH resource_counts USING PRIMARY KEY (kind=?)'],
    // Half of the 20,000 count rows may be this kind's (the generic plan cannot tell): PostgreSQL reads the
    // counts whole. One row per account and region, as many as the answer has entries; no resource row.
    postgres: [
      'Sort',
      '  Sort Key: owner COLLATE "C"',
      '  ->  HashAggregate',
      '        Group Key: owner',
      "        Filter: (sum(n) > '0'::numeric)",
      '        ->  Seq Scan on resource_counts',
      '              Filter: (kind = $1)',
    ],
  },
  {
    what: "the inspector: a kind's first rows in listing order",
    sql: `${listingQuery('repositories')} LIMIT ?`,
    args: [10],
    sqlite: ['SCAN repositories USING COVERING INDEX repositories_listed'],
    postgres: ['Limit', '  ->  Index Scan using repositories_listed on repositories'],
  },
  {
    what: 'a meter event: the active meters of its name',
    sql: COUNTING_METERS,
    args: ['000000000000', 0, 'event-5'],
    sqlite: ['SEARCH meters USING INDEX meters_counting (owner=? AND livemode=? AND event_name=? AND status=?)'],
    postgres: [
      'Index Scan using meters_counting on meters',
      "  Index Cond: ((owner = $1) AND (livemode = $2) AND (event_name = $3) AND (status = 'active'::text))",
    ],
  },
  {
    what: "a meter's event summary: one customer's usage in a range, no event read",
    sql: USAGE,
    args: ['mtr_1', 'cus_7', 1_000_000, 2_000_000, 5_000_000],
    // One range of (meter, customer, timestamp), each row carrying its cancellation: the meter's other
    // customers and times, and the events, are never read, however many events the meter has.
    sqlite: ['SEARCH meter_usage USING PRIMARY KEY (meter_id=? AND customer=? AND timestamp_ms>? AND timestamp_ms<?)'],
    postgres: [
      'Index Scan using meter_usage_pkey on meter_usage',
      '  Index Cond: ((meter_id = $1) AND (customer = $2) AND (timestamp_ms >= $3) AND (timestamp_ms < $4))',
      '  Filter: ((cancels_ms IS NULL) OR (cancels_ms > $5))',
    ],
  },
  {
    what: 'a meter event adjustment: the usage rows of the event marked',
    sql: MARK_USAGE_CANCELLED,
    args: [1, '000000000000', 0, 'e-5', 5],
    sqlite: [
      'SEARCH meter_usage USING INDEX meter_usage_event (owner=? AND livemode=? AND identifier=? AND created_ms=?)',
    ],
    postgres: [
      'Update on meter_usage',
      '  ->  Index Scan using meter_usage_event on meter_usage',
      '        Index Cond: ((owner = $2) AND (livemode = $3) AND (identifier = $4) AND (created_ms = $5))',
    ],
  },
  {
    what: 'the readiness probe',
    sql: READY_PROBE,
    args: [],
    sqlite: ['SEARCH journal'],
    postgres: [
      'Result',
      '  InitPlan 1 (returns $0)',
      '    ->  Limit',
      '          ->  Index Only Scan Backward using journal_pkey on journal',
      '                Index Cond: (seq IS NOT NULL)',
    ],
  },
  {
    what: "a request's fault rules (SQLite; on PostgreSQL rule-reader.ts's, the same text)",
    sql: SELECT_RULES,
    args: [],
    sqlite: ['SEARCH settings USING PRIMARY KEY (name>? AND name<?)'],
    postgres: [
      'Index Scan using settings_pkey on settings',
      "  Index Cond: ((name >= 'fault.'::text) AND (name < 'fault/'::text))",
    ],
  },
  {
    what: 'the registry: an upload by id',
    sql: UPLOAD_BY_ID,
    args: ['u-5'],
    sqlite: ['SEARCH registry_uploads USING PRIMARY KEY (id=?)'],
    postgres: ['Index Scan using registry_uploads_pkey on registry_uploads', '  Index Cond: (id = $1)'],
  },
  {
    what: "the registry: a repository's blob",
    sql: BLOB_SIZE,
    args: ['000000000000', 'us-east-1', 'repo-5', 'sha256:5'],
    sqlite: ['SEARCH registry_blobs USING PRIMARY KEY (registry_id=? AND region=? AND repository=? AND digest=?)'],
    postgres: [
      'Index Scan using registry_blobs_digest on registry_blobs',
      '  Index Cond: (digest = $4)',
      '  Filter: ((registry_id = $1) AND (region = $2) AND (repository = $3))',
    ],
  },
  {
    what: 'the registry: whether any repository holds the bytes of a digest',
    sql: BYTES_HELD,
    args: ['sha256:5'],
    sqlite: ['SEARCH registry_blobs USING COVERING INDEX registry_blobs_digest (digest=?)'],
    postgres: [
      'Limit',
      '  ->  Index Only Scan using registry_blobs_digest on registry_blobs',
      '        Index Cond: (digest = $1)',
    ],
  },
  {
    what: "the registry: a tag's digest",
    sql: TAG_DIGEST,
    args: ['000000000000', 'us-east-1', 'repo-5', 't-5'],
    sqlite: ['SEARCH image_tags USING PRIMARY KEY (registry_id=? AND region=? AND repository=? AND tag=?)'],
    postgres: [
      'Index Scan using image_tags_pkey on image_tags',
      '  Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (tag = $4))',
    ],
  },
  {
    what: 'the registry: an image by digest',
    sql: IMAGE_BY_DIGEST,
    args: ['000000000000', 'us-east-1', 'repo-5', 'sha256:5'],
    sqlite: ['SEARCH images USING PRIMARY KEY (registry_id=? AND region=? AND repository=? AND digest=?)'],
    postgres: [
      'Index Scan using images_pkey on images',
      '  Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (digest = $4))',
    ],
  },
  {
    what: "the registry: a repository's tags in order",
    sql: REPOSITORY_TAGS,
    args: ['000000000000', 'us-east-1', 'repo-5'],
    sqlite: ['SEARCH image_tags USING PRIMARY KEY (registry_id=? AND region=? AND repository=?)'],
    postgres: [
      'Sort',
      '  Sort Key: tag COLLATE "C"',
      '  ->  Bitmap Heap Scan on image_tags',
      '        Recheck Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3))',
      '        ->  Bitmap Index Scan on image_tags_digest',
      '              Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3))',
    ],
  },
  {
    what: 'ListImages: a batch of digests',
    sql: imageBatch('>'),
    args: ['000000000000', 'us-east-1', 'repo-5', 'sha256:5', 12],
    sqlite: ['SEARCH images USING PRIMARY KEY (registry_id=? AND region=? AND repository=? AND digest>?)'],
    postgres: [
      'Limit',
      '  ->  Index Only Scan using images_pkey on images',
      '        Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (digest > $4))',
    ],
  },
  {
    what: "ListImages and DescribeImages: a batch's tags",
    sql: tagsOfDigests(3),
    args: ['000000000000', 'us-east-1', 'repo-5', 'sha256:5', 'sha256:105', 'sha256:205'],
    // The batch's digests by image_tags_digest (issue 45), then its few tags sorted.
    sqlite: [
      'SEARCH image_tags USING COVERING INDEX image_tags_digest (registry_id=? AND region=? AND repository=? AND digest=?)',
      'USE TEMP B-TREE FOR ORDER BY',
    ],
    postgres: [
      'Sort',
      '  Sort Key: tag COLLATE "C"',
      '  ->  Index Scan using image_tags_digest on image_tags',
      '        Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (digest = ANY (ARRAY[$4, $5, $6])))',
    ],
  },
  {
    what: 'DescribeImages: a page',
    sql: imagePage(),
    args: ['000000000000', 'us-east-1', 'repo-5', 'sha256:5', 11],
    sqlite: ['SEARCH i USING PRIMARY KEY (registry_id=? AND region=? AND repository=? AND digest>?)'],
    postgres: [
      'Limit',
      '  ->  Index Scan using images_pkey on images i',
      '        Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (digest > $4))',
    ],
  },
  {
    what: 'a meter event: whether its identifier is taken',
    sql: TAKEN,
    args: ['acct-5', 0, 'id-5', 0],
    sqlite: ['SEARCH meter_events USING PRIMARY KEY (owner=? AND livemode=? AND identifier=? AND created_ms>?)'],
    postgres: [
      'Limit',
      '  ->  Index Only Scan Backward using meter_events_pkey on meter_events',
      '        Index Cond: ((owner = $1) AND (livemode = $2) AND (identifier = $3) AND (created_ms > $4))',
    ],
  },
  {
    what: 'a meter event adjustment: the event it cancels',
    sql: LATEST_EVENT,
    args: ['acct-5', 0, 'id-5', 0],
    sqlite: ['SEARCH meter_events USING PRIMARY KEY (owner=? AND livemode=? AND identifier=? AND created_ms>?)'],
    postgres: [
      'Limit',
      '  ->  Index Scan Backward using meter_events_pkey on meter_events',
      '        Index Cond: ((owner = $1) AND (livemode = $2) AND (identifier = $3) AND (created_ms > $4))',
    ],
  },
  {
    what: 'a meter event adjustment: the event marked',
    sql: MARK_CANCELLED,
    args: [1, 'acct-5', 0, 'id-5', 5],
    sqlite: ['SEARCH meter_events USING PRIMARY KEY (owner=? AND livemode=? AND identifier=? AND created_ms=?)'],
    postgres: [
      'Update on meter_events',
      '  ->  Index Scan using meter_events_listed on meter_events',
      '        Index Cond: ((owner = $2) AND (created_ms = $5) AND (identifier = $4))',
      '        Filter: ((cancels_ms IS NULL) AND (livemode = $3))',
    ],
  },
  {
    what: 'a meter error report, added to: the report by id',
    sql: SELECT_REPORT,
    args: ['evt_test_5'],
    sqlite: ['SEARCH meter_error_reports USING PRIMARY KEY (id=?)'],
    postgres: ['Index Scan using meter_error_reports_pkey on meter_error_reports', '  Index Cond: (id = $1)'],
  },
  {
    what: "the meters' error reports: the first page, newest first",
    sql: LIST_REPORTS(false, 'first'),
    args: ['acct-5', 0, 21],
    sqlite: ['SEARCH meter_error_reports USING INDEX meter_error_reports_listed (owner=? AND livemode=?)'],
    postgres: [
      'Limit',
      '  ->  Index Scan Backward using meter_error_reports_listed on meter_error_reports',
      '        Index Cond: ((owner = $1) AND (livemode = $2))',
    ],
  },
  {
    what: "one meter's error reports: the page after a report",
    sql: LIST_REPORTS(true, 'after'),
    args: ['acct-5', 0, 'mtr_5', 10_000, 'evt_test_10000', 21],
    sqlite: [
      'SEARCH meter_error_reports USING INDEX meter_error_reports_object (owner=? AND livemode=? AND object_id=? AND (created_ms,id)<(?,?))',
    ],
    postgres: [
      'Limit',
      '  ->  Index Scan Backward using meter_error_reports_object on meter_error_reports',
      '        Index Cond: ((owner = $1) AND (livemode = $2) AND (object_id = $3) AND (ROW(created_ms, id) < ROW($4, $5)))',
    ],
  },
  {
    what: "one meter's error reports: the page before a report (previous_page_url)",
    sql: LIST_REPORTS(true, 'before'),
    args: ['acct-5', 0, 'mtr_5', 10_000, 'evt_test_10000', 21],
    sqlite: [
      'SEARCH meter_error_reports USING INDEX meter_error_reports_object (owner=? AND livemode=? AND object_id=? AND (created_ms,id)>(?,?))',
    ],
    postgres: [
      'Limit',
      '  ->  Index Scan using meter_error_reports_object on meter_error_reports',
      '        Index Cond: ((owner = $1) AND (livemode = $2) AND (object_id = $3) AND (ROW(created_ms, id) > ROW($4, $5)))',
    ],
  },
  {
    what: 'a meter event stream: its session by token',
    sql: SESSION_BY_TOKEN,
    args: ['tok-5'],
    sqlite: ['SEARCH meter_event_sessions USING INDEX sqlite_autoindex_meter_event_sessions_2 (token=?)'],
    postgres: ['Index Scan using meter_event_sessions_token_key on meter_event_sessions', '  Index Cond: (token = $1)'],
  },
];

let dir: string;
let sqlite: Database;
let server: Postgres;
let pg: PgDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-plans-'));
  sqlite = openStore(join(dir, 'home'));
  sqlite.exec(SEED_SQLITE);
  server = await startPostgres();
  pg = openPgStore({ url: await server.createDatabase('plans') });
  pg.exec(SEED_PG);
}, 120_000);

afterAll(async () => {
  sqlite?.close();
  pg?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`plans at ${ROWS.toLocaleString('en')} rows a table`, () => {
  it.each(CASES.filter((c) => c.sqlite.length > 0))('SQLite: $what', ({ sql, args, sqlite: plan }) => {
    const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>;
    expect(rows.map((r) => r.detail)).toEqual(plan);
  });

  it.each(CASES)('PostgreSQL: $what', ({ sql, args, postgres: plan }) => {
    // A generic plan, as a prepared statement's after its first runs: parameters as $n, not their values.
    const text = toPostgres(sql).text;
    pg.query('BEGIN');
    try {
      pg.query(`PREPARE planned AS ${text}`, [], true);
      const types = args.length > 0 ? `(${args.map(() => 'NULL').join(', ')})` : '';
      pg.query("SET LOCAL plan_cache_mode = 'force_generic_plan'", [], true);
      const rows = pg.query(`EXPLAIN (COSTS OFF) EXECUTE planned${types}`, [], true).rows;
      expect(rows.map((r) => r['QUERY PLAN'])).toEqual(plan);
    } finally {
      pg.query('ROLLBACK', [], true);
      pg.query('DEALLOCATE ALL');
    }
  });
});
