/**
 * Waits at least `ms` milliseconds by the monotonic clock (`performance.now()`). A Node timer counts from the
 * event loop's cached time, which can be earlier than the moment it is set: on a busy loop `setTimeout(r, 200)`
 * can end 199.6 ms after a `performance.now()` read just before it. A latency fault rule promises its client
 * an answer at least that late, and the journal measures with `performance.now()`.
 * With `signal`, the wait ends (its timer cleared) when it is aborted: false; true when it was waited out.
 */
export async function waitAtLeast(ms: number, signal?: AbortSignal): Promise<boolean> {
  const until = performance.now() + ms;
  for (let left = ms; left > 0; left = until - performance.now()) {
    if (signal?.aborted) return false;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.ceil(left));
      signal?.addEventListener('abort', done, { once: true });
    });
  }
  return !signal?.aborted;
}
