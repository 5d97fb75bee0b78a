/**
 * The shell scripts `svcctl completion SHELL` prints. They are thin: each asks
 * `svcctl __complete SHELL -- ...` for the candidates, so completion always matches the installed models.
 * `svcctl` there is `command svcctl` when the svcctl on the PATH is the one that printed the script, else
 * the absolute command that started it (a clone run with `npx svcctl` or `node bin/svcctl`), so that the
 * completion works wherever svcctl comes from.
 */

const BASH = (svcctl: string) => `# svcctl completion for bash. Load it in the current shell, or from ~/.bashrc, with:
#   source <(svcctl completion bash)
_svcctl_complete() {
    local IFS=$'\\n'
    COMPREPLY=($(${svcctl} __complete bash -- "\${COMP_LINE:0:COMP_POINT}" 2>/dev/null))
    if [[ \${#COMPREPLY[@]} -eq 1 && \${COMPREPLY[0]} == *[/={] ]]; then
        compopt -o nospace 2>/dev/null
    fi
    return 0
}
complete -F _svcctl_complete svcctl
`;

const ZSH = (svcctl: string) => `#compdef svcctl
# svcctl completion for zsh. Load it from ~/.zshrc (after compinit) with:
#   source <(svcctl completion zsh)
_svcctl() {
    local -a candidates spaced unspaced
    local IFS=$'\\n'
    candidates=($(${svcctl} __complete zsh -- "\${(@Q)words[2,CURRENT]}" 2>/dev/null))
    unspaced=(\${(M)candidates:#*[/=\\{]})
    spaced=(\${candidates:#*[/=\\{]})
    (( \${#spaced} )) && compadd -- "\${spaced[@]}"
    (( \${#unspaced} )) && compadd -S '' -- "\${unspaced[@]}"
    return 0
}
if (( $+functions[compdef] )); then
    compdef _svcctl svcctl
fi
`;

const FISH = (
  svcctl: string,
) => `# svcctl completion for fish. Load it in the current shell, or from ~/.config/fish/config.fish, with:
#   svcctl completion fish | source
function __svcctl_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    ${svcctl} __complete fish -- $tokens[2..-1] "$current" 2>/dev/null
end
complete -c svcctl -f -a '(__svcctl_complete)'
`;

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export type Shell = (typeof SHELLS)[number];

const SCRIPTS: Record<Shell, (svcctl: string) => string> = { bash: BASH, zsh: ZSH, fish: FISH };

/** A word for the shell: single-quoted (fish escapes ' and \\ inside quotes; bash and zsh close and reopen them). */
function quote(shell: Shell, word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return shell === 'fish' ? `'${word.replace(/[\\']/g, '\\$&')}'` : `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * The script for a shell. `self` is how the running svcctl was started; `onPath` is the svcctl the PATH
 * finds (both resolved to real paths): the same file, or no start command known, gives `command svcctl`.
 */
export function completionScript(shell: Shell, self?: { node: string; script: string }, onPath?: string): string {
  const svcctl =
    self === undefined || self.script === onPath
      ? 'command svcctl'
      : `${quote(shell, self.node)} ${quote(shell, self.script)}`;
  return SCRIPTS[shell](svcctl);
}
