/**
 * --cli-auto-prompt / SVCCTL_CLI_AUTO_PROMPT, in-process: standard input is a stream that says it is a
 * terminal (answers typed ahead, or written while the prompt waits), standard output a terminal capture.
 * Without a real terminal the answers are echoed, so stdout is the whole conversation.
 * test/prompt/terminal.test.ts drives the built CLI in tmux.
 */
import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProcessContext } from '../../src/core/context.js';
import { run } from '../../src/cli/run.js';
import { sandbox, type CliResult, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation, serviceError, missingArgs } from '../helpers/cli-results.js';
import { sendEvent, v2err } from '../helpers/stripe-v2.js';
import { queryLaunchConfigurations } from '../helpers/command-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const untouched = () => expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);

interface Session {
  stdin: PassThrough;
  result: Promise<CliResult>;
  stdout: () => string;
}

/** Runs the CLI on a pretend terminal; `answers` are typed ahead (and the input ends) unless `keepOpen`. */
function onTerminal(
  argv: string[],
  answers: string[],
  opts: { env?: Record<string, string>; keepOpen?: boolean; signal?: AbortSignal } = {},
): Session {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.write(answers.map((a) => `${a}\n`).join(''));
  if (!opts.keepOpen) stdin.end();
  let out = '';
  let err = '';
  const ctx: ProcessContext = {
    stdout: { isTTY: true, write: (c) => (out += String(c)) },
    stderr: { isTTY: true, write: (c) => (err += String(c)) },
    stdin,
    // The output on this pretend terminal is neither paged nor coloured: the conversation is what is tested.
    env: { ...sb.env, SVCCTL_PAGER: '', NO_COLOR: '1', ...opts.env },
    cwd: sb.cwd,
    home: sb.home,
    clock: sb.clock,
    ids: sb.ids,
    signal: opts.signal,
  };
  const result = run(argv, ctx).then((code) => ({ code, stdout: out, stderr: err }));
  return { stdin, result, stdout: () => out };
}

const HEADER = (path: string) =>
  `svcctl ${path}: its parameters, required first (Enter keeps the value in [brackets] or skips an optional one; Ctrl-C cancels).\n`;
const PARTIAL = (path: string) =>
  `svcctl ${path}: the required parameters the command line lacks (Enter keeps the value in [brackets] or skips an optional one; Ctrl-C cancels).\n`;

/** stderr of deleting the launch configuration web, which does not exist. */
const NO_WEB = serviceError(
  'ValidationError',
  'DeleteLaunchConfiguration',
  'Launch configuration name not found - Launch configuration web not found',
);

const REPO_NAME =
  '--repository-name (string, required): The name to use for the repository (2-256 characters; lowercase letters, numbers, ., _, - and / namespaces; each part begins and ends with a letter or digit).\n';
const MUTABILITY =
  '--image-tag-mutability (string): The tag mutability setting: MUTABLE (default, tags can be overwritten), IMMUTABLE, IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION.\n' +
  '  choices: 1) MUTABLE  2) IMMUTABLE  3) IMMUTABLE_WITH_EXCLUSION  4) MUTABLE_WITH_EXCLUSION\n';
const REPO_QUESTIONS = {
  registryId:
    '--registry-id (string): The account id (12 digits) of the registry to create the repository in. Default: the default registry.\n',
  tags:
    '--tags (list of structures): The metadata to apply to the repository: up to 50 tags, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters).\n' +
    '  answer with a list: one item per word, each shorthand (Key=string,Value=string) or JSON\n',
  filters:
    '--image-tag-mutability-exclusion-filters (list of structures): Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5).\n' +
    '  answer with a list: one item per word, each shorthand (filterType=string,filter=string) or JSON\n',
  scanning:
    '--image-scanning-configuration (structure): The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration).\n' +
    '  answer with shorthand (scanOnPush=boolean) or JSON\n',
  encryption:
    '--encryption-configuration (structure): The encryption configuration for the repository: how its contents are encrypted at rest.\n' +
    '  answer with shorthand (encryptionType=string,kmsKey=string) or JSON\n',
};

describe('--cli-auto-prompt', () => {
  /** create-repository prompted for everything, its name and mutability printed. */
  const PROMPT_REPOSITORY = [
    'create-repository',
    '--cli-auto-prompt',
    '--query',
    'repository.[repositoryName, imageTagMutability]',
    '--output',
    'text',
  ];

  it('asks for every parameter, required first, enum values as numbered choices, then shows and runs the command', async () => {
    const answers = ['team/app', '', 'Key=env,Value=prod Key=team,Value="core, infra"', '2', '', 'scanOnPush=true', ''];
    const s = onTerminal(PROMPT_REPOSITORY, answers);
    expect(await s.result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        HEADER('create-repository') +
        `${REPO_NAME}repository-name> team/app\n` +
        `${REPO_QUESTIONS.registryId}registry-id> \n` +
        `${REPO_QUESTIONS.tags}tags> Key=env,Value=prod Key=team,Value="core, infra"\n` +
        `${MUTABILITY}image-tag-mutability> 2\n` +
        `${REPO_QUESTIONS.filters}image-tag-mutability-exclusion-filters> \n` +
        `${REPO_QUESTIONS.scanning}image-scanning-configuration> scanOnPush=true\n` +
        `${REPO_QUESTIONS.encryption}encryption-configuration> \n` +
        '\nRunning: svcctl create-repository --repository-name team/app --tags Key=env,Value=prod \'Key=team,Value="core, infra"\' ' +
        '--image-tag-mutability IMMUTABLE --image-scanning-configuration scanOnPush=true\n\n' +
        'team/app\tIMMUTABLE\n',
    });
  });

  it('checks each answer against the model as it is entered, and asks again', async () => {
    const s = onTerminal(PROMPT_REPOSITORY, [
      '',
      'A',
      'Team',
      'team',
      '12345',
      '',
      'Key=a,,',
      'Key=a',
      '',
      '9',
      'immutable',
      '',
      '{"scanOnPush": "yes"}',
      '',
      'encryptionType=DES',
      '',
    ]);
    const PATTERN = '[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*';
    expect(await s.result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        HEADER('create-repository') +
        `${REPO_NAME}repository-name> \n  a value is required\n` +
        'repository-name> A\n  invalid value: Invalid length for parameter repositoryName, value: 1, valid min length: 2\n' +
        `repository-name> Team\n  invalid value: repositoryName: Member must satisfy regular expression pattern: ${PATTERN}\n` +
        'repository-name> team\n' +
        `${REPO_QUESTIONS.registryId}registry-id> 12345\n  invalid value: registryId: Member must satisfy regular expression pattern: [0-9]{12}\nregistry-id> \n` +
        `${REPO_QUESTIONS.tags}tags> Key=a,,\n  invalid value: Expected: '=', received: 'EOF' for input:\n   Key=a,,\n         ^\n` +
        'tags> Key=a\n  invalid value: Missing required parameter in tags[0]: "Value"\ntags> \n' +
        `${MUTABILITY}image-tag-mutability> 9\n  invalid value: imageTagMutability: Member must satisfy enum value set: [MUTABLE, IMMUTABLE, IMMUTABLE_WITH_EXCLUSION, MUTABLE_WITH_EXCLUSION]\n` +
        'image-tag-mutability> immutable\n' +
        `${REPO_QUESTIONS.filters}image-tag-mutability-exclusion-filters> \n` +
        `${REPO_QUESTIONS.scanning}image-scanning-configuration> {"scanOnPush": "yes"}\n` +
        "  invalid value: Invalid type for parameter imageScanningConfiguration.scanOnPush, value: yes, type: <class 'str'>, valid types: <class 'bool'>\n" +
        'image-scanning-configuration> \n' +
        `${REPO_QUESTIONS.encryption}encryption-configuration> encryptionType=DES\n` +
        '  invalid value: encryptionConfiguration.encryptionType: Member must satisfy enum value set: [AES256, KMS, KMS_DSSE]\nencryption-configuration> \n' +
        '\nRunning: svcctl create-repository --repository-name team --image-tag-mutability IMMUTABLE\n\n' +
        'team\tIMMUTABLE\n',
    });
  });

  it('offers the values given on the command line in brackets: Enter keeps them; booleans are choices', async () => {
    const s = onTerminal(['delete-repository', '--repository-name', 'ab', '--cli-auto-prompt'], ['', '', '2']);
    expect(await s.result).toEqual({
      code: 254,
      stderr: serviceError(
        'RepositoryNotFoundException',
        'DeleteRepository',
        "The repository with name 'ab' does not exist in the registry with id '000000000000'",
      ),
      stdout:
        HEADER('delete-repository') +
        '--repository-name (string, required): The name of the repository to delete.\nrepository-name [ab]> \n' +
        '--registry-id (string): The account id of the registry. Default: the default registry.\nregistry-id> \n' +
        '--force (boolean): Delete the repository even if it contains images.\n  choices: 1) true  2) false\nforce> 2\n' +
        '\nRunning: svcctl delete-repository --repository-name ab --no-force\n\n',
    });
  });

  it('takes list words as a shell would, and checks nested values (create-launch-configuration)', async () => {
    const answers = [
      'web',
      'ami-1',
      '',
      "sg-1 'my group'",
      '',
      '',
      '',
      '',
      't3.micro',
      '',
      '',
      'DeviceName=/dev/xvda,Ebs={VolumeSize=0}',
      'DeviceName=/dev/xvda,Ebs={VolumeSize=8,VolumeType=gp3}',
      '',
      '',
      '',
      '1',
      '',
      '',
      '',
    ];
    const s = onTerminal(['create-launch-configuration', '--cli-auto-prompt'], answers);
    expect(await s.result).toEqual(
      ok(`svcctl create-launch-configuration: its parameters, required first (Enter keeps the value in [brackets] or skips an optional one; Ctrl-C cancels).
--launch-configuration-name (string, required): The name of the launch configuration; unique per region per account.
launch-configuration-name> web
--image-id (string): The ID of the machine image used to launch the instances.
image-id> ami-1
--key-name (string): The name of the key pair.
key-name> 
--security-groups (list of strings): The security groups the instances belong to.
  answer with a list of strings: values separated by spaces
security-groups> sg-1 'my group'
--classic-link-vpc-id (string): Kept for backward compatibility (the ID of a ClassicLink-enabled VPC).
classic-link-vpc-id> 
--classic-link-vpc-security-groups (list of strings): Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters.
  answer with a list of strings: values separated by spaces
classic-link-vpc-security-groups> 
--user-data (string): The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64).
user-data> 
--instance-id (string): An instance to copy the launch configuration from (the embedded service has no instances and refuses it).
instance-id> 
--instance-type (string): The instance type of the instances (required unless InstanceId is given).
instance-type> t3.micro
--kernel-id (string): The ID of the image's kernel.
kernel-id> 
--ramdisk-id (string): The ID of the image's RAM disk.
ramdisk-id> 
--block-device-mappings (list of structures): The block devices to attach at launch; by default the image's own mappings are used.
  answer with a list: one item per word, each shorthand (VirtualName=string,DeviceName=string,Ebs={SnapshotId=string,VolumeSize=integer,VolumeType=string,DeleteOnTermination=boolean,Iops=integer,Encrypted=boolean,Throughput=integer},NoDevice=boolean) or JSON
block-device-mappings> DeviceName=/dev/xvda,Ebs={VolumeSize=0}
  invalid value: Invalid value for parameter BlockDeviceMappings[0].Ebs.VolumeSize, value: 0, valid min value: 1
block-device-mappings> DeviceName=/dev/xvda,Ebs={VolumeSize=8,VolumeType=gp3}
--instance-monitoring (structure): Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances.
  answer with shorthand (Enabled=boolean) or JSON
instance-monitoring> 
--spot-price (string): The maximum hourly price for a Spot Instance launched to fulfil the request.
spot-price> 
--iam-instance-profile (string): The instance profile holding the instances' IAM role, by name or ARN.
iam-instance-profile> 
--ebs-optimized (boolean): true when the instances are optimized for EBS I/O, false when not.
  choices: 1) true  2) false
ebs-optimized> 1
--associate-public-ip-address (boolean): Whether the group's instances get a public IPv4 address.
  choices: 1) true  2) false
associate-public-ip-address> 
--placement-tenancy (string): The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only).
  choices: 1) default  2) dedicated
placement-tenancy> 
--metadata-options (structure): The metadata options for the instances.
  answer with shorthand (HttpTokens=string,HttpPutResponseHopLimit=integer,HttpEndpoint=string) or JSON
metadata-options> 

Running: svcctl create-launch-configuration --launch-configuration-name web --image-id ami-1 --security-groups sg-1 'my group' --instance-type t3.micro --block-device-mappings 'DeviceName=/dev/xvda,Ebs={VolumeSize=8,VolumeType=gp3}' --ebs-optimized

`),
    );
    expect(await sb.run(queryLaunchConfigurations('LaunchConfigurations[0].[SecurityGroups, EbsOptimized]'))).toEqual(
      ok('[\n    [\n        "sg-1",\n        "my group"\n    ],\n    true\n]\n'),
    );
  });

  /** The shorthand of Stripe's identity object, every member and nesting, as the prompt spells it. */
  const IDENTITY_SHORTHAND = [
    'attestations={directorship_declaration={attested=boolean},ownership_declaration={attested=boolean},',
    'persons_provided={directors=boolean,executives=boolean,owners=boolean,ownership_exemption_reason=string},',
    'representative_declaration={attested=boolean},terms_of_service={account={shown_and_accepted=boolean}}},',
    'business_details={additional_addresses=[{city=string,country=string,line1=string,line2=string,',
    'postal_code=string,purpose=string,state=string,town=string},...],address={city=string,country=string,',
    'line1=string,line2=string,postal_code=string,state=string,town=string},annual_revenue={amount={currency=string,',
    'value=integer},fiscal_year_end=string},documents={bank_account_ownership_verification={files=string,string,',
    'type=string},company_license={files=string,string,type=string},company_memorandum_of_association={files=string,',
    'string,type=string},company_ministerial_decree={files=string,string,type=string},',
    'company_registration_verification={files=string,string,type=string},company_tax_id_verification={files=string,',
    'string,type=string},primary_verification={front_back={back=string,front=string},type=string},',
    'proof_of_address={files=string,string,type=string},proof_of_registration={files=string,string,',
    'signer={person=string},type=string},proof_of_ultimate_beneficial_ownership={files=string,string,',
    'signer={person=string},type=string}},estimated_worker_count=integer,id_numbers=[{registrar=string,type=string,',
    'value=string},...],monthly_estimated_revenue={amount={currency=string,value=integer}},phone=string,',
    'registered_name=string,registration_date={day=integer,month=integer,year=integer},',
    'script_addresses={kana={city=string,country=string,line1=string,line2=string,postal_code=string,state=string,',
    'town=string},kanji={city=string,country=string,line1=string,line2=string,postal_code=string,state=string,',
    'town=string}},script_names={kana={registered_name=string},kanji={registered_name=string}},structure=string},',
    'entity_type=string,individual={additional_addresses=[{city=string,country=string,line1=string,line2=string,',
    'postal_code=string,purpose=string,state=string,town=string},...],additional_names=[{full_name=string,',
    'given_name=string,purpose=string,surname=string},...],address={city=string,country=string,line1=string,',
    'line2=string,postal_code=string,state=string,town=string},date_of_birth={day=integer,month=integer,',
    'year=integer},documents={company_authorization={files=string,string,type=string},passport={files=string,string,',
    'type=string},primary_verification={front_back={back=string,front=string},type=string},',
    'secondary_verification={front_back={back=string,front=string},type=string},visa={files=string,string,',
    'type=string}},email=string,given_name=string,id_numbers=[{type=string,value=string},...],legal_gender=string,',
    'metadata=KeyName1=string,KeyName2=string,nationalities=string,string,phone=string,political_exposure=string,',
    'relationship={director=boolean,executive=boolean,owner=boolean,percent_ownership=string,title=string},',
    'script_addresses={kana={city=string,country=string,line1=string,line2=string,postal_code=string,state=string,',
    'town=string},kanji={city=string,country=string,line1=string,line2=string,postal_code=string,state=string,',
    'town=string}},script_names={kana={given_name=string,surname=string},kanji={given_name=string,surname=string}},',
    'surname=string}',
  ].join('');

  it('prompts a v2 command, nested shorthand included (account-token create)', async () => {
    const s = onTerminal(
      ['account-token', 'create', '--cli-auto-prompt', '--query', 'object'],
      ['jenny@example.com', '', '', 'entity_type=company,business_details={registered_name=Rosen}'],
    );
    expect(await s.result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        HEADER('account-token create') +
        '--contact-email (string): The default contact email address for the account.\ncontact-email> jenny@example.com\n' +
        '--contact-phone (string): The default contact phone for the account.\ncontact-phone> \n' +
        "--display-name (string): A descriptive name for the account, shown in the service's dashboard and on invoices sent to it.\ndisplay-name> \n" +
        '--identity (structure): Who the account is: the company or individual behind it, and what they attest.\n' +
        `  answer with shorthand (${IDENTITY_SHORTHAND}) or JSON\n` +
        'identity> entity_type=company,business_details={registered_name=Rosen}\n' +
        "\nRunning: svcctl account-token create --contact-email jenny@example.com --identity 'entity_type=company,business_details={registered_name=Rosen}'\n\n" +
        '"v2.core.account_token"\n',
    });
  });

  it('counts a --cli-input document as given: Enter keeps its value, and the summary repeats the option', async () => {
    const s = onTerminal(
      ['delete-launch-configuration', '--cli-auto-prompt', '--cli-input-json', '{"LaunchConfigurationName": "web"}'],
      [''],
    );
    expect(await s.result).toEqual({
      code: 254,
      stderr: NO_WEB,
      stdout:
        `${HEADER('delete-launch-configuration')}--launch-configuration-name (string, required): The name of the launch configuration.\n` +
        'launch-configuration-name [as in the --cli-input document]> \n' +
        '\nRunning: svcctl delete-launch-configuration --cli-input-json \'{"LaunchConfigurationName": "web"}\'\n\n',
    });
  });

  it('answers typed while the prompt waits are read one by one', async () => {
    const s = onTerminal(['delete-launch-configuration', '--cli-auto-prompt'], [], { keepOpen: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.stdout()).toBe(
      `${HEADER('delete-launch-configuration')}--launch-configuration-name (string, required): The name of the launch configuration.\nlaunch-configuration-name> `,
    );
    s.stdin.end('web\n');
    expect(await s.result).toEqual({
      code: 254,
      stderr: NO_WEB,
      stdout:
        `${HEADER('delete-launch-configuration')}--launch-configuration-name (string, required): The name of the launch configuration.\nlaunch-configuration-name> web\n` +
        '\nRunning: svcctl delete-launch-configuration --launch-configuration-name web\n\n',
    });
  });
});

describe('on-partial (SVCCTL_CLI_AUTO_PROMPT)', () => {
  it('asks only for the required parameters the command line lacks', async () => {
    expect((await sb.run(sendEvent('api_calls', 'evt_1'))).code).toBe(0);
    const s = onTerminal(
      [
        'meter-event-adjustment',
        'create',
        '--event-name',
        'api_calls',
        '--query',
        '[event_name, type, cancel.identifier]',
        '--output',
        'text',
      ],
      ['identifier=evt_1', '1'],
      { env: { SVCCTL_CLI_AUTO_PROMPT: 'on-partial' } },
    );
    expect(await s.result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        PARTIAL('meter-event-adjustment create') +
        '--cancel (structure, required): Which meter event to cancel: identifier, a meter event received within the last 24 hours.\n' +
        '  answer with shorthand (identifier=string) or JSON\ncancel> identifier=evt_1\n' +
        '--type (string, required): The type of cancellation: cancel (a single meter event by identifier).\n  choices: 1) cancel\ntype> 1\n' +
        '\nRunning: svcctl meter-event-adjustment create --cancel identifier=evt_1 --event-name api_calls --type cancel\n\n' +
        'api_calls\tcancel\tevt_1\n',
    });
  });

  // Hostile pass 14: a byte that is not UTF-8 (a Latin-1 terminal: lc, then 0xe9) was read as U+FFFD and taken:
  // a launch configuration named 'lc\ufffd' was created, where the same word on the command line is refused.
  it('refuses an answer whose bytes are not UTF-8, and asks again (a byte split across reads too)', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.write(Buffer.from([0x6c, 0x63, 0xe9, 0x0a, 0x77, 0x65, 0xc3]));
    stdin.end(Buffer.from([0xa9, 0x62, 0x0a]));
    let out = '';
    let err = '';
    const ctx: ProcessContext = {
      stdout: { isTTY: true, write: (c) => (out += String(c)) },
      stderr: { isTTY: true, write: (c) => (err += String(c)) },
      stdin,
      env: { ...sb.env, SVCCTL_PAGER: '', NO_COLOR: '1', SVCCTL_CLI_AUTO_PROMPT: 'on-partial' },
      cwd: sb.cwd,
      home: sb.home,
      clock: sb.clock,
      ids: sb.ids,
    };
    const code = await run(['delete-launch-configuration'], ctx);
    expect({ code, stdout: out, stderr: err }).toEqual({
      code: 254,
      stderr: serviceError(
        'ValidationError',
        'DeleteLaunchConfiguration',
        'Launch configuration name not found - Launch configuration we\u00e9b not found',
      ),
      stdout:
        PARTIAL('delete-launch-configuration') +
        '--launch-configuration-name (string, required): The name of the launch configuration.\n' +
        'launch-configuration-name> lc\ufffd\n' +
        '  invalid value: LaunchConfigurationName is not valid UTF-8 (byte 0xe9 at character 3)\n' +
        'launch-configuration-name> we\u00e9b\n' +
        "\nRunning: svcctl delete-launch-configuration --launch-configuration-name 'we\u00e9b'\n\n",
    });
  });

  it("reads the profile's cli_auto_prompt (svcctl configure set), under the environment", async () => {
    expect(await sb.run(['configure', 'set', 'cli_auto_prompt', 'on-partial'])).toEqual(ok());
    const s = onTerminal(['account-token', 'get', '--query', 'id'], ['accttok_nope']);
    expect(await s.result).toEqual({
      code: 254,
      stderr: v2err('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_nope'"),
      stdout:
        `${PARTIAL('account-token get')}--id (string, required): The id of the account token (accttok_...).\nid> accttok_nope\n` +
        '\nRunning: svcctl account-token get --id accttok_nope\n\n',
    });
    expect(await onTerminal(['account-token', 'get'], [], { env: { SVCCTL_CLI_AUTO_PROMPT: 'off' } }).result).toEqual(
      failed(252, missingArgs('--id')),
    );
  });

  it('does not prompt when nothing is missing, or for members the --cli-input document gives', async () => {
    const env = { SVCCTL_CLI_AUTO_PROMPT: 'ON-PARTIAL' };
    expect(
      await onTerminal(['create-repository', '--repository-name', 'ab', '--query', 'repository.repositoryName'], [], {
        env,
      }).result,
    ).toEqual(ok('"ab"\n'));
    expect(
      await onTerminal(
        ['create-repository', '--cli-input-json', '{"repositoryName": "cd"}', '--query', 'repository.repositoryName'],
        [],
        { env },
      ).result,
    ).toEqual(ok('"cd"\n'));
  });

  it('without a terminal, leaves the usual errors', async () => {
    expect(await sb.run(['create-repository'], { env: { SVCCTL_CLI_AUTO_PROMPT: 'on-partial' } })).toEqual(
      failed(252, missingArgs('--repository-name')),
    );
    untouched();
  });
});

describe('when prompting cannot happen', () => {
  const NEEDS_TERMINAL = failed(
    252,
    paramValidation(
      '--cli-auto-prompt needs a terminal: standard input and standard output must both be a terminal to prompt for parameters.',
    ),
  );

  it('needs a terminal (252, no backend): with the flag, or SVCCTL_CLI_AUTO_PROMPT=on', async () => {
    expect(await sb.run(['create-repository', '--repository-name', 'ab', '--cli-auto-prompt'])).toEqual(NEEDS_TERMINAL);
    expect(await sb.run(['account-token', 'create'], { env: { SVCCTL_CLI_AUTO_PROMPT: 'on' } })).toEqual(
      NEEDS_TERMINAL,
    );
    untouched();
  });

  it('--no-cli-auto-prompt wins over the environment; the flag wins over --no- given before it', async () => {
    expect(
      await sb.run(
        [
          'create-repository',
          '--repository-name',
          'ab',
          '--no-cli-auto-prompt',
          '--query',
          'repository.repositoryName',
        ],
        { env: { SVCCTL_CLI_AUTO_PROMPT: 'on' } },
      ),
    ).toEqual(ok('"ab"\n'));
    expect(
      await sb.run(['create-repository', '--repository-name', 'cd', '--no-cli-auto-prompt', '--cli-auto-prompt']),
    ).toEqual(NEEDS_TERMINAL);
  });

  it('refuses an unknown SVCCTL_CLI_AUTO_PROMPT or AWS_CLI_AUTO_PROMPT (253), naming the variable', async () => {
    for (const name of ['SVCCTL_CLI_AUTO_PROMPT', 'AWS_CLI_AUTO_PROMPT']) {
      expect(await sb.run(['create-repository', '--repository-name', 'ab'], { env: { [name]: 'always' } })).toEqual(
        failed(
          253,
          `\nsvcctl: [ERROR]: An error occurred (Configuration): Invalid value for cli_auto_prompt (${name}): 'always'; valid values are: on, on-partial, off\n`,
        ),
      );
    }
    untouched();
  });

  it("reads the AWS CLI's AWS_CLI_AUTO_PROMPT (in any case) after SVCCTL_CLI_AUTO_PROMPT, as 2.9.19 reads it", async () => {
    // Without a terminal, 'on' is refused (252): the variable was read (it used to be ignored: exit 0, created).
    for (const value of ['on', 'ON']) {
      expect(
        await sb.run(['create-repository', '--repository-name', 'ab'], { env: { AWS_CLI_AUTO_PROMPT: value } }),
      ).toEqual(NEEDS_TERMINAL);
    }
    untouched();
  });

  it('does not prompt for --generate-cli-skeleton', async () => {
    const r = await onTerminal(['delete-launch-configuration', '--cli-auto-prompt', '--generate-cli-skeleton'], [])
      .result;
    expect(r).toEqual(ok('{\n    "LaunchConfigurationName": ""\n}\n'));
  });

  it('the end of input cancels (252) and Ctrl-C interrupts (130), with no backend call', async () => {
    const ended = await onTerminal(['create-repository', '--cli-auto-prompt'], ['team/app']).result;
    expect(ended).toEqual({
      code: 252,
      stderr: paramValidation('The prompt was cancelled: standard input ended.'),
      stdout: `${HEADER('create-repository')}${REPO_NAME}repository-name> team/app\n${REPO_QUESTIONS.registryId}registry-id> `,
    });
    const abort = new AbortController();
    const s = onTerminal(['create-repository', '--cli-auto-prompt'], [], { keepOpen: true, signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    abort.abort();
    expect(await s.result).toEqual({
      code: 130,
      stderr: '',
      stdout: `${HEADER('create-repository')}${REPO_NAME}repository-name> \n`,
    });
    untouched();
  });
});
