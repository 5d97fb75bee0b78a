/**
 * src/input/shorthand.ts in a worker thread, so that a parse that never ends (a regular expression that
 * backtracks without end blocks its thread: no time-out of the test runner can fire) is stopped by a bound
 * and reported instead of hanging the suite. The module is bundled from source with esbuild (a dev
 * dependency) each time a parser starts.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';

const SOURCE = fileURLToPath(new URL('../../src/input/shorthand.ts', import.meta.url));

/** How a parse ended: a value, an error (its class, and whether it is one of the parser's own), or no end. */
export type Outcome =
  | { kind: 'value' }
  | { kind: 'error'; name: string; parseError: boolean; message: string }
  | { kind: 'unfinished'; boundMs: number };

export interface BoundedParser {
  parse(input: string): Promise<Outcome>;
  close(): Promise<void>;
}

const HANDLER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (input) => {
  try {
    shorthand.parseShorthand(input);
    parentPort.postMessage({ kind: 'value' });
  } catch (err) {
    parentPort.postMessage({
      kind: 'error',
      name: err && err.constructor ? err.constructor.name : typeof err,
      parseError: err instanceof shorthand.ShorthandParseError,
      message: String(err && err.message).slice(0, 300),
    });
  }
});`;

/** A parser whose every parse ends within `boundMs`, or is reported `unfinished` (that worker is then stopped). */
export function boundedParser(boundMs: number): BoundedParser {
  const bundle = buildSync({
    entryPoints: [SOURCE],
    bundle: true,
    format: 'iife',
    globalName: 'shorthand',
    platform: 'node',
    keepNames: true,
    write: false,
  }).outputFiles[0]!.text;
  let worker: Worker | undefined;
  return {
    parse(input) {
      worker ??= new Worker(bundle + HANDLER, { eval: true });
      const w = worker;
      return new Promise<Outcome>((resolve, reject) => {
        const timer = setTimeout(() => {
          w.off('message', done).off('error', failed);
          worker = undefined; // the next parse gets a new worker, not one still busy with this input
          void w.terminate();
          resolve({ kind: 'unfinished', boundMs });
        }, boundMs);
        const done = (outcome: Outcome) => {
          clearTimeout(timer);
          w.off('error', failed);
          resolve(outcome);
        };
        const failed = (err: Error) => {
          clearTimeout(timer);
          w.off('message', done);
          reject(err);
        };
        w.once('message', done);
        w.once('error', failed);
        w.postMessage(input);
      });
    },
    async close() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
