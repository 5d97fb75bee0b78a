/**
 * argv of the AWS commands the tests run most, so that a test names only what it varies: a query over the
 * stored launch configurations, the count of repositories, the flags of another registry and region.
 */

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
