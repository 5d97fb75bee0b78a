/**
 * Writing a long listing to stdout without holding it in memory: each chunk is one write() (a whole page,
 * so an interrupted listing ends on a page boundary), and when the stream's buffer is full the writer
 * waits for 'drain' before asking for the next page. A reader that goes away (EPIPE, as with `| head`)
 * ends the listing quietly; Ctrl-C while waiting ends it with InterruptedError.
 */
import { InterruptedError } from '../core/errors.js';
import type { OutStream } from '../core/context.js';

interface EventfulStream extends OutStream {
  once(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** Thrown when the reader of stdout has gone: the listing stops, and the command ends as if complete. */
export class ReaderGone extends Error {}

function eventful(out: OutStream): out is EventfulStream {
  const s = out as Partial<EventfulStream>;
  return typeof s.once === 'function' && typeof s.off === 'function';
}

function isBrokenPipe(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}

/** Resolves on 'drain'; rejects with InterruptedError on abort, ReaderGone when the stream fails or closes. */
function drained(out: EventfulStream, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (fn: () => void) => () => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onDrain = done(resolve);
    const onError = done(() => reject(new ReaderGone()));
    const onClose = done(() => reject(new ReaderGone()));
    const onAbort = done(() => reject(new InterruptedError()));
    out.once('drain', onDrain);
    out.once('error', onError);
    out.once('close', onClose);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
  });
}

export type Sink = (chunk: string) => Promise<void>;

/** A writer that respects backpressure. Chunks are written whole or not at all. */
export function sinkFor(out: OutStream, signal?: AbortSignal): Sink {
  let gone = false;
  if (eventful(out)) {
    // A broken pipe is reported asynchronously as 'error': without a listener it would crash the process.
    const onError = (err: unknown) => {
      if (isBrokenPipe(err)) gone = true;
    };
    (out as unknown as { on(e: string, l: (err: unknown) => void): void }).on('error', onError);
  }
  return async (chunk: string) => {
    if (gone) throw new ReaderGone();
    if (chunk === '') return;
    let ok: unknown;
    try {
      ok = out.write(chunk);
    } catch (err) {
      if (isBrokenPipe(err)) throw new ReaderGone();
      throw err;
    }
    if (ok === false && eventful(out)) await drained(out, signal);
  };
}
