#!/usr/bin/env bash
# Lichess's whole puzzle database, at its size (issue 42): a generated file of Lichess's CSV
# format with ROWS rows (default 5,400,000), then
#   1. `hotseat puzzles import FILE` — wall time and peak resident memory (goals: 60 s, 100 MB);
#   2. the next puzzle at a rating and theme at that size: N `next` commands piped into
#      `hotseat puzzles --plain --theme fork --rating 1400-1800`, less the same run with one,
#      divided by N (goal: 5 ms) — each `next` also writes the attempt (a transaction), so
#      this is an upper bound on the choice alone; also without a theme, and of a rare theme.
# The anchors, measured in the same run: `wc -l` over the same file (reading it once), and
# the `sqlite3` shell's `.import` of it (SQLite loading the rows unchecked, without indexes).
# BEFORE=BINARY measures an older hotseat first, in the same run.
#
# The rows are the 6,005 shipped puzzles over and over, each with a new id (ascending, as in
# Lichess's file), its rating moved by up to ±300 and the themes Lichess gives every puzzle
# added to its motifs (phase, length, outcome: five themes a row on average, Lichess's file
# about four), so every row is a real, legal puzzle that the import checks in full.
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
CSV="$WORK/puzzles-themed-$ROWS.csv"
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
        # Lichess gives every puzzle a phase, a length and an outcome besides its motifs
        # (about four themes a row); the shipped rows keep their motifs only.
        themes = c[7].split()
        board = c[1].split()[0]
        pieces = sum(ch.isalpha() for ch in board)
        full = int(c[1].split()[5])
        themes.append("endgame" if pieces <= 12 else "opening" if full <= 12 else "middlegame")
        plies = len(c[2].split())
        themes.append(["oneMove", "short", "long"][plies // 2 - 1] if plies <= 6 else "veryLong")
        if any(t.startswith("mate") for t in themes):
            themes.append("mate")
        else:
            themes.append(rng.choice(["crushing", "crushing", "advantage", "equality"]))
        c[7] = " ".join(sorted(set(themes)))
        f.write(",".join(c) + "\n")
EOF
fi
echo "file: $(du -h "$CSV" | cut -f1), $(($(wc -l <"$CSV") - 1)) rows; load average $(cut -d' ' -f1 /proc/loadavg)"

t0=$(date +%s.%N)
wc -l "$CSV" >/dev/null
t1=$(date +%s.%N)
anchor=$(echo "$t1 - $t0" | bc)
echo "anchor: wc -l over the file: ${anchor} s"
# The second anchor: SQLite's own shell loading the same file into one table of text, no
# check of any row, no index.
rm -f "$WORK/anchor.db"
t0=$(date +%s.%N)
sqlite3 "$WORK/anchor.db" ".import --csv $CSV puzzles"
t1=$(date +%s.%N)
sql_anchor=$(echo "$t1 - $t0" | bc)
echo "anchor: sqlite3's .import of the file: ${sql_anchor} s ($(du -h "$WORK/anchor.db" | cut -f1))"
rm -f "$WORK/anchor.db"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# N `next`s of one choice (theme and range as options), less one, per puzzle, median of 3.
next_latency() {
    local bin=$1 data=$2
    shift 2
    run_next() {
        {
            for _ in $(seq "$1"); do echo next; done
            echo quit
        } | "$bin" puzzles --plain "${@:2}" --player Bench --data-dir "$data" >/dev/null
    }
    local one=() many=()
    for _ in 1 2 3; do
        t0=$(date +%s.%N); run_next 1 "$@"; t1=$(date +%s.%N)
        one+=("$(echo "$t1 - $t0" | bc)")
        t0=$(date +%s.%N); run_next "$N" "$@"; t1=$(date +%s.%N)
        many+=("$(echo "$t1 - $t0" | bc)")
    done
    local o m
    o=$(printf '%s\n' "${one[@]}" | median)
    m=$(printf '%s\n' "${many[@]}" | median)
    echo "scale=3; ($m - $o) * 1000 / ($N - 1)" | bc
}

# measure LABEL BINARY: the import into a new data folder, then the next puzzle.
measure() {
    local label=$1 bin=$2 data="$WORK/data-$1"
    if [ -z "${KEEP:-}" ]; then
        rm -rf "$data"
        mkdir -p "$data"
        /usr/bin/time -f "%e %U %S %M" -o "$WORK/import.time" \
            "$bin" puzzles import "$CSV" --data-dir "$data" >"$WORK/import.out"
        read -r secs user sys kib <"$WORK/import.time"
        echo "$label import: $(head -1 "$WORK/import.out")"
        echo "$label import: ${secs} s wall ($(echo "scale=1; $secs / $anchor" | bc)x wc -l, $(echo "scale=2; $secs / $sql_anchor" | bc)x sqlite3 .import), CPU ${user} s user + ${sys} s system, peak resident memory $((kib / 1024)) MB, load average $(cut -d' ' -f1 /proc/loadavg)"
        echo "$label database: $(du -h "$data/hotseat.db" | cut -f1)"
    fi
    echo "$label next puzzle, and the attempt written (median of 3 runs of $N, less one): fork 1400-1800 $(next_latency "$bin" "$data" --theme fork --rating 1400-1800) ms; no theme 1400-1800 $(next_latency "$bin" "$data" --rating 1400-1800) ms; underPromotion (rare) $(next_latency "$bin" "$data" --theme underPromotion) ms"
}

# BEFORE=BINARY measures an older build first, in the same run.
if [ -n "${BEFORE:-}" ]; then
    measure before "$BEFORE"
fi
measure now "$BIN"
