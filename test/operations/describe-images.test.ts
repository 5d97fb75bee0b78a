import { createRepository as create, lastToken as token } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { CONFIG, DOCKER_MANIFEST, OCI_INDEX, OCI_MANIFEST } from '../helpers/image-registry.js';
import { type SeedImage, seedDigest, seedManifest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const TAGGED: SeedImage = { repository: 'team/app', tags: ['v1', 'latest'], layers: [1] };
const UNTAGGED: SeedImage = { repository: 'team/app', layers: [2] };
const OCI: SeedImage = { repository: 'team/app', tags: ['oci'], layers: [3], mediaType: OCI_MANIFEST };
const INDEX: SeedImage = {
  repository: 'team/app',
  tags: ['multi'],
  mediaType: OCI_INDEX,
  manifests: [{ mediaType: OCI_MANIFEST, bytes: seedManifest(OCI) }],
};
// An index of two images of different sizes (TAGGED: the config and 100 bytes; OCI: the config and 300).
const INDEX_OF_TWO: SeedImage = {
  repository: 'team/app',
  tags: ['pair'],
  mediaType: OCI_INDEX,
  manifests: [
    { mediaType: DOCKER_MANIFEST, bytes: seedManifest(TAGGED) },
    { mediaType: OCI_MANIFEST, bytes: seedManifest(OCI) },
  ],
};
const T = seedDigest(TAGGED);
const U = seedDigest(UNTAGGED);
const REPOS = [create('team/app'), create('team/api')];
const describe = (...rest: string[]) => ['describe-images', '--repository-name', 'team/app', ...rest];
const digestsOf = (...images: SeedImage[]) =>
  images
    .map(seedDigest)
    .sort()
    .map((d) => `    "${d}"`)
    .join(',\n');
const IMAGES = [TAGGED, UNTAGGED, OCI];
const notFound = (id: string) =>
  serviceError(
    'ImageNotFoundException',
    'DescribeImages',
    `The image with imageId ${id} does not exist within the repository with name 'team/app' in the registry with id '000000000000'`,
  );

operationTable({
  operation: 'DescribeImages',
  cases: [
    {
      name: 'json: a repository with no images',
      setup: REPOS,
      argv: describe(),
      code: 0,
      stdout: `{
    "imageDetails": []
}
`,
      stderr: '',
    },
    {
      name: 'json: an image with its tags, size (config and layers), push time and media types',
      setup: [...REPOS, { images: [TAGGED] }],
      argv: ['ecr', ...describe()],
      code: 0,
      stdout: `{
    "imageDetails": [
        {
            "registryId": "000000000000",
            "repositoryName": "team/app",
            "imageDigest": "${T}",
            "imageTags": [
                "latest",
                "v1"
            ],
            "imageSizeInBytes": ${CONFIG.length + 100},
            "imagePushedAt": "2026-11-20T23:21:51.327000+00:00",
            "imageManifestMediaType": "${DOCKER_MANIFEST}",
            "artifactMediaType": "application/vnd.docker.container.image.v1+json"
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'text: an untagged image has no IMAGETAGS row',
      setup: [...REPOS, { images: [UNTAGGED] }],
      argv: describe('--output', 'text'),
      code: 0,
      stdout: `IMAGEDETAILS\tapplication/vnd.docker.container.image.v1+json\t${U}\t${DOCKER_MANIFEST}\t2026-11-20T23:21:51.327000+00:00\t${CONFIG.length + 200}\t000000000000\tteam/app\n`,
      stderr: '',
    },
    {
      name: 'an index: its media type, no artifact media type',
      setup: [...REPOS, { images: [OCI, INDEX] }],
      argv: describe(
        '--image-ids',
        'imageTag=multi',
        '--query',
        'imageDetails[].[imageManifestMediaType, artifactMediaType]',
      ),
      code: 0,
      stdout: `[
    [
        "${OCI_INDEX}",
        null
    ]
]
`,
      stderr: '',
    },
    {
      // Hostile pass 22d: an index (skopeo copy --all, podman manifest push) was described with imageSizeInBytes 0;
      // ECR's is the largest of the images it names (botocore's ImageDetail doc).
      name: 'an index: its size is the largest of the images it names',
      setup: [...REPOS, { images: [TAGGED, OCI, INDEX_OF_TWO] }],
      argv: describe('--image-ids', 'imageTag=pair', '--query', 'imageDetails[].imageSizeInBytes', '--output', 'text'),
      code: 0,
      stdout: `${CONFIG.length + 300}\n`,
      stderr: '',
    },
    {
      name: 'by tag: the image with all of its tags',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--image-ids', 'imageTag=v1', '--query', 'imageDetails[].[imageDigest, imageTags]'),
      code: 0,
      stdout: `[
    [
        "${T}",
        [
            "latest",
            "v1"
        ]
    ]
]
`,
      stderr: '',
    },
    {
      name: 'by digest and by tag of the same image: described once',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe(
        '--image-ids',
        `imageDigest=${T}`,
        'imageTag=latest',
        `imageDigest=${T},imageTag=v1`,
        '--query',
        'imageDetails[].imageDigest',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${T}\n`,
      stderr: '',
    },
    {
      name: 'filter tagStatus=UNTAGGED and TAGGED',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--filter', 'tagStatus=UNTAGGED', '--query', 'imageDetails[].imageDigest', '--output', 'text'),
      code: 0,
      stdout: `${U}\n`,
      stderr: '',
    },
    {
      // Hostile pass 22d: the filter was taken and ignored when images were named (compat row 452).
      name: 'image ids and filter tagStatus=UNTAGGED: a tagged image named is left out, not an error',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe(
        '--image-ids',
        'imageTag=v1',
        `imageDigest=${U}`,
        '--filter',
        'tagStatus=UNTAGGED',
        '--query',
        'imageDetails[].imageDigest',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${U}\n`,
      stderr: '',
    },
    {
      name: 'image ids and filter tagStatus=TAGGED: the untagged image named is left out',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe(
        '--image-ids',
        `imageDigest=${U}`,
        'imageTag=v1',
        '--filter',
        'tagStatus=TAGGED',
        '--query',
        'imageDetails[].imageDigest',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${T}\n`,
      stderr: '',
    },
    {
      name: 'image ids and filter imageStatus=ARCHIVED: none (every image here is active)',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--image-ids', 'imageTag=v1', '--filter', 'imageStatus=ARCHIVED'),
      code: 0,
      stdout: `{
    "imageDetails": []
}
`,
      stderr: '',
    },
    {
      name: 'filter tagStatus=TAGGED: every image with a tag, in digest order',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--filter', 'tagStatus=TAGGED', '--query', 'imageDetails[].imageDigest'),
      code: 0,
      stdout: `[
${digestsOf(TAGGED, OCI)}
]
`,
      stderr: '',
    },
    {
      name: 'paging: --page-size 1 still gives every image, a call a page',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--page-size', '1', '--query', 'imageDetails[].imageDigest'),
      requests: 3,
      code: 0,
      stdout: `[
${digestsOf(...IMAGES)}
]
`,
      stderr: '',
    },
    {
      name: 'paging: --max-results 2, then --next-token: the last image',
      setup: [
        ...REPOS,
        { images: IMAGES },
        [
          'describe-images',
          '--repository-name',
          'team/app',
          '--max-results',
          '2',
          '--query',
          '[imageDetails, nextToken]',
        ],
      ],
      argv: (setup) =>
        describe('--next-token', token(setup), '--query', '[imageDetails[].imageDigest, type(nextToken)]'),
      code: 0,
      stdout: `[
    [
        "${IMAGES.map(seedDigest).sort()[2]}"
    ],
    "null"
]
`,
      stderr: '',
    },
    {
      name: 'a tag that names no image: ImageNotFoundException, 254',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--image-ids', 'imageTag=v1', 'imageTag=v9'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: notFound("{imageDigest:'null', imageTag:'v9'}"),
    },
    {
      name: 'a digest that names no image: ImageNotFoundException, 254',
      setup: REPOS,
      argv: describe('--image-ids', `imageDigest=sha256:${'a'.repeat(64)}`),
      code: 254,
      stdout: '',
      stderr: notFound(`{imageDigest:'sha256:${'a'.repeat(64)}', imageTag:'null'}`),
    },
    {
      name: "a tag and a digest that is not the tag's: ImageNotFoundException, 254",
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--image-ids', `imageDigest=${U},imageTag=v1`),
      code: 254,
      stdout: '',
      stderr: notFound(`{imageDigest:'${U}', imageTag:'v1'}`),
    },
    {
      name: 'an image id with neither digest nor tag: InvalidParameterException, 254',
      setup: REPOS,
      argv: describe('--image-ids', '{}'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'DescribeImages',
        'Invalid request parameters: both tag and digest cannot be null',
      ),
    },
    {
      name: 'image ids and --max-results: InvalidParameterException, 254',
      setup: [...REPOS, { images: IMAGES }],
      argv: describe('--image-ids', 'imageTag=v1', '--max-results', '1'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'DescribeImages',
        'maxResults and nextToken cannot be used when imageIds is given',
      ),
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: ['describe-images', '--repository-name', 'nope/x'],
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'DescribeImages',
        "The repository with name 'nope/x' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      // botocore checks lengths' minimum only; the service checks the maximum.
      name: 'a tag longer than 300 characters: InvalidParameterException, 254',
      setup: REPOS,
      argv: describe('--image-ids', `imageTag=${'t'.repeat(301)}`),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'DescribeImages',
        "Invalid parameter at 'imageIds.1.imageTag' failed to satisfy constraint: 'Member must have length less than or equal to 300'",
      ),
    },
    {
      name: 'an empty tag: 252',
      setup: REPOS,
      argv: describe('--image-ids', '{"imageTag":""}'),
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter imageIds[0].imageTag, value: 0, valid min length: 1'),
    },
  ],
});
