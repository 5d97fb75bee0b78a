import { createLaunchConfiguration, deleteLaunchConfiguration, describeLaunchConfigurations } from './autoscaling.js';
import { createRepository, deleteRepository, describeRepositories } from './ecr.js';
import type { Operation } from './operation.js';
import { createAccount, createAccountToken, createMeterEventAdjustment, getAccount, getAccountToken, getMeterEventAdjustment } from './v2.js';

/**
 * Every operation, by its name. The embedded service's handler table is typed `Record<OperationName,
 * Handler>`, so an operation added here without a handler (or a handler without its operation) fails
 * `tsc`; test/unit/registry.test.ts checks that each key is its model's own name.
 */
export const MODELS = {
  CreateRepository: createRepository,
  DescribeRepositories: describeRepositories,
  DeleteRepository: deleteRepository,
  CreateLaunchConfiguration: createLaunchConfiguration,
  DescribeLaunchConfigurations: describeLaunchConfigurations,
  DeleteLaunchConfiguration: deleteLaunchConfiguration,
  CreateAccountToken: createAccountToken,
  RetrieveAccountToken: getAccountToken,
  CreateAccount: createAccount,
  RetrieveAccount: getAccount,
  CreateMeterEventAdjustment: createMeterEventAdjustment,
  RetrieveMeterEventAdjustment: getMeterEventAdjustment,
} satisfies Record<string, Operation>;

export type OperationName = keyof typeof MODELS;

export const OPERATIONS: readonly Operation[] = Object.values(MODELS);

const byName = new Map(OPERATIONS.map((op) => [op.name, op]));

export function operation(name: string): Operation {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}
