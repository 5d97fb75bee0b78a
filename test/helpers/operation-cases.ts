/**
 * What the per-operation case tables (test/operations/) have in common: the setup commands several tables
 * run, the records two tables print alike, the error texts every operation words the same way, and the
 * case every operation with a required option has. The texts are written out by hand here, as in
 * test/helpers/usage.ts, not imported from src/: a table that uses them still judges the code.
 */
import type { Case } from '../operations/table.js';
import type { CliResult } from './cli.js';
import { validationError, missingArgs } from './cli-results.js';
import { createLaunchConfiguration } from './create-argv.js';

// Setup commands.

/** `create-launch-configuration` of a name, with the image the tables use, then `rest`. */
export const lcInTables = (name: string, ...rest: string[]): string[] => [
  ...createLaunchConfiguration(name, { image: 'ami-0abcdef1234567890' }),
  ...rest,
];

/** `create-repository` of a name. */
export const createRepository = (name: string, ...rest: string[]): string[] => [
  'create-repository',
  '--repository-name',
  name,
  ...rest,
];

/** Jenny Rosen's account token: accttok_test0001 on a fresh sandbox. */
export const JENNY_TOKEN = [
  'account-token',
  'create',
  '--contact-email',
  'jenny@example.com',
  '--display-name',
  'Jenny Rosen',
];

const CANCEL = ['--event-name', 'api_calls', '--type', 'cancel', '--cancel', 'identifier=evt_123'];
/** Sends api_calls' event evt_123, which createAdjustment() cancels (it takes no id). */
export const sendEvt123 = (): string[] => [
  'meter-event',
  'create',
  '--event-name',
  'api_calls',
  '--payload',
  'stripe_customer_id=cus_1,value=1',
  '--identifier',
  'evt_123',
];
/** A cancel adjustment of api_calls' event evt_123 (sent first: sendEvt123()): mtr_event_adj_test0001 on a fresh sandbox. */
export const createAdjustment = (...rest: string[]): string[] => [
  'meter-event-adjustment',
  'create',
  ...CANCEL,
  ...rest,
];

/** The token the last setup command printed, as the second member of its `[items, token]` query. */
export const lastToken = (setup: CliResult[]): string => String(JSON.parse(setup[setup.length - 1]!.stdout)[1]);

// Records that two operations print alike (create and get, create and delete).

/** Jenny Rosen's account acct_test0002 (made from JENNY_TOKEN), as JSON. */
export const JENNY_ACCOUNT_JSON = `{
    "id": "acct_test0002",
    "object": "v2.core.account",
    "applied_configurations": [],
    "contact_email": "jenny@example.com",
    "created": "2026-11-20T23:21:51.327Z",
    "display_name": "Jenny Rosen",
    "livemode": false
}
`;

/** The same account as a text row. */
export const JENNY_ACCOUNT_ROW = `jenny@example.com	2026-11-20T23:21:51.327Z	Jenny Rosen	acct_test0002	False	v2.core.account
`;

/** The account token accttok_test0001, unused, as JSON. */
export const TOKEN_JSON = `{
    "id": "accttok_test0001",
    "object": "v2.core.account_token",
    "created": "2026-11-20T23:21:51.327Z",
    "expires_at": "2026-11-20T23:31:51.327Z",
    "livemode": false,
    "used": false
}
`;

/** The same token as a text row. */
export const TOKEN_ROW = `2026-11-20T23:21:51.327Z	2026-11-20T23:31:51.327Z	accttok_test0001	False	v2.core.account_token	False
`;

/** The adjustment createAdjustment() makes, as JSON: `pending` as created, `complete` once processed. */
export const adjustmentJson = (status: 'pending' | 'complete'): string => `{
    "id": "mtr_event_adj_test0001",
    "object": "v2.billing.meter_event_adjustment",
    "cancel": {
        "identifier": "evt_123"
    },
    "created": "2026-11-20T23:21:51.327Z",
    "event_name": "api_calls",
    "livemode": false,
    "status": "${status}",
    "type": "cancel"
}
`;

/** The same adjustment as text rows. */
export const adjustmentRows = (status: 'pending' | 'complete'): string =>
  `2026-11-20T23:21:51.327Z	api_calls	mtr_event_adj_test0001	False	v2.billing.meter_event_adjustment	${status}	cancel
CANCEL	evt_123
`;

/** The repository team/app with its defaults, as JSON (its create and delete print it alike). */
export const TEAM_APP_JSON = `{
    "repository": {
        "repositoryArn": "arn:aws:ecr:us-east-1:000000000000:repository/team/app",
        "registryId": "000000000000",
        "repositoryName": "team/app",
        "repositoryUri": "000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app",
        "createdAt": "2026-11-20T23:21:51.327000+00:00",
        "imageTagMutability": "MUTABLE",
        "imageScanningConfiguration": {
            "scanOnPush": false
        },
        "encryptionConfiguration": {
            "encryptionType": "AES256"
        }
    }
}
`;

// Cases.

/** The required option `flag` left out of `argv`: argparse's error and the usage block, 252. */
export function requiredMissing(flag: string, argv: string[], setup?: string[][]): Case {
  return {
    name: `required ${flag} missing: 252`,
    ...(setup && { setup }),
    argv,
    code: 252,
    stdout: '',
    stderr: missingArgs(flag),
  };
}

/** The two usage errors of every Stripe retrieve by --id (`get` is its command): --id left out, and an empty id. */
export function idRequired(get: string[]): Case[] {
  return [
    requiredMissing('--id', get),
    {
      name: 'an empty id: 252',
      argv: [...get, '--id', ''],
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter id, value: 0, valid min length: 1'),
    },
  ];
}
