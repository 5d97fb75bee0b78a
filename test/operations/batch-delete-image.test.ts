import { createRepository as create } from '../helpers/operation-cases.js';
import { missingArgs, serviceError } from '../helpers/cli-results.js';
import { OCI_INDEX, OCI_MANIFEST } from '../helpers/image-registry.js';
import { type SeedImage, seedDigest, seedManifest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const TAGGED: SeedImage = { repository: 'team/app', tags: ['v1', 'latest'], layers: [1] };
const ONE_TAG: SeedImage = { repository: 'team/app', tags: ['solo'], layers: [2] };
const UNTAGGED: SeedImage = { repository: 'team/app', layers: [4] };
const OCI: SeedImage = { repository: 'team/app', tags: ['oci'], layers: [3], mediaType: OCI_MANIFEST };
const INDEX: SeedImage = {
  repository: 'team/app',
  tags: ['multi'],
  mediaType: OCI_INDEX,
  manifests: [{ mediaType: OCI_MANIFEST, bytes: seedManifest(OCI) }],
};
const T = seedDigest(TAGGED);
const S = seedDigest(ONE_TAG);
const U = seedDigest(UNTAGGED);
const O = seedDigest(OCI);
const I = seedDigest(INDEX);
const NONE = `sha256:${'a'.repeat(64)}`;
const SETUP = [create('team/app'), { images: [TAGGED, ONE_TAG, UNTAGGED] }];
const del = (...rest: string[]) => ['batch-delete-image', '--repository-name', 'team/app', ...rest];
/** What is left: each image's digest and tags, as text rows in digest order. */
const LEFT = [
  'describe-images',
  '--repository-name',
  'team/app',
  '--query',
  'imageDetails[].[imageDigest, join(`,`, imageTags || `[]`)]',
  '--output',
  'text',
];
const rows = (entries: Array<[string, string]>) =>
  entries
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([d, tags]) => `${d}\t${tags}\n`)
    .join('');

operationTable({
  operation: 'BatchDeleteImage',
  cases: [
    {
      name: 'json: a tag taken off an image that has another',
      setup: SETUP,
      argv: ['ecr', ...del('--image-ids', 'imageTag=latest')],
      code: 0,
      stdout: `{
    "imageIds": [
        {
            "imageDigest": "${T}",
            "imageTag": "latest"
        }
    ],
    "failures": []
}
`,
      stderr: '',
    },
    {
      name: 'the image keeps its other tags',
      setup: [...SETUP, del('--image-ids', 'imageTag=latest')],
      argv: LEFT,
      code: 0,
      stdout: rows([
        [T, 'v1'],
        [S, 'solo'],
        [U, ''],
      ]),
      stderr: '',
    },
    {
      name: 'its last tag: the image is deleted',
      setup: [...SETUP, del('--image-ids', 'imageTag=solo')],
      argv: LEFT,
      code: 0,
      stdout: rows([
        [T, 'latest,v1'],
        [U, ''],
      ]),
      stderr: '',
    },
    {
      name: 'by digest: the image and every tag, one id per tag',
      setup: SETUP,
      argv: del('--image-ids', `imageDigest=${T}`, '--query', 'imageIds[].[imageDigest, imageTag]', '--output', 'text'),
      code: 0,
      stdout: `${T}\tlatest\n${T}\tv1\n`,
      stderr: '',
    },
    {
      name: 'by digest, an untagged image: its digest alone',
      setup: SETUP,
      argv: del('--image-ids', `imageDigest=${U}`, '--query', 'imageIds'),
      code: 0,
      stdout: `[
    {
        "imageDigest": "${U}"
    }
]
`,
      stderr: '',
    },
    {
      name: 'tag and digest that match: the tag is taken off',
      setup: [...SETUP, del('--image-ids', `imageDigest=${T},imageTag=v1`)],
      argv: LEFT,
      code: 0,
      stdout: rows([
        [T, 'latest'],
        [S, 'solo'],
        [U, ''],
      ]),
      stderr: '',
    },
    {
      name: 'each id answered: deleted ids and failures side by side, nothing else touched',
      setup: SETUP,
      argv: del(
        '--image-ids',
        JSON.stringify([
          { imageTag: 'v1' },
          { imageTag: 'v9' },
          { imageDigest: NONE },
          { imageDigest: S, imageTag: 'latest' },
          { imageDigest: 'not-a-digest' },
          { imageDigest: S, imageTag: 'a:b' },
          {},
        ]),
      ),
      code: 0,
      stdout: `{
    "imageIds": [
        {
            "imageDigest": "${T}",
            "imageTag": "v1"
        }
    ],
    "failures": [
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
                "imageDigest": "${S}",
                "imageTag": "latest"
            },
            "failureCode": "ImageTagDoesNotMatchDigest",
            "failureReason": "Invalid request parameters: given tag does not map to the given digest"
        },
        {
            "imageId": {
                "imageDigest": "not-a-digest"
            },
            "failureCode": "InvalidImageDigest",
            "failureReason": "Invalid request parameters: image digest should satisfy the regex '[a-zA-Z0-9-_+.]+:[a-fA-F0-9]+'"
        },
        {
            "imageId": {
                "imageDigest": "${S}",
                "imageTag": "a:b"
            },
            "failureCode": "InvalidImageTag",
            "failureReason": "Invalid request parameters: image tag should satisfy the regex '[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,299}'"
        },
        {
            "imageId": {},
            "failureCode": "MissingDigestAndTag",
            "failureReason": "Invalid request parameters: both tag and digest cannot be null"
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'an image a manifest list names: ImageReferencedByManifestList, and it stays',
      setup: [create('team/app'), { images: [OCI, INDEX] }],
      argv: del(
        '--image-ids',
        `imageDigest=${O}`,
        'imageTag=oci',
        '--query',
        'failures[].[failureCode, failureReason]',
      ),
      code: 0,
      stdout: `[
    [
        "ImageReferencedByManifestList",
        "Requested image referenced by manifest list: [${I}]"
    ],
    [
        "ImageReferencedByManifestList",
        "Requested image referenced by manifest list: [${I}]"
    ]
]
`,
      stderr: '',
    },
    {
      name: 'the manifest list first, then the image it named',
      setup: [create('team/app'), { images: [OCI, INDEX] }],
      argv: del(
        '--image-ids',
        'imageTag=multi',
        `imageDigest=${O}`,
        '--query',
        '[length(imageIds), length(failures)]',
        '--output',
        'text',
      ),
      code: 0,
      stdout: '2\t0\n',
      stderr: '',
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: ['batch-delete-image', '--repository-name', 'nope/x', '--image-ids', 'imageTag=v1'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'BatchDeleteImage',
        "The repository with name 'nope/x' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'more than 100 image ids: InvalidParameterException, 254',
      setup: SETUP,
      argv: del('--image-ids', ...Array.from({ length: 101 }, (_, i) => `imageTag=t${i}`)),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'BatchDeleteImage',
        "Invalid parameter at 'imageIds' failed to satisfy constraint: 'Member must have length less than or equal to 100'",
      ),
    },
    {
      name: 'no image ids: 252',
      setup: SETUP,
      argv: del(),
      code: 252,
      stdout: '',
      stderr: missingArgs('--image-ids'),
    },
  ],
});
