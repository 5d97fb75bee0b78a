/** The codec of each protocol, and so of each service (by the protocol its record names). */
import { type Protocol, SERVICES, type ServiceName } from '../models/services.js';
import { json11Codec } from './json11.js';
import { queryCodec } from './query.js';
import type { Codec } from './types.js';
import { v2Codec } from './v2.js';

const BY_PROTOCOL: Record<Protocol, Codec> = { query: queryCodec, json11: json11Codec, v2: v2Codec };

export const CODECS = Object.fromEntries(
  Object.entries(SERVICES).map(([name, service]) => [name, BY_PROTOCOL[service.protocol]]),
) as Record<ServiceName, Codec>;

export type { Codec, WireRequest, WireResponse } from './types.js';
export { WireFormatError } from './types.js';
