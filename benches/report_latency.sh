#!/usr/bin/env bash
# Key latency on the playing screen with and without the engine at work: not a test, run by
# hand (`nice -n 19 benches/report_latency.sh`). hotseat runs in a tmux pane at 80x24 on a
# finished 14-move game; the script presses ← (one position back) and times how long until the
# pane shows the new position, STEPS times, first with no engine, then while the game report
# is being worked out (F4, Stockfish at hotseat's defaults). It prints the median and the
# worst of each. The figures include tmux's own round trip (send-keys, capture-pane), the
# same in both runs, so the difference is what the engine costs the screen.
#
# Environment: HOTSEAT (default target/release/hotseat, else target/debug/hotseat), STEPS
# (default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
hotseat=${HOTSEAT:-}
if [ -z "$hotseat" ]; then
    if [ -x target/release/hotseat ]; then hotseat=target/release/hotseat; else hotseat=target/debug/hotseat; fi
fi
steps=${STEPS:-30}
work=$(mktemp -d)
session="latency-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/game.pgn" <<'PGN'
[White "Ann"]
[Black "Bob"]
[Result "0-1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1
PGN

now_ms() { date +%s%3N; }

# Presses ← and waits for the status line ("Reviewing after …") to change; prints milliseconds.
step() {
    local before after start
    before=$(tmux capture-pane -p -t "$session" | sed -n 22p)
    start=$(now_ms)
    tmux send-keys -t "$session" Left
    while :; do
        after=$(tmux capture-pane -p -t "$session" | sed -n 22p)
        [ "$after" != "$before" ] && break
    done
    echo $(( $(now_ms) - start ))
}

# Steps back `steps` times (back to the end every ten steps: the game has 14 half-moves, and
# ← at its start changes nothing); prints median and max.
measure() {
    local times=()
    for i in $(seq 1 "$steps"); do
        if [ $(( i % 10 )) = 1 ]; then
            tmux send-keys -t "$session" End
            sleep 0.2
        fi
        times+=("$(step)")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median %d ms, worst %d ms (%d steps)\n", a[int((NR+1)/2)], a[NR], NR}'
}

tmux new-session -d -s "$session" -x 80 -y 24 \
    "env HOME=$work XDG_DATA_HOME=$work/d XDG_CONFIG_HOME=$work/c $hotseat --load $work/game.pgn"
sleep 1
echo "no engine:        $(measure)"
tmux send-keys -t "$session" End
sleep 0.3
tmux send-keys -t "$session" F4
sleep 0.5
echo "engine reporting: $(measure)"
tmux capture-pane -p -t "$session" | grep -q "Analysing" \
    || echo "(the report ended during the measure: raise the node budget or lower STEPS)"
