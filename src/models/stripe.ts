import { str } from './common.js';
import type { V2Operation } from './operation.js';
import type { StructureShape } from './shapes.js';
import { identity } from './stripe-identity.js';

const timestamp = (doc: string) =>
  str({ format: 'date-time', doc: `${doc} RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ).` });

export const accountTokenShape: StructureShape = {
  type: 'structure',
  doc: 'A single-use account token (object v2.core.account_token).',
  members: {
    id: str({ doc: 'Unique identifier of the token.' }),
    object: str({ enum: ['v2.core.account_token'], doc: 'Always v2.core.account_token.' }),
    created: timestamp('Creation time,'),
    expires_at: timestamp('Time at which the token expires,'),
    livemode: { type: 'boolean', doc: 'true for a live-mode token, false in test mode.' },
    used: { type: 'boolean', doc: 'Whether the token has already been used (a token can be used only once).' },
  },
};

export const createAccountToken: V2Operation = {
  name: 'CreateAccountToken',
  creates: true,
  service: 'stripe',
  paths: [['account-token', 'create']],
  summary: "Creates a single-use token that tokenizes an account's contact details and identity.",
  http: { method: 'POST', path: '/v2/core/account_tokens' },
  // Made where the account holder is: a publishable key (in test mode a secret key too), never a restricted key.
  keyRule: {
    take: 'client-side',
    action: 'create account tokens',
    use: 'a publishable key, or in test mode a secret key',
    liveModePublishableOnly: true,
  },
  input: {
    type: 'structure',
    members: {
      contact_email: str({ doc: 'The default contact email address for the account.' }),
      contact_phone: str({ doc: 'The default contact phone for the account.' }),
      display_name: str({
        doc: "A descriptive name for the account, shown in the service's dashboard and on invoices sent to it.",
      }),
      identity,
    },
  },
  output: accountTokenShape,
  examples: [
    {
      title: "Create a token for a company (the API reference's example)",
      argv: [
        'account-token',
        'create',
        '--contact-email',
        'furever@example.com',
        '--display-name',
        'Furever',
        '--identity',
        'attestations={terms_of_service={account={shown_and_accepted=true}}},entity_type=company,business_details={registered_name=Furever}',
      ],
    },
    {
      title: 'Create a token for an individual, nested members included',
      argv: [
        'account-token',
        'create',
        '--contact-email',
        'jenny@example.com',
        '--identity',
        'entity_type=individual,individual={given_name=Jenny,surname=Rosen,date_of_birth={day=28,month=1,year=1990},' +
          'id_numbers=[{type=us_ssn_last_4,value=0000}],nationalities=[US],relationship={owner=true,percent_ownership=100}}',
      ],
    },
  ],
};

export const getAccountToken: V2Operation = {
  name: 'RetrieveAccountToken',
  readOnly: true,
  service: 'stripe',
  paths: [['account-token', 'get']],
  summary: 'Retrieves an account token by id.',
  http: { method: 'GET', path: '/v2/core/account_tokens/{id}' },
  keyRule: { take: 'client-side', action: 'retrieve account tokens', use: 'a secret or publishable key' },
  input: {
    type: 'structure',
    required: ['id'],
    members: { id: str({ min: 1, doc: 'The id of the account token (accttok_...).' }) },
  },
  output: accountTokenShape,
  examples: [
    {
      title: 'Retrieve a token by the id that account-token create printed',
      argv: ['account-token', 'get', '--id', 'accttok_p1FWfAWPdo6KgxrK9p5fzTwb'],
    },
  ],
};

export const meterEventAdjustmentShape: StructureShape = {
  type: 'structure',
  doc: 'A meter event adjustment (object v2.billing.meter_event_adjustment).',
  members: {
    id: str({ doc: 'Unique id of the adjustment.' }),
    object: str({ enum: ['v2.billing.meter_event_adjustment'], doc: 'Always v2.billing.meter_event_adjustment.' }),
    cancel: {
      type: 'structure',
      doc: 'Which meter event to cancel.',
      members: { identifier: str({ doc: 'The identifier of the meter event to cancel.' }) },
    },
    created: timestamp('Time the adjustment was created,'),
    event_name: str({ min: 1, doc: 'The name of the meter event; corresponds to the event_name field of a meter.' }),
    livemode: { type: 'boolean', doc: 'true in live mode, false in test mode.' },
    status: str({ enum: ['complete', 'pending'], doc: 'complete (processed) or pending (still being processed).' }),
    type: str({ enum: ['cancel'], doc: 'The type of adjustment: cancel (cancel a single meter event by identifier).' }),
  },
};

export const createMeterEventAdjustment: V2Operation = {
  name: 'CreateMeterEventAdjustment',
  creates: true,
  service: 'stripe',
  paths: [['meter-event-adjustment', 'create']],
  summary: 'Creates an adjustment that cancels a previously sent billing meter event.',
  http: { method: 'POST', path: '/v2/billing/meter_event_adjustments' },
  keyRule: { take: 'server-side', resource: 'meter event adjustments' },
  input: {
    type: 'structure',
    required: ['cancel', 'event_name', 'type'],
    members: {
      cancel: {
        type: 'structure',
        doc: 'Which meter event to cancel: identifier, a meter event received within the last 24 hours.',
        // Stripe's published schema: at most 100 characters each.
        members: { identifier: str({ max: 100, doc: 'The identifier of the meter event to cancel.' }) },
      },
      event_name: str({
        min: 1,
        max: 100,
        doc: 'The name of the meter event; corresponds to the event_name field of a meter.',
      }),
      type: str({ enum: ['cancel'], doc: 'The type of cancellation: cancel (a single meter event by identifier).' }),
    },
  },
  output: meterEventAdjustmentShape,
  examples: [
    {
      title: 'Cancel a meter event',
      argv: [
        'meter-event-adjustment',
        'create',
        '--event-name',
        'api_calls',
        '--type',
        'cancel',
        '--cancel',
        'identifier=evt_123',
      ],
    },
  ],
};

export const getMeterEventAdjustment: V2Operation = {
  name: 'RetrieveMeterEventAdjustment',
  readOnly: true,
  service: 'stripe',
  paths: [['meter-event-adjustment', 'get']],
  summary:
    'Retrieves a meter event adjustment by id: its status shows whether it has been processed (complete) or not yet (pending).',
  http: { method: 'GET', path: '/v2/billing/meter_event_adjustments/{id}' },
  keyRule: { take: 'server-side', resource: 'meter event adjustments' },
  input: {
    type: 'structure',
    required: ['id'],
    members: { id: str({ min: 1, doc: 'The id of the meter event adjustment (mtr_event_adj_...).' }) },
  },
  output: meterEventAdjustmentShape,
  examples: [
    {
      title: 'Read an adjustment again',
      argv: ['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_dBodJnj68ZrOg4XLhsLroca4'],
    },
  ],
};

const payload = (doc: string) =>
  ({
    type: 'map',
    key: str({}),
    value: str({}),
    doc,
  }) as const;

export const meterEventShape: StructureShape = {
  type: 'structure',
  doc: 'A usage record sent to the billing meters (object v2.billing.meter_event).',
  members: {
    object: str({ enum: ['v2.billing.meter_event'], doc: 'Always v2.billing.meter_event.' }),
    created: timestamp('When the service received the event,'),
    event_name: str({ doc: 'The event name; meters whose event_name matches count it.' }),
    identifier: str({ doc: 'The identifier the event was sent with, or the one the service made for it.' }),
    livemode: { type: 'boolean', doc: 'true in live mode, false in test mode.' },
    payload: payload('The keys and values sent with the event (a customer key and a value key for its meters).'),
    timestamp: timestamp('When the usage happened,'),
  },
};

export const createMeterEvent: V2Operation = {
  name: 'CreateMeterEvent',
  creates: true,
  service: 'stripe',
  paths: [['meter-event', 'create']],
  summary: 'Sends one usage event to the billing meters; its identifier can later be named by an adjustment.',
  http: { method: 'POST', path: '/v2/billing/meter_events' },
  keyRule: { take: 'server-side', resource: 'meter events' },
  input: {
    type: 'structure',
    required: ['event_name', 'payload'],
    members: {
      event_name: str({
        min: 1,
        max: 100,
        doc: 'The event name; meters whose event_name matches count it.',
      }),
      // Stripe's published schema: payload is a map of strings to strings.
      payload: payload(
        'String keys and values: the customer (key stripe_customer_id unless the meter maps another) and the value (key value unless the meter says otherwise).',
      ),
      identifier: str({
        min: 1,
        max: 100,
        doc: 'A name for this event, unique in its mode over any 24 hours; the service makes one when it is left out.',
      }),
      timestamp: str({
        format: 'date-time',
        doc: 'When the usage happened: at most 35 days ago and at most 5 minutes ahead; now when left out. RFC 3339 UTC with milliseconds.',
      }),
    },
  },
  output: meterEventShape,
  examples: [
    {
      title: 'Record 25 units of api_calls for a customer',
      argv: [
        'meter-event',
        'create',
        '--event-name',
        'api_calls',
        '--payload',
        'stripe_customer_id=cus_123,value=25',
        '--identifier',
        'evt_123',
      ],
    },
  ],
};

export const meterEventSessionShape: StructureShape = {
  type: 'structure',
  doc: 'A session for the meter event stream (object v2.billing.meter_event_session).',
  members: {
    id: str({ doc: 'Unique id of the session.' }),
    object: str({ enum: ['v2.billing.meter_event_session'], doc: 'Always v2.billing.meter_event_session.' }),
    authentication_token: str({
      sensitive: true,
      doc: 'The token that authenticates meter event stream requests (as the Bearer key) until expires_at.',
    }),
    created: timestamp('When the session was made,'),
    expires_at: timestamp('When the token stops being accepted (15 minutes after created),'),
    livemode: { type: 'boolean', doc: 'true in live mode, false in test mode.' },
  },
};

export const createMeterEventSession: V2Operation = {
  name: 'CreateMeterEventSession',
  creates: true,
  service: 'stripe',
  paths: [['meter-event-session', 'create']],
  summary: 'Makes a session whose token, valid for 15 minutes, authenticates meter event stream requests.',
  http: { method: 'POST', path: '/v2/billing/meter_event_session' },
  keyRule: { take: 'server-side', resource: 'meter event sessions' },
  input: { type: 'structure', members: {} },
  output: meterEventSessionShape,
  examples: [{ title: 'Start a session for the meter event stream', argv: ['meter-event-session', 'create'] }],
};

export const createMeterEventStream: V2Operation = {
  name: 'CreateMeterEventStream',
  service: 'stripe',
  paths: [['meter-event-stream', 'create']],
  summary:
    "Sends up to 100 meter events at once, authenticated by a meter event session's token (--api-key) instead of an API key.",
  http: { method: 'POST', path: '/v2/billing/meter_event_stream' },
  keyRule: { take: 'session', resource: 'the meter event stream' },
  input: {
    type: 'structure',
    required: ['events'],
    members: {
      events: {
        type: 'list',
        max: 100,
        doc: 'The events, 1 to 100, each as meter-event create takes it; all are stored or none.',
        member: { ...createMeterEvent.input, doc: 'One meter event.' },
      },
    },
  },
  output: { type: 'structure', members: {}, doc: 'An empty object: the events were received.' },
  examples: [
    {
      title: "Send two events with a session's token",
      argv: [
        'meter-event-stream',
        'create',
        '--api-key',
        'mes_token_4NcbzBRdUVq0qoyNvDqUEVyQ',
        '--events',
        'event_name=api_calls,payload={stripe_customer_id=cus_123,value=25},identifier=evt_1',
        'event_name=api_calls,payload={stripe_customer_id=cus_123,value=5},identifier=evt_2',
      ],
    },
  ],
};

export const accountShape: StructureShape = {
  type: 'structure',
  doc: 'An account (object v2.core.account), created from an account token.',
  members: {
    id: str({ doc: 'Unique identifier of the account.' }),
    object: str({ enum: ['v2.core.account'], doc: 'Always v2.core.account.' }),
    applied_configurations: {
      type: 'list',
      member: str({}),
      doc: 'The configurations applied to the account (none for an account created from a token).',
    },
    contact_email: str({ doc: 'The default contact email address of the account, from the token.' }),
    contact_phone: str({ doc: 'The default contact phone of the account, from the token.' }),
    created: timestamp('Creation time,'),
    display_name: str({ doc: 'The descriptive name of the account, from the token.' }),
    identity: {
      ...identity,
      doc: 'Who the account is, as its account token said: the company or individual behind it, and what they attest.',
    },
    livemode: { type: 'boolean', doc: 'true for a live-mode account, false in test mode.' },
  },
};

export const createAccount: V2Operation = {
  name: 'CreateAccount',
  creates: true,
  service: 'stripe',
  paths: [['account', 'create']],
  summary:
    "Creates an account from an account token, which it uses up: the account takes the token's contact details and identity.",
  http: { method: 'POST', path: '/v2/core/accounts' },
  keyRule: { take: 'server-side', resource: 'accounts' },
  input: {
    type: 'structure',
    required: ['account_token'],
    members: {
      account_token: str({
        min: 1,
        doc: 'The id of an unused, unexpired account token of the same mode (accttok_...); it can be used only once.',
      }),
    },
  },
  output: accountShape,
  examples: [
    {
      title: 'Create an account from a token',
      argv: ['account', 'create', '--account-token', 'accttok_p1FWfAWPdo6KgxrK9p5fzTwb'],
    },
  ],
};

export const getAccount: V2Operation = {
  name: 'RetrieveAccount',
  readOnly: true,
  service: 'stripe',
  paths: [['account', 'get']],
  summary: 'Retrieves an account by id.',
  http: { method: 'GET', path: '/v2/core/accounts/{id}' },
  keyRule: { take: 'server-side', resource: 'accounts' },
  input: {
    type: 'structure',
    required: ['id'],
    members: { id: str({ min: 1, doc: 'The id of the account (acct_...).' }) },
  },
  output: accountShape,
  examples: [{ title: 'Retrieve an account by id', argv: ['account', 'get', '--id', 'acct_94Y8kIIYTimcO0X2kHcOSnGE'] }],
};

/** The v2 API's operations by name, in the order commands and docs list them (registry.ts joins the services'). */
export const STRIPE_OPERATIONS = {
  CreateAccountToken: createAccountToken,
  RetrieveAccountToken: getAccountToken,
  CreateAccount: createAccount,
  RetrieveAccount: getAccount,
  CreateMeterEvent: createMeterEvent,
  CreateMeterEventSession: createMeterEventSession,
  CreateMeterEventStream: createMeterEventStream,
  CreateMeterEventAdjustment: createMeterEventAdjustment,
  RetrieveMeterEventAdjustment: getMeterEventAdjustment,
} satisfies Record<string, V2Operation>;
