/**
 * --cli-input-json and --cli-input-yaml: the document's members are the input members, flags win over
 * it, and a document that cannot be used is a parameter error (252) worded as the AWS CLI words it, with
 * no backend call.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramfileError, paramValidation, parseError, validationError } from '../helpers/cli-results.js';
import { queryLaunchConfigurations } from '../helpers/command-argv.js';
import { sendEvent } from '../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const untouched = () => expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);

/** What the embedded service stored for an account token: the parameters it was created from. */
function storedTokenData(id: string): unknown {
  const db = new Database(join(sb.env.SVCCTL_HOME!, 'state.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT doc FROM account_tokens WHERE id = ?').get(id) as { doc: string };
    return (JSON.parse(row.doc) as { data: unknown }).data;
  } finally {
    db.close();
  }
}

describe('--cli-input-json and --cli-input-yaml', () => {
  it('take the input members from the document, inline or from file://', async () => {
    const doc = { repositoryName: 'team/app', imageTagMutability: 'IMMUTABLE', tags: [{ Key: 'env', Value: 'prod' }] };
    writeFileSync(join(sb.cwd, 'in.json'), JSON.stringify(doc));
    writeFileSync(
      join(sb.cwd, 'in.yaml'),
      'repositoryName: team/web  # a comment\nimageScanningConfiguration:\n  scanOnPush: true\n',
    );
    const q = [
      '--query',
      'repository.[repositoryName, imageTagMutability, imageScanningConfiguration.scanOnPush]',
      '--output',
      'text',
    ];
    expect(await sb.run(['create-repository', '--cli-input-json', 'file://in.json', ...q])).toEqual(
      ok('team/app\tIMMUTABLE\tFalse\n'),
    );
    expect(await sb.run(['create-repository', '--cli-input-yaml', 'file://in.yaml', ...q])).toEqual(
      ok('team/web\tMUTABLE\tTrue\n'),
    );
    expect(
      await sb.run([
        'create-repository',
        '--cli-input-json',
        '{"repositoryName": "inline"}',
        '--query',
        'repository.repositoryName',
      ]),
    ).toEqual(ok('"inline"\n'));
  });

  it("take YAML merge keys (`<<: *anchor`), as the AWS CLI's loader does: the mapping's own keys win", async () => {
    // /usr/bin/aws 2.9.19 created this launch configuration with 20/gp3 and 50/gp3; svcctl refused `Unknown parameter
    // in BlockDeviceMappings[1].Ebs: "<<"` (hostile pass 14b).
    writeFileSync(
      join(sb.cwd, 'lc.yaml'),
      [
        'LaunchConfigurationName: web',
        'ImageId: ami-12345678',
        'InstanceType: t3.micro',
        'BlockDeviceMappings:',
        '- DeviceName: /dev/xvda',
        '  Ebs: &ebs {VolumeSize: 20, VolumeType: gp3}',
        '- DeviceName: /dev/xvdb',
        '  Ebs:',
        '    <<: *ebs',
        '    VolumeSize: 50',
        '- DeviceName: /dev/xvdc',
        '  Ebs:',
        '    <<: [{VolumeType: gp2}, *ebs]',
        '',
      ].join('\n'),
    );
    expect(await sb.run(['create-launch-configuration', '--cli-input-yaml', 'file://lc.yaml'])).toEqual(ok(''));
    expect(
      await sb.run(
        queryLaunchConfigurations('LaunchConfigurations[0].BlockDeviceMappings[].Ebs.[VolumeSize, VolumeType]', 'text'),
      ),
    ).toEqual(ok('20\tgp3\n50\tgp3\n20\tgp2\n'));
  });

  it('let flags on the command line win over the document, member by member (a flag replaces a whole member)', async () => {
    const doc = JSON.stringify({
      repositoryName: 'from-doc',
      imageTagMutability: 'IMMUTABLE',
      tags: [
        { Key: 'a', Value: '1' },
        { Key: 'b', Value: '2' },
      ],
    });
    const r = await sb.run([
      'create-repository',
      '--cli-input-json',
      doc,
      '--repository-name',
      'from-flag',
      '--tags',
      'Key=c,Value=3',
      '--query',
      'repository.[repositoryName, imageTagMutability]',
    ]);
    expect(r).toEqual(ok('[\n    "from-flag",\n    "IMMUTABLE"\n]\n'));
    const lc = [
      'create-launch-configuration',
      '--cli-input-yaml',
      'LaunchConfigurationName: web\nImageId: ami-1\nInstanceType: t3.micro\nEbsOptimized: true\nSecurityGroups: [sg-doc]',
    ];
    expect(await sb.run([...lc, '--no-ebs-optimized', '--security-groups', 'sg-1', 'sg-2'])).toEqual(ok());
    expect(await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].[EbsOptimized, SecurityGroups]'))).toEqual(
      ok('[\n    false,\n    [\n        "sg-1",\n        "sg-2"\n    ]\n]\n'),
    );
  });

  it('work for the v2 commands: nested members from YAML, flags over them', async () => {
    const yaml =
      'contact_email: jenny@example.com\ndisplay_name: Doc\nidentity:\n  entity_type: company\n  business_details:\n    registered_name: Rosen Ltd\n' +
      '  attestations:\n    terms_of_service:\n      account:\n        shown_and_accepted: true\n';
    expect(
      await sb.run(['account-token', 'create', '--cli-input-yaml', yaml, '--display-name', 'Flag', '--query', 'id']),
    ).toEqual(ok('"accttok_test0001"\n'));
    expect(storedTokenData('accttok_test0001')).toEqual({
      contact_email: 'jenny@example.com',
      display_name: 'Flag',
      identity: {
        entity_type: 'company',
        business_details: { registered_name: 'Rosen Ltd' },
        attestations: { terms_of_service: { account: { shown_and_accepted: true } } },
      },
    });
    expect((await sb.run(sendEvent('api_calls', 'evt_1'))).code).toBe(0);
    const mea = await sb.run([
      'meter-event-adjustment',
      'create',
      '--cli-input-json',
      '{"event_name": "doc", "type": "cancel", "cancel": {"identifier": "evt_1"}}',
      '--event-name',
      'api_calls',
      '--query',
      '[event_name, cancel.identifier]',
      '--output',
      'text',
    ]);
    expect(mea).toEqual(ok('api_calls\tevt_1\n'));
    expect(
      await sb.run(['account-token', 'get', '--cli-input-json', '{"id": "accttok_test0001"}', '--query', 'used']),
    ).toEqual(ok('false\n'));
  });

  it('send the document as it is: no shorthand inside it, and UserData still base64-encoded once', async () => {
    expect(
      await sb.run(['create-repository', '--cli-input-json', '{"repositoryName": "ab", "tags": "Key=a,Value=b"}']),
    ).toEqual(
      failed(
        252,
        validationError(
          "Invalid type for parameter tags, value: Key=a,Value=b, type: <class 'str'>, valid types: <class 'list'>, <class 'tuple'>",
        ),
      ),
    );
    await sb.run([
      'create-launch-configuration',
      '--cli-input-yaml',
      'LaunchConfigurationName: a\nImageId: ami-1\nInstanceType: t3.micro\nUserData: |\n  #!/bin/sh\n  echo hi\n',
    ]);
    expect(await sb.run(['describe-launch-configurations', '--query', 'LaunchConfigurations[0].UserData'])).toEqual(
      ok(`"${Buffer.from('#!/bin/sh\necho hi\n').toString('base64')}"\n`),
    );
  });

  it('count a document as giving the required members: what it lacks is a validation error, not a usage error', async () => {
    expect(
      await sb.run(['meter-event-adjustment', 'create', '--cli-input-yaml', 'event_name: e', '--type', 'cancel']),
    ).toEqual(failed(252, validationError('Missing required parameter in input: "cancel"')));
    untouched();
  });

  // Hostile pass 18c: '%FOO bar' before '---' was refused ('Unknown directive %FOO'), where the AWS CLI 2.9.19's
  // ruamel ignores a directive it does not know (YAML 1.2, 6.8) and creates the repository.
  it('keep a tab in a quoted or block scalar and in a comment, as the AWS CLI does', async () => {
    expect(
      await sb.run([
        'create-launch-configuration',
        '--cli-input-yaml',
        '# a\tcomment\nLaunchConfigurationName: "w\tb"\nImageId: ami-12345678\nInstanceType: t3.micro\nUserData: |\n  a\tb\n',
      ]),
    ).toEqual(ok(''));
    expect(await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].LaunchConfigurationName'))).toEqual(
      ok('"w\\tb"\n'),
    );
  });

  // Hostile pass 20b: 'Flow sequence in block collection must be sufficiently indented' and 'Missing closing
  // "quote' (252), where the AWS CLI 2.9.19's scanner reads such lines at any indentation.
  it("read a flow collection's or a quoted scalar's later lines at any indentation, as the AWS CLI does", async () => {
    const doc =
      'LaunchConfigurationName: "l\nc1"\nImageId: ami-12345678\nInstanceType: t3.micro\nSecurityGroups: [sg-1,\nsg-2, \'sg-3\']\n';
    expect(await sb.run(['create-launch-configuration', '--cli-input-yaml', doc])).toEqual(ok(''));
    expect(
      await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].[LaunchConfigurationName, SecurityGroups]')),
    ).toEqual(ok('[\n    "l c1",\n    [\n        "sg-1",\n        "sg-2",\n        "sg-3"\n    ]\n]\n'));
  });

  // compat 436: the escapes of a double-quoted scalar give NEL, LS and PS, where the characters are refused.
  it('take NEL, LS and PS as the escapes of a double-quoted YAML scalar', async () => {
    const doc = 'LaunchConfigurationName: "l\\Nc\\L1\\u2029"\nImageId: ami-12345678\nInstanceType: t3.micro\n';
    expect(await sb.run(['create-launch-configuration', '--cli-input-yaml', doc])).toEqual(ok(''));
    expect(await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].LaunchConfigurationName'))).toEqual(
      ok('"l\u0085c\u20281\u2029"\n'),
    );
  });

  it('ignore a YAML directive other than %YAML and %TAG, as the AWS CLI does', async () => {
    expect(
      await sb.run([
        'create-repository',
        '--cli-input-yaml',
        '%FOO bar\tbaz\n%YAML 1.2\n%BAR\n---\nrepositoryName: ab',
        '--query',
        'repository.repositoryName',
      ]),
    ).toEqual(ok('"ab"\n'));
  });

  // Hostile pass 18c: '!!bool yes' was refused ('Unresolved tag: tag:yaml.org,2002:bool'), where the AWS CLI
  // 2.9.19's ruamel constructs an explicit !!bool from YAML 1.1's words, any case, under YAML 1.2 too.
  it.each([
    ['!!bool yes', 'True'],
    ['!!bool Off', 'False'],
    ['!!bool "y"', 'True'],
    ['!!bool NO', 'False'],
    ['!!bool True', 'True'],
  ])("take an explicit YAML '%s' as ruamel's loader does", async (value, shown) => {
    const doc = `repositoryName: ab\nimageScanningConfiguration: {scanOnPush: ${value}}`;
    const q = ['--query', 'repository.imageScanningConfiguration.scanOnPush', '--output', 'text'];
    expect(await sb.run(['create-repository', '--cli-input-yaml', doc, ...q])).toEqual(ok(`${shown}\n`));
  });

  const badJson = (why: string) => parseError('--cli-input-json', `Invalid JSON received.\n${why}`);
  const badYaml = (why: string) => parseError('--cli-input-yaml', `Invalid YAML received.\n${why}`);
  const notMap = (flag: string, type: string) =>
    parseError(flag, `Invalid type: expecting map, received <class '${type}'>`);
  const refused: Array<[string, string[], string]> = [
    [
      'bad JSON',
      ['--cli-input-json', '{bad'],
      badJson('Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'),
    ],
    [
      'bad JSON on a later line',
      ['--cli-input-json', '{\n  "repositoryName": "ab",\n}'],
      badJson('Expecting property name enclosed in double quotes: line 3 column 1 (char 28)'),
    ],
    ['empty JSON', ['--cli-input-json', ''], badJson('Expecting value: line 1 column 1 (char 0)')],
    [
      'JSON after a byte order mark (json.loads names it)',
      ['--cli-input-json', '\ufeff{}'],
      badJson('Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)'),
    ],
    ['a JSON list', ['--cli-input-json', '[{"repositoryName": "ab"}]'], notMap('--cli-input-json', 'list')],
    ['a JSON string', ['--cli-input-json', '"ab"'], notMap('--cli-input-json', 'str')],
    ['a JSON integer', ['--cli-input-json', '12'], notMap('--cli-input-json', 'int')],
    ['a JSON float', ['--cli-input-json', '1.5'], notMap('--cli-input-json', 'float')],
    ['JSON null', ['--cli-input-json', 'null'], notMap('--cli-input-json', 'NoneType')],
    [
      'bad YAML',
      ['--cli-input-yaml', 'repositoryName: [ab'],
      badYaml('Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 20'),
    ],
    // issue 44, item 15: the engine's line ended in `column 17:` with nothing after it
    [
      'YAML with a mapping in a compact mapping',
      ['--cli-input-yaml', 'repositoryName: team/app:'],
      badYaml('Nested mappings are not allowed in compact mappings at line 1, column 17'),
    ],
    [
      'YAML with a key twice',
      ['--cli-input-yaml', 'repositoryName: ab\nrepositoryName: cd'],
      badYaml('Map keys must be unique at line 2, column 1'),
    ],
    [
      'YAML with a merge key twice (ruamel refuses it as any key twice)',
      [
        '--cli-input-yaml',
        'repositoryName: ab\n<<: {imageTagMutability: IMMUTABLE}\n<<: {imageTagMutability: MUTABLE}',
      ],
      badYaml('Map keys must be unique at line 3, column 1'),
    ],
    [
      // aws 2.9.19 took 150 uses of one anchor; the engine's words alone did not say what the bound is (compat 414).
      'YAML whose anchor is used 100 times, past the bound on what aliases stand for',
      ['--cli-input-yaml', `repositoryName: ab\nx: &v v\ny: [${Array(100).fill('*v').join(', ')}]`],
      badYaml(
        'Excessive alias count indicates a resource exhaustion attack: an anchor (&name) and its aliases (*name) stand for more than 100 values, the most svcctl expands',
      ),
    ],
    [
      'YAML with an unknown tag',
      ['--cli-input-yaml', 'repositoryName: !name ab'],
      badYaml('Unresolved tag: !name at line 1, column 17'),
    ],
    [
      'YAML 1.1 !!binary, an unknown tag too (issue 19, item 19)',
      ['--cli-input-yaml', 'repositoryName: !!binary aGVsbG8='],
      badYaml('Unresolved tag: tag:yaml.org,2002:binary at line 1, column 17'),
    ],
    // compat 25 (hostile pass 18c): the AWS CLI 2.9.19 builds an ordered mapping and creates the repository.
    [
      "YAML 1.1's !!omap",
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration: !!omap [{scanOnPush: true}]'],
      badYaml('Unresolved tag: tag:yaml.org,2002:omap at line 2, column 29'),
    ],
    [
      'YAML 1.1 !!timestamp',
      ['--cli-input-yaml', 'repositoryName: !!timestamp 2026-01-01'],
      badYaml('Unresolved tag: tag:yaml.org,2002:timestamp at line 1, column 17'),
    ],
    [
      "file:// with no path (as the AWS CLI 2.36: open('') is ENOENT)",
      ['--repository-name', 'file://'],
      paramfileError('--repository-name', 'file://', 2),
    ],
    // Hostile pass 18c: both were taken (the engine keeps the last), where the AWS CLI's ruamel refuses them.
    [
      'YAML with a %YAML directive twice',
      ['--cli-input-yaml', '%YAML 1.1\n%YAML 1.2\n---\nrepositoryName: ab'],
      badYaml('found duplicate YAML directive at line 2, column 1'),
    ],
    [
      'YAML with a %TAG handle twice',
      ['--cli-input-yaml', '%TAG !e! tag:e.com,2000:\n%FOO\n%TAG !e! tag:f.com,2000:\n---\nrepositoryName: ab'],
      badYaml("duplicate tag handle '!e!' at line 3, column 1"),
    ],
    // compat 429: the AWS CLI 2.9.19 stops with ruamel's KeyError, '(1, 3)' and 255.
    [
      'YAML under %YAML 1.3',
      ['--cli-input-yaml', '%YAML 1.3\n---\nrepositoryName: ab'],
      badYaml('Unsupported YAML version 1.3 at line 1, column 7'),
    ],
    [
      'two YAML documents',
      ['--cli-input-yaml', 'repositoryName: ab\n---\nrepositoryName: cd'],
      badYaml('expected a single document in the stream, but found another document'),
    ],
    ['a YAML list', ['--cli-input-yaml', '- repositoryName: ab'], notMap('--cli-input-yaml', 'list')],
    ['a YAML scalar', ['--cli-input-yaml', 'ab'], notMap('--cli-input-yaml', 'str')],
    ['empty YAML', ['--cli-input-yaml', ''], notMap('--cli-input-yaml', 'NoneType')],
    [
      'both options',
      ['--cli-input-json', '{}', '--cli-input-yaml', '{}'],
      paramValidation('Only one --cli-input- parameter may be specified.'),
    ],
    [
      'an unknown member',
      ['--cli-input-json', '{"repositoryName": "ab", "repositoryname": "cd"}'],
      validationError(
        'Unknown parameter in input: "repositoryname", must be one of: registryId, repositoryName, tags, imageTagMutability, imageTagMutabilityExclusionFilters, imageScanningConfiguration, encryptionConfiguration',
      ),
    ],
    // Hostile pass 18c: "10" was listed before "zz" (a JavaScript object lists integer-like keys first);
    // botocore walks the document's order, as the AWS CLI 2.9.19 printed it against the same serve.
    [
      'unknown members in the order given, an integer-like one too',
      [
        '--cli-input-json',
        '{"repositoryName": "ab", "zz": 1, "10": 2, "imageScanningConfiguration": {"b": true, "2": true}}',
      ],
      validationError(
        [
          'Unknown parameter in input: "zz", must be one of: registryId, repositoryName, tags, imageTagMutability, imageTagMutabilityExclusionFilters, imageScanningConfiguration, encryptionConfiguration',
          'Unknown parameter in input: "10", must be one of: registryId, repositoryName, tags, imageTagMutability, imageTagMutabilityExclusionFilters, imageScanningConfiguration, encryptionConfiguration',
          'Unknown parameter in imageScanningConfiguration: "b", must be one of: scanOnPush',
          'Unknown parameter in imageScanningConfiguration: "2", must be one of: scanOnPush',
        ].join('\n'),
      ),
    ],
    // Hostile pass 18c: '~' was named "", 'true' "true", '[a, 1]' '["a",1]' and a mapping key was taken, where
    // the AWS CLI 2.9.19 names Python's str() of ruamel's key ("None", "True", "('a', 1)") and refuses the mapping.
    [
      'YAML keys that are no strings, named as Python names them',
      [
        '--cli-input-yaml',
        'repositoryName: ab\nimageScanningConfiguration: {~: true, true: true, [a, 1, "q\'x"]: true, []: true}',
      ],
      validationError(
        [
          'Unknown parameter in imageScanningConfiguration: "None", must be one of: scanOnPush',
          'Unknown parameter in imageScanningConfiguration: "True", must be one of: scanOnPush',
          'Unknown parameter in imageScanningConfiguration: "(\'a\', 1, "q\'x")", must be one of: scanOnPush',
          'Unknown parameter in imageScanningConfiguration: "()", must be one of: scanOnPush',
        ].join('\n'),
      ),
    ],
    // Hostile pass 18c: both were listed as unknown members, where the AWS CLI 2.9.19 refuses the document:
    // in Python 1, 1.0 and True are one key, which ruamel's loader finds twice.
    [
      'YAML keys 1 and true, one key in Python',
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration: {1: true, true: false}'],
      badYaml('Map keys must be unique at line 2, column 39'),
    ],
    [
      'YAML keys 0.0 and false, one key in Python',
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration: {0.0: true, false: false}'],
      badYaml('Map keys must be unique at line 2, column 41'),
    ],
    // Hostile pass 18c: 'Unresolved tag: tag:yaml.org,2002:null', where ruamel makes None of any scalar so tagged.
    [
      'an explicit YAML !!null of any text, None as the AWS CLI reads it',
      ['--cli-input-yaml', 'repositoryName: ab\nregistryId: !!null x'],
      validationError(
        "Invalid type for parameter registryId, value: None, type: <class 'NoneType'>, valid types: <class 'str'>",
      ),
    ],
    [
      // compat 25: the AWS CLI 2.9.19 stops with ruamel's KeyError, "'1'" (255)
      'an explicit YAML !!bool of no boolean word',
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration: {scanOnPush: !!bool 1}'],
      badYaml("!!bool '1' is not a boolean: yes, no, y, n, true, false, on or off (any case) at line 2, column 42"),
    ],
    // Hostile pass 19b: svcctl took a tab between tokens and in a plain scalar (0, the repository made), where the
    // AWS CLI 2.9.19's scanner takes only spaces there: 'Invalid YAML received.' (252).
    [
      'a YAML tab after a key',
      ['--cli-input-yaml', 'repositoryName:\tab'],
      badYaml("found character '\\t' that cannot start any token at line 1, column 16"),
    ],
    [
      'a YAML tab in a flow collection (a JSON file indented with tabs)',
      ['--cli-input-yaml', '{\n\t"repositoryName": "ab"\n}'],
      badYaml("found character '\\t' that cannot start any token at line 2, column 1"),
    ],
    [
      'a YAML tab before a comment',
      ['--cli-input-yaml', 'repositoryName: ab\t# c'],
      badYaml("found character '\\t' that cannot start any token at line 1, column 19"),
    ],
    [
      'a YAML tab inside a plain scalar',
      ['--cli-input-yaml', 'repositoryName: a\tb'],
      badYaml("found character '\\t' that cannot start any token at line 1, column 18"),
    ],
    // Hostile pass 19b: taken (0); the AWS CLI 2.9.19 refuses a tab in a %YAML or %TAG directive and after any
    // directive's name (252), and ignores the rest of another directive's line.
    [
      'a YAML tab in a %YAML directive',
      ['--cli-input-yaml', '%YAML\t1.2\n---\nrepositoryName: ab'],
      badYaml("found character '\\t' that cannot start any token at line 1, column 6"),
    ],
    [
      "a YAML tab after a directive's name",
      ['--cli-input-yaml', '%FOO\tbar\n---\nrepositoryName: ab'],
      badYaml("found character '\\t' that cannot start any token at line 1, column 5"),
    ],
    // Hostile pass 20b: NEL, LS and PS written as such, which the AWS CLI 2.9.19 reads as line breaks between
    // tokens but not for indentation. svcctl read them as YAML 1.2's text: 'repositoryName: ab<NEL>' sent
    // 'ab\x85' (254), and a PS ending a comment dropped the member after it (made MUTABLE, exit 0), where the
    // AWS CLI refuses the document. compat 436: refused, naming where.
    [
      'a YAML NEL (U+0085) ending a value',
      ['--cli-input-yaml', 'repositoryName: ab\u0085'],
      badYaml(
        'found character U+0085 at line 1, column 19: YAML 1.1 reads it as a line break and YAML 1.2 as text; write a line break, or "\\u0085" in a double-quoted scalar for the character',
      ),
    ],
    [
      'a YAML LS (U+2028) after a key',
      ['--cli-input-yaml', 'repositoryName:\u2028  ab'],
      badYaml(
        'found character U+2028 at line 1, column 16: YAML 1.1 reads it as a line break and YAML 1.2 as text; write a line break, or "\\u2028" in a double-quoted scalar for the character',
      ),
    ],
    [
      'a YAML PS (U+2029) ending a comment, a member after it',
      ['--cli-input-yaml', 'repositoryName: ab\nscanOnPush: 1 # c\u2029imageTagMutability: IMMUTABLE'],
      badYaml(
        'found character U+2029 at line 2, column 18: YAML 1.1 reads it as a line break and YAML 1.2 as text; write a line break, or "\\u2029" in a double-quoted scalar for the character',
      ),
    ],
    [
      'a YAML mapping as a key',
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration: {{a: 1}: true}'],
      badYaml('found unhashable key: a mapping key cannot be a mapping, or a sequence holding one or a sequence'),
    ],
    [
      // compat 25: the AWS CLI 2.9.19 stops with TypeError "unhashable type: 'list'" (255)
      'a YAML sequence holding a sequence as a key',
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration: {[[a]]: true}'],
      badYaml('found unhashable key: a mapping key cannot be a mapping, or a sequence holding one or a sequence'),
    ],
    [
      // compat 25: the AWS CLI 2.9.19 stops with TypeError "keywords must be strings" (255)
      'a top-level YAML key that is no string',
      ['--cli-input-yaml', 'repositoryName: ab\n~: x'],
      validationError(
        'Unknown parameter in input: "None", must be one of: registryId, repositoryName, tags, imageTagMutability, imageTagMutabilityExclusionFilters, imageScanningConfiguration, encryptionConfiguration',
      ),
    ],
    [
      'a wrong type inside',
      ['--cli-input-yaml', 'repositoryName: ab\nimageScanningConfiguration:\n  scanOnPush: maybe'],
      validationError(
        "Invalid type for parameter imageScanningConfiguration.scanOnPush, value: maybe, type: <class 'str'>, valid types: <class 'bool'>",
      ),
    ],
    [
      'a missing file',
      ['--cli-input-json', 'file://nope.json'],
      paramfileError('--cli-input-json', 'file://nope.json', 2),
    ],
    ['a directory', ['--cli-input-yaml', 'file://dir'], paramfileError('--cli-input-yaml', 'file://dir', 21)],
    // Python's json reads NaN, Infinity and -Infinity as floats, so the AWS CLI's answer is its validation's;
    // svcctl gave V8's "Unexpected token 'N'" (issue 44's final hostile hour).
    [
      'NaN in --cli-input-json, a float to Python',
      ['--cli-input-json', '{"repositoryName": "ab", "imageScanningConfiguration": {"scanOnPush": NaN}}'],
      validationError(
        "Invalid type for parameter imageScanningConfiguration.scanOnPush, value: nan, type: <class 'float'>, valid types: <class 'bool'>",
      ),
    ],
    [
      'Infinity in a JSON parameter',
      ['--repository-name', 'ab', '--image-scanning-configuration', '{"scanOnPush": Infinity}'],
      validationError(
        "Invalid type for parameter imageScanningConfiguration.scanOnPush, value: inf, type: <class 'float'>, valid types: <class 'bool'>",
      ),
    ],
    [
      '-Infinity in a JSON list parameter',
      ['--repository-name', 'ab', '--tags', '[{"Key": "k", "Value": -Infinity}]'],
      validationError(
        "Invalid type for parameter tags[0].Value, value: -inf, type: <class 'float'>, valid types: <class 'str'>",
      ),
    ],
    [
      'NaN inside a string stays text, and a bad constant is not JSON',
      ['--cli-input-json', '{"repositoryName": "NaN", "tags": [Nan]}'],
      badJson('Expecting value: line 1 column 36 (char 35)'),
    ],
  ];
  it.each(refused)('refuse %s (252, nothing stored)', async (_name, args, stderr) => {
    mkdirSync(join(sb.cwd, 'dir'));
    expect(await sb.run(['create-repository', ...args])).toEqual(failed(252, stderr));
    untouched();
  });
});
