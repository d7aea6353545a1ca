#!/usr/bin/env bash
# Writes assets/code-order.txt: the functions of the release binary that a game runs, start-up
# included, for the linker to place together (see src/build.rs). Run it again after a change of
# toolchain or dependencies (the symbols' names carry hashes of both: it first says how many
# of the listed names the build still has) or when a running game's resident code grows
# (`bash benches/memory.sh`).
#
#   bash benches/code_order.sh
#
# How: the release build, linked without stripping (the same names as the stripped one), runs
# under valgrind's callgrind in tmux (110x34): a new 5+3 game in colour, seventeen moves (captures,
# castling, a queen trade: the opening's name found and shown), the board flipped,
# the help screen, twelve seconds of running clock (a timed save), quit; then again with the
# saved game, resumed with NO_COLOR, and quit; then a new game with NO_COLOR, four moves and
# twelve seconds of clock. Every function of the binary that ran is listed, the most
# instructions first. Needs valgrind, tmux, python3; x86_64 Linux.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
order=assets/code-order.txt
work=$(mktemp -d)
session="code-order-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
for tool in valgrind tmux python3; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 1; }
done

# The release binary with its symbols: only the last step, the binary, is built again.
cargo rustc --quiet --release --bin hotseat -- -C strip=none
bin="$work/hotseat"
cp "${CARGO_TARGET_DIR:-target}/release/hotseat" "$bin"
nm --defined-only "$bin" | awk '{print $NF}' | sort -u >"$work/names"
if [ -f "$order" ]; then
    found=$(sort -u "$order" | comm -12 - "$work/names" | wc -l)
    echo "the build has $found of the $(wc -l <"$order") names listed in $order"
fi

# run N KEYS...: the binary under callgrind in tmux; each KEY is typed, then the run waits.
run() {
    local n=$1
    shift
    tmux new -d -s "$session" -x 110 -y 34 \
        "env HOME=$work/home XDG_DATA_HOME=$work/home/data XDG_CONFIG_HOME=$work/home/config \
         $colour valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/cg.$n \
         $bin --time 5+3 --data-dir $work/data 2>>$work/valgrind.log"
    sleep 10
    for key in "$@"; do
        case $key in
        sleep:*) sleep "${key#sleep:}" ;;
        text:*) tmux send-keys -t "$session" -l "${key#text:}" ;;
        *) tmux send-keys -t "$session" "$key" ;;
        esac
        sleep 1
    done
    for _ in $(seq 60); do
        tmux has-session -t "$session" 2>/dev/null || break
        sleep 1
    done
    tmux kill-session -t "$session" 2>/dev/null || true
    [ -s "$work/cg.$n" ] || { echo "callgrind wrote nothing: $work/valgrind.log" >&2; exit 1; }
}
mkdir -p "$work/home"
# The first game in colour (the theme's colours converted for the terminal), the second with
# NO_COLOR: both kinds of screen players have.
colour="TERM=xterm-256color COLORTERM=truecolor"
moves=""
for san in e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4 c5 Nb3 Qxd1 Rxd1; do
    moves="$moves text:$san Enter"
done
# shellcheck disable=SC2086 # one word a key
run 1 Enter $moves F2 F1 Escape sleep:12 C-q y
colour="NO_COLOR=1"
run 2 y sleep:3 C-q y
# A new game with NO_COLOR too (the few functions only that path runs would otherwise each
# bring a page of code from elsewhere in the binary), with a timed save.
rm -rf "$work/data"
run 3 Enter text:d4 Enter text:Nf6 Enter text:c4 Enter text:e6 Enter sleep:12 C-q y

# Every function of the binary with its own instructions (callgrind's "fn=" blocks under the
# binary's "ob="), most first; names made unique ("'2" marks a recursion level).
python3 - "$work"/cg.* >"$work/order" <<'PY'
import collections, re, sys
cost = collections.Counter()
for path in sys.argv[1:]:
    names = {}
    ob = fn = None
    after_call = False
    for line in open(path, errors="replace"):
        m = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            kind, ident, name = m.groups()
            key = (kind[-2:], ident)
            if name:
                names[key] = name
            if kind == "ob":
                ob = names.get(key, "")
            elif kind == "fn":
                fn = names.get(key)
            continue
        if line.startswith("calls="):
            after_call = True
            continue
        if line[:1].isdigit() or line[:1] in "+-*":
            if after_call:
                after_call = False
            elif fn and ob.endswith("/hotseat"):
                parts = line.split()
                if len(parts) > 1:
                    cost[fn] += int(parts[1])
seen = set()
for fn, _ in cost.most_common():
    fn = re.sub(r"'\d+$", "", fn)
    if fn.startswith("0x") or fn in seen:
        continue
    seen.add(fn)
    print(fn)
PY
grep -Fxf "$work/names" "$work/order" >"$order"
size=$(nm -S --defined-only "$bin" | awk 'NF == 4 {print $4, $2}' | sort -u |
    python3 -c 'import sys
hot = set(open(sys.argv[1]).read().split())
print(sum(int(s, 16) for n, s in (l.split() for l in sys.stdin) if n in hot))' "$order")
echo "wrote $order: $(wc -l <"$order") functions, $size bytes of code"
# The stripped release binary again, laid out by the new list.
cargo build --quiet --release
