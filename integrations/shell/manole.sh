# Manole shell helpers: source this from ~/.bashrc or ~/.zshrc
#   . /path/to/manole/integrations/shell/manole.sh
#
#   ma where did I put the lease?     # ask, the answer streams to the terminal
#   mf lease agreement                # search: "score path" lines, best first (no model)
#   mfo lease agreement               # open the best hit with the desktop's opener
#   mstat                             # indexing progress, models, failures

alias ma='manole-client ask --session "shell-$$"'   # one conversation per shell: follow-ups work
alias mstat='manole-client status'

# mf QUERY...: raw search hits as "score<TAB>path" (pipe it into fzf, head, ...)
mf() {
    [ $# -gt 0 ] || { echo "usage: mf QUERY..." >&2; return 2; }
    manole-client search --json -k "${MANOLE_K:-10}" -- "$*" |
        python3 -c 'import json,sys
for h in json.load(sys.stdin).get("hits", []):
    print("%.3f\t%s" % (h["score"], h["path"]))'
}

# mfo QUERY...: open the best hit
mfo() {
    local best
    best=$(mf "$@" | head -n 1 | cut -f 2-) || return
    [ -n "$best" ] || { echo "mfo: no hit for: $*" >&2; return 1; }
    case "$(uname)" in
        Darwin) open "$best" ;;
        *) xdg-open "$best" >/dev/null 2>&1 & ;;
    esac
}
