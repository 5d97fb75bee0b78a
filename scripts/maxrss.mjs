// Preloaded (`node --import`) into a CLI process by the benchmark and the scale test: writes the
// process's peak resident set size, in kilobytes, to $SVCCTL_MAXRSS_FILE when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.SVCCTL_MAXRSS_FILE)
    writeFileSync(process.env.SVCCTL_MAXRSS_FILE, String(process.resourceUsage().maxRSS));
});
