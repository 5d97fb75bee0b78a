import { JENNY_TOKEN, TOKEN_JSON, TOKEN_ROW } from '../helpers/operation-cases.js';
import { paramValidation, validationError } from '../helpers/cli-results.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const create = (...rest: string[]) => ['account-token', 'create', ...rest];
const COMPANY =
  'entity_type=company,business_details={registered_name=Rosen Ltd},attestations={terms_of_service={account={shown_and_accepted=true}}}';

operationTable({
  operation: 'CreateAccountToken',
  cases: [
    {
      name: 'json: the token',
      argv: [...JENNY_TOKEN, '--identity', COMPANY],
      code: 0,
      stdout: TOKEN_JSON,
      stderr: '',
    },
    {
      name: 'text: the token as a row',
      argv: create('--output', 'text'),
      code: 0,
      stdout: TOKEN_ROW,
      stderr: '',
    },
    {
      name: 'a live publishable key: a live token',
      argv: create('--api-key', 'pk_live_abc', '--query', '[id, livemode]', '--output', 'text'),
      code: 0,
      stdout: `accttok_test0001	True
`,
      stderr: '',
    },
    {
      name: 'no required member; an unknown identity member instead: 252',
      argv: create('--identity', 'entity_type=company,nickname=x'),
      code: 252,
      stdout: '',
      stderr: validationError(
        'Unknown parameter in identity: "nickname", must be one of: attestations, business_details, entity_type, individual',
      ),
    },
    {
      name: 'an identity that is no structure: 252',
      argv: create('--identity', '[1,2]'),
      code: 252,
      stdout: '',
      stderr: paramValidation("Error parsing parameter '--identity': Invalid JSON:\n[1,2]"),
    },
    {
      name: 'an entity type outside the enum: parameter_invalid, 254',
      argv: create('--identity', 'entity_type=robot'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'parameter_invalid',
        'Invalid identity.entity_type: must satisfy enum value set: [company, government_entity, individual, non_profit]',
      ),
    },
    {
      name: 'a secret live key: token_must_be_created_with_publishable_key, 254',
      argv: create('--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'token_must_be_created_with_publishable_key',
        'In live mode, account tokens can only be created with your publishable key.',
      ),
    },
    {
      name: 'a key that is none: api_key_invalid, 254',
      argv: create('--api-key', 'nonsense'),
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccountToken', 'api_key_invalid', 'Invalid API Key provided: ****'),
    },
    {
      name: 'an id number (a secret) of the wrong type: 252, the value not shown',
      argv: create(
        '--identity',
        '{"entity_type":"individual","individual":{"id_numbers":[{"type":"us_ssn","value":123456789012345}]}}',
      ),
      code: 252,
      stdout: '',
      stderr: validationError(
        "Invalid type for parameter identity.individual.id_numbers[0].value, value: ****, type: <class 'int'>, valid types: <class 'str'>",
      ),
    },
    {
      name: 'id numbers that are no list: 252, the value holding the secret not shown',
      argv: create('--identity', '{"individual":{"id_numbers":{"type":"us_ssn","value":"SECRET-123-45-6789"}}}'),
      code: 252,
      stdout: '',
      stderr: validationError(
        "Invalid type for parameter identity.individual.id_numbers, value: ****, type: <class 'dict'>, valid types: <class 'list'>, <class 'tuple'>",
      ),
    },
    {
      name: 'malformed JSON with an id number: 252, the JSON not quoted',
      argv: create('--identity', '{"individual":{"id_numbers":[{"type":"us_ssn","value":"SECRET-123-45-6789"}]}'),
      code: 252,
      stdout: '',
      stderr: paramValidation(
        "Error parsing parameter '--identity': Invalid JSON: Expecting ',' delimiter: line 1 column 78 (char 77) (the value is not shown: it may hold a secret member)",
      ),
    },
    {
      name: 'malformed shorthand with an id number: 252, the input and caret not shown',
      argv: create('--identity', 'individual={id_numbers=[{type=us_ssn,value=SECRET-123-45-6789}]'),
      code: 252,
      stdout: '',
      stderr: paramValidation(
        "Error parsing parameter '--identity': Expected: ',', received: 'EOF' (the value is not shown: it may hold a secret member)",
      ),
    },
    {
      name: 'an id number outside its type enum: parameter_invalid, 254, the number not shown',
      argv: create(
        '--identity',
        '{"entity_type":"individual","individual":{"id_numbers":[{"type":"xx_none","value":"SECRET-123-45-6789"}]}}',
      ),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'parameter_invalid',
        'Invalid identity.individual.id_numbers.1.type: must satisfy enum value set: [ae_eid, ao_nif, ar_cuil, ar_dni, at_stn, az_tin, bd_brc, bd_etin, bd_nid, be_nrn, bg_ucn, bn_nric, br_cpf, ca_sin, ch_oasi, cl_rut, cn_pp, co_nuip, cr_ci, cr_cpf, cr_dimex, cr_nite, cy_tic, cz_rc, de_stn, dk_cpr, do_cie, do_rcn, ec_ci, ee_ik, es_nif, fi_hetu, fr_nir, gb_nino, gr_afm, gt_nit, hk_id, hr_oib, hu_ad, id_nik, ie_ppsn, is_kt, it_cf, jp_inc, ke_pin, kz_iin, li_peid, lt_ak, lu_nif, lv_pk, mx_rfc, my_nric, mz_nuit, ng_nin, nl_bsn, no_nin, nz_ird, pe_dni, pk_cnic, pk_snic, pl_pesel, pt_nif, ro_cnp, sa_tin, se_pin, sg_fin, sg_nric, sk_dic, th_lc, th_pin, tr_tin, us_itin, us_itin_last_4, us_ssn, us_ssn_last_4, uy_dni, za_id]',
      ),
    },
  ],
});
