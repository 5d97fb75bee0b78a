/**
 * Skeleton writers on shapes built to reach every layout rule. Expected texts are what the AWS CLI's own
 * generators print for the same shapes (botocore ArgumentGenerator, awscli YAMLArgumentGenerator with
 * ruamel.yaml 0.17.21, Debian's awscli 2.9.19), with the two documented changes: an enum's first value,
 * and a first sentence that ends at "." or ":" followed by a space.
 */
import { describe, expect, it } from 'vitest';
import { inputSkeleton, placeholder } from '../../src/input/placeholder.js';
import { docOverview, yamlSkeleton } from '../../src/input/yamlskeleton.js';
import type { Shape, StructureShape } from '../../src/models/shapes.js';

const S = (doc?: string): Shape => ({ type: 'string', ...(doc ? { doc } : {}) });
const I = (doc?: string): Shape => ({ type: 'integer', ...(doc ? { doc } : {}) });
const B = (doc?: string): Shape => ({ type: 'boolean', ...(doc ? { doc } : {}) });
const L = (member: Shape, doc?: string): Shape => ({ type: 'list', member, ...(doc ? { doc } : {}) });
const St = (members: Record<string, Shape>, doc?: string, required?: string[]): StructureShape => ({
  type: 'structure',
  members,
  ...(doc ? { doc } : {}),
  ...(required ? { required } : {}),
});

/** Members without comments, required members without documentation, maps, empty structures, nested lists. */
const EDGES = St(
  {
    Quiet: S(),
    Needed: I('A number: the first sentence ends at the colon. Then more.'),
    Plain: B(),
    Zeta: S('Sorts after the others.'),
    Alpha: { type: 'string', enum: ['one', 'two'] },
    Nested: St({ Inner: L(L(S()), 'Lists of lists.'), Empty: St({}, 'Nothing inside.') }),
    Labels: { type: 'map', key: { type: 'string' }, value: I(), doc: 'A map, e.g. of counts.' },
    Items: L(
      St({ Deep: St({ Leaf: B('A leaf.') }, 'First member is a structure.'), Name: S('v1.2 is not an end; this is.') }),
    ),
  },
  undefined,
  ['Needed', 'Quiet'],
);

const SEQUENCES = St({
  Top: L(L(S()), 'x'),
  Top3: L(L(L(I())), 'x'),
  TopS: L(L(St({ A: S('a'), B: I('b') })), 'x'),
  S: St({ In: L(L(I()), 'y') }, 'z'),
});

describe('yaml-input layout (ruamel.yaml, as the AWS CLI dumps it)', () => {
  const cases: Array<[string, StructureShape, string]> = [
    [
      'comments: two spaces for the first of a mapping, [REQUIRED] with no doc keeps its space, maps, empty structures',
      EDGES,
      "Quiet: ''  # [REQUIRED] \nNeeded: 0 # [REQUIRED] A number.\nPlain: true\nZeta: '' # Sorts after the others.\nAlpha: one #  Valid values are: one, two.\n" +
        "Nested:\n  Inner:  # Lists of lists.\n  - -\n      ''\n  Empty: {} # Nothing inside.\nLabels:  # A map, e.g. of counts.\n  KeyName: 0\nItems:\n" +
        "- Deep:  # First member is a structure.\n    Leaf: true  # A leaf.\n  Name: '' # v1.2 is not an end; this is.\n",
    ],
    [
      'sequences of sequences',
      SEQUENCES,
      "Top:  # x.\n- -\n    ''\nTop3: # x.\n- -\n    - 0\nTopS: # x.\n- -\n    A: ''  # a.\n    B: 0 # b.\nS: # z.\n  In:  # y.\n  - -\n      0\n",
    ],
    ['no members', St({}), '{}\n'],
  ];
  it.each(cases)('%s', (_name, shape, expected) => {
    expect(yamlSkeleton(shape)).toBe(expected);
  });
});

describe('input JSON skeleton (botocore ArgumentGenerator)', () => {
  it('has every member, in order, with "", 0, true, first enum values, one-element lists and KeyName maps', () => {
    expect(`${JSON.stringify(inputSkeleton(EDGES), null, 4)}\n`).toBe(
      '{\n    "Quiet": "",\n    "Needed": 0,\n    "Plain": true,\n    "Zeta": "",\n    "Alpha": "one",\n    "Nested": {\n        "Inner": [\n            [\n' +
        '                ""\n            ]\n        ],\n        "Empty": {}\n    },\n    "Labels": {\n        "KeyName": 0\n    },\n    "Items": [\n        {\n' +
        '            "Deep": {\n                "Leaf": true\n            },\n            "Name": ""\n        }\n    ]\n}\n',
    );
  });

  const placeholders: Array<[string, Shape, unknown]> = [
    ['string', S(), ''],
    ['enum', { type: 'string', enum: ['B', 'A'] }, 'B'],
    ['integer', I(), 0],
    ['boolean', B(), true],
    ['timestamp', { type: 'timestamp' }, '1970-01-01T00:00:00'],
    ['blob', { type: 'blob' }, ''],
    ['list', L(I()), [0]],
    ['map', { type: 'map', key: { type: 'string' }, value: B() }, { KeyName: true }],
  ];
  it.each(placeholders)('placeholder of a %s', (_name, shape, value) => {
    expect(placeholder(shape)).toEqual(value);
  });
});

describe('the first sentence of a documentation string', () => {
  const cases: Array<[string | undefined, string]> = [
    [undefined, ''],
    ['', ''],
    ['One sentence.', 'One sentence.'],
    ['No full stop', 'No full stop.'],
    ['First. Second.', 'First.'],
    ['The setting: MUTABLE or IMMUTABLE.', 'The setting.'],
    ['Names (letters, digits, ., _ and -).', 'Names (letters, digits, ., _ and -).'],
    ['A URL like https://example.com/x. More.', 'A URL like https://example.com/x.'],
    ['Ends with dots... then more', 'Ends with dots.'],
    ['Two\nlines. Then', 'Two lines.'],
    ['Carriage\r\nreturn.', 'Carriage  return.'],
    ['.', ''],
    // issue 44, item 15: cut at "e.g." before
    ['People, e.g. owners, directors. More.', 'People, e.g. owners, directors.'],
    ['One kind, i.e. this one. More.', 'One kind, i.e. this one.'],
  ];
  it.each(cases)('%j → %j', (doc, overview) => {
    expect(docOverview(doc)).toBe(overview);
  });
});
