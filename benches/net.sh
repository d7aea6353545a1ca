#!/usr/bin/env bash
# Two terminals, one game, on loopback: move latency (median, p99) over 200 moves with 1 and
# with 100 watchers, the first again beside 40 hostile connections (slow handshakes that come
# back as soon as they are closed) with the process's resident memory before and during, the
# host's CPU meanwhile, and the CPU of an idle connected game with a clock running. Goals
# (issue 25): median < 50 ms, p99 < 100 ms, idle <= 0.05% of a core.
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE="${IDLE:-30}"
HOSTILE="${HOSTILE:-40}"
cargo build --release --example net_bench
bin="${CARGO_TARGET_DIR:-target}/release/examples/net_bench"
"$bin" 200 1 "$IDLE" "$HOSTILE"
"$bin" 200 100 "$IDLE" "$HOSTILE"
