import { serviceError } from '../helpers/cli-results.js';
import { layerBytes, sha256 } from '../helpers/image-registry.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import type { SeedImage } from '../helpers/seed-images.js';
import { digestOf, initiate, partFile, uploadPart } from './layer-files.js';
import { operationTable } from './table.js';

const IMAGE: SeedImage = { repository: 'team/app', tags: ['v1'], layers: [1] };
const LAYER = sha256(layerBytes(100, 1));
const PART = partFile(1000, 3);
const url = (digest: string, ...rest: string[]) => [
  'get-download-url-for-layer',
  '--repository-name',
  'team/app',
  '--layer-digest',
  digest,
  ...rest,
];
const fails = (code: string, message: string) => serviceError(code, 'GetDownloadUrlForLayer', message);

operationTable({
  operation: 'GetDownloadUrlForLayer',
  cases: [
    {
      name: "serve: a URL on serve's own address, for the layer's blob, and the digest",
      only: 'http',
      setup: [create('team/app'), { images: [IMAGE] }],
      argv: url(
        LAYER,
        '--query',
        `[starts_with(downloadUrl, 'http://127.0.0.1:'), contains(downloadUrl, '/v2/team/app/blobs/${LAYER}?download='), layerDigest]`,
      ),
      code: 0,
      stdout: `[
    true,
    true,
    "${LAYER}"
]
`,
      stderr: '',
    },
    {
      name: 'the embedded backend: ServerException naming what to start, 254',
      only: 'embedded',
      setup: [create('team/app'), { images: [IMAGE] }],
      argv: url(LAYER),
      code: 254,
      stdout: '',
      stderr: fails(
        'ServerException',
        'GetDownloadUrlForLayer: the embedded backend has no server to download from. Start svcctl serve and point ECR commands at it (--endpoint-url http://127.0.0.1:4566, AWS_ENDPOINT_URL_ECR or endpoint_url in the profile): the URL is on serve.',
      ),
    },
    {
      name: 'a layer the repository does not hold: LayersNotFoundException, 254',
      setup: [create('team/app')],
      argv: url(LAYER),
      code: 254,
      stdout: '',
      stderr: fails(
        'LayersNotFoundException',
        `The layer with digest '${LAYER}' does not exist in the repository with name 'team/app' in the registry with id '000000000000'`,
      ),
    },
    {
      name: 'a layer no image names (uploaded, no manifest yet): LayerInaccessibleException, 254',
      setup: [
        create('team/app'),
        initiate(),
        uploadPart(1, 0, PART),
        (s) => [
          'complete-layer-upload',
          '--repository-name',
          'team/app',
          '--upload-id',
          s[1]!.stdout.trim(),
          '--layer-digests',
          digestOf(PART.bytes),
        ],
      ],
      argv: url(digestOf(PART.bytes)),
      code: 254,
      stdout: '',
      stderr: fails(
        'LayerInaccessibleException',
        'The specified layer is not available because it is not associated with an image. Unassociated image layers may be cleaned up at any time.',
      ),
    },
    {
      name: 'a digest that is not one: InvalidParameterException, 254',
      setup: [create('team/app')],
      argv: url('latest'),
      code: 254,
      stdout: '',
      stderr: fails(
        'InvalidParameterException',
        "Invalid parameter at 'layerDigest' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-zA-Z0-9-_+.]+:[a-fA-F0-9]+'",
      ),
    },
  ],
});
