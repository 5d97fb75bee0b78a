/**
 * `svcctl ecr get-login-password`, as the AWS CLI has it: GetAuthorizationToken's first token, decoded, and
 * its password alone on one line, for `skopeo login --password-stdin`, `podman login` or `docker login` to
 * serve's registry. The embedded backend has no registry (nothing listens for a container client): without
 * an endpoint for ECR, it says what to start.
 */
import { ConfigError, InputError } from '../core/errors.js';
import type { CommandSpec } from '../models/commands.js';
import { operation } from '../models/registry.js';
import { callContext, createBackend } from './call.js';

export const NO_REGISTRY =
  'get-login-password: the embedded backend has no registry to log in to. Start svcctl serve and point ECR commands at it ' +
  '(--endpoint-url http://127.0.0.1:4566, AWS_ENDPOINT_URL_ECR or endpoint_url in the profile): its registry is at the same address.';

export const getLoginPasswordCommand: CommandSpec = {
  name: 'get-login-password',
  group: 'ecr',
  description:
    "Print a password for logging a container client in to serve's registry (user AWS): the one GetAuthorizationToken returns, valid for 12 hours.",
  operation: 'GetAuthorizationToken',
  // The AWS CLI's own commands report words they do not know as a ParamValidation error of the error format
  // (`Unknown options: --a,b`, joined by a comma), not as an operation's usage block (aws-cli-2.36.7/images.json).
  passUnknownOptions: true,
  docs: {
    details: [
      'Calls GetAuthorizationToken and prints the password of its token (the part after AWS:) and a newline. ' +
        'Needs svcctl serve: the embedded backend has no registry, and says so (253).',
    ],
    examples: [
      {
        title: 'Log skopeo in to the registry of a serve on port 4566',
        argv: ['ecr', 'get-login-password', '--endpoint-url', 'http://127.0.0.1:4566'],
      },
    ],
  },
  run: async ({ args, globals, ctx }) => {
    if (args.length > 0) throw new InputError(`Unknown options: ${args.join(',')}`);
    const op = operation('GetAuthorizationToken');
    if (!globals.endpoint(op.service)) throw new ConfigError(NO_REGISTRY);
    const call = await callContext(op, globals, ctx);
    const backend = await createBackend(op, globals, ctx);
    try {
      const out = (await backend.invoke(op, {}, call)) as { authorizationData: Array<{ authorizationToken: string }> };
      const token = Buffer.from(out.authorizationData[0]!.authorizationToken, 'base64').toString('utf8');
      ctx.stdout.write(`${token.slice(token.indexOf(':') + 1)}\n`);
      return 0;
    } finally {
      backend.close();
    }
  },
};
