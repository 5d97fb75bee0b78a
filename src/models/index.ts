import { createLaunchConfiguration, deleteLaunchConfiguration, describeLaunchConfigurations } from './autoscaling.js';
import { createRepository, deleteRepository, describeRepositories } from './ecr.js';
import type { Operation } from './operation.js';
import { createAccount, createAccountToken, createMeterEventAdjustment, getAccount, getAccountToken, getMeterEventAdjustment } from './v2.js';

export const OPERATIONS: readonly Operation[] = [
  createRepository,
  describeRepositories,
  deleteRepository,
  createLaunchConfiguration,
  describeLaunchConfigurations,
  deleteLaunchConfiguration,
  createAccountToken,
  getAccountToken,
  createAccount,
  getAccount,
  createMeterEventAdjustment,
  getMeterEventAdjustment,
];

const byName = new Map(OPERATIONS.map((op) => [op.name, op]));

export function operation(name: string): Operation {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}
