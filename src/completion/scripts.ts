/**
 * The shell scripts `svcctl completion SHELL` prints. They are thin: each asks
 * `svcctl __complete SHELL -- ...` for the candidates, so completion always matches the installed models.
 * Inside a quote the shells complete the text after it; `__complete` is told the word as each shell has it.
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
    local IFS=$'\\n' current=$PREFIX braced=0
    # An unquoted { (Ebs={VolumeType=g): zsh completes inside it as a brace expansion, and PREFIX has lost the
    # brace. svcctl gets the word as typed; zsh gets the candidates without that brace, which it puts back.
    if [[ $PREFIX != *'{'* && \${words[CURRENT]} == *'{'* ]]; then
        current=\${(Q)words[CURRENT]}
        braced=1
    fi
    candidates=($(${svcctl} __complete zsh -- "\${(@Q)words[2,CURRENT-1]}" "$current" 2>/dev/null))
    (( braced )) && candidates=(\${candidates/\\{/})
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

/**
 * The script for a shell. It calls `svcctl` from the PATH, as gh's scripts do: a script that named the node
 * binary and the install's path stopped working, silently, once either moved (nvm, a new global prefix).
 */
export function completionScript(shell: Shell): string {
  return SCRIPTS[shell]('command svcctl');
}
