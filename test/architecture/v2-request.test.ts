/**
 * A v2 request's key and version are read once, where it enters the service (issue 40, "one actor per
 * rule on serve's path"): `callV2` parses the key, and the version header is read once (by serve's wire
 * layer, whose reading the call carries, or by callV2 when no server read it), and hands the result down; no
 * handler, nor the idempotency layer, parses the key again. Idempotency is attached where `callV2` runs a
 * handler, not by wrapping the table at module load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../completion/fresh-bin.js';

const EMBEDDED = join(ROOT, 'src', 'backends', 'embedded');

/** Every source of the embedded service, by its path under src/backends/embedded/. */
function sources(): Array<[string, string]> {
  return readdirSync(EMBEDDED, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, readFileSync(join(EMBEDDED, f), 'utf8')]);
}

/** The calls of a function in a source, comments left out. */
const callsOf = (name: string, text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split('\n')
    .filter((l) => l.includes(`${name}(`) && !/function\s/.test(l)).length;

describe("a v2 request's key, version and idempotency", () => {
  it('the key and the version are parsed once, by callV2', () => {
    const parses = sources().flatMap(([file, text]) =>
      ['parseKey', 'authorize', 'readVersion'].flatMap((fn) =>
        Array.from({ length: callsOf(fn, text) }, () => `${file}: ${fn}`),
      ),
    );
    expect(parses.sort()).toEqual([
      'handlers/stripe-call.ts: authorize',
      'handlers/stripe-call.ts: readVersion',
      'handlers/stripe.ts: parseKey',
    ]);
  });

  it("serve's wire layer reads the version header once, for the answer's Stripe-Version, the journal's note and the call", () => {
    const router = readFileSync(join(ROOT, 'src', 'server', 'router.ts'), 'utf8');
    expect(['readVersion', 'versionOf'].map((fn) => callsOf(fn, router))).toEqual([1, 3]);
    // callV2 reads the header only when the call carries no reading (the CLI's embedded backend).
    const call = readFileSync(join(EMBEDDED, 'handlers', 'stripe-call.ts'), 'utf8');
    expect(call).toContain('call.versionReading ?? readVersion(call.serviceVersion)');
  });

  it('idempotency is attached where callV2 runs a handler, not to the table at load', () => {
    const attached = sources().flatMap(([file, text]) =>
      callsOf('idempotent', text) + callsOf('withIdempotency', text) > 0 ? [file] : [],
    );
    expect(attached).toEqual(['handlers/stripe-call.ts']);
  });
});
