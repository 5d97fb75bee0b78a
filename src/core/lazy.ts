/**
 * Work put off until an object is first needed. The program has a command for every operation, but a run
 * selects one: building every operation's options (models → flags → commander options) cost about 3 ms of
 * each start. An operation's options are built when its command is named on the command line, or when
 * completion or help look at it.
 */
const pending = new WeakMap<object, () => void>();

export function defer(target: object, work: () => void): void {
  pending.set(target, work);
}

/** Does the work put off for `target`, once; returns it. */
export function ready<T extends object>(target: T): T {
  const work = pending.get(target);
  if (work !== undefined) {
    pending.delete(target);
    work();
  }
  return target;
}
