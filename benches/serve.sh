#!/usr/bin/env bash
# `hotseat serve` at a club's scale (issue 41, item 6), on loopback: GAMES rooms of two russh
# clients each (default 100, so 200 SSH sessions), every game moving every 1-2 s for SECONDS
# (default 60), then as long again beside HOSTILE hostile connections (default 500). Prints the
# move latency from a player's Enter to the opponent's screen (median, p99) against an anchor
# (one game alone), the server's resident memory per session and its CPU per move. Goals:
# median < 20 ms, p99 < 100 ms, <= 1 MB a session, no move lost.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES="${GAMES:-100}"
SECONDS_EACH="${SECONDS_EACH:-60}"
HOSTILE="${HOSTILE:-500}"
cargo build --release -p hotseat-serve --bins --examples
"${CARGO_TARGET_DIR:-target}/release/examples/club_bench" "$GAMES" "$SECONDS_EACH" "$HOSTILE"
