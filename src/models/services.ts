/**
 * Each service as data: the protocol it speaks and what that protocol needs to address it (API version,
 * XML namespace, JSON target prefix), the SigV4 signing name, and the command groups its operations live
 * under. The codecs (src/wire/), SigV4 (backends/http, server/verify.ts) and the command tree read it here,
 * so a new service on an existing protocol is a record here, its operation models and their handlers.
 */
interface ServiceBase {
  /** The command groups of the service's operations, with the description `svcctl help` shows for each. */
  groups: Readonly<Record<string, string>>;
  /**
   * How its endpoint is configured (profile/endpoint.ts): its key in a config file's `[services NAME]`
   * section and, for an AWS service, its AWS_ENDPOINT_URL_<ID> variable (the AWS CLI's service id).
   */
  endpoint: { servicesKey: string; variable?: string };
}

/** The AWS Query protocol: `Action=…&Version=<apiVersion>`, XML answers in `xmlNamespace`. */
export interface QueryService extends ServiceBase {
  protocol: 'query';
  apiVersion: string;
  xmlNamespace: string;
  /** The service name in a SigV4 credential scope. */
  signingName: string;
}

/** AWS JSON 1.1: `X-Amz-Target: <targetPrefix>.<Operation>`. */
export interface Json11Service extends ServiceBase {
  protocol: 'json11';
  apiVersion: string;
  targetPrefix: string;
  /** The service name in a SigV4 credential scope. */
  signingName: string;
}

/** The v2 REST JSON API: each operation's method and path are in its model, with the API keys it takes. */
export interface V2Service extends ServiceBase {
  protocol: 'v2';
}

export type ServiceModel = QueryService | Json11Service | V2Service;
export type AwsService = QueryService | Json11Service;
export type Protocol = ServiceModel['protocol'];

export const SERVICES = {
  ecr: {
    protocol: 'json11',
    apiVersion: '2015-09-21',
    targetPrefix: 'AmazonEC2ContainerRegistry_V20150921',
    signingName: 'ecr',
    endpoint: { servicesKey: 'ecr', variable: 'AWS_ENDPOINT_URL_ECR' },
    groups: { ecr: "Image repositories (the AWS CLI's ecr commands)." },
  },
  autoscaling: {
    protocol: 'query',
    apiVersion: '2011-01-01',
    xmlNamespace: 'http://autoscaling.amazonaws.com/doc/2011-01-01/',
    signingName: 'autoscaling',
    endpoint: { servicesKey: 'auto_scaling', variable: 'AWS_ENDPOINT_URL_AUTO_SCALING' },
    groups: { autoscaling: "Launch configurations (the AWS CLI's autoscaling commands)." },
  },
  stripe: {
    protocol: 'v2',
    endpoint: { servicesKey: 'stripe' },
    groups: {
      'account-token': 'Single-use account tokens (v2 API).',
      meter: 'Billing meters: what they count of the meter events, and their summaries per customer (v1 API).',
      'meter-event': 'Billing meter events: usage sent to the meters (v2 API).',
      'meter-event-adjustment': 'Meter event adjustments that cancel billing meter events (v2 API).',
      'meter-event-session': 'Sessions whose token authenticates the meter event stream (v2 API).',
      'meter-event-stream': 'The meter event stream: many meter events a request, with a session token (v2 API).',
      account: 'Accounts created from single-use account tokens (v2 API).',
      event: "v2 events: the meters' error reports (v2 API).",
    },
  },
} as const satisfies Record<string, ServiceModel>;

export type ServiceName = keyof typeof SERVICES;

/** The services that speak a protocol (`'v2'` → `'stripe'`; `'query'` → `'autoscaling'`). */
export type ServiceSpeaking<P extends Protocol> = {
  [K in ServiceName]: (typeof SERVICES)[K]['protocol'] extends P ? K : never;
}[ServiceName];

export function serviceModel(name: ServiceName): ServiceModel {
  return SERVICES[name];
}

/** The services that speak `protocol`, in the order of SERVICES. */
export function servicesSpeaking<P extends Protocol>(protocol: P): Array<Extract<ServiceModel, { protocol: P }>> {
  return Object.values(SERVICES as Record<string, ServiceModel>).filter(
    (s): s is Extract<ServiceModel, { protocol: P }> => s.protocol === protocol,
  );
}

/** The description of a command group, from the service whose operations live under it. */
export function groupDescription(group: string): string | undefined {
  for (const s of Object.values(SERVICES as Record<string, ServiceModel>)) {
    if (Object.hasOwn(s.groups, group)) return s.groups[group];
  }
  return undefined;
}
