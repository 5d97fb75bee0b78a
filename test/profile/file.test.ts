import { linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeOverStaleLock } from '../../src/profile/file.js';

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-lock-'));
  lock = join(dir, 'config.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// /proc/sys/kernel/pid_max is at most 4194304: no process has that pid, so the holder is dead.
const DEAD = '4194304';

/** A live holder's lock, made as withLock makes it: written beside it, then linked to its name. */
function holdLock(pid: number): void {
  writeFileSync(`${lock}.${pid}`, String(pid));
  linkSync(`${lock}.${pid}`, lock);
  rmSync(`${lock}.${pid}`);
}

describe("taking over a dead holder's config.lock (issue 44, hostile round 9)", () => {
  it('the first waiter to find the dead holder removes its lock, and leaves nothing else', () => {
    writeFileSync(lock, DEAD);
    takeOverStaleLock(lock, DEAD);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a second waiter that found the same dead holder leaves the first one's live lock alone", () => {
    // The interleaving that lost a profile: waiters A and B both read the dead holder's pid; A takes the lock
    // over and then holds its own; B, late, took the lock it saw as dead and removed A's live one instead.
    writeFileSync(lock, DEAD);
    takeOverStaleLock(lock, DEAD); // A
    holdLock(process.pid); // A now holds the lock
    takeOverStaleLock(lock, DEAD); // B, with what it read before A's turn
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(['config.lock']);
  });

  it('while another waiter is taking the lock over (its link in place), a waiter leaves both alone', () => {
    writeFileSync(lock, DEAD);
    linkSync(lock, `${lock}.takeover`);
    takeOverStaleLock(lock, DEAD);
    expect(readdirSync(dir).sort()).toEqual(['config.lock', 'config.lock.takeover']);
  });

  it('a waiter that finds the lock already gone does nothing', () => {
    takeOverStaleLock(lock, DEAD);
    expect(readdirSync(dir)).toEqual([]);
  });
});
