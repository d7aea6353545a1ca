#!/usr/bin/env bash
# Peak memory (maximum resident set size) of `hotseat pgn` and `hotseat --load` on hostile PGN
# files of about 100 MB each. The reader promises the memory of one sensible game: every figure
# should stay under 64 MB whatever the file holds.
#
#   cargo build --release && bash benches/hostile_memory.sh          # or HOTSEAT=path/to/binary
#
# Needs GNU time (/usr/bin/time -v). The files are written to a temporary folder and removed.
set -euo pipefail

bin=${HOTSEAT:-target/release/hotseat}
size_mb=${SIZE_MB:-100}
[ -x "$bin" ] || { echo "no binary at $bin: cargo build --release first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time" >&2; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bytes=$((size_mb * 1024 * 1024))

# One game of many tags; one tag value, one comment and one move token of the whole size;
# one game of many short comments.
python3 - "$dir" "$bytes" <<'PY'
import sys
d, n = sys.argv[1], int(sys.argv[2])
def write(name, head, unit, tail):
    with open(f"{d}/{name}.pgn", "w") as f:
        f.write(head)
        f.write(unit * (n // len(unit)))
        f.write(tail)
write("tags", "", '[White "Ann"]\n', "\n1. e4 *\n")
write("tag-value", '[White "', "x", '"]\n\n1. e4 *\n')
write("comment", "1. e4 {", "x", "} *\n")
write("token", "1. ", "x", " *\n")
write("comments", "1. e4 ", "{clk} ", "*\n")
PY

printf '%-10s %-8s %8s %s\n' file command "peak MB" "first line of output (bytes of output)"
for f in tags tag-value comment token comments; do
    for cmd in pgn load; do
        if [ "$cmd" = pgn ]; then
            args=(pgn "$dir/$f.pgn")
        else
            args=(--data-dir "$dir/data" --load "$dir/$f.pgn")
        fi
        /usr/bin/time -v -o "$dir/time" "$bin" "${args[@]}" </dev/null >"$dir/out" 2>"$dir/err" || true
        rss=$(awk '/Maximum resident set size/ {print $NF}' "$dir/time")
        first=$(head -1 "$dir/err" | cut -c1-100)
        total=$(cat "$dir/out" "$dir/err" | wc -c)
        printf '%-10s %-8s %8s %s (%s)\n' "$f" "$cmd" "$((rss / 1024))" "$first" "$total"
    done
done
