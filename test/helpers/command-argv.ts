/**
 * argv of the AWS commands the tests run most, so that a test names only what it varies: a launch
 * configuration's name and flags, a query over the stored launch configurations, the count of repositories,
 * the flags of another registry and region.
 */

/** `create-launch-configuration` of `name` on ami-1 and t3.micro (the name first), then `more`. */
export const createLaunchConfiguration = (name: string, ...more: string[]): string[] => [
  'create-launch-configuration',
  '--launch-configuration-name',
  name,
  '--image-id',
  'ami-1',
  '--instance-type',
  't3.micro',
  ...more,
];

/** `describe-launch-configurations --query QUERY --output OUTPUT`. */
export const queryLaunchConfigurations = (query: string, output = 'json'): string[] => [
  'describe-launch-configurations',
  '--query',
  query,
  '--output',
  output,
];

/** How many repositories the store holds: `0\n` when a refused command stored nothing. */
export const COUNT_REPOSITORIES = ['describe-repositories', '--query', 'length(repositories)'];

/** The registry and region other than the defaults that tests create repositories in. */
export const OTHER_REGISTRY = ['--registry-id', '123456789012', '--region', 'eu-west-1'];
