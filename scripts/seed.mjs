#!/usr/bin/env node
// Fills an embedded store with launch configurations through the service's own create handler, many per
// transaction: `node scripts/seed.mjs COUNT [SVCCTL_HOME]` (home defaults to $SVCCTL_HOME, then ~/.svcctl).
// Names are lc-000001, lc-000002, ... Needs `npm run build` first (it loads dist/bulk.js).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { seedLaunchConfigurations } from '../dist/bulk.js';

const [countArg, homeArg] = process.argv.slice(2);
const count = Number(countArg);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('usage: node scripts/seed.mjs COUNT [SVCCTL_HOME]\n');
  process.exit(252);
}
const home = homeArg ?? (process.env.SVCCTL_HOME || join(homedir(), '.svcctl'));
const started = performance.now();
const created = seedLaunchConfigurations({ home, count });
process.stderr.write(
  `seed: ${created} launch configurations in ${home} (${Math.round(performance.now() - started)} ms)\n`,
);
