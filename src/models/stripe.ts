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
        min: 1,
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

/** Unix seconds from 1970 to the end of year 9999 (a Date holds them; outside, a time is no time a meter can count). */
const unixTime = (doc: string) =>
  ({ type: 'integer', min: 0, max: 253402300799, doc: `${doc} (Unix seconds).` }) as const;

const payloadKey = (doc: string) => str({ min: 1, max: 100, doc });

/** A meter (object billing.meter, the v1 API): how meter events of one event name are counted per customer. */
export const meterShape: StructureShape = {
  type: 'structure',
  doc: 'A billing meter (object billing.meter).',
  members: {
    id: str({ doc: 'Unique id of the meter (mtr_...).' }),
    object: str({ enum: ['billing.meter'], doc: 'Always billing.meter.' }),
    created: unixTime('When the meter was created'),
    customer_mapping: {
      type: 'structure',
      doc: 'Which payload key names the customer of an event.',
      members: {
        event_payload_key: str({ doc: 'The payload key that holds the customer id.' }),
        type: str({ enum: ['by_id'], doc: 'How the customer is named: by_id (the customer id).' }),
      },
    },
    default_aggregation: {
      type: 'structure',
      doc: 'How the values of the events are combined.',
      members: { formula: str({ enum: ['count', 'last', 'sum'], doc: 'count, last or sum.' }) },
    },
    display_name: str({ doc: 'The name of the meter shown to people.' }),
    event_name: str({ doc: 'The event_name of the meter events this meter counts.' }),
    event_time_window: str({ enum: ['day', 'hour'], doc: 'The window events are pre-aggregated over, or null.' }),
    livemode: { type: 'boolean', doc: 'true in live mode, false in test mode.' },
    status: str({ enum: ['active', 'inactive'], doc: 'active (counts events) or inactive (deactivated).' }),
    status_transitions: {
      type: 'structure',
      doc: 'When the status last changed.',
      members: { deactivated_at: unixTime('When the meter was last deactivated, or null') },
    },
    updated: unixTime('When the meter was last changed'),
    value_settings: {
      type: 'structure',
      doc: 'Which payload key holds the value of an event.',
      members: { event_payload_key: str({ doc: 'The payload key that holds the numeric value.' }) },
    },
  },
};

/** A page of a v1 list (object list): Stripe's cursor lists, paged by the last item's id. */
const listOf = (item: StructureShape, doc: string): StructureShape => ({
  type: 'structure',
  doc,
  members: {
    object: str({ enum: ['list'], doc: 'Always list.' }),
    data: { type: 'list', member: item, doc: 'The items of this page.' },
    has_more: { type: 'boolean', doc: 'Whether more items follow this page.' },
    url: str({ doc: 'The URL of the list.' }),
  },
});

/** Stripe's cursor lists: the next page starts after the last item's id while has_more is true. */
const CURSOR = {
  inputToken: 'starting_after',
  outputToken: 'has_more',
  limitKey: 'limit',
  resultKey: 'data',
  cursor: 'id',
  cursorBefore: 'ending_before',
} as const;

const pageMembers = {
  limit: { type: 'integer', min: 1, max: 100, doc: 'How many items a page holds, 1 to 100 (default 10).' },
  starting_after: str({ max: 5000, doc: 'The id of the item after which the page starts (the next page).' }),
  ending_before: str({ max: 5000, doc: 'The id of the item before which the page ends (the previous page).' }),
} as const;

const meterId = str({ min: 1, max: 5000, doc: 'The id of the meter (mtr_...).' });
const METER_KEYS = { take: 'server-side', resource: 'billing meters' } as const;

export const createMeter: V2Operation = {
  name: 'CreateMeter',
  creates: true,
  service: 'stripe',
  paths: [['meter', 'create']],
  summary: 'Creates a billing meter, which counts the meter events of one event name per customer.',
  http: { method: 'POST', path: '/v1/billing/meters' },
  keyRule: METER_KEYS,
  input: {
    type: 'structure',
    required: ['default_aggregation', 'display_name', 'event_name'],
    members: {
      default_aggregation: {
        type: 'structure',
        required: ['formula'],
        doc: 'How the events are combined: formula sum, count or last.',
        members: {
          formula: str({
            enum: ['count', 'last', 'sum'],
            doc: 'sum (of the values), count (of events) or last (value).',
          }),
        },
      },
      display_name: str({ min: 1, max: 250, doc: 'The name of the meter shown to people.' }),
      event_name: str({ min: 1, max: 100, doc: 'The event_name of the meter events it counts.' }),
      customer_mapping: {
        type: 'structure',
        required: ['event_payload_key', 'type'],
        doc: 'Which payload key names the customer (default stripe_customer_id, by_id).',
        members: {
          event_payload_key: payloadKey('The payload key that holds the customer id.'),
          type: str({ enum: ['by_id'], doc: 'by_id: the payload holds the customer id.' }),
        },
      },
      event_time_window: str({ enum: ['day', 'hour'], doc: 'The window events are pre-aggregated over: day or hour.' }),
      value_settings: {
        type: 'structure',
        required: ['event_payload_key'],
        doc: 'Which payload key holds the value (default value).',
        members: { event_payload_key: payloadKey('The payload key that holds the numeric value.') },
      },
    },
  },
  output: meterShape,
  examples: [
    {
      title: 'A meter that sums the value of api_calls events',
      argv: [
        'meter',
        'create',
        '--display-name',
        'API calls',
        '--event-name',
        'api_calls',
        '--default-aggregation',
        'formula=sum',
      ],
    },
  ],
};

export const getMeter: V2Operation = {
  name: 'RetrieveMeter',
  readOnly: true,
  service: 'stripe',
  paths: [['meter', 'get']],
  summary: 'Retrieves a billing meter by id.',
  http: { method: 'GET', path: '/v1/billing/meters/{id}' },
  keyRule: METER_KEYS,
  input: { type: 'structure', required: ['id'], members: { id: meterId } },
  output: meterShape,
  examples: [{ title: 'Read a meter', argv: ['meter', 'get', '--id', 'mtr_zurn7XOJP3Lxp8EOYqkd8gMq'] }],
};

export const listMeters: V2Operation = {
  name: 'ListMeters',
  readOnly: true,
  service: 'stripe',
  paths: [['meter', 'list']],
  summary: 'Lists billing meters, newest first.',
  http: { method: 'GET', path: '/v1/billing/meters' },
  keyRule: METER_KEYS,
  input: {
    type: 'structure',
    members: {
      status: str({ enum: ['active', 'inactive'], doc: 'Only meters of this status.' }),
      ...pageMembers,
    },
  },
  output: listOf(meterShape, 'A page of meters (object list).'),
  paginator: CURSOR,
  hiddenMembers: ['starting_after', 'limit'],
  examples: [
    {
      title: 'The event names of the active meters',
      argv: ['meter', 'list', '--status', 'active', '--query', 'data[].event_name'],
    },
  ],
};

export const updateMeter: V2Operation = {
  name: 'UpdateMeter',
  service: 'stripe',
  paths: [['meter', 'update']],
  summary: "Changes a billing meter's display name (nothing else of a meter changes).",
  http: { method: 'POST', path: '/v1/billing/meters/{id}' },
  keyRule: METER_KEYS,
  input: {
    type: 'structure',
    required: ['id'],
    members: { id: meterId, display_name: str({ min: 1, max: 250, doc: 'The new name of the meter.' }) },
  },
  output: meterShape,
  examples: [
    {
      title: 'Rename a meter',
      argv: ['meter', 'update', '--id', 'mtr_zurn7XOJP3Lxp8EOYqkd8gMq', '--display-name', 'API requests'],
    },
  ],
};

export const deactivateMeter: V2Operation = {
  name: 'DeactivateMeter',
  service: 'stripe',
  paths: [['meter', 'deactivate']],
  summary: 'Deactivates a billing meter: it counts no new events until it is reactivated.',
  http: { method: 'POST', path: '/v1/billing/meters/{id}/deactivate' },
  keyRule: METER_KEYS,
  input: { type: 'structure', required: ['id'], members: { id: meterId } },
  output: meterShape,
  examples: [{ title: 'Stop a meter', argv: ['meter', 'deactivate', '--id', 'mtr_zurn7XOJP3Lxp8EOYqkd8gMq'] }],
};

export const reactivateMeter: V2Operation = {
  name: 'ReactivateMeter',
  service: 'stripe',
  paths: [['meter', 'reactivate']],
  summary: 'Reactivates a deactivated billing meter: it counts new events again.',
  http: { method: 'POST', path: '/v1/billing/meters/{id}/reactivate' },
  keyRule: METER_KEYS,
  input: { type: 'structure', required: ['id'], members: { id: meterId } },
  output: meterShape,
  examples: [{ title: 'Start a meter again', argv: ['meter', 'reactivate', '--id', 'mtr_zurn7XOJP3Lxp8EOYqkd8gMq'] }],
};

export const meterEventSummaryShape: StructureShape = {
  type: 'structure',
  doc: "A meter's aggregated value for one customer over one window (object billing.meter_event_summary).",
  members: {
    id: str({ doc: 'Unique id of the summary.' }),
    object: str({ enum: ['billing.meter_event_summary'], doc: 'Always billing.meter_event_summary.' }),
    aggregated_value: { type: 'integer', doc: "The events' values combined by the meter's formula (a number)." },
    end_time: unixTime('End of the window, exclusive'),
    livemode: { type: 'boolean', doc: 'true in live mode, false in test mode.' },
    meter: str({ doc: 'The id of the meter.' }),
    start_time: unixTime('Start of the window, inclusive'),
  },
};

export const listMeterEventSummaries: V2Operation = {
  name: 'ListMeterEventSummaries',
  readOnly: true,
  service: 'stripe',
  paths: [['meter', 'event-summaries']],
  summary:
    "A meter's aggregated values for one customer over [start_time, end_time), in one window or by hour or day; events an adjustment cancelled are left out.",
  http: { method: 'GET', path: '/v1/billing/meters/{id}/event_summaries' },
  keyRule: METER_KEYS,
  input: {
    type: 'structure',
    required: ['id', 'customer', 'end_time', 'start_time'],
    members: {
      id: meterId,
      customer: str({ min: 1, max: 5000, doc: 'The customer whose events are summarized.' }),
      start_time: unixTime('Start of the range, inclusive, on a minute boundary'),
      end_time: unixTime('End of the range, exclusive, on a minute boundary'),
      value_grouping_window: str({
        enum: ['day', 'hour'],
        doc: 'One summary per hour or per UTC day (start_time and end_time on its boundaries); one for the whole range when left out.',
      }),
      ...pageMembers,
    },
  },
  output: listOf(meterEventSummaryShape, 'A page of event summaries (object list).'),
  paginator: CURSOR,
  hiddenMembers: ['starting_after', 'limit'],
  examples: [
    {
      title: "A customer's usage by hour",
      argv: [
        'meter',
        'event-summaries',
        '--id',
        'mtr_zurn7XOJP3Lxp8EOYqkd8gMq',
        '--customer',
        'cus_123',
        '--start-time',
        '1795215600',
        '--end-time',
        '1795222800',
        '--value-grouping-window',
        'hour',
      ],
    },
  ],
};

/** The v2 API's operations by name, in the order commands and docs list them (registry.ts joins the services'). */
/** A meter error report's error type (its code, count and samples). */
const errorTypeShape: StructureShape = {
  type: 'structure',
  doc: 'The errors of one code in the window.',
  members: {
    code: str({
      enum: [
        'meter_event_customer_not_found',
        'meter_event_invalid_value',
        'meter_event_no_customer_defined',
        'no_meter',
      ],
      doc: "What was wrong: no_meter (no active meter has the event name), meter_event_no_customer_defined (the payload lacks the customer key), meter_event_customer_not_found (the customer key's value is longer than any customer's id, 255 characters), meter_event_invalid_value (the value key is missing or not a number).",
    }),
    error_count: { type: 'integer', doc: 'How many events of the window had this error.' },
    sample_errors: {
      type: 'list',
      doc: 'The first events of the window with this error (up to 5).',
      member: {
        type: 'structure',
        doc: 'One event with this error.',
        members: {
          error_message: str({ doc: 'What was wrong with the event.' }),
          request: {
            type: 'structure',
            doc: 'The event.',
            members: { identifier: str({ doc: "The event's identifier." }) },
          },
        },
      },
    },
  },
};

export const coreEventShape: StructureShape = {
  type: 'structure',
  doc: 'A v2 event (object v2.core.event): a meter error report, v1.billing.meter.error_report_triggered or v1.billing.meter.no_meter_found.',
  members: {
    id: str({ doc: 'Unique id of the event (evt_...).' }),
    object: str({ enum: ['v2.core.event'], doc: 'Always v2.core.event.' }),
    context: str({ doc: 'The account context of the event: null (the account of the key).' }),
    created: timestamp('When the report was made (its first error was received).'),
    data: {
      type: 'structure',
      doc: 'The report: its window and its errors by code.',
      members: {
        developer_message_summary: str({ doc: 'The report in one sentence.' }),
        reason: {
          type: 'structure',
          doc: 'The errors of the window.',
          members: {
            error_count: { type: 'integer', doc: 'How many events of the window had errors.' },
            error_types: { type: 'list', member: errorTypeShape, doc: 'The errors by code.' },
          },
        },
        validation_end: timestamp('The end of the window the report covers (exclusive).'),
        validation_start: timestamp('The start of the window the report covers.'),
      },
    },
    livemode: { type: 'boolean', doc: 'true in live mode, false in test mode.' },
    reason: str({
      doc: 'Why the event was made: null (no request made it; the events were checked after they were accepted).',
    }),
    related_object: {
      type: 'structure',
      doc: 'The meter the report is about (error_report_triggered), or null (no_meter_found).',
      members: {
        id: str({ doc: 'The id of the meter.' }),
        type: str({ doc: 'billing.meter' }),
        url: str({ doc: 'The path of the meter.' }),
      },
    },
    type: str({
      enum: ['v1.billing.meter.error_report_triggered', 'v1.billing.meter.no_meter_found'],
      doc: 'The type of the event.',
    }),
  },
};

const EVENT_KEYS = { take: 'server-side', resource: 'events' } as const;

export const listEvents: V2Operation = {
  name: 'ListEvents',
  readOnly: true,
  service: 'stripe',
  paths: [['event', 'list']],
  summary:
    "Lists v2 events, newest first: the meters' error reports (meter events that no meter could count, by meter and minute received).",
  http: { method: 'GET', path: '/v2/core/events' },
  keyRule: EVENT_KEYS,
  input: {
    type: 'structure',
    members: {
      object_id: str({ min: 1, max: 5000, doc: 'Only the events about this object (a meter id).' }),
      limit: { type: 'integer', min: 1, max: 20, doc: 'How many events a page holds, 1 to 20 (default 20).' },
      page: str({ min: 1, max: 5000, doc: 'The page token of next_page_url or previous_page_url.' }),
    },
  },
  output: {
    type: 'structure',
    doc: 'A page of events.',
    members: {
      data: { type: 'list', member: coreEventShape, doc: 'The events of this page.' },
      next_page_url: str({ doc: 'The path of the next page, or null.' }),
      previous_page_url: str({ doc: 'The path of the previous page, or null.' }),
    },
  },
  paginator: { inputToken: 'page', outputToken: 'next_page_url', limitKey: 'limit', resultKey: 'data', pageUrl: true },
  hiddenMembers: ['page', 'limit'],
  examples: [
    {
      title: "A meter's error reports",
      argv: [
        'event',
        'list',
        '--object-id',
        'mtr_zurn7XOJP3Lxp8EOYqkd8gMq',
        '--query',
        'data[].data.reason.error_count',
      ],
    },
  ],
};

export const getEvent: V2Operation = {
  name: 'RetrieveEvent',
  readOnly: true,
  service: 'stripe',
  paths: [['event', 'get']],
  summary: 'Retrieves a v2 event (a meter error report) by id.',
  http: { method: 'GET', path: '/v2/core/events/{id}' },
  keyRule: EVENT_KEYS,
  input: {
    type: 'structure',
    required: ['id'],
    members: { id: str({ min: 1, max: 5000, doc: 'The id of the event (evt_...).' }) },
  },
  output: coreEventShape,
  examples: [
    {
      title: 'Read an error report',
      argv: ['event', 'get', '--id', 'evt_test_65RM8sQH3GGsvyxrOa116PbNpMSQ'],
      needs: 'a meter event that a meter could not count, and the id of its error report (event list)',
    },
  ],
};

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
  CreateMeter: createMeter,
  RetrieveMeter: getMeter,
  ListMeters: listMeters,
  UpdateMeter: updateMeter,
  DeactivateMeter: deactivateMeter,
  ReactivateMeter: reactivateMeter,
  ListMeterEventSummaries: listMeterEventSummaries,
  ListEvents: listEvents,
  RetrieveEvent: getEvent,
} satisfies Record<string, V2Operation>;
