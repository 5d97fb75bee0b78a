/**
 * The command lines of the two creates that suites make only to have something in the store, written out
 * once: a launch configuration with the three members it needs (the AWS CLI spells it the same after
 * `autoscaling`), and a meter event adjustment that cancels one event. A test adds its own flags after them.
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

/** `meter-event-adjustment create` cancelling the event `identifier` of `eventName`. */
export function cancelAdjustment(eventName: string, identifier: string): string[] {
  return [
    'meter-event-adjustment',
    'create',
    '--event-name',
    eventName,
    '--type',
    'cancel',
    '--cancel',
    `identifier=${identifier}`,
  ];
}
