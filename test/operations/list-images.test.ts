import { createRepository as create, lastToken as token } from '../helpers/operation-cases.js';
import { serviceError } from '../helpers/cli-results.js';
import { type SeedImage, seedDigest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

// Two images of team/app: one with two tags, one untagged; and one of team/api.
const TAGGED: SeedImage = { repository: 'team/app', tags: ['v1', 'latest'], layers: [1] };
const UNTAGGED: SeedImage = { repository: 'team/app', layers: [2] };
const OTHER: SeedImage = { repository: 'team/api', tags: ['v1'], layers: [3] };
const T = seedDigest(TAGGED);
const U = seedDigest(UNTAGGED);
const BOTH = [TAGGED, UNTAGGED, OTHER];
const REPOS = [create('team/app'), create('team/api')];
const list = (...rest: string[]) => ['list-images', '--repository-name', 'team/app', ...rest];
// Entries in (digest, tag) order: the untagged image's one entry, and one per tag of the tagged image.
const ENTRIES = [...(U < T ? [[U]] : []), [T, 'latest'], [T, 'v1'], ...(U < T ? [] : [[U]])] as const;
const json = (entries: readonly (readonly string[])[]) =>
  entries
    .map(([d, t]) =>
      t === undefined
        ? `        {\n            "imageDigest": "${d}"\n        }`
        : `        {\n            "imageDigest": "${d}",\n            "imageTag": "${t}"\n        }`,
    )
    .join(',\n');
// Four tagged images, and an untagged one whose digest sorts after theirs: a filtered page reads past them.
const FOUR = [1, 2, 3, 4].map((seed): SeedImage => ({ repository: 'team/app', tags: [`t${seed}`], layers: [seed] }));
const LAST = Array.from({ length: 50 }, (_, i): SeedImage => ({ repository: 'team/app', layers: [i + 5] })).find(
  (image) => FOUR.every((t) => seedDigest(t) < seedDigest(image)),
)!;
const digests = ['--query', '[imageIds[].[imageDigest, imageTag], NextToken]', '--output', 'json'];

operationTable({
  operation: 'ListImages',
  cases: [
    {
      name: 'json: a repository with no images',
      setup: REPOS,
      argv: list(),
      code: 0,
      stdout: `{
    "imageIds": []
}
`,
      stderr: '',
    },
    {
      name: 'json: one entry per tag of an image, one for an untagged image; other repositories not',
      setup: [...REPOS, { images: BOTH }],
      argv: ['ecr', ...list()],
      code: 0,
      stdout: `{
    "imageIds": [
${json(ENTRIES)}
    ]
}
`,
      stderr: '',
    },
    {
      name: 'text: one row per entry, digest then tag',
      setup: [...REPOS, { images: [TAGGED] }],
      argv: list('--output', 'text'),
      code: 0,
      stdout: `IMAGEIDS\t${T}\tlatest\nIMAGEIDS\t${T}\tv1\n`,
      stderr: '',
    },
    {
      name: 'filter tagStatus=TAGGED: the tagged entries only',
      setup: [...REPOS, { images: BOTH }],
      argv: list('--filter', 'tagStatus=TAGGED', '--query', 'imageIds[].imageTag', '--output', 'text'),
      code: 0,
      stdout: 'latest\tv1\n',
      stderr: '',
    },
    {
      name: 'filter tagStatus=UNTAGGED: the untagged image only',
      setup: [...REPOS, { images: BOTH }],
      argv: list('--filter', '{"tagStatus":"UNTAGGED"}', '--query', 'imageIds', '--output', 'json'),
      code: 0,
      stdout: `[
    {
        "imageDigest": "${U}"
    }
]
`,
      stderr: '',
    },
    {
      name: 'filter tagStatus=ANY: every entry',
      setup: [...REPOS, { images: BOTH }],
      argv: list('--filter', 'tagStatus=ANY', '--query', 'length(imageIds)'),
      code: 0,
      stdout: '3\n',
      stderr: '',
    },
    {
      name: 'filter imageStatus=ARCHIVED: none (every image here is active)',
      setup: [...REPOS, { images: BOTH }],
      argv: list('--filter', 'imageStatus=ARCHIVED', '--query', 'length(imageIds)'),
      code: 0,
      stdout: '0\n',
      stderr: '',
    },
    {
      name: 'filter tagStatus=UNTAGGED, one a page: the untagged image after every tagged one',
      setup: [...REPOS, { images: [...FOUR, LAST] }],
      argv: list('--filter', 'tagStatus=UNTAGGED', '--max-results', '1', '--query', '[imageIds, type(nextToken)]'),
      code: 0,
      stdout: `[
    [
        {
            "imageDigest": "${seedDigest(LAST)}"
        }
    ],
    "null"
]
`,
      stderr: '',
    },
    {
      name: 'a tag moved to another image is listed there only',
      setup: [...REPOS, { images: [TAGGED, { ...UNTAGGED, tags: ['latest'] }] }],
      argv: list('--query', 'imageIds[?imageTag==`latest`].imageDigest', '--output', 'text'),
      code: 0,
      stdout: `${U}\n`,
      stderr: '',
    },
    {
      name: 'paging: --page-size 1 still gives every entry, a call a page',
      setup: [...REPOS, { images: BOTH }],
      argv: list('--page-size', '1', ...digests),
      requests: 3,
      code: 0,
      stdout: `[
    [
${ENTRIES.map(([d, t]) => `        [\n            "${d}",\n            ${t === undefined ? 'null' : `"${t}"`}\n        ]`).join(',\n')}
    ],
    null
]
`,
      stderr: '',
    },
    {
      name: 'paging: --max-results 2 and --next-token: the third entry',
      setup: [
        ...REPOS,
        { images: BOTH },
        ['list-images', '--repository-name', 'team/app', '--max-results', '2', '--query', '[imageIds, nextToken]'],
      ],
      argv: (setup) => list('--next-token', token(setup), '--query', '[imageIds[].imageDigest, type(nextToken)]'),
      code: 0,
      stdout: `[
    [
        "${ENTRIES[2][0]}"
    ],
    "null"
]
`,
      stderr: '',
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: ['list-images', '--repository-name', 'nope/x'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'ListImages',
        "The repository with name 'nope/x' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'a forged --next-token: InvalidParameterException, 254',
      setup: REPOS,
      argv: list('--next-token', 'forged.token'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'ListImages',
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      ),
    },
    {
      name: 'a token of another repository: InvalidParameterException, 254',
      setup: [
        ...REPOS,
        { images: [...BOTH, { repository: 'team/api', layers: [4] }] },
        ['list-images', '--repository-name', 'team/api', '--max-results', '1', '--query', '[imageIds, nextToken]'],
      ],
      argv: (setup) => {
        if (token(setup) === 'null') throw new Error('the setup should have given team/api a token');
        return list('--next-token', token(setup));
      },
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'ListImages',
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      ),
    },
    {
      // botocore does not check enums; ECR does.
      name: 'a tag status that is none of the three: InvalidParameterException, 254',
      setup: REPOS,
      argv: list('--filter', 'tagStatus=SOME'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'ListImages',
        "Invalid parameter at 'filter.tagStatus' failed to satisfy constraint: 'Member must satisfy enum value set: [TAGGED, UNTAGGED, ANY]'",
      ),
    },
  ],
});
