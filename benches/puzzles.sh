#!/usr/bin/env bash
# Lichess's whole puzzle database, at its size (issue 42): a generated file of Lichess's CSV
# format with ROWS rows (default 5,400,000), then
#   1. `hotseat puzzles import FILE` — wall time and peak resident memory (goals: 60 s, 100 MB);
#   2. the next puzzle at a rating and theme at that size: N `next` commands piped into
#      `hotseat puzzles --plain --theme fork --rating 1400-1800`, less the same run with one,
#      divided by N (goal: 5 ms) — each `next` also writes the attempt (a transaction), so
#      this is an upper bound on the choice alone.
# The anchor, measured in the same run: `wc -l` over the same file (reading it once).
#
# The rows are the 6,005 shipped puzzles over and over, each with a new id (ascending, as in
# Lichess's file) and its rating moved by up to ±300, so every row is a real, legal puzzle
# that the import checks in full.
#
# Usage: bash benches/puzzles.sh [ROWS] [WORK]   (WORK defaults to a folder under /tmp; the
# generated file is kept there and reused; KEEP=1 skips the import and measures again.)
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-5400000}
WORK=${2:-/tmp/hotseat-puzzles-bench}
N=${N:-500}
BIN=${HOTSEAT:-target/release/hotseat}
mkdir -p "$WORK"
if [ -z "${HOTSEAT:-}" ]; then
    cargo build --release --quiet
fi
CSV="$WORK/puzzles-$ROWS.csv"
if [ ! -s "$CSV" ]; then
    echo "writing $CSV ($ROWS rows)" >&2
    python3 - "$ROWS" "$CSV" <<'EOF'
import sys, random, subprocess
rows, out = int(sys.argv[1]), sys.argv[2]
text = subprocess.run(["zstd", "-dc", "assets/puzzles/lichess-puzzles.csv.zst"],
                      capture_output=True, check=True, text=True).stdout
lines = text.splitlines()[1:]
rng = random.Random(42)
alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
def pid(n):
    s = ""
    for _ in range(5):
        s = alphabet[n % 62] + s
        n //= 62
    return s
with open(out, "w") as f:
    f.write("PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n")
    step = (62 ** 5) // rows
    for i in range(rows):
        c = lines[i % len(lines)].split(",")
        rating = max(400, min(3200, int(c[3]) + rng.randint(-300, 300)))
        c[0] = pid(i * step)
        c[3] = str(rating)
        c[4] = str(rng.randint(74, 110))
        c[5] = str(rng.randint(-20, 100))
        c[6] = str(rng.randint(10, 50000))
        f.write(",".join(c) + "\n")
EOF
fi
echo "file: $(du -h "$CSV" | cut -f1), $(($(wc -l <"$CSV") - 1)) rows; load average $(cut -d' ' -f1 /proc/loadavg)"

t0=$(date +%s.%N)
wc -l "$CSV" >/dev/null
t1=$(date +%s.%N)
anchor=$(echo "$t1 - $t0" | bc)
echo "anchor: wc -l over the file: ${anchor} s"

DATA="$WORK/data"
if [ -z "${KEEP:-}" ]; then
    rm -rf "$DATA"
    mkdir -p "$DATA"
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/import.time" \
        "$BIN" puzzles import "$CSV" --data-dir "$DATA" >"$WORK/import.out"
    read -r secs user sys kib <"$WORK/import.time"
    echo "import: $(head -1 "$WORK/import.out")"
    echo "import: ${secs} s wall ($(echo "scale=1; $secs / $anchor" | bc)x the anchor), CPU ${user} s user + ${sys} s system (two threads), peak resident memory $((kib / 1024)) MB"
    echo "database: $(du -h "$DATA/hotseat.db" | cut -f1)"
fi

run_next() {
    local n=$1
    {
        for _ in $(seq "$n"); do echo next; done
        echo quit
    } | "$BIN" puzzles --plain --theme fork --rating 1400-1800 --player Bench \
        --data-dir "$DATA" >/dev/null
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
one=() many=()
for _ in 1 2 3; do
    t0=$(date +%s.%N); run_next 1; t1=$(date +%s.%N)
    one+=("$(echo "$t1 - $t0" | bc)")
    t0=$(date +%s.%N); run_next "$N"; t1=$(date +%s.%N)
    many+=("$(echo "$t1 - $t0" | bc)")
done
o=$(printf '%s\n' "${one[@]}" | median)
m=$(printf '%s\n' "${many[@]}" | median)
per=$(echo "scale=3; ($m - $o) * 1000 / ($N - 1)" | bc)
echo "next puzzle (fork, 1400-1800, and the attempt written): ${per} ms each (median of 3 runs of $N; one alone ${o} s)"
