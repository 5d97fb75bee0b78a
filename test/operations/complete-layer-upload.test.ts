import { serviceError } from '../helpers/cli-results.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import { digestOf, initiate, partFile, uploadPart } from './layer-files.js';
import { operationTable } from './table.js';

const PART = partFile(1000);
const SECOND = partFile(10, 2);
/** Exactly one store piece (1 MiB): its end shows in registry_parts, not in the pieces' sizes. */
const MIB = partFile(1024 * 1024, 3);
const UPLOAD = '00000000-0000-4000-8000-000000000001';
const DIGEST = digestOf(PART.bytes);
const SETUP = [create('team/app'), initiate(), uploadPart(1, 0, PART)];
const complete =
  (digest: string, i = 1) =>
  (setup: { stdout: string }[]): string[] => [
    'complete-layer-upload',
    '--repository-name',
    'team/app',
    '--upload-id',
    setup[i]!.stdout.trim(),
    '--layer-digests',
    digest,
  ];
const fails = (code: string, message: string) => serviceError(code, 'CompleteLayerUpload', message);

operationTable({
  operation: 'CompleteLayerUpload',
  cases: [
    {
      name: 'json: the layer, now a layer of the repository',
      setup: SETUP,
      argv: complete(DIGEST),
      code: 0,
      stdout: `{
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "uploadId": "${UPLOAD}",
    "layerDigest": "${DIGEST}"
}
`,
      stderr: '',
    },
    {
      name: 'the layer is then available, with its size',
      setup: [...SETUP, complete(DIGEST)],
      argv: [
        'batch-check-layer-availability',
        '--repository-name',
        'team/app',
        '--layer-digests',
        DIGEST,
        '--query',
        'layers[].[layerAvailability, layerSize]',
        '--output',
        'text',
      ],
      code: 0,
      stdout: 'AVAILABLE\t1000\n',
      stderr: '',
    },
    {
      name: "a digest that is not the bytes': InvalidLayerException, 254, the upload kept",
      setup: SETUP,
      argv: complete(digestOf(SECOND.bytes)),
      code: 254,
      stdout: '',
      stderr: fails(
        'InvalidLayerException',
        `The layer digest '${digestOf(SECOND.bytes)}' does not match the digest of the upload's bytes (${DIGEST})`,
      ),
    },
    {
      name: 'an upload with no parts: EmptyUploadException, 254',
      setup: [create('team/app'), initiate()],
      argv: complete(DIGEST),
      code: 254,
      stdout: '',
      stderr: fails('EmptyUploadException', `The upload with id '${UPLOAD}' has no layer parts`),
    },
    {
      name: 'a part but the last under 5 MiB: LayerPartTooSmallException, 254',
      setup: [...SETUP, uploadPart(1, 1000, SECOND)],
      argv: complete(digestOf(PART.bytes, SECOND.bytes)),
      code: 254,
      stdout: '',
      stderr: fails(
        'LayerPartTooSmallException',
        'Layer parts must be at least 5242880 bytes (5 MiB) but the last: the part from byte 0 holds 1000',
      ),
    },
    {
      name: 'a first part of exactly 1 MiB: LayerPartTooSmallException, 254',
      setup: [create('team/app'), initiate(), uploadPart(1, 0, MIB), uploadPart(1, MIB.bytes.length, SECOND)],
      argv: complete(digestOf(MIB.bytes, SECOND.bytes)),
      code: 254,
      stdout: '',
      stderr: fails(
        'LayerPartTooSmallException',
        'Layer parts must be at least 5242880 bytes (5 MiB) but the last: the part from byte 0 holds 1048576',
      ),
    },
    {
      name: 'a layer the repository holds already: LayerAlreadyExistsException, 254',
      setup: [...SETUP, complete(DIGEST), initiate(), uploadPart(4, 0, PART)],
      argv: complete(DIGEST, 4),
      code: 254,
      stdout: '',
      stderr: fails(
        'LayerAlreadyExistsException',
        `The layer with digest '${DIGEST}' already exists in the repository with name 'team/app' in the registry with id '000000000000'`,
      ),
    },
    {
      name: 'an upload completed already: UploadNotFoundException, 254',
      setup: [...SETUP, complete(DIGEST)],
      argv: complete(DIGEST),
      code: 254,
      stdout: '',
      stderr: fails(
        'UploadNotFoundException',
        `Upload with id '${UPLOAD}' does not exist in the repository with name 'team/app' in the registry with id '000000000000'`,
      ),
    },
    {
      name: 'a digest that is not one: InvalidParameterException, 254',
      setup: SETUP,
      argv: complete('sha256:xyz'),
      code: 254,
      stdout: '',
      stderr: fails(
        'InvalidParameterException',
        "Invalid parameter at 'layerDigests.1' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-zA-Z0-9-_+.]+:[a-fA-F0-9]+'",
      ),
    },
  ],
});
