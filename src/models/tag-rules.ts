/**
 * ECR's rules for the tags of a repository, one function for CreateRepository and TagResource (and the
 * keys of UntagResource): at most 50 tags per resource, keys of 1-128 characters not starting with `aws:`
 * in any case, values of 0-256 characters, each key once per request. The botocore model constrains none
 * of this (TagKey and TagValue are bare strings), so the service decides, with InvalidTagParameterException
 * and TooManyTagsException as ECR lists them. Messages never quote a value longer than a valid one.
 */
import { pyLen } from './validate.js';

export const MAX_TAGS = 50;
export const MAX_TAG_KEY = 128;
export const MAX_TAG_VALUE = 256;

export interface Tag {
  Key: string;
  Value: string;
}

export interface TagProblem {
  code: 'InvalidParameterException' | 'InvalidTagParameterException' | 'TooManyTagsException';
  message: string;
}

const invalid = (message: string): TagProblem => ({ code: 'InvalidTagParameterException', message });

/** What is wrong with one tag key at `where` (`tags.1.Key`, `tagKeys.1`), or undefined. */
export function tagKeyProblem(key: string, where: string): TagProblem | undefined {
  const len = pyLen(key);
  if (len === 0 || len > MAX_TAG_KEY) {
    return invalid(
      `The tag key at '${where}' is ${len} characters long: tag keys can have 1 to ${MAX_TAG_KEY} characters.`,
    );
  }
  if (key.slice(0, 4).toLowerCase() === 'aws:') {
    return invalid(
      `The tag key '${key}' at '${where}' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.`,
    );
  }
  return undefined;
}

/** The first broken rule of the tags of one request (their shape already checked), or undefined. */
export function tagsProblem(tags: readonly Tag[], field = 'tags'): TagProblem | undefined {
  const keys = new Set<string>();
  for (const [i, tag] of tags.entries()) {
    const problem = tagKeyProblem(tag.Key, `${field}.${i + 1}.Key`);
    if (problem) return problem;
    const len = pyLen(tag.Value);
    if (len > MAX_TAG_VALUE) {
      return invalid(
        `The tag value of key '${tag.Key}' is ${len} characters long: tag values can have a maximum length of ${MAX_TAG_VALUE} characters.`,
      );
    }
    if (keys.has(tag.Key)) {
      return {
        code: 'InvalidParameterException',
        message: `Duplicate tag key '${tag.Key}': each tag key can be given only once`,
      };
    }
    keys.add(tag.Key);
  }
  return undefined;
}

/** A resource's tags after `added` (a checked request's tags): a key already there takes the new value in its place. */
export function mergeTags(existing: readonly Tag[], added: readonly Tag[]): Tag[] {
  const merged = new Map(existing.map((t) => [t.Key, t.Value]));
  for (const t of added) merged.set(t.Key, t.Value);
  return [...merged].map(([Key, Value]) => ({ Key, Value }));
}

/** TooManyTagsException when a resource would hold more than 50 tags. */
export function tagCountProblem(count: number): TagProblem | undefined {
  if (count <= MAX_TAGS) return undefined;
  return {
    code: 'TooManyTagsException',
    message: `The repository would have ${count} tags: the maximum number of tags that can be applied to a repository is ${MAX_TAGS}.`,
  };
}
