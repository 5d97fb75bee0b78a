import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;

/** `svcctl/0.1.0 node/v20.19.0 linux` (the AWS CLI's `aws-cli/2.x Python/3.x Linux/...` in svcctl's terms). */
export function versionLine(): string {
  return `svcctl/${VERSION} node/${process.version} ${process.platform}`;
}
