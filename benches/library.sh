#!/usr/bin/env bash
# The games library at a chess player's scale (issue 40), with the release build:
#   1. a corpus of GAMES seeded random legal games with a real library's headers, written once
#      by `library_bench corpus` and kept in WORK (delete it to start again);
#   2. `hotseat import` of it into a new data folder: wall time, CPU time and peak memory;
#   3. `hotseat games` (the whole list) and `hotseat games ann flag` (a filter), median of 5;
#   4. `library_bench measure`: the library opened as the screen's file worker does (index,
#      counts, first page), the filter and the sorts in the database, the explorer (start
#      position, after 1. e4, 400 positions);
#   5. `library_bench screen`: the release binary in a pseudo-terminal: F6 to the count on
#      screen, a filter typed to its count, End, and the resident memory with the screen open.
#   bash benches/library.sh [GAMES] [WORK]      (defaults: 100000, $TMPDIR/hotseat-library-bench)
# KEEP=1 measures the data folder of an earlier run again, without importing.
# BEFORE=DIR (a folder with an older build's `hotseat` and `library_bench`) measures that build
# first, the same way, on a data folder of its own: the anchor, in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-100000}
WORK=${2:-${TMPDIR:-/tmp}/hotseat-library-bench}
mkdir -p "$WORK"
nice -n 19 cargo build --release --quiet --bin hotseat --example library_bench
BIN=$PWD/target/release/hotseat
BENCH=$PWD/target/release/examples/library_bench
CORPUS=$WORK/corpus-$GAMES.pgn
BASE=100000
if [ ! -s "$CORPUS" ] && [ "$GAMES" -gt "$BASE" ] && [ $((GAMES % BASE)) -eq 0 ]; then
    # A million games from ten copies of the 100,000 (generating each game anew would take
    # some 40 minutes here): copy N's players are "Ann N", "Bob N"..., so that every game is a
    # game of its own to the import (the fingerprint holds the players), and the explorer
    # sees each line ten times over, as a real database sees its popular openings.
    [ -s "$WORK/corpus-$BASE.pgn" ] || "$BENCH" corpus "$BASE" "$WORK/corpus-$BASE.pgn"
    echo "writing $CORPUS from $((GAMES / BASE)) copies of $WORK/corpus-$BASE.pgn"
    for n in $(seq 1 $((GAMES / BASE))); do
        sed -E "s/^\[(White|Black) \"([^\"]*)\"\]$/[\1 \"\2 $n\"]/" "$WORK/corpus-$BASE.pgn"
    done >"$CORPUS.part" && mv "$CORPUS.part" "$CORPUS"
fi
if [ ! -s "$CORPUS" ]; then
    echo "writing $CORPUS"
    "$BENCH" corpus "$GAMES" "$CORPUS.part" && mv "$CORPUS.part" "$CORPUS"
fi
echo "corpus: $GAMES games, $(du -m "$CORPUS" | cut -f1) MB"
measure_build() {
    local BIN=$1 BENCH=$2 DATA=$3
    echo "== $BIN"
    if [ "${KEEP:-}" != 1 ] || [ ! -d "$DATA" ]; then
        rm -rf "$DATA"
        /usr/bin/time -f "import: %e s wall, %U s user + %S s system, peak memory %M KB" \
            "$BIN" import "$CORPUS" --data-dir "$DATA" | head -1
    fi
    echo "data folder: $(du -sm "$DATA" | cut -f1) MB ($(du -sm "$DATA/games" | cut -f1) MB games/, $(du -m "$DATA/hotseat.db" | cut -f1) MB hotseat.db)"
    median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
    for args in "" "ann flag" "zzz"; do
        times=$(for _ in 1 2 3 4 5; do
            # shellcheck disable=SC2086
            /usr/bin/time -f "%e %M" "$BIN" games $args --data-dir "$DATA" 2>&1 >/dev/null | tail -1
        done)
        echo "hotseat games ${args:-(all)}: median $(echo "$times" | cut -d' ' -f1 | median) s, peak memory $(echo "$times" | cut -d' ' -f2 | median) KB"
    done
    "$BENCH" measure "$DATA"
    "$BENCH" screen "$BIN" "$DATA"
}
if [ -n "${BEFORE:-}" ]; then
    measure_build "$BEFORE/hotseat" "$BEFORE/library_bench" "$WORK/data-before-$GAMES"
fi
measure_build "$BIN" "$BENCH" "$WORK/data-$GAMES"
