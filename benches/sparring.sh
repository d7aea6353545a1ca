#!/usr/bin/env bash
# The sparring partner's levels, measured (issue 43): not a test, run by hand
# (`nice -n 10 bash benches/sparring.sh`). Plays the levels against Stockfish's own UCI_Elo
# (fixed references) and against one another through hotseat's driver and rules
# (examples/sparring_bench.rs), then writes the score table into benches/README.md between
# the markers `<!-- sparring:begin -->` and `<!-- sparring:end -->`.
#
# Environment: GAMES (per pairing, default 16), CLOCK (default 10+0), REFERENCES (Elo list,
# default: the engine's lowest UCI_Elo and 2000). Stockfish on PATH or /usr/games/stockfish.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-16}
clock=${CLOCK:-10+0}
cargo build --release --example sparring_bench >/dev/null 2>&1
table=$(mktemp)
trap 'rm -f "$table"' EXIT
# shellcheck disable=SC2086
target/release/examples/sparring_bench "$games" "$clock" ${REFERENCES:-} >"$table"
{
    echo "Measured $(date -u +%Y-%m-%d), load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'):"
    echo
    cat "$table"
} >"$table.done"
python3 - "$table.done" <<'PY'
import re, sys
table = open(sys.argv[1]).read().strip()
readme = open("benches/README.md").read()
block = "<!-- sparring:begin -->\n" + table + "\n<!-- sparring:end -->"
if "<!-- sparring:begin -->" in readme:
    readme = re.sub(r"<!-- sparring:begin -->.*?<!-- sparring:end -->", lambda _: block, readme, flags=re.S)
else:
    readme = readme.rstrip("\n") + "\n\n## The sparring partner's levels (issue 43)\n\n" + block + "\n"
open("benches/README.md", "w").write(readme)
PY
rm -f "$table.done"
cat benches/README.md | sed -n '/<!-- sparring:begin -->/,/<!-- sparring:end -->/p'
