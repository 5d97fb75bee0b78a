/**
 * The exit codes of a bad --query, as the README's table says (issue 25, item 17): one that does not parse
 * is a parameter error (252) found before anything is called; one that parses but fails on the answer (an
 * unknown function, an argument of the wrong type) fails after the call, as in the AWS CLI: 255.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, paramValidation } from '../helpers/cli-results.js';
import { COUNT_REPOSITORIES } from '../helpers/command-argv.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('--query errors and their exit codes', () => {
  it('a query that does not parse: 252, nothing called', async () => {
    expect(await sb.run(['create-repository', '--repository-name', 'team/app', '--query', 'a['])).toEqual(
      failed(
        252,
        paramValidation('Bad value for --query a[: Invalid jmespath expression: Incomplete expression:\n"a["\n   ^'),
      ),
    );
    expect((await sb.run(COUNT_REPOSITORIES)).stdout).toBe('0\n');
  });

  it('an unknown function: 255 after the call (the repository is made)', async () => {
    expect(await sb.run(['create-repository', '--repository-name', 'team/app', '--query', 'nope(repository)'])).toEqual(
      failed(255, '\nsvcctl: [ERROR]: Unknown function: nope()\n'),
    );
    expect(
      (await sb.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'])).stdout,
    ).toBe('team/app\n');
  });

  it('a function given the wrong type: 255', async () => {
    const r = await sb.run(['describe-launch-configurations', '--query', 'abs(LaunchConfigurations)']);
    expect(r).toEqual(
      failed(
        255,
        '\nsvcctl: [ERROR]: In function abs(), invalid type for value: [], expected one of: [\'number\'], received: "array"\n',
      ),
    );
  });

  // Hostile pass 17d: a --query type error quoted the value it met whole, UserData included (the AWS CLI
  // does), where no error may show a secret member (models/secrets.ts, compat #220); stdout still shows it.
  it('a function given the wrong type quotes no secret member of the answer: UserData is ****', async () => {
    expect((await sb.run([...createLaunchConfiguration('lc'), '--user-data', 'TOPSECRET'])).code).toBe(0);
    const describe = (query: string) => sb.run(['describe-launch-configurations', '--query', query]);
    expect(await describe('abs(LaunchConfigurations[].{n: LaunchConfigurationName, u: UserData})')).toEqual(
      failed(
        255,
        "\nsvcctl: [ERROR]: In function abs(), invalid type for value: [{'n': 'lc', 'u': '****'}], expected one of: ['number'], received: \"array\"\n",
      ),
    );
    expect(await describe('sum(LaunchConfigurations[].UserData)')).toEqual(
      failed(
        255,
        '\nsvcctl: [ERROR]: In function sum(), invalid type for value: ****, expected one of: [\'array-number\'], received: "str"\n',
      ),
    );
    expect(await describe('LaunchConfigurations[].UserData')).toEqual({
      code: 0,
      stdout: '[\n    "VE9QU0VDUkVU"\n]\n',
      stderr: '',
    });
  });

  // Hostile pass 17d: with --output off a paged listing never applied the --query, so one failing on the
  // answer exited 0 (and --no-paginate, or a single answer, 255).
  it('--output off still applies the --query: one failing on the answer is 255 on a paged listing too', async () => {
    expect((await sb.run(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    const refused = failed(255, '\nsvcctl: [ERROR]: Unknown function: nope()\n');
    for (const paging of [[], ['--no-paginate'], ['--page-size', '1'], ['--max-items', '1']]) {
      expect(await sb.run(['describe-repositories', '--output', 'off', '--query', 'nope(x)', ...paging])).toEqual(
        refused,
      );
    }
    expect(
      await sb.run(['create-repository', '--repository-name', 'team/b', '--output', 'off', '--query', 'nope(x)']),
    ).toEqual(refused);
    expect(await sb.run(['describe-repositories', '--output', 'off', '--query', 'repositories[0]'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
  // An int past the largest double (here 10**400) is exact in Python, and a float infinity is past it; python
  // jmespath's sum() and avg() take it as a float, which is an OverflowError (the AWS CLI's 255).
  const big = `1${'0'.repeat(400)}`;
  it('numbers past a double compare as Python compares them: 1e400 is past 10**400, 10**400 is not 10**401', async () => {
    const query = `[\`1e400\` == \`${big}\`, \`1e400\` > \`${big}\`, \`${big}\` == \`${big}0\`, \`-1e400\` < \`-${big}\`]`;
    expect(await sb.run(['describe-repositories', '--query', query, '--output', 'text'])).toEqual({
      code: 0,
      stdout: 'False\tTrue\tFalse\tTrue\n',
      stderr: '',
    });
  });

  it('sum() of a float and an int past a double: 255, int too large to convert to float', async () => {
    expect(await sb.run(['describe-repositories', '--query', `sum([\`2.5\`, \`${big}\`])`])).toEqual(
      failed(255, '\nsvcctl: [ERROR]: int too large to convert to float\n'),
    );
    expect(await sb.run(['describe-repositories', '--query', `avg([\`${big}\`])`])).toEqual(
      failed(255, '\nsvcctl: [ERROR]: int too large to convert to float\n'),
    );
  });
  // merge()'s later arguments go to dict.update unchecked (python jmespath checks the first only), which
  // iterates an object element by its keys: two keys are a pair, one is a sequence of length 1.
  it('merge() of a list of objects: each object a sequence of its keys, as dict.update takes it', async () => {
    expect(
      await sb.run(['describe-repositories', '--query', 'merge(`{}`, `[{"a": 1, "b": 2}]`)', '--output', 'json']),
    ).toEqual({ code: 0, stdout: '{\n    "a": "b"\n}\n', stderr: '' });
    expect(await sb.run(['describe-repositories', '--query', 'merge(`{}`, `[{"n": "b"}]`)'])).toEqual(
      failed(255, '\nsvcctl: [ERROR]: dictionary update sequence element #0 has length 1; 2 is required\n'),
    );
  });

  // compat 439 (hostile pass 21a): Python's dict keeps a pair's key as it is (1, 1.0 and true one key; keys()
  // gives the number 1; text and table fail sorting a null key beside a float); svcctl's objects have string
  // keys, so a key that is no string becomes its JSON text, each text a key of its own.
  it('merge() of pairs whose keys are no strings: each key its JSON text (compat 439)', async () => {
    const query = 'merge(`{}`, `[[1, 2], [1.0, 3], [true, 4], [null, 5], ["1", 6]]`)';
    expect(await sb.run(['describe-repositories', '--query', query, '--output', 'json'])).toEqual({
      code: 0,
      stdout: '{\n    "1": 6,\n    "1.0": 3,\n    "true": 4,\n    "null": 5\n}\n',
      stderr: '',
    });
    expect(await sb.run(['describe-repositories', '--query', `keys(${query})`, '--output', 'text'])).toEqual({
      code: 0,
      stdout: '1\t1.0\ttrue\tnull\n',
      stderr: '',
    });
  });
});
