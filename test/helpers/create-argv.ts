/**
 * The command lines of the two creates that suites make only to have something in the store, written out
 * once: a launch configuration with the three members it needs (the AWS CLI spells it the same after
 * `autoscaling`). A test adds its own flags after it. (The meter event adjustment's: test/helpers/stripe-v2.ts.)
 */

/** `create-launch-configuration` with a name, an image and an instance type (ami-1 and t3.micro unless told). */
export function createLaunchConfiguration(name: string, { image = 'ami-1', type = 't3.micro' } = {}): string[] {
  return [
    'create-launch-configuration',
    '--launch-configuration-name',
    name,
    '--image-id',
    image,
    '--instance-type',
    type,
  ];
}
