import { serviceError } from '../helpers/cli-results.js';
import { OCI_INDEX, OCI_MANIFEST } from '../helpers/image-registry.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import { type SeedImage, seedDigest, seedManifest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const IMAGE: SeedImage = { repository: 'team/app', tags: ['v1'], layers: [1] };
const OCI: SeedImage = { repository: 'team/app', tags: ['oci'], layers: [3], mediaType: OCI_MANIFEST };
const INDEX: SeedImage = {
  repository: 'team/app',
  tags: ['multi'],
  mediaType: OCI_INDEX,
  manifests: [{ mediaType: OCI_MANIFEST, bytes: seedManifest(OCI) }],
};
const D = seedDigest(IMAGE);
const scan = (id: string) => ['start-image-scan', '--repository-name', 'team/app', '--image-id', id];
const fails = (code: string, message: string) => serviceError(code, 'StartImageScan', message);

operationTable({
  operation: 'StartImageScan',
  cases: [
    {
      name: 'json: the image, and its scan IN_PROGRESS',
      setup: [create('team/app'), { images: [IMAGE] }],
      argv: scan('imageTag=v1'),
      code: 0,
      stdout: `{
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "imageId": {
        "imageDigest": "${D}",
        "imageTag": "v1"
    },
    "imageScanStatus": {
        "status": "IN_PROGRESS"
    }
}
`,
      stderr: '',
    },
    {
      name: 'by digest',
      setup: [create('team/app'), { images: [IMAGE] }],
      argv: [...scan(`imageDigest=${D}`), '--query', 'imageId'],
      code: 0,
      stdout: `{
    "imageDigest": "${D}"
}
`,
      stderr: '',
    },
    {
      name: 'a second scan the same day: LimitExceededException, 254',
      setup: [create('team/app'), { images: [IMAGE] }, scan('imageTag=v1')],
      argv: scan(`imageDigest=${D}`),
      code: 254,
      stdout: '',
      stderr: fails('LimitExceededException', 'The scan quota per image has been exceeded. Wait and try again.'),
    },
    {
      name: 'a push with scanOnPush was its scan of the day: LimitExceededException, 254',
      setup: [create('team/app', '--image-scanning-configuration', 'scanOnPush=true'), { images: [IMAGE] }],
      argv: scan('imageTag=v1'),
      code: 254,
      stdout: '',
      stderr: fails('LimitExceededException', 'The scan quota per image has been exceeded. Wait and try again.'),
    },
    {
      name: 'an image that does not exist: ImageNotFoundException, 254',
      setup: [create('team/app')],
      argv: scan('imageTag=v1'),
      code: 254,
      stdout: '',
      stderr: fails(
        'ImageNotFoundException',
        "The image with imageId {imageDigest:'null', imageTag:'v1'} does not exist within the repository with name 'team/app' in the registry with id '000000000000'",
      ),
    },
    {
      name: 'a tag that names another digest: ImageNotFoundException, 254',
      setup: [create('team/app'), { images: [IMAGE, OCI] }],
      argv: scan(`imageDigest=${seedDigest(OCI)},imageTag=v1`),
      code: 254,
      stdout: '',
      stderr: fails(
        'ImageNotFoundException',
        `The image with imageId {imageDigest:'${seedDigest(OCI)}', imageTag:'v1'} does not exist within the repository with name 'team/app' in the registry with id '000000000000'`,
      ),
    },
    {
      name: 'an index: UnsupportedImageTypeException, 254',
      setup: [create('team/app'), { images: [OCI, INDEX] }],
      argv: scan('imageTag=multi'),
      code: 254,
      stdout: '',
      stderr: fails(
        'UnsupportedImageTypeException',
        `The image with digest '${seedDigest(INDEX)}' is a ${OCI_INDEX}, which cannot be scanned: scan the images it lists`,
      ),
    },
  ],
});
