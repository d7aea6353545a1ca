#!/usr/bin/env bash
# Idle CPU of real hotseat processes with a clock running, side by side in one run: for each
# binary given, a one-keyboard game, a host and its joiner (each in its own tmux session at
# 80x24, its own HOME and data folder, loopback only), after 1. e4 e5 so a clock runs. CPU is
# the sum of each process's threads' time on the CPU (/proc/PID/task/*/schedstat, nanoseconds;
# Linux only) over IDLE seconds. Goal (issue 25): <= 0.05% of a core, and the network sides
# not above the one-keyboard game by more than noise.
#
#   bash benches/net_idle.sh [BINARY...]      (default target/release/hotseat; IDLE=60)
set -euo pipefail
IDLE="${IDLE:-60}"
[ $# -gt 0 ] || set -- "${CARGO_TARGET_DIR:-target}/release/hotseat"
work=$(mktemp -d)
port=$((40000 + RANDOM % 20000))
sessions=()
cleanup() {
    for s in "${sessions[@]}"; do tmux kill-session -t "$s" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

# start NAME BINARY ARGS...: a session of its own; prints nothing.
start() {
    local name=$1 bin=$2
    shift 2
    local home="$work/$name"
    mkdir -p "$home/data" "$home/config"
    local session="netidle-$$-$name"
    sessions+=("$session")
    tmux new -d -s "$session" -x 80 -y 24 \
        "env HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config NO_COLOR=1 $bin $* 2>$home/err"
}
keys() { tmux send-keys -t "netidle-$$-$1" -l "$2"; tmux send-keys -t "netidle-$$-$1" Enter; }
# The game's process: the pane's own, or the child its shell started.
pid() {
    local p
    p=$(tmux display -p -t "netidle-$$-$1" '#{pane_pid}')
    case "$(cat /proc/"$p"/comm)" in hotseat*) echo "$p" ;; *) pgrep -P "$p" | head -1 ;; esac
}
cpu_ns() {
    local total=0 ns
    for f in /proc/"$1"/task/*/schedstat; do
        read -r ns _ <"$f" && total=$((total + ns))
    done
    echo "$total"
}

names=()
i=0
for bin in "$@"; do
    bin=$(realpath "$bin")
    i=$((i + 1))
    start "local$i" "$bin" --time 5+3
    start "host$i" "$bin" host --listen "127.0.0.1:$((port + i))" --time 5+3
    sleep 2
    invitation=$(awk '/hotseat join/ {print $3; exit}' "$work/host$i/err")
    [ -n "$invitation" ] || { echo "host $bin gave no invitation: $(cat "$work/host$i/err")" >&2; exit 1; }
    start "join$i" "$bin" join "$invitation"
    sleep 2
    tmux send-keys -t "netidle-$$-host$i" Enter # the invitation box
    sleep 1
    keys "local$i" e4
    keys "local$i" e5
    if grep -q "You play White" "$work/host$i/err"; then w=host$i b=join$i; else w=join$i b=host$i; fi
    keys "$w" e4
    sleep 1
    keys "$b" e5
    names+=("local$i" "host$i" "join$i")
done
sleep 3
declare -A before pids
for n in "${names[@]}"; do pids[$n]=$(pid "$n"); before[$n]=$(cpu_ns "${pids[$n]}"); done
sleep "$IDLE"
for n in "${names[@]}"; do
    after=$(cpu_ns "${pids[$n]}")
    ns=$((after - before[$n]))
    awk -v n="$n" -v ns="$ns" -v s="$IDLE" \
        'BEGIN { printf "%-8s %7.1f ms CPU in %d s = %.3f%% of a core\n", n, ns / 1e6, s, ns / 1e7 / s }'
done
i=0
for bin in "$@"; do i=$((i + 1)); echo "$i = $bin"; done
