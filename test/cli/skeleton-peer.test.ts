/**
 * The skeletons of the AWS-shaped commands against the real AWS CLI v2 (/usr/bin/aws, Debian's 2.9):
 * the same members in the same order and nesting, the same value kinds, the same YAML layout (indents,
 * sequences, the one- or two-space gap before each comment). Documentation text differs (svcctl's models
 * carry their own), enum values differ (the AWS CLI picks one at random), and 2.9 lacks the exclusion
 * filters of create-repository: those are normalised away, nothing else.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli.js';

const home = mkdtempSync(join(tmpdir(), 'svcctl-aws-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function aws(args: string[]): Promise<string> {
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: home,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_PAGER: '',
  };
  const { stdout } = await promisify(execFile)('/usr/bin/aws', args, { env, timeout: 60_000 });
  return stdout;
}

/** Members of svcctl's models that AWS CLI 2.9's models lack. */
const NEWER = new Set(['imageTagMutabilityExclusionFilters']);

/** Every string leaf made "", members 2.9 lacks removed: what is left is the layout. */
function normaliseJson(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (Array.isArray(value)) return value.map(normaliseJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!NEWER.has(k)) out[k] = normaliseJson(v);
    return out;
  }
  return value;
}

/** Each line's indentation, key, value kind and the gap before its comment; 2.9's missing members dropped. */
function normaliseYaml(text: string): string[] {
  const lines: string[] = [];
  let skipping = -1;
  for (const line of text.trimEnd().split('\n')) {
    const indent = /^ */.exec(line)![0].length;
    // A dropped member's block: deeper lines, and its sequence items at its own indentation.
    if (skipping >= 0 && (indent > skipping || (indent === skipping && line.trimStart().startsWith('- ')))) continue;
    skipping = -1;
    const m = /^( *(?:- )*)([A-Za-z_]+):( [^#]*?)?( +)#/.exec(line);
    if (!m) {
      lines.push(line.replace(/'[^']*'|[A-Za-z_]+/g, 'V'));
      continue;
    }
    if (NEWER.has(m[2]!)) {
      skipping = indent;
      continue;
    }
    const value = m[3];
    const kind = value === undefined ? '' : value === ' 0' || value === ' true' ? value : ' STRING';
    lines.push(`${m[1]}${m[2]}:${kind}${m[4]}#`);
  }
  return lines;
}

const COMMANDS: Array<[string, string]> = [
  ['ecr', 'create-repository'],
  ['ecr', 'describe-repositories'],
  ['ecr', 'delete-repository'],
  ['autoscaling', 'create-launch-configuration'],
  ['autoscaling', 'describe-launch-configurations'],
  ['autoscaling', 'delete-launch-configuration'],
];

describe('--generate-cli-skeleton against the AWS CLI v2', () => {
  it.each(COMMANDS)('%s %s: the same input and yaml-input layout', async (service, command) => {
    const sb = sandbox();
    try {
      const [awsJson, awsYaml, ours, oursYaml] = await Promise.all([
        aws([service, command, '--generate-cli-skeleton']),
        aws([service, command, '--generate-cli-skeleton', 'yaml-input']),
        sb.run([service, command, '--generate-cli-skeleton']),
        sb.run([service, command, '--generate-cli-skeleton', 'yaml-input']),
      ]);
      expect([ours.code, ours.stderr, oursYaml.code, oursYaml.stderr]).toEqual([0, '', 0, '']);
      // Byte for byte once normalised: the same indentation, order and nesting.
      expect(JSON.stringify(normaliseJson(JSON.parse(ours.stdout)), null, 4)).toBe(
        JSON.stringify(normaliseJson(JSON.parse(awsJson)), null, 4),
      );
      expect(normaliseYaml(oursYaml.stdout)).toEqual(normaliseYaml(awsYaml));
    } finally {
      sb.cleanup();
    }
  });

  it('the normalisation keeps what matters: a real difference in layout is seen', () => {
    expect(normaliseYaml("a: ''  # x\nb: # y\n- c: 0  # z\n- ''\nd: MUTABLE # e")).toEqual([
      'a: STRING  #',
      'b: #',
      '- c: 0  #',
      '- V',
      'd: STRING #',
    ]);
    expect(normaliseYaml("a: '' # x")).not.toEqual(normaliseYaml("a: ''  # x"));
    expect(
      normaliseYaml(
        "imageTagMutabilityExclusionFilters: # f\n- filterType: WILDCARD  # t\n  filter: '' # g\nnext: 0 # n",
      ),
    ).toEqual(['next: 0 #']);
  });
});
