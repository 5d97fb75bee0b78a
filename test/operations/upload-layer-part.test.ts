import { serviceError } from '../helpers/cli-results.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import { initiate, partFile, uploadPart } from './layer-files.js';
import { operationTable } from './table.js';

const PART = partFile(1000);
const UPLOAD = '00000000-0000-4000-8000-000000000001';
const SETUP = [create('team/app'), initiate()];
/** ECR's error, with the members of its shape as the AWS CLI shows them. */
const invalid = (message: string, lastValid?: number) =>
  `${serviceError('InvalidLayerPartException', 'UploadLayerPart', message).trimEnd()}

Additional error details:
registryId: 000000000000
repositoryName: team/app
uploadId: ${UPLOAD}
${lastValid === undefined ? '' : `lastValidByteReceived: ${lastValid}\n`}`;

operationTable({
  operation: 'UploadLayerPart',
  cases: [
    {
      name: 'json: the last byte the upload now holds',
      setup: SETUP,
      argv: uploadPart(1, 0, PART),
      code: 0,
      stdout: `{
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "uploadId": "${UPLOAD}",
    "lastByteReceived": 999
}
`,
      stderr: '',
    },
    {
      name: 'a second part follows the first',
      setup: [...SETUP, uploadPart(1, 0, PART)],
      argv: (s) => [...uploadPart(1, 1000, PART)(s), '--query', 'lastByteReceived'],
      code: 0,
      stdout: '1999\n',
      stderr: '',
    },
    {
      name: 'a part that does not start where the upload ends: InvalidLayerPartException, 254',
      setup: [...SETUP, uploadPart(1, 0, PART)],
      argv: uploadPart(1, 500, PART),
      code: 254,
      stdout: '',
      stderr: invalid(
        "The part's first byte (500) is not where the upload ends: 1000 bytes received, the next part starts at 1000",
        999,
      ),
    },
    {
      name: 'the error says the last valid byte received (--cli-error-format json)',
      setup: [...SETUP, uploadPart(1, 0, PART)],
      argv: (s) => [...uploadPart(1, 0, PART)(s), '--cli-error-format', 'json'],
      code: 254,
      stdout: '',
      stderr: `{
    "Message": "The part's first byte (0) is not where the upload ends: 1000 bytes received, the next part starts at 1000",
    "Code": "InvalidLayerPartException",
    "message": "The part's first byte (0) is not where the upload ends: 1000 bytes received, the next part starts at 1000",
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "uploadId": "${UPLOAD}",
    "lastValidByteReceived": 999
}
`,
    },
    {
      name: 'a part whose bytes are not its range: InvalidLayerPartException, 254',
      setup: SETUP,
      argv: (s) => uploadPart(1, 0, PART)(s).map((w) => (w === '999' ? '1999' : w)),
      code: 254,
      stdout: '',
      stderr: invalid('The part holds 1000 bytes, not the 2000 from byte 0 to byte 1999'),
    },
    {
      name: 'a byte number past 2^53 is quoted as given, not rounded (issue 44 final hostile pass)',
      setup: SETUP,
      argv: (s) => uploadPart(1, 0, PART)(s).map((w) => (w === '999' ? '99999999999999999999' : w)),
      code: 254,
      stdout: '',
      stderr: invalid(
        'The part holds 1000 bytes, not the 100000000000000000000 from byte 0 to byte 99999999999999999999',
      ),
    },
    {
      name: 'a first byte past 2^53 is quoted as given, not rounded (issue 44 final hostile pass)',
      setup: SETUP,
      argv: (s) =>
        uploadPart(1, 0, PART)(s).map((w, i, all) => (all[i - 1] === '--part-first-byte' ? '9007199254740993' : w)),
      code: 254,
      stdout: '',
      stderr: invalid(
        "The part's first byte (9007199254740993) is not where the upload ends: 0 bytes received, the next part starts at 0",
      ),
    },
    {
      name: 'an upload that does not exist: UploadNotFoundException, 254',
      setup: [create('team/app')],
      argv: uploadPart(0, 0, PART).bind(null, [{ stdout: UPLOAD }]),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'UploadNotFoundException',
        'UploadLayerPart',
        `Upload with id '${UPLOAD}' does not exist in the repository with name 'team/app' in the registry with id '000000000000'`,
      ),
    },
    {
      name: 'an upload of another repository: UploadNotFoundException, 254',
      setup: [create('team/app'), create('team/api'), initiate('team/api')],
      argv: uploadPart(2, 0, PART),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'UploadNotFoundException',
        'UploadLayerPart',
        `Upload with id '${UPLOAD}' does not exist in the repository with name 'team/app' in the registry with id '000000000000'`,
      ),
    },
  ],
});
