import { serviceError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const token = (...rest: string[]) => ['get-authorization-token', ...rest];
const ENDPOINT_AND_EXPIRY = `[
    "https://000000000000.dkr.ecr.us-east-1.amazonaws.com",
    "2026-11-21T11:21:51.327000+00:00"
]
`;

operationTable({
  operation: 'GetAuthorizationToken',
  cases: [
    {
      name: 'json: the registry and the expiry, 12 hours on',
      argv: token('--query', 'authorizationData[0].[proxyEndpoint,expiresAt]'),
      code: 0,
      stdout: ENDPOINT_AND_EXPIRY,
      stderr: '',
    },
    {
      name: 'text: one row per registry',
      argv: ['ecr', ...token('--query', 'authorizationData[].[proxyEndpoint,expiresAt]', '--output', 'text')],
      code: 0,
      stdout: 'https://000000000000.dkr.ecr.us-east-1.amazonaws.com\t2026-11-21T11:21:51.327000+00:00\n',
      stderr: '',
    },
    {
      name: 'the token is the base64 of AWS:<password>',
      argv: token('--query', "starts_with(authorizationData[0].authorizationToken, 'QVdTO')"),
      code: 0,
      stdout: 'true\n',
      stderr: '',
    },
    {
      name: 'one token per registry id asked for',
      argv: token('--registry-ids', '000000000000', '111111111111', '--query', 'authorizationData[].proxyEndpoint'),
      code: 0,
      stdout: `[
    "https://000000000000.dkr.ecr.us-east-1.amazonaws.com",
    "https://111111111111.dkr.ecr.us-east-1.amazonaws.com"
]
`,
      stderr: '',
    },
    {
      name: 'a registry id that is not 12 digits: InvalidParameterException, 254',
      argv: token('--registry-ids', '12345'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'GetAuthorizationToken',
        "Invalid parameter at 'registryIds.1' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [0-9]{12}'",
      ),
    },
  ],
});
