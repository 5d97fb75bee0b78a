import { createRepository as create } from '../helpers/operation-cases.js';
import { missingArgs, serviceError } from '../helpers/cli-results.js';
import { DOCKER_MANIFEST, OCI_MANIFEST } from '../helpers/image-registry.js';
import { type SeedImage, seedDigest, seedManifest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const TAGGED: SeedImage = { repository: 'team/app', tags: ['v1', 'latest'], layers: [1] };
const UNTAGGED: SeedImage = { repository: 'team/app', layers: [2] };
const OCI: SeedImage = { repository: 'team/app', tags: ['oci'], layers: [3], mediaType: OCI_MANIFEST };
const T = seedDigest(TAGGED);
const U = seedDigest(UNTAGGED);
const NONE = `sha256:${'a'.repeat(64)}`;
const SETUP = [create('team/app'), { images: [TAGGED, UNTAGGED, OCI] }];
const get = (...rest: string[]) => ['batch-get-image', '--repository-name', 'team/app', ...rest];
const ids = ['--query', '[images[].imageId, failures]'];
/** The manifest as the AWS CLI prints a JSON string: its quotes escaped. */
const quoted = (b: Buffer) => JSON.stringify(b.toString('utf8'));

operationTable({
  operation: 'BatchGetImage',
  cases: [
    {
      name: 'json: the image a tag names, its manifest as pushed',
      setup: SETUP,
      argv: ['ecr', ...get('--image-ids', 'imageTag=v1')],
      code: 0,
      stdout: `{
    "images": [
        {
            "registryId": "000000000000",
            "repositoryName": "team/app",
            "imageId": {
                "imageDigest": "${T}",
                "imageTag": "v1"
            },
            "imageManifest": ${quoted(seedManifest(TAGGED))},
            "imageManifestMediaType": "${DOCKER_MANIFEST}"
        }
    ],
    "failures": []
}
`,
      stderr: '',
    },
    {
      name: 'text: the manifest, byte for byte',
      setup: SETUP,
      argv: get('--image-ids', `imageDigest=${U}`, '--query', 'images[0].imageManifest', '--output', 'text'),
      code: 0,
      stdout: `${seedManifest(UNTAGGED).toString('utf8')}\n`,
      stderr: '',
    },
    {
      name: 'by digest: the id as asked, with no tag',
      setup: SETUP,
      argv: get('--image-ids', `imageDigest=${T}`, '--query', 'images[].imageId'),
      code: 0,
      stdout: `[
    {
        "imageDigest": "${T}"
    }
]
`,
      stderr: '',
    },
    {
      name: 'each id answered: found images and failures side by side',
      setup: SETUP,
      argv: get(
        '--image-ids',
        JSON.stringify([
          { imageTag: 'latest' },
          { imageTag: 'v9' },
          { imageDigest: NONE },
          { imageDigest: U, imageTag: 'v1' },
          { imageDigest: T, imageTag: 'nope' },
          { imageDigest: 'not-a-digest' },
          {},
        ]),
        ...ids,
      ),
      code: 0,
      stdout: `[
    [
        {
            "imageDigest": "${T}",
            "imageTag": "latest"
        }
    ],
    [
        {
            "imageId": {
                "imageTag": "v9"
            },
            "failureCode": "ImageNotFound",
            "failureReason": "Requested image not found"
        },
        {
            "imageId": {
                "imageDigest": "${NONE}"
            },
            "failureCode": "ImageNotFound",
            "failureReason": "Requested image not found"
        },
        {
            "imageId": {
                "imageDigest": "${U}",
                "imageTag": "v1"
            },
            "failureCode": "ImageTagDoesNotMatchDigest",
            "failureReason": "Invalid request parameters: given tag does not map to the given digest"
        },
        {
            "imageId": {
                "imageDigest": "${T}",
                "imageTag": "nope"
            },
            "failureCode": "ImageNotFound",
            "failureReason": "Requested image not found"
        },
        {
            "imageId": {
                "imageDigest": "not-a-digest"
            },
            "failureCode": "InvalidImageDigest",
            "failureReason": "Invalid request parameters: image digest should satisfy the regex '[a-zA-Z0-9-_+.]+:[a-fA-F0-9]+'"
        },
        {
            "imageId": {},
            "failureCode": "MissingDigestAndTag",
            "failureReason": "Invalid request parameters: both tag and digest cannot be null"
        }
    ]
]
`,
      stderr: '',
    },
    {
      name: 'the same id twice: answered once',
      setup: SETUP,
      argv: get('--image-ids', 'imageTag=v1', 'imageTag=v1', '--query', 'length(images)'),
      code: 0,
      stdout: '1\n',
      stderr: '',
    },
    {
      name: 'acceptedMediaTypes: an image of an accepted type is answered',
      setup: SETUP,
      argv: get(
        '--image-ids',
        'imageTag=oci',
        '--accepted-media-types',
        OCI_MANIFEST,
        DOCKER_MANIFEST,
        '--query',
        'images[].imageManifestMediaType',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${OCI_MANIFEST}\n`,
      stderr: '',
    },
    {
      name: 'acceptedMediaTypes: an image of another type is a failure (docs/compat.md)',
      setup: SETUP,
      argv: get('--image-ids', 'imageTag=oci', '--accepted-media-types', DOCKER_MANIFEST, ...ids),
      code: 0,
      stdout: `[
    [],
    [
        {
            "imageId": {
                "imageTag": "oci"
            },
            "failureCode": "ImageNotFound",
            "failureReason": "The image's manifest is ${OCI_MANIFEST}, which is not one of the acceptedMediaTypes"
        }
    ]
]
`,
      stderr: '',
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: ['batch-get-image', '--repository-name', 'nope/x', '--image-ids', 'imageTag=v1'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'BatchGetImage',
        "The repository with name 'nope/x' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'more than 100 image ids: InvalidParameterException, 254',
      setup: SETUP,
      argv: get('--image-ids', ...Array.from({ length: 101 }, (_, i) => `imageTag=t${i}`)),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'BatchGetImage',
        "Invalid parameter at 'imageIds' failed to satisfy constraint: 'Member must have length less than or equal to 100'",
      ),
    },
    {
      name: 'no image ids: 252',
      setup: SETUP,
      argv: get(),
      code: 252,
      stdout: '',
      stderr: missingArgs('--image-ids'),
    },
  ],
});
