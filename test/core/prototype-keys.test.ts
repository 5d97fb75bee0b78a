/**
 * Names every JavaScript object has (toString, constructor, __proto__, hasOwnProperty, valueOf) are no
 * members: given as input they are unknown parameters, at the top and inside structures, through
 * --cli-input-json, JSON and shorthand values, and through serve (issue 19, item 2).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, validationError } from '../helpers/cli-results.js';
import { COUNT_REPOSITORIES } from '../helpers/command-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const REPO_MEMBERS =
  'registryId, repositoryName, tags, imageTagMutability, imageTagMutabilityExclusionFilters, imageScanningConfiguration, encryptionConfiguration';
const unknown = (where: string, name: string, members: string) =>
  failed(252, validationError(`Unknown parameter in ${where}: "${name}", must be one of: ${members}`));
/** p/q with `--image-scanning-configuration VALUE`. */
const scanning = (value: string) =>
  sb.run(['create-repository', '--repository-name', 'p/q', '--image-scanning-configuration', value]);

describe('prototype names are unknown parameters', () => {
  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`--cli-input-json with "${name}"`, async () => {
      expect(
        await sb.run(['create-repository', '--cli-input-json', `{"repositoryName":"proto/x","${name}":"a"}`]),
      ).toEqual(unknown('input', name, REPO_MEMBERS));
    });
  }

  it('inside a structure, as JSON', async () => {
    expect(await sb.run(['account-token', 'create', '--identity', '{"valueOf":1}'])).toEqual(
      unknown('identity', 'valueOf', 'attestations, business_details, entity_type, individual'),
    );
    expect(await scanning('{"toString": true}')).toEqual(
      unknown('imageScanningConfiguration', 'toString', 'scanOnPush'),
    );
  });

  it('inside a structure, as shorthand', async () => {
    expect(await scanning('constructor=true')).toEqual(
      unknown('imageScanningConfiguration', 'constructor', 'scanOnPush'),
    );
  });

  it('nothing was stored', async () => {
    await sb.run(['create-repository', '--cli-input-json', '{"repositoryName":"proto/x","__proto__":{"x":1}}']);
    expect(await sb.run(COUNT_REPOSITORIES)).toEqual(ok('0\n'));
  });
});
