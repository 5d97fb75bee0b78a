/** Command-line flags derived from an operation's input model: one flag per member, named as the AWS CLI names them. */
import type { Operation } from './operation.js';
import type { Shape } from './shapes.js';

export interface FlagSpec {
  /** `--repository-name` */
  flag: string;
  /** The model member, `repositoryName`. */
  member: string;
  shape: Shape;
  required: boolean;
  /** Accepted but not documented (a paginator's own members, as the AWS CLI keeps them). */
  hidden: boolean;
}

/** botocore's xform_name with `-`: `ClassicLinkVPCId` → `classic-link-vpc-id`, `contact_email` → `contact-email`. */
export function kebab(name: string): string {
  return name
    .replace(/(.)([A-Z][a-z]+)/g, '$1-$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

const cache = new WeakMap<Operation, FlagSpec[]>();

export function flagsFor(op: Operation): FlagSpec[] {
  let flags = cache.get(op);
  if (!flags) {
    const required = new Set(op.input.required ?? []);
    const hidden = new Set(op.hiddenMembers ?? []);
    flags = Object.entries(op.input.members).map(([member, shape]) => ({
      flag: `--${kebab(member)}`,
      member,
      shape,
      required: required.has(member),
      hidden: hidden.has(member),
    }));
    cache.set(op, flags);
  }
  return flags;
}

/** The placeholder shown in help: `<value>` or `<value...>` for lists. */
export function valuePlaceholder(shape: Shape): string {
  // nargs='*' as the AWS CLI declares list options: the flag alone gives an empty list.
  if (shape.type === 'list') return '[value...]';
  if (shape.type === 'structure' || shape.type === 'map') return '<structure>';
  return `<${shape.type === 'string' ? 'string' : shape.type}>`;
}
