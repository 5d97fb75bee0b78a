/** `svcctl completion SHELL` (prints a script) and the hidden `svcctl __complete` the scripts call. */
import { invalidChoice } from '../../help/suggest.js';
import type { CommandSpec } from '../../models/commands.js';
import { UnknownOptionsError, UsageError } from '../../core/errors.js';

const CHOICES = ['bash', 'zsh', 'fish'];

export const completionCommand: CommandSpec = {
  name: 'completion',
  description: 'Print the shell completion script for bash, zsh or fish.',
  arguments: [{ name: 'shell', help: 'The shell: bash, zsh or fish.' }],
  docs: {
    details: [
      'The script completes commands, subcommands, options, enum values (--output, --image-tag-mutability, ' +
        'members and values inside shorthand...), profile names and file paths after file:// and fileb://. ' +
        "Inside quotes too (--image-scanning-configuration 'scanOnPush=t<Tab> keeps what was typed). It calls the " +
        'svcctl on the PATH for the candidates, so it keeps working when node or svcctl moves; from a clone, put ' +
        'svcctl on the PATH first (npm link).',
      'bash: source <(svcctl completion bash) in ~/.bashrc. zsh: source <(svcctl completion zsh) in ~/.zshrc ' +
        'after compinit. fish: svcctl completion fish | source in ~/.config/fish/config.fish, or save it as ' +
        '~/.config/fish/completions/svcctl.fish.',
    ],
    examples: [{ title: 'Print the bash script', argv: ['completion', 'bash'] }],
  },
  complete: (words) => (words.length === 0 ? CHOICES : []),
  missingProfileOk: true,
  readsProfileItself: true,
  run: async ({ args, ctx }) => {
    const [shell, ...rest] = args;
    if (shell === undefined) throw new UsageError(`the following arguments are required: shell`);
    if (rest.length > 0) throw new UnknownOptionsError(rest);
    if (!CHOICES.includes(shell)) {
      throw invalidChoice('shell', shell, CHOICES); // argparse's words, as every invalid choice (help/suggest.ts)
    }
    const { completionScript } = await import('../../completion/scripts.js');
    ctx.stdout.write(completionScript(shell as 'bash' | 'zsh' | 'fish'));
    return 0;
  },
};

/** `svcctl __complete SHELL -- WORDS...`, which the scripts call for the candidates of the last word. */
export const completeCommand: CommandSpec = {
  name: '__complete',
  description: '',
  hidden: true,
  passUnknownOptions: true,
  missingProfileOk: true,
  readsProfileItself: true,
  run: async ({ args, ctx, node }) => {
    const { complete } = await import('../../completion/complete.js');
    let program = node;
    while (program.parent) program = program.parent;
    const found = complete(program, args, ctx);
    if (found.length > 0) ctx.stdout.write(`${found.join('\n')}\n`);
    return 0;
  },
};
