/** The local backend: the embedded service in-process, over the store in $SVCCTL_HOME. */
import type { Clock, IdGenerator } from '../../core/context.js';
import { json11ErrorFields, ServiceError } from '../../core/errors.js';
import { OPERATIONS, operation, type OperationName } from '../../models/registry.js';
import type { Operation } from '../../models/operation.js';
import { orderByShape } from '../../models/shapes.js';
import type { Backend, CallOptions } from '../backend.js';
import { handlers as accountTokens } from './account-tokens.js';
import { handlers as accounts } from './accounts.js';
import { withIdempotency } from './idempotency.js';
import { handlers as launchConfigurations } from './launch-configurations.js';
import { handlers as meterEventAdjustments } from './meter-event-adjustments.js';
import { handlers as repositories } from './repositories.js';
import type { Handler, ServiceContext } from './service.js';
import { type Database, openStore } from './store.js';
import { callV2 } from './v2-call.js';

/** Every operation's handler: one missing, or one for no operation, fails `tsc` (models/registry.ts). */
const TABLE: Record<OperationName, Handler> = { ...repositories, ...launchConfigurations, ...accountTokens, ...accounts, ...meterEventAdjustments };
const HANDLERS: Record<string, Handler> = withIdempotency(TABLE, OPERATIONS);

export interface ServiceOptions {
  home: string;
  accountId: string;
  clock: Clock;
  ids: IdGenerator;
}

/** The embedded service: shared by the CLI's local backend and by `svcctl serve`. */
export class EmbeddedService {
  private db?: Database;

  constructor(private readonly opts: ServiceOptions) {}

  /** The account of callers the server does not know (no --credentials): SVCCTL_ACCOUNT_ID or 000000000000. */
  get accountId(): string {
    return this.opts.accountId;
  }

  /** The service's clock (pinned in tests): the journal's times follow it. */
  get clock(): Clock {
    return this.opts.clock;
  }

  get store(): Database {
    this.db ??= openStore(this.opts.home);
    return this.db;
  }

  /** One call; v2 operations go through their common checks first (v2-call.ts). */
  async call(opName: string, params: Record<string, unknown>, call: Omit<ServiceContext, 'accountId' | 'clock' | 'ids'> & { accountId?: string }): Promise<Record<string, unknown>> {
    const handler = HANDLERS[opName];
    if (!handler) throw new ServiceError('UnknownOperation', `The embedded service does not implement ${opName}`, 400);
    const sc: ServiceContext = { ...call, accountId: call.accountId ?? this.opts.accountId, clock: this.opts.clock, ids: this.opts.ids };
    const op = operation(opName);
    try {
      const out = op.service === 'v2' ? await callV2(this.store, opName, handler, params, sc) : this.run(op, handler, params, sc);
      return orderByShape(op.output, out) as Record<string, unknown>;
    } catch (err) {
      // As a client of the real service would see it: an ECR (JSON 1.1) error carries its body's `message` too.
      if (err instanceof ServiceError && op.service === 'ecr' && !err.fields) err.fields = json11ErrorFields(err.code, err.message, { message: err.message });
      throw err;
    }
  }

  /** An AWS operation: one transaction when it writes (a describe only reads, and takes no write lock). */
  private run(op: Operation, handler: Handler, params: Record<string, unknown>, sc: ServiceContext): Record<string, unknown> {
    if (op.name.startsWith('Describe')) return handler(this.store, params, sc);
    return this.store.transaction(() => handler(this.store, params, sc))();
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }
}

export class LocalBackend implements Backend {
  constructor(private readonly service: EmbeddedService) {}

  async invoke(op: Operation, params: Record<string, unknown>, call: CallOptions): Promise<Record<string, unknown>> {
    return this.service.call(op.name, params, {
      region: call.region,
      apiKey: call.apiKey,
      serviceVersion: call.serviceVersion,
      idempotencyKey: call.idempotencyKey,
    });
  }

  close(): void {
    this.service.close();
  }
}
