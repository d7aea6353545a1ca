#!/usr/bin/env bash
# hotseat's rules against the anchors of issue 27, in instructions (valgrind's cachegrind: exact,
# the same on every run) and in time (median of interleaved runs):
#
#   perft, bulk-counted: hotseat against cozy-chess, instructions per leaf, start position
#   depth 5 and Kiwipete depth 4;
#   `hotseat pgn` on 2,000 long random games against pgn-reader + shakmaty replaying the same
#   file (their own `validate` example: every SAN parsed and played), whole process.
#
#   cargo build --release && bash benches/anchors.sh
#
# HOTSEAT picks the binary (default target/release/hotseat); HOTSEAT_BEFORE adds a second one
# (an older build) to every row, measured in the same run. RUNS sets the timed runs (default 5).
#
# The anchors are built outside this repository, in ANCHORS (default ~/.cache/hotseat-anchors):
# pgn-reader and shakmaty are GPL-3.0 and must never enter hotseat's Cargo.toml or Cargo.lock,
# so they are compared as a separate program. cozy-chess (MIT) is built the same way, with
# opt-level 3 whatever hotseat's release profile says. The first run fetches and builds them
# (a few minutes). Needs valgrind and python3.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${HOTSEAT:-$here/target/release/hotseat}")
before=${HOTSEAT_BEFORE:+$(realpath "$HOTSEAT_BEFORE")}
runs=${RUNS:-5}
anchors=${ANCHORS:-$HOME/.cache/hotseat-anchors}
[ -x "$bin" ] || { echo "no binary at $bin: cargo build --release first" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }

# ---- the anchors, built once ----
mkdir -p "$anchors/cozy/src" "$anchors/pgn/src"
# Writes standard input to FILE only if it changed, so that cargo does not rebuild for nothing.
put() {
    local new
    new=$(cat)
    [ -f "$1" ] && [ "$(cat "$1")" = "$new" ] || printf '%s\n' "$new" > "$1"
}
put "$anchors/cozy/Cargo.toml" <<'TOML'
[package]
name = "anchor-cozy"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
cozy-chess = "=0.3.4"
[profile.release]
lto = true
codegen-units = 1
TOML
# The same bulk counting as benches/support/cozy.rs.
{ cat "$here/benches/support/cozy.rs"; cat <<'RS'
fn main() {
    let mut a = std::env::args().skip(1);
    let depth: u32 = a.next().expect("DEPTH").parse().expect("a number");
    let board: cozy_chess::Board = a.next().expect("FEN").parse().expect("a FEN");
    println!("{}", cozy_perft(&board, depth));
}
RS
} | put "$anchors/cozy/src/main.rs"
put "$anchors/pgn/Cargo.toml" <<'TOML'
[package]
name = "anchor-pgn"
version = "0.0.0"
edition = "2024"
# The newest pgn-reader and shakmaty this toolchain builds.
rust-version = "1.95"
publish = false
[dependencies]
pgn-reader = "0.29"
shakmaty = "0.30"
[profile.release]
lto = true
codegen-units = 1
TOML
put "$anchors/pgn/src/main.rs" <<'RS'
// pgn-reader's examples/validate.rs, reading plain files: every move parsed and played.
use std::{env, fs::File, io, ops::ControlFlow, process};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

struct Validator;

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes()).ok().and_then(|f| f.into_position(CastlingMode::Chess960).ok()) {
                Some(pos) => { tags.replace(pos); }
                None => return ControlFlow::Break(false),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, movetext: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(movetext) {
            Ok(m) => movetext.play_unchecked(m),
            Err(_) => return ControlFlow::Break(false),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {
        true
    }
}

fn main() -> io::Result<()> {
    let mut ok = true;
    for arg in env::args().skip(1) {
        let mut reader = Reader::new(File::open(&arg)?);
        while let Some(game_ok) = reader.read_game(&mut Validator)? {
            ok &= game_ok;
        }
    }
    if !ok {
        process::exit(1);
    }
    Ok(())
}
RS
for a in cozy pgn; do
    (cd "$anchors/$a" && cargo build --release --quiet)
done
cozy="$anchors/cozy/target/release/anchor-cozy"
pgn_anchor="$anchors/pgn/target/release/anchor-pgn"

# ---- the corpus: 2,000 seeded random games of up to 300 plies, no comments ----
corpus="$anchors/corpus.pgn"
if [ ! -s "$corpus" ]; then
    (cd "$here" && cargo run --quiet --release --example make_corpus -- 2000 300 bare) > "$corpus"
fi

# Instructions of one command (whole process).
instructions() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*I *refs: *//p' | tr -d ,
}

startpos="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# The perft command of one engine: cozy or the path of a hotseat binary.
perft_cmd() { # engine depth fen
    if [ "$1" = cozy ]; then
        echo "$cozy" "$2"
    else
        echo "$1" perft "$2" --fen
    fi
}

# Instructions per leaf: (the run at DEPTH less the run at depth 1, which is start-up) / leaves.
per_leaf() { # engine depth fen
    local leaves deep shallow
    # shellcheck disable=SC2046 # the command is split into words on purpose
    leaves=$($(perft_cmd "$1" "$2") "$3" | tail -n 1 | grep -o '[0-9]*$')
    # shellcheck disable=SC2046
    deep=$(instructions $(perft_cmd "$1" "$2") "$3")
    # shellcheck disable=SC2046
    shallow=$(instructions $(perft_cmd "$1" 1) "$3")
    python3 -c "print(f'{($deep - $shallow) / $leaves:.1f}')"
}

echo "perft, instructions per leaf (bulk counting; cachegrind)"
for row in "startpos 5" "kiwipete 4"; do
    set -- $row
    fen=${!1}
    c=$(per_leaf cozy "$2" "$fen")
    h=$(per_leaf "$bin" "$2" "$fen")
    line="  $1 depth $2: cozy-chess $c, hotseat $h ($(python3 -c "print(f'{$h / $c:.2f}')")x)"
    if [ -n "$before" ]; then
        b=$(per_leaf "$before" "$2" "$fen")
        line="$line, before $b ($(python3 -c "print(f'{$b / $c:.2f}')")x)"
    fi
    echo "$line"
done

echo "PGN replay of $(grep -c '^\[Event ' "$corpus") games, $(wc -c < "$corpus") bytes (whole process)"
a=$(instructions "$pgn_anchor" "$corpus")
h=$(instructions "$bin" pgn "$corpus")
line="  instructions: pgn-reader+shakmaty $a, hotseat $h ($(python3 -c "print(f'{$h / $a:.2f}')")x)"
if [ -n "$before" ]; then
    b=$(instructions "$before" pgn "$corpus")
    line="$line, before $b ($(python3 -c "print(f'{$b / $a:.2f}')")x)"
fi
echo "$line"

# Wall time, interleaved so that the machine's load falls on every side alike; the median.
python3 - "$runs" "$corpus" "$pgn_anchor" "$bin" "${before:-}" <<'PY'
import statistics, subprocess, sys, time
runs, corpus, anchor, now, before = int(sys.argv[1]), *sys.argv[2:]
cmds = {"anchor": [anchor, corpus], "hotseat": [now, "pgn", corpus]}
if before:
    cmds["before"] = [before, "pgn", corpus]
times = {k: [] for k in cmds}
for _ in range(runs):
    for k, cmd in cmds.items():
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        times[k].append(time.perf_counter() - t)
med = {k: statistics.median(v) for k, v in times.items()}
line = f"  time (median of {runs}): pgn-reader+shakmaty {med['anchor']*1000:.1f} ms, hotseat {med['hotseat']*1000:.1f} ms ({med['hotseat']/med['anchor']:.2f}x)"
if before:
    line += f", before {med['before']*1000:.1f} ms ({med['before']/med['anchor']:.2f}x)"
print(line)
PY
