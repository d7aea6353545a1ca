#!/usr/bin/env bash
# How long `hotseat analyse` takes on a 40-move game with its defaults, and whether its labels
# are the same run after run. Not a test: run by hand, e.g. `nice -n 19 benches/analyse.sh`.
#
# The game is made here, reproducibly: Stockfish plays itself with a tiny node budget (so the
# game has inaccuracies, mistakes and blunders to find) for 80 plies. Then the report runs
# three times with the defaults (150000 nodes per position, one thread per core) and the
# script prints the seconds of each run and whether the labels ($6 $2 $4 per move) agree.
#
# Environment: HOTSEAT (the binary; default target/release/hotseat, else target/debug/hotseat),
# STOCKFISH (default: stockfish on PATH, else /usr/games/stockfish), ARGS (extra options for
# hotseat analyse, e.g. "--threads 1").
set -euo pipefail
cd "$(dirname "$0")/.."
hotseat=${HOTSEAT:-}
if [ -z "$hotseat" ]; then
    if [ -x target/release/hotseat ]; then hotseat=target/release/hotseat; else hotseat=target/debug/hotseat; fi
fi
engine=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Self-play: the engine's moves in UCI, which hotseat's PGN reader accepts.
moves=()
coproc SF { "$engine"; }
echo "uci" >&"${SF[1]}"
echo "setoption name Threads value 1" >&"${SF[1]}"
echo "isready" >&"${SF[1]}"
while read -r line <&"${SF[0]}"; do [ "$line" = readyok ] && break; done
for ply in $(seq 1 80); do
    echo "position startpos moves ${moves[*]:-}" >&"${SF[1]}"
    # A budget that varies with the ply, so that the game is uneven but the same every time.
    echo "go nodes $(( 20 + (ply * 37) % 400 ))" >&"${SF[1]}"
    best=""
    while read -r line <&"${SF[0]}"; do
        case $line in bestmove*) best=$(echo "$line" | cut -d' ' -f2); break ;; esac
    done
    [ "$best" = "(none)" ] && break
    moves+=("$best")
done
echo quit >&"${SF[1]}"
wait "$SF_PID" 2>/dev/null || true
{
    echo '[White "Bench White"]'
    echo '[Black "Bench Black"]'
    echo
    n=1
    for i in "${!moves[@]}"; do
        if (( i % 2 == 0 )); then printf '%d. ' "$n"; n=$((n + 1)); fi
        printf '%s ' "${moves[$i]}"
    done
    echo '*'
} > "$work/game.pgn"
echo "game: ${#moves[@]} plies; engine: $engine; hotseat: $hotseat; cores: $(nproc 2>/dev/null || echo ?)"

labels=()
for run in 1 2 3; do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$hotseat" analyse "$work/game.pgn" --engine "$engine" ${ARGS:-} > "$work/out$run.pgn" 2> "$work/err$run.txt"
    end=$(date +%s.%N)
    printf 'run %d: %.1f s\n' "$run" "$(echo "$end - $start" | bc)"
    sed 's/^/  /' "$work/err$run.txt"
    # The labels: each move's SAN with its NAG, in order.
    labels+=("$(tr '\n' ' ' < "$work/out$run.pgn" | grep -o '[^ ]* \$[246]' | tr '\n' ' ')")
done
if [ "${labels[0]}" = "${labels[1]}" ] && [ "${labels[1]}" = "${labels[2]}" ]; then
    echo "labels: the same in all three runs (${labels[0]})"
else
    echo "labels DIFFER between runs:"
    printf '  %s\n' "${labels[@]}"
fi
