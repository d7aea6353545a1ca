#!/usr/bin/env bash
# Seconds per engine move (issue 56): the wait for the sparring partner's reply at every level
# and at Elo 1350/1500/2000/2850, on 3+2 and 15+10, through hotseat's own driver and `go` line
# (examples/engine_moves.rs). Not a test, run by hand (`nice -n 10 bash benches/engine_moves.sh`);
# writes the table into benches/README.md between `<!-- engine-moves:begin -->` and
# `<!-- engine-moves:end -->`. The goal: a median of at most 1 s below level 8 and up to 2000 Elo.
#
# Environment: MOVES (each side's, default 16), CLOCKS (seconds+increment, default
# 180+2,900+10), ELOS (default 1350,1500,2000,2850), LEVELS (default all). Stockfish on PATH or
# /usr/games/stockfish.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --example engine_moves >/dev/null 2>&1
table=$(mktemp)
trap 'rm -f "$table" "$table.done"' EXIT
target/release/examples/engine_moves "${MOVES:-16}" "${CLOCKS:-180+2,900+10}" \
    "${ELOS:-1350,1500,2000,2850}" "${LEVELS:-all}" >"$table"
{
    echo "Measured $(date -u +%Y-%m-%d) at $(git rev-parse --short HEAD), load average $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?'):"
    echo
    cat "$table"
} >"$table.done"
python3 - "$table.done" <<'PY'
import re, sys
table = open(sys.argv[1]).read().strip()
readme = open("benches/README.md").read()
block = "<!-- engine-moves:begin -->\n" + table + "\n<!-- engine-moves:end -->"
if "<!-- engine-moves:begin -->" in readme:
    readme = re.sub(r"<!-- engine-moves:begin -->.*?<!-- engine-moves:end -->", lambda _: block, readme, flags=re.S)
else:
    readme = readme.rstrip("\n") + "\n\n## Seconds per engine move (issue 56)\n\n" + block + "\n"
open("benches/README.md", "w").write(readme)
PY
sed -n '/<!-- engine-moves:begin -->/,/<!-- engine-moves:end -->/p' benches/README.md
