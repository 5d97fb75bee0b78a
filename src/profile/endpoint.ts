/**
 * The endpoint of a service, resolved here once for the commands and for `configure list`, as the AWS CLI
 * 2.36 resolves it for ecr and autoscaling (test/goldens/aws-cli-2.36.7/endpoints.json):
 *
 *   --endpoint-url; then, unless ignore_configured_endpoint_urls is true (AWS_IGNORE_CONFIGURED_ENDPOINT_URLS,
 *   else the profile's key): SVCCTL_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>, AWS_ENDPOINT_URL, svcctl's
 *   profile (its [services NAME] section's entry for the service, then its endpoint_url), then the same
 *   profile of the AWS CLI's config file (AWS_CONFIG_FILE, default ~/.aws/config) the same way.
 *
 * The Stripe service takes no AWS variable and no AWS file: --endpoint-url, SVCCTL_ENDPOINT_URL, svcctl's
 * profile (its services section's `stripe`, then endpoint_url). svcctl's own admin commands (`service …`)
 * take --endpoint-url, SVCCTL_ENDPOINT_URL and the profile's endpoint_url. An empty value is none. No
 * endpoint: the embedded service answers. The URL is not checked here: cli/call.ts does, naming the origin.
 */
import { ConfigError, InputError } from '../core/errors.js';
import { SERVICES, type ServiceName } from '../models/services.js';
import { awsConfigPath, awsConfigSection, readAwsFile } from './aws-files.js';
import { configKeyOf } from '../models/config-keys.js';
import { converted, lookup, type Found, type Sources } from './resolve.js';
import { echoBare, echoText } from '../core/input-rules.js';

/** The selected profile as profile.ts opens it: its values, and a service's entry in its services section. */
export interface EndpointProfile {
  choice: { name: string };
  value(key: string): string | undefined;
  origin(key: string): string | undefined;
  where(key: string): string | undefined;
  serviceValue(servicesKey: string, key: string): { value: string; where: string } | undefined;
}

export interface EndpointSources extends Omit<Sources, 'profile'> {
  profile: EndpointProfile;
  home: string;
}

/** The endpoint's Found, or the reason there is none (configure list's `None` row). */
export type EndpointChoice = Found | undefined;

const set = (value: string | undefined): value is string => value !== undefined && value !== '';

function fromEnv(name: string, env: Sources['env']): Found | undefined {
  const value = env[name];
  return set(value) ? { value, type: 'env', location: name, origin: `the environment variable ${name}` } : undefined;
}

/** svcctl's profile: its services section's entry for the service, then its endpoint_url. */
function fromOwnProfile(servicesKey: string | undefined, src: EndpointSources): Found | undefined {
  const nested = servicesKey === undefined ? undefined : src.profile.serviceValue(servicesKey, 'endpoint_url');
  if (nested && set(nested.value)) {
    return {
      value: nested.value,
      type: 'config-file',
      location: nested.where,
      origin: `endpoint_url of ${nested.where}`,
    };
  }
  const own = src.profile.value('endpoint_url');
  if (!set(own)) return undefined;
  return {
    value: own,
    type: 'config-file',
    location: src.profile.origin('endpoint_url')!,
    origin: `endpoint_url in ${src.profile.where('endpoint_url') ?? 'the config file'}`,
  };
}

/** The AWS CLI's config file, read only when nothing before it sets the endpoint. */
function awsFile(src: EndpointSources) {
  const path = awsConfigPath({ env: src.env, home: src.home });
  const file = readAwsFile(path);
  const section = awsConfigSection(file.ini, src.profile.choice.name);
  return { path, section, services: file.services };
}

/** A profile's `services` naming no section, or an empty one: botocore's InvalidConfigError, in its words. */
class MissingServicesSection extends ConfigError {}

function fromAwsProfile(servicesKey: string, aws: ReturnType<typeof awsFile>): Found | undefined {
  const name = aws.section?.services;
  const section = name === undefined ? undefined : aws.services.get(name);
  if (name !== undefined && (section === undefined || section.size === 0))
    throw new MissingServicesSection(
      `The profile is configured to use the services section but the "${name}" services configuration does not exist.`,
    );
  const nested = section?.get(servicesKey)?.get('endpoint_url');
  if (set(nested)) {
    const where = `[services ${name}] ${servicesKey} in ${aws.path}`;
    return { value: nested, type: 'config-file', location: where, origin: `endpoint_url of ${where}` };
  }
  const own = aws.section?.endpoint_url;
  if (!set(own)) return undefined;
  return { value: own, type: 'config-file', location: aws.path, origin: `endpoint_url in ${aws.path}` };
}

/**
 * Whether the configured endpoints are switched off for the AWS services: the variable, else svcctl's
 * profile, else the AWS CLI's profile; `true` in any case is true (botocore's ensure_boolean).
 */
function ignoring(src: EndpointSources, aws: () => ReturnType<typeof awsFile>): boolean {
  const key = configKeyOf('ignore_configured_endpoint_urls')!;
  const found = lookup(key, { ...src, profile: src.profile });
  if (found) return converted<boolean>(key.key, found);
  const fromAws = aws().section?.ignore_configured_endpoint_urls;
  return fromAws !== undefined && fromAws.trim().toLowerCase() === 'true';
}

/**
 * The endpoint of a service's commands (undefined: svcctl's own admin commands), or undefined when
 * nothing configures one.
 */
export function resolveEndpoint(service: ServiceName | undefined, src: EndpointSources): EndpointChoice {
  const flag = src.raw.endpointUrl;
  if (typeof flag === 'string' && flag !== '') {
    return { value: flag, type: 'manual', location: '--endpoint-url', origin: '--endpoint-url' };
  }
  const model = service === undefined ? undefined : SERVICES[service].endpoint;
  const variable = model && 'variable' in model ? model.variable : undefined;
  let aws: ReturnType<typeof awsFile> | undefined;
  const awsOnce = () => (aws ??= awsFile(src));
  let found: Found | undefined;
  try {
    found = configured(model, variable, src, awsOnce);
  } catch (err) {
    // The AWS CLI reads the services section only when configured endpoints are not ignored.
    if (err instanceof MissingServicesSection && ignoring(src, awsOnce)) return undefined;
    throw err;
  }
  // The switch is read only when something is configured (it may read the AWS CLI's file).
  return found !== undefined && variable !== undefined && ignoring(src, awsOnce) ? undefined : found;
}

function configured(
  model: { servicesKey: string } | undefined,
  variable: string | undefined,
  src: EndpointSources,
  aws: () => ReturnType<typeof awsFile>,
): Found | undefined {
  const found =
    fromEnv('SVCCTL_ENDPOINT_URL', src.env) ??
    (variable === undefined ? undefined : (fromEnv(variable, src.env) ?? fromEnv('AWS_ENDPOINT_URL', src.env)));
  if (found) return found;
  return (
    fromOwnProfile(model?.servicesKey, src) ??
    (model === undefined || variable === undefined ? undefined : fromAwsProfile(model.servicesKey, aws()))
  );
}

/**
 * The endpoint as a URL, checked as the AWS CLI checks it: the flag's bad value in its words (252); a bad
 * configured one in its words (`Invalid endpoint: …`) naming where it came from (253: a setting).
 */
export function endpointUrl(found: Found): URL {
  let url: URL | undefined;
  try {
    url = new URL(found.value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return url;
  if (found.type === 'manual') {
    throw new InputError(
      `Bad value for --endpoint-url ${echoText(found.value, '"')}: scheme is missing.  Must be of the form http://<hostname>/ or https://<hostname>/`,
    );
  }
  throw new ConfigError(
    `Invalid endpoint: ${echoBare(found.value)} (from ${found.origin}): it must be of the form http://<hostname>/ or https://<hostname>/`,
  );
}
