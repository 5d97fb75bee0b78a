/**
 * One echo rule (ARCHITECTURE.md, "Input and output rules"): text a request or an argument carried is quoted
 * whole up to 1,024 characters, else its first 64 and its length (core/input-rules.ts echoText, echoBare,
 * echoJsonString). A message that cuts such text itself (`${value.slice(0, 40)}`) says less than was sent
 * and nothing about it; the hostile passes found eleven of them. Each cut left in the sources is listed
 * here with why it is no echo, so that a new one fails until it is one of the rule's calls or listed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Each `${… .slice(0, N) …}` in a template, outside the rule's own module, as `file: expression`. */
const cuts = sources(SRC)
  .filter((f) => !f.endsWith(join('core', 'input-rules.ts')))
  .flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/\$\{([^{}]*\.(?:slice|substring|substr)\(0, [0-9]+\)[^{}]*)\}/g)].map(
      (m) => `${relative(SRC, f)}: ${m[1]}`,
    ),
  );

describe('the one echo rule', () => {
  it('no message cuts request or argument text by a rule of its own; the cuts left are of ids, hashes and dates', () => {
    expect(cuts.sort()).toEqual(
      [
        // a weak ETag: the first 27 characters of a hash
        "server/admin.ts: createHash('sha256').update(body).digest('base64url').slice(0, 27)",
        // ids made from a hash
        'backends/embedded/handlers/repositories.ts: h.slice(0, 8)',
        "backends/embedded/handlers/meter-error-reports.ts: h.replace(/[-_]/g, '').slice(0, 32)",
        "backends/embedded/handlers/meters.ts: h.replace(/[-_]/g, '').slice(0, 24)",
        // a list of table names, cut with '…' said
        "backends/embedded/store/sqlite-store.ts: tables.slice(0, 5).join(', ')",
        // the date of a SigV4 stamp (yyyymmdd of yyyymmddThhmmssZ, already checked)
        'server/verify.ts: echoText(claim.stamp.slice(0, 8))',
        'wire/sigv4.ts: stamp.slice(0, 8)',
      ].sort(),
    );
  });
});
