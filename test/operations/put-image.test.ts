import { createRepository as create } from '../helpers/operation-cases.js';
import { missingArgs, serviceError } from '../helpers/cli-results.js';
import {
  CONFIG,
  DOCKER_LIST,
  DOCKER_MANIFEST,
  imageManifest,
  indexManifest,
  layerBytes,
  OCI_MANIFEST,
  sha256,
} from '../helpers/image-registry.js';
import { type SeedImage, seedDigest, seedManifest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

/** An image pushed through the registry: its blobs (CONFIG, layer 1) are the repository's. */
const PUSHED: SeedImage = { repository: 'team/app', tags: ['v1', 'latest'], layers: [1] };
const P = seedDigest(PUSHED);
const PUSHED_TEXT = seedManifest(PUSHED).toString('utf8');
/** A new image over the same blobs, in OCI form: only the API puts it. */
const OCI_TEXT = imageManifest(OCI_MANIFEST, CONFIG, [layerBytes(100, 1)]).toString('utf8');
/** Its digest sorts before P's: the list operations answer in digest order. */
const O = sha256(OCI_TEXT);
/** A manifest naming a layer the repository does not hold. */
const MISSING_LAYER = layerBytes(900, 9);
const MISSING_TEXT = imageManifest(DOCKER_MANIFEST, CONFIG, [MISSING_LAYER]).toString('utf8');
/** An OCI index over 1 MiB (ECR takes manifests up to 4 MiB; a request to svcctl is at most 1 MiB). */
const BIG = JSON.stringify({
  schemaVersion: 2,
  mediaType: 'application/vnd.oci.image.index.v1+json',
  manifests: [],
  annotations: { a: 'x'.repeat(1100000) },
});
const SETUP = [create('team/app'), { images: [PUSHED] }];
const put = (...rest: string[]) => ['put-image', '--repository-name', 'team/app', ...rest];
/** ECR's ImageAlreadyExistsException says `in registry`, where its other messages say `in the registry`. */
const IN_REGISTRY = "in the repository with name 'team/app' in registry with id '000000000000'";
const REPO = "in the repository with name 'team/app' in the registry with id '000000000000'";
const tags = ['describe-images', '--repository-name', 'team/app', '--query', 'imageDetails[].[imageDigest, imageTags]'];

operationTable({
  operation: 'PutImage',
  cases: [
    {
      name: 'json: a new image over blobs the repository holds, tagged',
      setup: SETUP,
      argv: ['ecr', ...put('--image-manifest', OCI_TEXT, '--image-tag', 'oci')],
      code: 0,
      stdout: `{
    "image": {
        "registryId": "000000000000",
        "repositoryName": "team/app",
        "imageId": {
            "imageDigest": "${O}",
            "imageTag": "oci"
        },
        "imageManifest": ${JSON.stringify(OCI_TEXT)},
        "imageManifestMediaType": "${OCI_MANIFEST}"
    }
}
`,
      stderr: '',
    },
    {
      name: 'the image put is the one ListImages and BatchGetImage read',
      setup: [...SETUP, put('--image-manifest', OCI_TEXT, '--image-tag', 'oci')],
      argv: [
        'batch-get-image',
        '--repository-name',
        'team/app',
        '--image-ids',
        'imageTag=oci',
        '--query',
        'images[0].[imageId.imageDigest, imageManifestMediaType]',
        '--output',
        'text',
      ],
      code: 0,
      stdout: `${O}\t${OCI_MANIFEST}\n`,
      stderr: '',
    },
    {
      name: 'text: a pushed image tagged again by its manifest: the tag added, its other tags kept',
      setup: [...SETUP, put('--image-manifest', PUSHED_TEXT, '--image-tag', 'stable')],
      argv: tags,
      code: 0,
      stdout: `[
    [
        "${P}",
        [
            "latest",
            "stable",
            "v1"
        ]
    ]
]
`,
      stderr: '',
    },
    {
      name: 'a tag moved to a new image: the old image keeps its other tags',
      setup: [...SETUP, put('--image-manifest', OCI_TEXT, '--image-tag', 'latest')],
      argv: tags,
      code: 0,
      stdout: `[
    [
        "${O}",
        [
            "latest"
        ]
    ],
    [
        "${P}",
        [
            "v1"
        ]
    ]
]
`,
      stderr: '',
    },
    {
      name: 'an image left with no tag stays, untagged',
      setup: [
        ...SETUP,
        put('--image-manifest', OCI_TEXT, '--image-tag', 'latest'),
        put('--image-manifest', OCI_TEXT, '--image-tag', 'v1'),
      ],
      argv: [
        ...tags.slice(0, 3),
        '--query',
        'imageDetails[].[imageDigest, length(imageTags || `[]`)]',
        '--output',
        'text',
      ],
      code: 0,
      stdout: `${O}\t2\n${P}\t0\n`,
      stderr: '',
    },
    {
      name: 'no tag: an untagged image',
      setup: SETUP,
      argv: put('--image-manifest', OCI_TEXT, '--query', 'image.imageId', '--output', 'text'),
      code: 0,
      stdout: `${O}\n`,
      stderr: '',
    },
    {
      name: 'the digest given and right',
      setup: SETUP,
      argv: put(
        '--image-manifest',
        OCI_TEXT,
        '--image-digest',
        O,
        '--query',
        'image.imageId.imageDigest',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${O}\n`,
      stderr: '',
    },
    {
      name: 'a manifest without mediaType, its type given',
      setup: SETUP,
      argv: put(
        '--image-manifest',
        JSON.stringify({ ...JSON.parse(OCI_TEXT), mediaType: undefined }),
        '--image-manifest-media-type',
        OCI_MANIFEST,
        '--query',
        'image.imageManifestMediaType',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${OCI_MANIFEST}\n`,
      stderr: '',
    },
    {
      name: 'the same manifest and tag again: ImageAlreadyExistsException, 254',
      setup: SETUP,
      argv: put('--image-manifest', PUSHED_TEXT, '--image-tag', 'v1'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ImageAlreadyExistsException',
        'PutImage',
        `Image with digest '${P}' and tag 'v1' already exists ${IN_REGISTRY}`,
      ),
    },
    {
      name: 'the same manifest with no tag: ImageAlreadyExistsException, 254',
      setup: SETUP,
      argv: put('--image-manifest', PUSHED_TEXT),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ImageAlreadyExistsException',
        'PutImage',
        `Image with digest '${P}' already exists ${IN_REGISTRY}`,
      ),
    },
    {
      name: 'IMMUTABLE: a tag naming another image is refused, ImageTagAlreadyExistsException, 254',
      setup: [create('team/app', '--image-tag-mutability', 'IMMUTABLE'), { images: [PUSHED] }],
      argv: put('--image-manifest', OCI_TEXT, '--image-tag', 'v1'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ImageTagAlreadyExistsException',
        'PutImage',
        "The image tag 'v1' already exists in the 'team/app' repository and cannot be overwritten because the repository is immutable.",
      ),
    },
    {
      name: 'IMMUTABLE: a new tag on an image is allowed',
      setup: [create('team/app', '--image-tag-mutability', 'IMMUTABLE'), { images: [PUSHED] }],
      argv: put(
        '--image-manifest',
        OCI_TEXT,
        '--image-tag',
        'v2',
        '--query',
        'image.imageId.imageTag',
        '--output',
        'text',
      ),
      code: 0,
      stdout: 'v2\n',
      stderr: '',
    },
    {
      name: 'IMMUTABLE_WITH_EXCLUSION: a tag the filter matches moves',
      setup: [
        create(
          'team/app',
          '--image-tag-mutability',
          'IMMUTABLE_WITH_EXCLUSION',
          '--image-tag-mutability-exclusion-filters',
          'filterType=WILDCARD,filter=lat*',
        ),
        { images: [PUSHED] },
        put('--image-manifest', OCI_TEXT, '--image-tag', 'latest'),
      ],
      argv: [
        'list-images',
        '--repository-name',
        'team/app',
        '--filter',
        'tagStatus=TAGGED',
        '--query',
        'imageIds[].[imageTag, imageDigest]',
        '--output',
        'text',
      ],
      code: 0,
      stdout: `latest	${O}
v1	${P}
`,
      stderr: '',
    },
    {
      name: 'IMMUTABLE_WITH_EXCLUSION: a tag no filter matches is refused',
      setup: [
        create(
          'team/app',
          '--image-tag-mutability',
          'IMMUTABLE_WITH_EXCLUSION',
          '--image-tag-mutability-exclusion-filters',
          'filterType=WILDCARD,filter=lat*',
        ),
        { images: [PUSHED] },
      ],
      argv: put('--image-manifest', OCI_TEXT, '--image-tag', 'v1'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ImageTagAlreadyExistsException',
        'PutImage',
        "The image tag 'v1' already exists in the 'team/app' repository and cannot be overwritten because the tag is immutable (imageTagMutability IMMUTABLE_WITH_EXCLUSION).",
      ),
    },
    {
      name: 'MUTABLE_WITH_EXCLUSION: a tag a filter matches (the whole tag) is refused',
      setup: [
        create(
          'team/app',
          '--image-tag-mutability',
          'MUTABLE_WITH_EXCLUSION',
          '--image-tag-mutability-exclusion-filters',
          'filterType=WILDCARD,filter=v*',
        ),
        { images: [PUSHED] },
      ],
      argv: put('--image-manifest', OCI_TEXT, '--image-tag', 'v1'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ImageTagAlreadyExistsException',
        'PutImage',
        "The image tag 'v1' already exists in the 'team/app' repository and cannot be overwritten because the tag is immutable (imageTagMutability MUTABLE_WITH_EXCLUSION).",
      ),
    },
    {
      name: 'MUTABLE_WITH_EXCLUSION: a tag no filter matches moves (a filter matches the whole tag, not a part)',
      setup: [
        create(
          'team/app',
          '--image-tag-mutability',
          'MUTABLE_WITH_EXCLUSION',
          '--image-tag-mutability-exclusion-filters',
          'filterType=WILDCARD,filter=late',
        ),
        { images: [PUSHED] },
      ],
      argv: put(
        '--image-manifest',
        OCI_TEXT,
        '--image-tag',
        'latest',
        '--query',
        'image.imageId.imageTag',
        '--output',
        'text',
      ),
      code: 0,
      stdout: 'latest\n',
      stderr: '',
    },
    {
      name: 'a layer the repository does not hold: LayersNotFoundException, 254',
      setup: SETUP,
      argv: put('--image-manifest', MISSING_TEXT, '--image-tag', 'v9'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'LayersNotFoundException',
        'PutImage',
        `Layers with digests '[${sha256(MISSING_LAYER)}]' required for pushing image into repository with name 'team/app' in the registry with id '000000000000' do not exist`,
      ),
    },
    {
      name: 'a manifest list naming a manifest the repository does not hold: ReferencedImagesNotFoundException, 254',
      setup: SETUP,
      argv: put(
        '--image-manifest',
        indexManifest(DOCKER_LIST, [
          { mediaType: DOCKER_MANIFEST, bytes: seedManifest(PUSHED) },
          { mediaType: OCI_MANIFEST, bytes: Buffer.from(OCI_TEXT) },
        ]).toString('utf8'),
      ),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ReferencedImagesNotFoundException',
        'PutImage',
        `Manifests with digests '[${O}]' referenced by the manifest list do not exist ${REPO}`,
      ),
    },
    {
      name: 'a manifest list of images it holds',
      setup: SETUP,
      argv: put(
        '--image-manifest',
        indexManifest(DOCKER_LIST, [{ mediaType: DOCKER_MANIFEST, bytes: seedManifest(PUSHED) }]).toString('utf8'),
        '--image-tag',
        'multi',
        '--query',
        'image.imageManifestMediaType',
        '--output',
        'text',
      ),
      code: 0,
      stdout: `${DOCKER_LIST}\n`,
      stderr: '',
    },
    {
      name: "a digest that is not the manifest's: ImageDigestDoesNotMatchException, 254",
      setup: SETUP,
      argv: put('--image-manifest', OCI_TEXT, '--image-digest', P),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ImageDigestDoesNotMatchException',
        'PutImage',
        `The provided image digest '${P}' does not match the digest of the image manifest, '${O}'`,
      ),
    },
    {
      name: 'a manifest that is not JSON: InvalidParameterException, 254',
      setup: SETUP,
      argv: put('--image-manifest', 'not json'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImage',
        "Invalid parameter at 'ImageManifest' failed to satisfy constraint: 'Invalid JSON syntax'",
      ),
    },
    {
      name: 'a manifest with no media type, none given: InvalidParameterException, 254',
      setup: SETUP,
      argv: put('--image-manifest', '{"schemaVersion":2,"layers":[]}'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImage',
        `Invalid parameter at 'imageManifest' failed to satisfy constraint: 'the manifest's media type is not one of ${DOCKER_MANIFEST}, ${DOCKER_LIST}, ${OCI_MANIFEST}, application/vnd.oci.image.index.v1+json'`,
      ),
    },
    {
      name: "a media type that is not the manifest's: InvalidParameterException, 254",
      setup: SETUP,
      argv: put('--image-manifest', OCI_TEXT, '--image-manifest-media-type', DOCKER_MANIFEST),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImage',
        `Invalid parameter at 'imageManifest' failed to satisfy constraint: 'the manifest's mediaType ${OCI_MANIFEST} is not its imageManifestMediaType ${DOCKER_MANIFEST}'`,
      ),
    },
    {
      name: "a tag outside ECR's pattern: InvalidParameterException, 254",
      setup: SETUP,
      argv: put('--image-manifest', OCI_TEXT, '--image-tag', 'a:b'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImage',
        "Invalid parameter at 'imageTag' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-zA-Z0-9_][a-zA-Z0-9_.-]{0,299}'",
      ),
    },
    {
      name: 'a manifest that makes the request over 1 MiB: RequestEntityTooLargeException, 254 (docs/compat.md row 334)',
      setup: SETUP,
      argv: put('--image-manifest', BIG),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RequestEntityTooLargeException',
        'PutImage',
        `The request body (${Buffer.byteLength(JSON.stringify({ repositoryName: 'team/app', imageManifest: BIG }))} bytes) exceeds the limit of 1048576 bytes.`,
      ),
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: ['put-image', '--repository-name', 'nope/x', '--image-manifest', OCI_TEXT],
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'PutImage',
        "The repository with name 'nope/x' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'no manifest: 252',
      setup: SETUP,
      argv: put('--image-tag', 'x'),
      code: 252,
      stdout: '',
      stderr: missingArgs('--image-manifest'),
    },
  ],
});
