/** The usage block the AWS CLI prints before a usage error, with svcctl's name. */
export const USAGE = [
  'usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]',
  'To see help text, you can run:',
  '',
  '  svcctl help',
  '  svcctl <command> help',
  '  svcctl <command> <subcommand> help',
  '',
].join('\n');

/** argparse's two-column layout of choices, as the AWS CLI prints an invalid --output. */
export function choicesBlock(choices: readonly string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < choices.length; i += 2) {
    const left = choices[i]!.padEnd(40);
    lines.push(i + 1 < choices.length ? `${left} | ${choices[i + 1]!.padEnd(40)}` : left);
  }
  return lines.join('\n');
}
