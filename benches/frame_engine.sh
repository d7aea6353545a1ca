#!/usr/bin/env bash
# Frame time with and without the engine at work: not a test, run by hand
# (`nice -n 19 bash benches/frame_engine.sh`). It runs criterion's render benchmark
# (benches/render.rs: the whole screen drawn from an App, 80x24 and 160x50 frames) first with
# nothing else of hotseat's running, then while Stockfish searches the way the game report
# makes it search (one thread, `go infinite` here so that it never stops mid-measure). The
# engine is a separate process: what it can cost a frame is the CPU it takes from the screen,
# which this shows; benches/report_latency.sh shows the same for a key press, end to end.
#
# Environment: ENGINE (default: stockfish on PATH, else /usr/games/stockfish), FILTER
# (criterion's filter, default `frame-(80x24|160x50)$`), SECONDS_EACH (measurement time per
# case, default 3). Cargo's own variables pass through (CARGO_TARGET_DIR,
# CARGO_PROFILE_BENCH_LTO=off for a quicker build).
set -euo pipefail
cd "$(dirname "$0")/.."
engine=${ENGINE:-$(command -v stockfish || echo /usr/games/stockfish)}
filter=${FILTER:-'frame-(80x24|160x50)$'}
each=${SECONDS_EACH:-3}
cargo bench -p hotseat-benches --bench render --no-run >/dev/null 2>&1

# The benchmark's estimates, one line per case: `frame-80x24  time: [low mid high]`.
measure() {
    cargo bench -p hotseat-benches --bench render -- --warm-up-time 1 --measurement-time "$each" \
        --noplot "$filter" 2>/dev/null |
        awk '/^frame-/ { name = $1 } /time:/ { sub(/.*time: */, ""); print "  " name "  " $0 }'
}

echo "no engine:"
measure

fifo=$(mktemp -u)
mkfifo "$fifo"
"$engine" <"$fifo" >/dev/null &
engine_pid=$!
exec 3>"$fifo"
trap 'echo quit >&3 2>/dev/null || true; exec 3>&-; wait "$engine_pid" 2>/dev/null || true; rm -f "$fifo"' EXIT
printf 'uci\nsetoption name Threads value 1\nsetoption name Hash value 16\nisready\nposition startpos moves e2e4 e7e5 g1f3 b8c6\ngo infinite\n' >&3
sleep 1
echo "Stockfish searching (1 thread):"
measure
printf 'stop\n' >&3
