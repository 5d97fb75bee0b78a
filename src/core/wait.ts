/**
 * Waits at least `ms` milliseconds by the monotonic clock (`performance.now()`). A Node timer counts from the
 * event loop's cached time, which can be earlier than the moment it is set: on a busy loop `setTimeout(r, 200)`
 * can end 199.6 ms after a `performance.now()` read just before it. A latency fault rule promises its client
 * an answer at least that late, and the journal measures with `performance.now()`.
 */
export async function waitAtLeast(ms: number): Promise<void> {
  const until = performance.now() + ms;
  for (let left = ms; left > 0; left = until - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(left)));
  }
}
