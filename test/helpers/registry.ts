/**
 * Expected command and operation lists built from the registry (issue 30, item 2), so that adding an
 * operation changes what the tests expect without a test edit: the words an operation's `paths` put at the
 * top level or under a group, sorted as help and completion list commands (by `localeCompare`), and a
 * service's operations in registry order. Likewise the counts per resource kind and per table, so that
 * adding a resource kind needs no test edit either.
 */
import { COMMANDS } from '../../src/cli/run.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { RESET_KINDS, RESOURCES } from '../../src/models/resource-kinds.js';

const sorted = (words: Iterable<string>) => [...new Set(words)].sort((a, b) => a.localeCompare(b));

/** The commands after `svcctl GROUP`: the last word of each operation path under that group, and svcctl's own there. */
export function groupCommands(group: string): string[] {
  return sorted([
    ...OPERATIONS.flatMap((op) => op.paths)
      .filter((path) => path.length === 2 && path[0] === group)
      .map((path) => path[1]!),
    ...COMMANDS.filter((c) => c.group === group && !c.hidden).map((c) => c.name),
  ]);
}

/** The commands after `svcctl`: one-word operation paths, groups and svcctl's own visible commands. */
export function topCommands(): string[] {
  const own = COMMANDS.filter((c) => !c.hidden && c.group === undefined).map((c) => c.name);
  return sorted([...OPERATIONS.flatMap((op) => op.paths).map((path) => path[0]!), ...own]);
}

/** The API names of a service's operations, in registry order (the order of its model file's table). */
export function serviceOperations(service: string): string[] {
  return OPERATIONS.filter((op) => op.service === service).map((op) => op.name);
}

/**
 * A reset's counts (`service reset`, serve's, the library's `reset()`): each reset kind in registry order,
 * the count given or 0.
 */
export function resetCounts(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(RESET_KINDS.map((kind) => [kind, counts[kind] ?? 0]));
}

/**
 * A store snapshot's counts (`store export`, `store import`): each resource kind's table in registry order,
 * then the idempotency keys and the settings, the count given or 0.
 */
export function snapshotCounts(counts: Record<string, number>): Record<string, number> {
  const tables = [...RESOURCES.map((r) => r.table), 'idempotency_keys', 'settings'];
  return Object.fromEntries(tables.map((table) => [table, counts[table] ?? 0]));
}
