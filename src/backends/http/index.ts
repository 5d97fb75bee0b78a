/** The HTTP backend: the same operations over the wire to an endpoint speaking the service's protocols. */
import type { Context } from '../../cli/context.js';
import type { GlobalOptions } from '../../cli/globals.js';
import { ConfigError } from '../../errors.js';
import type { Operation } from '../../models/operation.js';
import type { Backend, CallOptions } from '../backend.js';

export class HttpBackend implements Backend {
  constructor(
    private readonly globals: GlobalOptions,
    private readonly ctx: Context,
  ) {}

  async invoke(op: Operation, _params: Record<string, unknown>, _call: CallOptions): Promise<Record<string, unknown>> {
    void this.ctx;
    throw new ConfigError(`The HTTP backend is not available yet in this build (endpoint ${this.globals.endpointUrl}, operation ${op.name}).`);
  }

  close(): void {}
}
