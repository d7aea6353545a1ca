#!/usr/bin/env bash
# The games library on a 10,000-game archive: open, filter, rebuild the index, explorer per
# position (medians, with the limits of issue 26 and the ratio to them). The archive is
# written once into a temporary folder and kept between runs (delete it to start again).
#   bash benches/library.sh [GAMES] [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
nice -n 19 cargo build --release --example library_bench --quiet
exec nice -n 19 target/release/examples/library_bench "$@"
