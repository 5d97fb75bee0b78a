/**
 * What the AWS CLI 2.36.7 printed, kept in test/goldens/aws-cli-2.36.7/: a golden file read, and the AWS
 * CLI's texts read with svcctl's name.
 */
import { readFileSync } from 'node:fs';

/** The golden `name` (a JSON file of test/goldens/aws-cli-2.36.7/), parsed. */
export function readAwsCliGolden<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../goldens/aws-cli-2.36.7/${name}`, import.meta.url), 'utf8')) as T;
}

/** The AWS CLI's name in its own messages, read as svcctl's (the error line, the usage block, inside a JSON string). */
export function asSvcctl(text: string): string {
  return text
    .replace(/^aws: \[ERROR\]/gm, 'svcctl: [ERROR]')
    .replace(/usage: aws /g, 'usage: svcctl ')
    .replace(/ {2}aws( <command>( <subcommand>)?)? help/g, (line) => line.replace('aws', 'svcctl'));
}
