import { serviceError } from '../helpers/cli-results.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import { type SeedImage, seedDigest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const IMAGE: SeedImage = { repository: 'team/app', tags: ['v1'], layers: [1] };
const D = seedDigest(IMAGE);
const findings = (id: string, ...rest: string[]) => [
  'describe-image-scan-findings',
  '--repository-name',
  'team/app',
  '--image-id',
  id,
  ...rest,
];
const SCANNED = [
  create('team/app'),
  { images: [IMAGE] },
  ['start-image-scan', '--repository-name', 'team/app', '--image-id', 'imageTag=v1'],
];
/** The members the merged result takes from the first page (non_aggregate_keys), after the findings. */
const MEMBERS = `    "registryId": "000000000000",
    "repositoryName": "team/app",
    "imageId": {
        "imageDigest": "${D}",
        "imageTag": "v1"
    },
    "imageScanStatus": {
        "status": "COMPLETE",
        "description": "The scan was completed successfully."
    }`;
const fails = (code: string, message: string) => serviceError(code, 'DescribeImageScanFindings', message);

operationTable({
  operation: 'DescribeImageScanFindings',
  cases: [
    {
      name: "json: COMPLETE, basic scanning with no findings, merged as the AWS CLI's paginator merges it",
      setup: SCANNED,
      argv: findings('imageTag=v1'),
      code: 0,
      stdout: `{
    "imageScanFindings": {
        "findings": [],
        "imageScanCompletedAt": "2026-11-20T23:21:51.327000+00:00",
        "vulnerabilitySourceUpdatedAt": "2026-11-20T23:21:51.327000+00:00",
        "findingSeverityCounts": {}
    },
${MEMBERS}
}
`,
      stderr: '',
    },
    {
      name: "--no-paginate: one call, the service's answer in ECR's shape and order",
      setup: SCANNED,
      argv: findings('imageTag=v1', '--no-paginate'),
      code: 0,
      stdout: `{
${MEMBERS},
    "imageScanFindings": {
        "imageScanCompletedAt": "2026-11-20T23:21:51.327000+00:00",
        "vulnerabilitySourceUpdatedAt": "2026-11-20T23:21:51.327000+00:00",
        "findingSeverityCounts": {},
        "findings": []
    }
}
`,
      stderr: '',
    },
    {
      name: 'text: the absent enhancedFindings is None, as the AWS CLI prints a result key no page has',
      setup: SCANNED,
      argv: findings('imageTag=v1', '--max-items', '1', '--output', 'text'),
      code: 0,
      stdout: `000000000000\tteam/app
IMAGEID\t${D}\tv1
IMAGESCANFINDINGS\tNone\t2026-11-20T23:21:51.327000+00:00\t2026-11-20T23:21:51.327000+00:00
IMAGESCANSTATUS\tThe scan was completed successfully.\tCOMPLETE
`,
      stderr: '',
    },
    {
      name: '--starting-token: the resumed page empties enhancedFindings (null), as botocore does',
      setup: SCANNED,
      // {"nextToken": null, "boto_truncate_amount": 0}: the first page, nothing of it printed yet.
      argv: findings(
        'imageTag=v1',
        '--starting-token',
        'eyJuZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAwfQ==',
        '--query',
        'imageScanFindings',
      ),
      code: 0,
      stdout: `{
    "findings": [],
    "imageScanCompletedAt": "2026-11-20T23:21:51.327000+00:00",
    "vulnerabilitySourceUpdatedAt": "2026-11-20T23:21:51.327000+00:00",
    "findingSeverityCounts": {},
    "enhancedFindings": null
}
`,
      stderr: '',
    },
    {
      name: "--page-size is each call's maxResults: over 1000, the service refuses it",
      setup: SCANNED,
      argv: findings('imageTag=v1', '--page-size', '1001'),
      code: 254,
      stdout: '',
      stderr: fails(
        'InvalidParameterException',
        "Invalid parameter at 'maxResults' failed to satisfy constraint: 'Member must have value less than or equal to 1000'",
      ),
    },
    {
      name: '--no-paginate with --max-items: refused before any call, 252',
      setup: SCANNED,
      argv: findings('imageTag=v1', '--no-paginate', '--max-items', '1'),
      code: 252,
      stdout: '',
      stderr:
        '\nsvcctl: [ERROR]: An error occurred (ParamValidation): Cannot specify --no-paginate along with pagination arguments: --max-items\n',
    },
    {
      name: 'a push to a repository with scanOnPush is scanned',
      setup: [create('team/app', '--image-scanning-configuration', 'scanOnPush=true'), { images: [IMAGE] }],
      argv: findings(`imageDigest=${D}`, '--query', 'imageScanStatus.status', '--output', 'text'),
      code: 0,
      stdout: 'COMPLETE\n',
      stderr: '',
    },
    {
      name: 'describe-images shows the scan and its summary',
      setup: [...SCANNED, findings('imageTag=v1')],
      argv: [
        'describe-images',
        '--repository-name',
        'team/app',
        '--query',
        'imageDetails[0].[imageScanStatus.status, imageScanFindingsSummary]',
      ],
      code: 0,
      stdout: `[
    "COMPLETE",
    {
        "imageScanCompletedAt": "2026-11-20T23:21:51.327000+00:00",
        "vulnerabilitySourceUpdatedAt": "2026-11-20T23:21:51.327000+00:00",
        "findingSeverityCounts": {}
    }
]
`,
      stderr: '',
    },
    {
      name: 'an image never scanned: ScanNotFoundException, 254',
      setup: [create('team/app'), { images: [IMAGE] }],
      argv: findings('imageTag=v1'),
      code: 254,
      stdout: '',
      stderr: fails(
        'ScanNotFoundException',
        "Image scan does not exist for the image with '{imageDigest:'null', imageTag:'v1'}' in the repository with name 'team/app' in the registry with id '000000000000'",
      ),
    },
    {
      name: 'an image that does not exist: ImageNotFoundException, 254',
      setup: [create('team/app')],
      argv: findings('imageTag=v1'),
      code: 254,
      stdout: '',
      stderr: fails(
        'ImageNotFoundException',
        "The image with imageId {imageDigest:'null', imageTag:'v1'} does not exist within the repository with name 'team/app' in the registry with id '000000000000'",
      ),
    },
    {
      name: 'a next token this store never gave: InvalidParameterException, 254',
      setup: SCANNED,
      argv: findings('imageTag=v1', '--next-token', 'abc'),
      code: 254,
      stdout: '',
      stderr: fails(
        'InvalidParameterException',
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      ),
    },
    {
      name: 'maxResults out of range: InvalidParameterException, 254',
      setup: SCANNED,
      argv: findings('imageTag=v1', '--max-results', '1001'),
      code: 254,
      stdout: '',
      stderr: fails(
        'InvalidParameterException',
        "Invalid parameter at 'maxResults' failed to satisfy constraint: 'Member must have value less than or equal to 1000'",
      ),
    },
  ],
});
