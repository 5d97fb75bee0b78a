/** The codec of each service's protocol. */
import type { ServiceName } from '../models/operation.js';
import { json11Codec } from './json11.js';
import { queryCodec } from './query.js';
import type { Codec } from './types.js';
import { v2Codec } from './v2.js';

export const CODECS: Record<ServiceName, Codec> = {
  autoscaling: queryCodec,
  ecr: json11Codec,
  v2: v2Codec,
};

export type { Codec, WireRequest, WireResponse } from './types.js';
export { WireFormatError } from './types.js';
