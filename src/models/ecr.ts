import { str } from './common.js';
import type { Operation } from './operation.js';
import type { ListShape, StructureShape } from './shapes.js';

/** Spec 4.5, verbatim. */
export const REPOSITORY_NAME_PATTERN = '[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*';
export const FILTER_PATTERN = '[0-9a-zA-Z._*-]{1,128}';
export const MUTABILITIES = ['MUTABLE', 'IMMUTABLE', 'IMMUTABLE_WITH_EXCLUSION', 'MUTABLE_WITH_EXCLUSION'] as const;
export const ENCRYPTION_TYPES = ['AES256', 'KMS', 'KMS_DSSE'] as const;

const registryId = str({ pattern: '[0-9]{12}' });
const repositoryName = str({ min: 2, max: 256, pattern: REPOSITORY_NAME_PATTERN });

const tagKey = str({
  doc: 'One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:).',
});

/** A resource's tags. ECR's limits (50 tags, key 1-128, value 0-256, no aws: prefix) are its rules, not the shape's (tag-rules.ts). */
const tagList = (doc: string): ListShape => ({
  type: 'list',
  doc,
  member: {
    type: 'structure',
    required: ['Key', 'Value'],
    members: {
      Key: tagKey,
      Value: str({ doc: 'A value that acts as a descriptor within a tag category (key): up to 256 characters.' }),
    },
  },
});

const tags = tagList(
  'The metadata to apply to the repository: up to 50 tags, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters).',
);

const exclusionFilters: ListShape = {
  type: 'list',
  min: 1,
  max: 5,
  doc: 'Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5).',
  member: {
    type: 'structure',
    required: ['filterType', 'filter'],
    members: {
      filterType: str({ enum: ['WILDCARD'], doc: 'The type of filter: WILDCARD.' }),
      filter: str({
        min: 1,
        max: 128,
        pattern: FILTER_PATTERN,
        doc: 'The tag pattern of the filter (letters, digits, ., _, * and -).',
      }),
    },
  },
};

const scanning: StructureShape = {
  type: 'structure',
  doc: 'The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration).',
  members: {
    scanOnPush: {
      type: 'boolean',
      doc: 'When true, images are scanned after being pushed; otherwise only when a scan is started manually.',
    },
  },
  defaults: { scanOnPush: false },
};

const encryption: StructureShape = {
  type: 'structure',
  doc: 'The encryption configuration for the repository: how its contents are encrypted at rest.',
  required: ['encryptionType'],
  members: {
    encryptionType: str({
      enum: ENCRYPTION_TYPES,
      doc: 'AES256 (server-side, object-storage-managed keys), KMS (a key in the managed key service) or KMS_DSSE (two layers of KMS encryption).',
    }),
    kmsKey: str({
      min: 1,
      max: 2048,
      doc: 'For KMS and KMS_DSSE: the alias, key id or full ARN of the key, in the same region as the repository; the default managed key when omitted.',
    }),
  },
};

export const repositoryShape: StructureShape = {
  type: 'structure',
  doc: 'An object representing a repository.',
  members: {
    repositoryArn: str({ doc: 'The Amazon Resource Name (ARN) of the repository.' }),
    registryId: { ...registryId, doc: 'The account id of the registry that contains the repository.' },
    repositoryName: { ...repositoryName, doc: 'The name of the repository.' },
    repositoryUri: str({ doc: 'The URI for the repository, used for image push and pull.' }),
    createdAt: { type: 'timestamp', doc: 'The date and time when the repository was created.' },
    imageTagMutability: str({ enum: MUTABILITIES, doc: 'The tag mutability setting for the repository.' }),
    imageTagMutabilityExclusionFilters: exclusionFilters,
    imageScanningConfiguration: scanning,
    encryptionConfiguration: encryption,
  },
};

export const createRepository: Operation = {
  name: 'CreateRepository',
  creates: true,
  service: 'ecr',
  paths: [['create-repository'], ['ecr', 'create-repository']],
  summary: 'Creates an image repository.',
  input: {
    type: 'structure',
    required: ['repositoryName'],
    members: {
      registryId: {
        ...registryId,
        doc: 'The account id (12 digits) of the registry to create the repository in. Default: the default registry.',
      },
      repositoryName: {
        ...repositoryName,
        doc: 'The name to use for the repository (2-256 characters; lowercase letters, numbers, ., _, - and / namespaces; each part begins and ends with a letter or digit).',
      },
      tags,
      imageTagMutability: str({
        enum: MUTABILITIES,
        doc: 'The tag mutability setting: MUTABLE (default, tags can be overwritten), IMMUTABLE, IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION.',
      }),
      imageTagMutabilityExclusionFilters: exclusionFilters,
      imageScanningConfiguration: scanning,
      encryptionConfiguration: encryption,
    },
    defaults: { imageTagMutability: 'MUTABLE' },
  },
  output: {
    type: 'structure',
    members: { repository: { ...repositoryShape, doc: 'The repository that was created.' } },
  },
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
  input: {
    type: 'structure',
    members: {
      registryId: { ...registryId, doc: 'The account id of the registry. Default: the default registry.' },
      repositoryNames: {
        type: 'list',
        min: 1,
        max: 100,
        member: repositoryName,
        doc: 'Repositories to describe; all when omitted.',
      },
      nextToken: str({ doc: 'The nextToken of a previous truncated response.' }),
      maxResults: { type: 'integer', min: 1, max: 1000, doc: 'The maximum number of results per page.' },
    },
  },
  output: {
    type: 'structure',
    members: {
      repositories: { type: 'list', member: repositoryShape, doc: 'A list of repository objects.' },
      nextToken: str({ doc: 'The token to request the next page, when there is one.' }),
    },
  },
  paginator: { inputToken: 'nextToken', outputToken: 'nextToken', limitKey: 'maxResults', resultKey: 'repositories' },
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
  input: {
    type: 'structure',
    required: ['repositoryName'],
    members: {
      registryId: { ...registryId, doc: 'The account id of the registry. Default: the default registry.' },
      repositoryName: { ...repositoryName, doc: 'The name of the repository to delete.' },
      force: { type: 'boolean', doc: 'Delete the repository even if it contains images.' },
    },
  },
  output: {
    type: 'structure',
    members: { repository: { ...repositoryShape, doc: 'The repository that was deleted.' } },
  },
  examples: [{ title: 'Delete a repository', argv: ['delete-repository', '--repository-name', 'team/api'] }],
};

const resourceArn = (doc: string) =>
  str({
    doc: `${doc} Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME).`,
  });

export const listTagsForResource: Operation = {
  name: 'ListTagsForResource',
  service: 'ecr',
  paths: [['list-tags-for-resource'], ['ecr', 'list-tags-for-resource']],
  summary: 'List the tags for a repository.',
  input: {
    type: 'structure',
    required: ['resourceArn'],
    members: {
      resourceArn: resourceArn(
        'The Amazon Resource Name (ARN) that identifies the resource for which to list the tags.',
      ),
    },
  },
  output: {
    type: 'structure',
    members: { tags: tagList('The tags for the resource.') },
  },
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
  input: {
    type: 'structure',
    required: ['resourceArn', 'tags'],
    members: {
      resourceArn: resourceArn('The Amazon Resource Name (ARN) of the resource to which to add tags.'),
      tags: tagList(
        'The tags to add to the resource: the resource can hold up to 50, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters).',
      ),
    },
  },
  output: { type: 'structure', members: {} },
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
  input: {
    type: 'structure',
    required: ['resourceArn', 'tagKeys'],
    members: {
      resourceArn: resourceArn('The Amazon Resource Name (ARN) of the resource from which to remove tags.'),
      tagKeys: { type: 'list', member: tagKey, doc: 'The keys of the tags to be removed.' },
    },
  },
  output: { type: 'structure', members: {} },
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

/** ECR's operations by name, in the order commands and docs list them (registry.ts joins the services'). */
export const ECR_OPERATIONS = {
  CreateRepository: createRepository,
  DescribeRepositories: describeRepositories,
  TagResource: tagResource,
  ListTagsForResource: listTagsForResource,
  UntagResource: untagResource,
  DeleteRepository: deleteRepository,
} satisfies Record<string, Operation>;
