import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import "./chunk-OZWMUVXR.js";

// src/completion/scripts.ts
var BASH = (svcctl) => `# svcctl completion for bash. Load it in the current shell, or from ~/.bashrc, with:
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
var ZSH = (svcctl) => `#compdef svcctl
# svcctl completion for zsh. Load it from ~/.zshrc (after compinit) with:
#   source <(svcctl completion zsh)
_svcctl() {
    local -a candidates spaced unspaced
    local IFS=$'\\n'
    candidates=($(${svcctl} __complete zsh -- "\${(@Q)words[2,CURRENT-1]}" "$PREFIX" 2>/dev/null))
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
var FISH = (svcctl) => `# svcctl completion for fish. Load it in the current shell, or from ~/.config/fish/config.fish, with:
#   svcctl completion fish | source
function __svcctl_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    ${svcctl} __complete fish -- $tokens[2..-1] "$current" 2>/dev/null
end
complete -c svcctl -f -a '(__svcctl_complete)'
`;
var SHELLS = ["bash", "zsh", "fish"];
var SCRIPTS = { bash: BASH, zsh: ZSH, fish: FISH };
function completionScript(shell) {
  return SCRIPTS[shell]("command svcctl");
}
export {
  SHELLS,
  completionScript
};
