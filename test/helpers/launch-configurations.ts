/**
 * The argv of `create-launch-configuration` with its three required members: the name, an image (ami-1
 * unless given) and the instance type t3.micro; then any other options. Tests that only need launch
 * configurations to exist (to list, page, colour or page through) make them with it.
 */
export function createLaunchConfiguration(name: string, imageId = 'ami-1', ...rest: string[]): string[] {
  return [
    'create-launch-configuration',
    '--launch-configuration-name',
    name,
    '--image-id',
    imageId,
    '--instance-type',
    't3.micro',
    ...rest,
  ];
}
