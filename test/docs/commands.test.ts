/** docs/commands.md is generated from the models: it must be what the generator writes today. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { commandsMarkdown } from '../../src/help/markdown.js';
import { ROOT } from '../completion/fresh-bin.js';

it('docs/commands.md is up to date with the models (UPDATE_DOCS=1 rewrites it)', () => {
  const path = join(ROOT, 'docs', 'commands.md');
  if (process.env.UPDATE_DOCS) writeFileSync(path, commandsMarkdown());
  expect(readFileSync(path, 'utf8')).toBe(commandsMarkdown());
});
