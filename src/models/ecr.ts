import { operationShapes, type ShapeDefaults, type ShapeDocs, shapeBuilder } from './aws-shapes.js';
import { ECR_OPERATION_SHAPES, ECR_PAGINATORS, ECR_SHAPES } from './generated/ecr-shapes.js';
import type { Operation } from './operation.js';
import type { StructureShape } from './shapes.js';

/** Spec 4.5 and the model's RepositoryName (src/models/generated/ecr-shapes.ts). */
export const REPOSITORY_NAME_PATTERN = ECR_SHAPES.RepositoryName.pattern;
export const FILTER_PATTERN = ECR_SHAPES.ImageTagMutabilityExclusionFilterValue.pattern;
export const MUTABILITIES = ECR_SHAPES.ImageTagMutability.enum;
export const ENCRYPTION_TYPES = ECR_SHAPES.EncryptionType.enum;

const TAGS_RULE = 'each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters)';
const ARN_KIND = 'Only repositories take tags: arn:aws:ecr:REGION:ACCOUNT:repository/NAME.';
const DEFAULT_REGISTRY = 'The account id of the registry. Default: the default registry.';

/**
 * svcctl's words for ECR's shapes: `Shape` wherever it is used, `Shape.member` for one member. The facts
 * (types, constraints, required members) are generated (src/models/generated/ecr-shapes.ts); ECR's tag
 * limits are its rules, not the shapes' (tag-rules.ts).
 */
const DOCS: ShapeDocs<typeof ECR_SHAPES> = {
  TagKey: "A tag's key, the category its value belongs to: 1-128 characters, not starting with aws:.",
  'Tag.Value': "The tag's value within its key: up to 256 characters.",
  ImageTagMutabilityExclusionFilters:
    'Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5).',
  'ImageTagMutabilityExclusionFilter.filterType': 'The type of filter: WILDCARD.',
  'ImageTagMutabilityExclusionFilter.filter': 'The tag pattern of the filter (letters, digits, ., _, * and -).',
  ImageScanningConfiguration:
    'The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration).',
  'ImageScanningConfiguration.scanOnPush':
    'When true, images are scanned after being pushed; otherwise only when a scan is started manually.',
  EncryptionConfiguration: 'The encryption configuration for the repository: how its contents are encrypted at rest.',
  'EncryptionConfiguration.encryptionType':
    'AES256 (server-side, object-storage-managed keys), KMS (a key in the managed key service) or KMS_DSSE (two layers of KMS encryption).',
  'EncryptionConfiguration.kmsKey':
    "For KMS and KMS_DSSE: which key, by alias, key id or full ARN; it must be in the repository's region. When omitted, the default managed key.",
  Repository: 'An object representing a repository.',
  'Repository.repositoryArn': 'The Amazon Resource Name (ARN) of the repository.',
  'Repository.registryId': 'The account id of the registry that contains the repository.',
  'Repository.repositoryName': 'The name of the repository.',
  'Repository.repositoryUri': 'The URI for the repository, used for image push and pull.',
  'Repository.createdAt': 'The date and time when the repository was created.',
  'Repository.imageTagMutability': 'The tag mutability setting for the repository.',
  'CreateRepositoryRequest.registryId':
    'The account id (12 digits) of the registry to create the repository in. Default: the default registry.',
  'CreateRepositoryRequest.repositoryName':
    'The name to use for the repository (2-256 characters; lowercase letters, numbers, ., _, - and / namespaces; each part begins and ends with a letter or digit).',
  'CreateRepositoryRequest.tags': `The metadata to apply to the repository: up to 50 tags, ${TAGS_RULE}.`,
  'CreateRepositoryRequest.imageTagMutability':
    'The tag mutability setting: MUTABLE (default, tags can be overwritten), IMMUTABLE, IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION.',
  'CreateRepositoryResponse.repository': 'The repository that was created.',
  ImageIdentifier: 'An image, by its tag, its digest or both (then the tag must name that digest).',
  'ImageIdentifier.imageDigest': 'The sha256 digest of the image manifest.',
  'ImageIdentifier.imageTag': 'A tag of the image.',
  TagStatus: 'Which images: TAGGED (with at least one tag), UNTAGGED, or ANY (the default).',
  ImageStatusFilter:
    'Which images by status: every image here is ACTIVE (ACTIVE or ANY: all; ARCHIVED, ACTIVATING: none).',
  'ListImagesRequest.registryId': DEFAULT_REGISTRY,
  'ListImagesRequest.repositoryName': 'The repository whose images to list.',
  'ListImagesRequest.nextToken': 'The nextToken of a previous truncated response.',
  'ListImagesRequest.maxResults': 'The maximum number of image ids per page (1-1000, default 100).',
  'ListImagesRequest.filter': 'Which images to list: by tag status.',
  'ListImagesResponse.imageIds':
    'One entry per tag of each image (digest and tag), and one per untagged image (digest only).',
  'ListImagesResponse.nextToken': 'The token to request the next page, when there is one.',
  'DescribeImagesRequest.registryId': DEFAULT_REGISTRY,
  'DescribeImagesRequest.repositoryName': 'The repository whose images to describe.',
  'DescribeImagesRequest.imageIds': 'The images to describe (each must exist); every image when omitted.',
  'DescribeImagesRequest.nextToken': 'The nextToken of a previous truncated response (not with imageIds).',
  'DescribeImagesRequest.maxResults': 'The maximum number of images per page (1-1000, default 100; not with imageIds).',
  'DescribeImagesRequest.filter':
    'Which images to describe: by tag status (of the images imageIds names too: one it passes over is left out).',
  'DescribeImagesResponse.imageDetails': 'One entry per image, with all of its tags.',
  'DescribeImagesResponse.nextToken': 'The token to request the next page, when there is one.',
  ImageDetail: 'What the registry knows of one image: its digest, tags, size and when it was pushed.',
  'ImageDetail.imageSizeInBytes':
    "The total size of the blobs the manifest names, its config and its layers, as stored (compressed); an index's (a manifest list's): the largest of the images it names.",
  'ImageDetail.imagePushedAt': 'When the image manifest was pushed.',
  'ImageDetail.imageManifestMediaType': 'The media type of the image manifest.',
  'ImageDetail.artifactMediaType': "The media type of the image's config (an image manifest's, not an index's).",
  'BatchGetImageRequest.registryId': DEFAULT_REGISTRY,
  'BatchGetImageRequest.repositoryName': 'The repository that holds the images.',
  'BatchGetImageRequest.imageIds': 'The images to get (1-100).',
  'BatchGetImageRequest.acceptedMediaTypes':
    'The manifest media types the caller accepts (1-100); an image of another type is a failure. Default: any.',
  'BatchGetImageResponse.images': 'The images found, each with its manifest.',
  'BatchGetImageResponse.failures': 'One entry per image id that could not be answered, with its code and reason.',
  Image: 'An image: its id, its manifest and the media type of the manifest.',
  'Image.imageManifest': 'The image manifest, as pushed.',
  ImageFailure: 'An image id that could not be answered, and why.',
  'DescribeRepositoriesRequest.registryId': DEFAULT_REGISTRY,
  'DescribeRepositoriesRequest.repositoryNames': 'Repositories to describe; all when omitted.',
  'DescribeRepositoriesRequest.nextToken': 'The nextToken of a previous truncated response.',
  'DescribeRepositoriesRequest.maxResults': 'The maximum number of results per page.',
  'DescribeRepositoriesResponse.repositories': 'A list of repository objects.',
  'DescribeRepositoriesResponse.nextToken': 'The token to request the next page, when there is one.',
  'DeleteRepositoryRequest.registryId': DEFAULT_REGISTRY,
  'DeleteRepositoryRequest.repositoryName': 'The name of the repository to delete.',
  'DeleteRepositoryRequest.force': 'Delete the repository even if it contains images.',
  'GetAuthorizationTokenRequest.registryIds':
    'Deprecated by ECR: the registries to get tokens for (one token per registry). Default: the default registry.',
  'GetAuthorizationTokenResponse.authorizationData': 'One authorization for each registry.',
  AuthorizationData: 'An authorization token for a registry.',
  'AuthorizationData.authorizationToken':
    'The base64 of AWS:<password>: the user name and password a container client logs in with.',
  'AuthorizationData.expiresAt': 'When the token expires (12 hours after it was issued).',
  'AuthorizationData.proxyEndpoint': 'The registry URL to log in to.',
  'DeleteRepositoryResponse.repository': 'The repository that was deleted.',
  'ListTagsForResourceRequest.resourceArn': `The ARN of the repository whose tags to list. ${ARN_KIND}`,
  'ListTagsForResourceResponse.tags': 'The tags for the resource.',
  'TagResourceRequest.resourceArn': `The ARN of the repository to tag. ${ARN_KIND}`,
  'TagResourceRequest.tags': `The tags to add to the resource: the resource can hold up to 50, ${TAGS_RULE}.`,
  'UntagResourceRequest.resourceArn': `The ARN of the repository to take tags from. ${ARN_KIND}`,
  'UntagResourceRequest.tagKeys': 'The keys of the tags to delete; a key the repository does not have is ignored.',
  'PutImageRequest.registryId': DEFAULT_REGISTRY,
  'PutImageRequest.repositoryName': 'The repository to put the image in.',
  'PutImageRequest.imageManifest':
    "The image manifest (Docker schema 2, OCI image manifest, manifest list or OCI index), as the image's digest is taken of it.",
  'PutImageRequest.imageManifestMediaType':
    "The manifest's media type; required when the manifest has no mediaType, and must equal it when it has one.",
  'PutImageRequest.imageTag':
    "The tag to put on the image; it moves off another image unless the repository's mutability keeps it there.",
  'PutImageRequest.imageDigest': "The manifest's digest, when the caller knows it: it must be the manifest's.",
  'PutImageResponse.image': 'The image that was put, with its manifest.',
  'BatchDeleteImageRequest.registryId': DEFAULT_REGISTRY,
  'BatchDeleteImageRequest.repositoryName': 'The repository that holds the images.',
  'BatchDeleteImageRequest.imageIds':
    'The images to delete (1-100): a tag takes that tag off its image (deleted with its last tag), a digest deletes the image and all its tags.',
  'BatchDeleteImageResponse.imageIds': 'The image ids that were deleted, one per tag removed (digest only: untagged).',
  'BatchDeleteImageResponse.failures': 'One entry per image id that could not be deleted, with its code and reason.',
  'PutImageTagMutabilityRequest.registryId': DEFAULT_REGISTRY,
  'PutImageTagMutabilityRequest.repositoryName': 'The repository whose tag mutability to set.',
  'PutImageTagMutabilityRequest.imageTagMutability':
    'MUTABLE (tags can move to other images), IMMUTABLE (they cannot), IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION (the exclusion filters name the tags that are the other way).',
  'PutImageTagMutabilityRequest.imageTagMutabilityExclusionFilters':
    'With the _WITH_EXCLUSION settings (and only then): 1 to 5 WILDCARD filters naming the excepted tags.',
  'PutImageTagMutabilityResponse.registryId': 'The registry of the repository.',
  'PutImageTagMutabilityResponse.repositoryName': 'The repository.',
  'PutImageTagMutabilityResponse.imageTagMutability': 'The tag mutability setting now in effect.',
  'PutImageTagMutabilityResponse.imageTagMutabilityExclusionFilters': 'The exclusion filters now in effect, if any.',
  // The layer operations and image scanning (issue 45).
  'BatchCheckLayerAvailabilityRequest.registryId': DEFAULT_REGISTRY,
  'BatchCheckLayerAvailabilityRequest.repositoryName': 'The repository whose layers to check.',
  'BatchCheckLayerAvailabilityRequest.layerDigests': 'The digests of the layers to check (1-100).',
  'BatchCheckLayerAvailabilityResponse.layers': 'The layers the repository holds: AVAILABLE, with their size.',
  'BatchCheckLayerAvailabilityResponse.failures':
    'One entry per digest that is not a layer of the repository (MissingLayerDigest) or not a digest (InvalidLayerDigest).',
  Layer: 'A layer of a repository: its digest, availability, size and media type.',
  'Layer.layerSize': 'The size of the layer in bytes.',
  LayerFailure: 'A layer digest that could not be answered, and why.',
  'InitiateLayerUploadRequest.registryId': DEFAULT_REGISTRY,
  'InitiateLayerUploadRequest.repositoryName': 'The repository to upload the layer to.',
  'InitiateLayerUploadResponse.uploadId':
    "The upload's id, for upload-layer-part and complete-layer-upload (the same upload serve's registry knows).",
  'InitiateLayerUploadResponse.partSize':
    'The size, in bytes, that each part should be (ECR: at least 5 MiB but the last).',
  'UploadLayerPartRequest.registryId': DEFAULT_REGISTRY,
  'UploadLayerPartRequest.repositoryName': 'The repository the upload belongs to.',
  'UploadLayerPartRequest.uploadId': 'The id of the upload, from initiate-layer-upload.',
  'UploadLayerPartRequest.partFirstByte':
    "The offset in the layer of the part's first byte: where the upload ends so far (0 for the first part).",
  'UploadLayerPartRequest.partLastByte': "The offset in the layer of the part's last byte (first + length - 1).",
  'UploadLayerPartRequest.layerPartBlob': 'The bytes of the part (fileb:// a file).',
  'UploadLayerPartResponse.lastByteReceived': 'The position of the last byte the upload now holds.',
  'CompleteLayerUploadRequest.registryId': DEFAULT_REGISTRY,
  'CompleteLayerUploadRequest.repositoryName': 'The repository the upload belongs to.',
  'CompleteLayerUploadRequest.uploadId': 'The id of the upload, from initiate-layer-upload.',
  'CompleteLayerUploadRequest.layerDigests': 'The sha256 digest of the whole layer (one).',
  'CompleteLayerUploadResponse.layerDigest': 'The digest of the layer, now a layer of the repository.',
  'GetDownloadUrlForLayerRequest.registryId': DEFAULT_REGISTRY,
  'GetDownloadUrlForLayerRequest.repositoryName': 'The repository that holds the layer.',
  'GetDownloadUrlForLayerRequest.layerDigest': 'The digest of the layer to download.',
  'GetDownloadUrlForLayerResponse.downloadUrl':
    "A URL on serve that answers the layer's bytes to a GET without credentials, for an hour.",
  'GetDownloadUrlForLayerResponse.layerDigest': 'The digest of the layer.',
  'PutImageScanningConfigurationRequest.registryId': DEFAULT_REGISTRY,
  'PutImageScanningConfigurationRequest.repositoryName': 'The repository whose scanning configuration to set.',
  'PutImageScanningConfigurationRequest.imageScanningConfiguration':
    'Whether images are scanned after each push (scanOnPush).',
  'PutImageScanningConfigurationResponse.imageScanningConfiguration': "The repository's scanning configuration now.",
  'StartImageScanRequest.registryId': DEFAULT_REGISTRY,
  'StartImageScanRequest.repositoryName': 'The repository that holds the image.',
  'StartImageScanRequest.imageId': 'The image to scan, by tag or digest.',
  'StartImageScanResponse.imageScanStatus': 'The status of the scan just started.',
  ImageScanStatus: 'The status of an image scan and its description.',
  'ImageScanStatus.status': 'COMPLETE once a basic scan is done (basic scanning here completes at once).',
  'DescribeImageScanFindingsRequest.registryId': DEFAULT_REGISTRY,
  'DescribeImageScanFindingsRequest.repositoryName': 'The repository that holds the image.',
  'DescribeImageScanFindingsRequest.imageId': 'The image whose findings to describe, by tag or digest.',
  'DescribeImageScanFindingsRequest.nextToken': 'The nextToken of a previous truncated response.',
  'DescribeImageScanFindingsRequest.maxResults': 'The maximum number of findings per page (1-1000, default 100).',
  'DescribeImageScanFindingsResponse.imageScanStatus': "The status of the image's last scan.",
  'DescribeImageScanFindingsResponse.imageScanFindings':
    'The findings of the scan: none here, as no vulnerability database is consulted (docs/compat.md).',
  'DescribeImageScanFindingsResponse.nextToken': 'The token to request the next page, when there is one.',
};

const DEFAULTS: ShapeDefaults<typeof ECR_SHAPES> = {
  ImageScanningConfiguration: { scanOnPush: false },
  CreateRepositoryRequest: { imageTagMutability: 'MUTABLE' },
};

const shape = shapeBuilder(ECR_SHAPES, DOCS, DEFAULTS);
const shapes = (name: keyof typeof ECR_OPERATION_SHAPES) => operationShapes(ECR_OPERATION_SHAPES[name], shape);

export const repositoryShape = shape('Repository') as StructureShape;

export const createRepository: Operation = {
  name: 'CreateRepository',
  creates: true,
  service: 'ecr',
  paths: [['create-repository'], ['ecr', 'create-repository']],
  summary: 'Creates an image repository.',
  ...shapes('CreateRepository'),
  examples: [
    { title: 'Create a repository in a namespace', argv: ['create-repository', '--repository-name', 'team/app'] },
    {
      title: 'Create an immutable repository scanned on push, with tags',
      argv: [
        'create-repository',
        '--repository-name',
        'team/api',
        '--image-tag-mutability',
        'IMMUTABLE',
        '--image-scanning-configuration',
        'scanOnPush=true',
        '--tags',
        'Key=env,Value=prod',
      ],
    },
  ],
};

/** Not in the spec's four groups, but served so that AWS clients can see and clean up what they made. */
export const describeRepositories: Operation = {
  name: 'DescribeRepositories',
  readOnly: true,
  service: 'ecr',
  paths: [['describe-repositories'], ['ecr', 'describe-repositories']],
  summary: 'Describes image repositories in a registry.',
  ...shapes('DescribeRepositories'),
  paginator: ECR_PAGINATORS.DescribeRepositories,
  hiddenMembers: ['nextToken', 'maxResults'],
  examples: [
    {
      title: 'List the names of every repository',
      argv: ['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'],
    },
    { title: 'Describe one repository by name', argv: ['describe-repositories', '--repository-names', 'team/app'] },
  ],
};

export const deleteRepository: Operation = {
  name: 'DeleteRepository',
  service: 'ecr',
  paths: [['delete-repository'], ['ecr', 'delete-repository']],
  summary: 'Deletes a repository.',
  ...shapes('DeleteRepository'),
  examples: [{ title: 'Delete a repository', argv: ['delete-repository', '--repository-name', 'team/api'] }],
};

export const listTagsForResource: Operation = {
  name: 'ListTagsForResource',
  service: 'ecr',
  paths: [['list-tags-for-resource'], ['ecr', 'list-tags-for-resource']],
  summary: 'List the tags for a repository.',
  ...shapes('ListTagsForResource'),
  examples: [
    {
      title: 'List the tags of a repository',
      argv: ['list-tags-for-resource', '--resource-arn', 'arn:aws:ecr:us-east-1:000000000000:repository/team/api'],
    },
  ],
};

export const tagResource: Operation = {
  name: 'TagResource',
  service: 'ecr',
  paths: [['tag-resource'], ['ecr', 'tag-resource']],
  summary: 'Adds tags to a repository; a key it already has takes the new value, and its other tags stay.',
  ...shapes('TagResource'),
  examples: [
    {
      title: 'Tag a repository',
      argv: [
        'tag-resource',
        '--resource-arn',
        'arn:aws:ecr:us-east-1:000000000000:repository/team/api',
        '--tags',
        'Key=owner,Value=platform',
        'Key=env,Value=staging',
      ],
    },
  ],
};

export const untagResource: Operation = {
  name: 'UntagResource',
  service: 'ecr',
  paths: [['untag-resource'], ['ecr', 'untag-resource']],
  summary: 'Deletes tags from a repository; a key it does not have is ignored.',
  ...shapes('UntagResource'),
  examples: [
    {
      title: 'Remove a tag from a repository',
      argv: [
        'untag-resource',
        '--resource-arn',
        'arn:aws:ecr:us-east-1:000000000000:repository/team/api',
        '--tag-keys',
        'owner',
      ],
    },
  ],
};

export const getAuthorizationToken: Operation = {
  name: 'GetAuthorizationToken',
  service: 'ecr',
  paths: [['get-authorization-token'], ['ecr', 'get-authorization-token']],
  summary:
    "Retrieves an authorization token for the registry: the base64 of AWS:<password>, valid for 12 hours, that container clients log in to serve's registry with.",
  ...shapes('GetAuthorizationToken'),
  examples: [
    {
      title: "Get a token and its registry's URL",
      argv: ['get-authorization-token', '--query', 'authorizationData[0].[proxyEndpoint,expiresAt]'],
    },
  ],
};

export const listImages: Operation = {
  name: 'ListImages',
  readOnly: true,
  service: 'ecr',
  paths: [['list-images'], ['ecr', 'list-images']],
  summary: "Lists the image ids of a repository's images: one per tag, and one per untagged image.",
  ...shapes('ListImages'),
  paginator: ECR_PAGINATORS.ListImages,
  hiddenMembers: ['nextToken', 'maxResults'],
  examples: [
    { title: "List a repository's image ids", argv: ['list-images', '--repository-name', 'team/app'] },
    {
      title: 'List the untagged images',
      argv: ['list-images', '--repository-name', 'team/app', '--filter', 'tagStatus=UNTAGGED'],
    },
  ],
};

export const describeImages: Operation = {
  name: 'DescribeImages',
  readOnly: true,
  service: 'ecr',
  paths: [['describe-images'], ['ecr', 'describe-images']],
  summary: "Describes a repository's images: digest, tags, size, push time and media types.",
  ...shapes('DescribeImages'),
  paginator: ECR_PAGINATORS.DescribeImages,
  hiddenMembers: ['nextToken', 'maxResults'],
  examples: [
    { title: "Describe a repository's images", argv: ['describe-images', '--repository-name', 'team/app'] },
    {
      title: 'The digests and tags of the tagged images',
      argv: [
        'describe-images',
        '--repository-name',
        'team/app',
        '--filter',
        'tagStatus=TAGGED',
        '--query',
        'imageDetails[].[imageDigest, imageTags]',
      ],
    },
  ],
};

export const batchGetImage: Operation = {
  name: 'BatchGetImage',
  readOnly: true,
  service: 'ecr',
  paths: [['batch-get-image'], ['ecr', 'batch-get-image']],
  summary: 'Gets the manifests of images by tag or digest; an id that names no image is a failure entry, not an error.',
  ...shapes('BatchGetImage'),
  examples: [
    {
      title: 'Get the manifest a tag names',
      argv: [
        'batch-get-image',
        '--repository-name',
        'team/app',
        '--image-ids',
        'imageTag=latest',
        '--query',
        'images[].imageManifest',
        '--output',
        'text',
      ],
    },
  ],
};

export const putImage: Operation = {
  name: 'PutImage',
  service: 'ecr',
  paths: [['put-image'], ['ecr', 'put-image']],
  summary:
    "Creates or updates an image from its manifest and puts a tag on it: the images serve's registry pushes and pulls.",
  ...shapes('PutImage'),
  examples: [
    {
      title: 'Put an empty OCI index under a tag (it names no layers)',
      argv: [
        'put-image',
        '--repository-name',
        'team/app',
        '--image-tag',
        'empty',
        '--image-manifest',
        '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.index.v1+json","manifests":[]}',
      ],
    },
  ],
};

export const batchDeleteImage: Operation = {
  name: 'BatchDeleteImage',
  service: 'ecr',
  paths: [['batch-delete-image'], ['ecr', 'batch-delete-image']],
  summary:
    'Deletes images by digest, or takes tags off them (an image loses nothing else, and goes with its last tag); an id that cannot be deleted is a failure entry, not an error.',
  ...shapes('BatchDeleteImage'),
  examples: [
    {
      title: 'Take a tag off its image',
      argv: ['batch-delete-image', '--repository-name', 'team/app', '--image-ids', 'imageTag=old'],
    },
  ],
};

export const putImageTagMutability: Operation = {
  name: 'PutImageTagMutability',
  service: 'ecr',
  paths: [['put-image-tag-mutability'], ['ecr', 'put-image-tag-mutability']],
  summary: "Sets a repository's image tag mutability, in effect on PutImage and on pushes to serve's registry alike.",
  ...shapes('PutImageTagMutability'),
  examples: [
    {
      title: 'Make every tag immutable but the latest-* ones',
      argv: [
        'put-image-tag-mutability',
        '--repository-name',
        'team/app',
        '--image-tag-mutability',
        'IMMUTABLE_WITH_EXCLUSION',
        '--image-tag-mutability-exclusion-filters',
        'filterType=WILDCARD,filter=latest-*',
      ],
    },
  ],
};

/** ECR's operations by name, in the order commands and docs list them (registry.ts joins the services'). */
// The layer operations and image scanning (issue 45): src/backends/embedded/handlers/layers.ts and src/backends/embedded/handlers/scans.ts.

export const batchCheckLayerAvailability: Operation = {
  name: 'BatchCheckLayerAvailability',
  readOnly: true,
  service: 'ecr',
  paths: [['batch-check-layer-availability'], ['ecr', 'batch-check-layer-availability']],
  summary: 'Checks which layers a repository holds; a digest it does not hold is a failure entry, not an error.',
  ...shapes('BatchCheckLayerAvailability'),
  examples: [
    {
      title: 'Check one layer',
      argv: [
        'batch-check-layer-availability',
        '--repository-name',
        'team/app',
        '--layer-digests',
        'sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
      ],
    },
  ],
};

export const initiateLayerUpload: Operation = {
  name: 'InitiateLayerUpload',
  service: 'ecr',
  paths: [['initiate-layer-upload'], ['ecr', 'initiate-layer-upload']],
  summary: "Starts a layer upload: an upload of serve's registry, which upload-layer-part fills.",
  ...shapes('InitiateLayerUpload'),
  examples: [{ title: 'Start an upload', argv: ['initiate-layer-upload', '--repository-name', 'team/app'] }],
};

export const uploadLayerPart: Operation = {
  name: 'UploadLayerPart',
  service: 'ecr',
  paths: [['upload-layer-part'], ['ecr', 'upload-layer-part']],
  summary: 'Uploads a part of a layer: its first byte must be where the upload ends.',
  ...shapes('UploadLayerPart'),
  examples: [
    {
      title: 'Upload the first 5 bytes (hello, in base64)',
      argv: [
        'upload-layer-part',
        '--repository-name',
        'team/app',
        '--upload-id',
        '0b8d4f5e-1c2a-4b3d-9e8f-7a6b5c4d3e2f',
        '--part-first-byte',
        '0',
        '--part-last-byte',
        '4',
        '--layer-part-blob',
        'aGVsbG8=',
      ],
      needs: 'an upload begun by initiate-layer-upload, its id here',
    },
  ],
};

export const completeLayerUpload: Operation = {
  name: 'CompleteLayerUpload',
  service: 'ecr',
  paths: [['complete-layer-upload'], ['ecr', 'complete-layer-upload']],
  summary: 'Completes a layer upload: its bytes must have the digest given, and become a layer the registry serves.',
  ...shapes('CompleteLayerUpload'),
  examples: [
    {
      title: 'Complete an upload',
      argv: [
        'complete-layer-upload',
        '--repository-name',
        'team/app',
        '--upload-id',
        '0b8d4f5e-1c2a-4b3d-9e8f-7a6b5c4d3e2f',
        '--layer-digests',
        'sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
      ],
      needs: 'an upload whose parts were uploaded',
    },
  ],
};

export const getDownloadUrlForLayer: Operation = {
  name: 'GetDownloadUrlForLayer',
  readOnly: true,
  service: 'ecr',
  paths: [['get-download-url-for-layer'], ['ecr', 'get-download-url-for-layer']],
  summary: "Gives a URL on serve that answers a layer's bytes without credentials, for an hour (serve only).",
  ...shapes('GetDownloadUrlForLayer'),
  examples: [
    {
      title: "A layer's download URL",
      argv: [
        'get-download-url-for-layer',
        '--repository-name',
        'team/app',
        '--layer-digest',
        'sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
      ],
      needs: 'svcctl serve (--endpoint-url) and an image that names the layer',
    },
  ],
};

export const putImageScanningConfiguration: Operation = {
  name: 'PutImageScanningConfiguration',
  service: 'ecr',
  paths: [['put-image-scanning-configuration'], ['ecr', 'put-image-scanning-configuration']],
  summary: "Sets a repository's scanning configuration: whether each push starts a scan.",
  ...shapes('PutImageScanningConfiguration'),
  examples: [
    {
      title: 'Scan every push',
      argv: [
        'put-image-scanning-configuration',
        '--repository-name',
        'team/app',
        '--image-scanning-configuration',
        'scanOnPush=true',
      ],
    },
  ],
};

export const startImageScan: Operation = {
  name: 'StartImageScan',
  service: 'ecr',
  paths: [['start-image-scan'], ['ecr', 'start-image-scan']],
  summary: 'Starts a basic scan of an image (once a day per image); it completes at once, with no findings.',
  ...shapes('StartImageScan'),
  examples: [
    {
      title: 'Scan the image a tag names',
      argv: ['start-image-scan', '--repository-name', 'team/app', '--image-id', 'imageTag=latest'],
      needs: 'an image pushed with that tag',
    },
  ],
};

export const describeImageScanFindings: Operation = {
  name: 'DescribeImageScanFindings',
  readOnly: true,
  service: 'ecr',
  paths: [['describe-image-scan-findings'], ['ecr', 'describe-image-scan-findings']],
  summary: "Describes an image's last scan: its status and findings (none: no vulnerability database is here).",
  ...shapes('DescribeImageScanFindings'),
  paginator: ECR_PAGINATORS.DescribeImageScanFindings,
  hiddenMembers: ['nextToken', 'maxResults'],
  examples: [
    {
      title: "The status of an image's scan",
      argv: [
        'describe-image-scan-findings',
        '--repository-name',
        'team/app',
        '--image-id',
        'imageTag=latest',
        '--query',
        'imageScanStatus.status',
      ],
      needs: 'a scanned image with that tag',
    },
  ],
};

export const ECR_OPERATIONS = {
  CreateRepository: createRepository,
  DescribeRepositories: describeRepositories,
  TagResource: tagResource,
  ListTagsForResource: listTagsForResource,
  UntagResource: untagResource,
  DeleteRepository: deleteRepository,
  GetAuthorizationToken: getAuthorizationToken,
  ListImages: listImages,
  DescribeImages: describeImages,
  BatchGetImage: batchGetImage,
  PutImage: putImage,
  BatchDeleteImage: batchDeleteImage,
  PutImageTagMutability: putImageTagMutability,
  // The layer operations and image scanning (issue 45).
  BatchCheckLayerAvailability: batchCheckLayerAvailability,
  InitiateLayerUpload: initiateLayerUpload,
  UploadLayerPart: uploadLayerPart,
  CompleteLayerUpload: completeLayerUpload,
  GetDownloadUrlForLayer: getDownloadUrlForLayer,
  PutImageScanningConfiguration: putImageScanningConfiguration,
  StartImageScan: startImageScan,
  DescribeImageScanFindings: describeImageScanFindings,
} satisfies Record<string, Operation>;
