import { serviceError } from '../helpers/cli-results.js';
import { CONFIG, layerBytes, sha256 } from '../helpers/image-registry.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import type { SeedImage } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const IMAGE: SeedImage = { repository: 'team/app', tags: ['v1'], layers: [1] };
const LAYER = sha256(layerBytes(100, 1));
const MISSING = sha256(layerBytes(200, 2));
const check = (...digests: string[]) => [
  'batch-check-layer-availability',
  '--repository-name',
  'team/app',
  '--layer-digests',
  ...digests,
];

operationTable({
  operation: 'BatchCheckLayerAvailability',
  cases: [
    {
      name: 'json: a pushed layer and config are AVAILABLE, with their size and media type; others are failures',
      setup: [create('team/app'), { images: [IMAGE] }],
      argv: check(LAYER, sha256(CONFIG), MISSING, 'not-a-digest'),
      code: 0,
      stdout: `{
    "layers": [
        {
            "layerDigest": "${LAYER}",
            "layerAvailability": "AVAILABLE",
            "layerSize": 100,
            "mediaType": "application/vnd.docker.image.rootfs.diff.tar.gzip"
        },
        {
            "layerDigest": "${sha256(CONFIG)}",
            "layerAvailability": "AVAILABLE",
            "layerSize": ${CONFIG.length},
            "mediaType": "application/vnd.docker.container.image.v1+json"
        }
    ],
    "failures": [
        {
            "layerDigest": "${MISSING}",
            "failureCode": "MissingLayerDigest",
            "failureReason": "Could not find layer"
        },
        {
            "layerDigest": "not-a-digest",
            "failureCode": "InvalidLayerDigest",
            "failureReason": "Invalid layer digest"
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: "a layer of another repository is not this one's",
      setup: [create('team/app'), create('team/api'), { images: [{ ...IMAGE, repository: 'team/api' }] }],
      argv: [...check(LAYER), '--query', 'failures[].failureCode', '--output', 'text'],
      code: 0,
      stdout: 'MissingLayerDigest\n',
      stderr: '',
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: check(LAYER),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'BatchCheckLayerAvailability',
        "The repository with name 'team/app' does not exist in the registry with id '000000000000'",
      ),
    },
  ],
});
