/**
 * The registry's statements at a cost that does not grow with the store (issues 42 and 45), held by their
 * query plans as test/scale/plans.test.ts holds the others': on SQLite and PostgreSQL, each store holding
 * 20,000 images of one repository (half tagged), and 20,000 pieces of bytes with their parts, with statistics
 * taken. A blob's piece is a seek on its part and its chunk; the tags of one image (DescribeImages,
 * BatchGetImage and a manifest delete look them up by digest) a seek on image_tags_digest; deleting an
 * owner's bytes (segment by segment) or an upload's loose segments a seek on the keys, never a scan of the
 * bytes. The tags' statements are the shape handlers/images.ts and registry-store.ts give them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { openPgStore, type PgDatabase, toPostgres } from '../../src/backends/embedded/store/pg-store.js';
import {
  DROP_LOOSE,
  DROP_SEGMENT,
  PART_AT,
  PIECE_AT,
  SEGMENTS_OF,
} from '../../src/backends/embedded/store/registry-store.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

const ROWS = 20_000;
const REPO = `'000000000000', 'us-east-1', 'team/app'`;

const SEED_SQLITE = `
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO images (registry_id, region, repository, digest, media_type, manifest, size, refs, pushed_ms)
    SELECT ${REPO}, 'sha256:' || printf('%064d', n), 'm', x'00', 1, '[]', n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO image_tags (registry_id, region, repository, tag, digest, tagged_ms)
    SELECT ${REPO}, 'v' || n, 'sha256:' || printf('%064d', n - n % 2), n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO registry_parts (owner, start, stop, segment) SELECT 'sha256:' || (n % 100), n * 16, n * 16 + 16, 'seg:' || n FROM i;
  WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${ROWS})
  INSERT INTO registry_chunks (owner, start, bytes) SELECT 'seg:' || n, n * 16, x'00' FROM i;
  ANALYZE;`;

const SEED_PG = `
  INSERT INTO images (registry_id, region, repository, digest, media_type, manifest, size, refs, pushed_ms)
    SELECT ${REPO}, 'sha256:' || lpad(n::text, 64, '0'), 'm', '\\x00', 1, '[]', n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO image_tags (registry_id, region, repository, tag, digest, tagged_ms)
    SELECT ${REPO}, 'v' || n, 'sha256:' || lpad((n - n % 2)::text, 64, '0'), n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO registry_parts (owner, start, stop, segment)
    SELECT 'sha256:' || (n % 100), n * 16, n * 16 + 16, 'seg:' || n FROM generate_series(1, ${ROWS}) n;
  INSERT INTO registry_chunks (owner, start, bytes) SELECT 'seg:' || n, n * 16, '\\x00' FROM generate_series(1, ${ROWS}) n;
  ANALYZE;`;

const DIGEST = `sha256:${'0'.repeat(60)}1000`;

const CASES: Array<{ what: string; sql: string; args: unknown[]; sqlite: string[]; postgres: string[] }> = [
  {
    what: "a blob's part holding a byte",
    sql: PART_AT,
    args: ['sha256:7', 1600, 1600],
    sqlite: ['SEARCH registry_parts USING PRIMARY KEY (owner=? AND start<?)'],
    postgres: [
      'Limit',
      '  ->  Index Scan Backward using registry_parts_pkey on registry_parts',
      '        Index Cond: ((owner = $1) AND (start <= $2))',
      '        Filter: (stop > $3)',
    ],
  },
  {
    what: "a segment's piece holding a byte",
    sql: PIECE_AT,
    args: ['seg:7', 112],
    sqlite: ['SEARCH registry_chunks USING INDEX sqlite_autoindex_registry_chunks_1 (owner=? AND start<?)'],
    postgres: [
      'Limit',
      '  ->  Index Scan Backward using registry_chunks_pkey on registry_chunks',
      '        Index Cond: ((owner = $1) AND (start <= $2))',
    ],
  },
  {
    what: "an owner's segments",
    sql: SEGMENTS_OF,
    args: ['sha256:7'],
    sqlite: ['SEARCH registry_parts USING PRIMARY KEY (owner=?)'],
    postgres: [
      'Bitmap Heap Scan on registry_parts',
      '  Recheck Cond: (owner = $1)',
      '  ->  Bitmap Index Scan on registry_parts_pkey',
      '        Index Cond: (owner = $1)',
    ],
  },
  {
    what: "a segment's bytes, deleted",
    sql: DROP_SEGMENT,
    args: ['seg:7'],
    sqlite: ['SEARCH registry_chunks USING INDEX sqlite_autoindex_registry_chunks_1 (owner=?)'],
    postgres: [
      'Delete on registry_chunks',
      '  ->  Index Scan using registry_chunks_pkey on registry_chunks',
      '        Index Cond: (owner = $1)',
    ],
  },
  {
    what: "an upload's loose segments, deleted",
    sql: DROP_LOOSE,
    args: ['seg:1:', 'seg:1;'],
    sqlite: [
      'SEARCH registry_chunks USING COVERING INDEX sqlite_autoindex_registry_chunks_1 (owner>? AND owner<?)',
      'CORRELATED SCALAR SUBQUERY 1',
      'SEARCH p USING COVERING INDEX registry_parts_segment (segment=?)',
    ],
    postgres: [
      'Delete on registry_chunks',
      '  ->  Nested Loop Anti Join',
      '        ->  Bitmap Heap Scan on registry_chunks',
      '              Recheck Cond: ((owner >= $1) AND (owner < $2))',
      '              ->  Bitmap Index Scan on registry_chunks_pkey',
      '                    Index Cond: ((owner >= $1) AND (owner < $2))',
      '        ->  Index Scan using registry_parts_segment on registry_parts p',
      '              Index Cond: (segment = registry_chunks.owner)',
    ],
  },
  {
    what: 'the tags of one image, by digest',
    sql: 'SELECT digest, tag FROM image_tags WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?',
    args: ['000000000000', 'us-east-1', 'team/app', DIGEST],
    sqlite: [
      'SEARCH image_tags USING COVERING INDEX image_tags_digest (registry_id=? AND region=? AND repository=? AND digest=?)',
    ],
    postgres: [
      'Index Scan using image_tags_digest on image_tags',
      '  Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (digest = $4))',
    ],
  },
  {
    what: "a deleted image's tags",
    sql: 'DELETE FROM image_tags WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?',
    args: ['000000000000', 'us-east-1', 'team/app', DIGEST],
    sqlite: [
      'SEARCH image_tags USING INDEX image_tags_digest (registry_id=? AND region=? AND repository=? AND digest=?)',
    ],
    postgres: [
      'Delete on image_tags',
      '  ->  Index Scan using image_tags_digest on image_tags',
      '        Index Cond: ((registry_id = $1) AND (region = $2) AND (repository = $3) AND (digest = $4))',
    ],
  },
];

let dir: string;
let sqlite: Database;
let server: Postgres;
let pg: PgDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-registry-plans-'));
  sqlite = openStore(join(dir, 'home'));
  sqlite.exec(SEED_SQLITE);
  server = await startPostgres();
  pg = openPgStore({ url: await server.createDatabase('registry_plans') });
  pg.exec(SEED_PG);
}, 120_000);

afterAll(async () => {
  sqlite?.close();
  pg?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`the registry's plans at ${ROWS.toLocaleString('en')} rows a table`, () => {
  it.each(CASES)('SQLite: $what', ({ sql, args, sqlite: plan }) => {
    const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>;
    expect(rows.map((r) => r.detail)).toEqual(plan);
  });

  it.each(CASES)('PostgreSQL: $what', ({ sql, args, postgres: plan }) => {
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
