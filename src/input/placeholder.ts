/**
 * The placeholders of input skeletons, as botocore's ArgumentGenerator makes them: "" for strings (an
 * enum's first value: the AWS CLI picks one at random), 0, 0.0, true, one-element lists, `{"KeyName": …}`
 * for maps, every member of a structure in the model's order.
 */
import { PyFloat } from '../core/pynum.js';
import type { Shape, StructureShape } from '../models/shapes.js';

export function placeholder(shape: Shape): unknown {
  switch (shape.type) {
    case 'string':
      return shape.enum ? shape.enum[0] : '';
    case 'integer':
      return 0;
    case 'double':
      return new PyFloat(0);
    case 'boolean':
      return true;
    case 'timestamp':
      return '1970-01-01T00:00:00';
    case 'blob':
      return '';
    case 'list':
      return [placeholder(shape.member)];
    case 'map':
      return { KeyName: placeholder(shape.value) };
    case 'structure':
      return inputSkeleton(shape);
  }
}

/** Every member of the input, the paginator's own members included (as the AWS CLI's skeleton has them). */
export function inputSkeleton(shape: StructureShape): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(shape.members)) out[name] = placeholder(member);
  return out;
}
