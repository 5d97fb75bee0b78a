/** The error a call that must fail rejects with; a call that succeeds fails the test. */
export async function failure<E = Error & Record<string, unknown>>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (err) {
    return err as E;
  }
  throw new Error('the call succeeded');
}
