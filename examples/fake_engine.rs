//! A scripted UCI engine for hotseat's tests of bad engines (`tests/suite/analyse.rs`).
//!
//! `FAKE_ENGINE_MODE` picks the behaviour; `FAKE_ENGINE_AFTER` (default 2) is how many
//! searches go well before a `crash`, `garbage`, `flood`, `hang` or `illegal`:
//!
//! * `good` — a real (if weak) engine: the score is the material balance, the best move the
//!   first capture (else the first legal move); with `MultiPV N`, the first N moves as lines.
//! * `not-uci` — answers everything with chatter, never `uciok`.
//! * `crash` — exits in the middle of a search.
//! * `garbage` — writes bytes that are not text.
//! * `flood` — writes `info` lines without end and never `bestmove`.
//! * `hang` — says nothing more and ignores `quit`.
//! * `illegal` — names a move that is not legal.
//! * `endless` — a line with no end.

use std::io::{BufRead, Write};

use hotseat::engine::uci::legal_move;
use hotseat::rules::{Color, Position};

fn main() {
    let mode = std::env::var("FAKE_ENGINE_MODE").unwrap_or_else(|_| "good".into());
    let after: usize = std::env::var("FAKE_ENGINE_AFTER")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut pos = Position::initial();
    let mut searches = 0;
    let mut multipv = 1;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let mut words = line.split_whitespace();
        let reply = match words.next() {
            _ if mode == "not-uci" => "hello? I am a calculator".to_owned(),
            Some("uci") => "id name Fake\nid author hotseat tests\nuciok".to_owned(),
            Some("isready") => "readyok".to_owned(),
            Some("quit") if mode != "hang" => return,
            Some("setoption") if line.starts_with("setoption name MultiPV value ") => {
                multipv = line
                    .rsplit(' ')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(1);
                continue;
            }
            Some("position") => {
                let rest: Vec<&str> = words.collect();
                let moves_at = rest.iter().position(|w| *w == "moves");
                let fen = rest[1..moves_at.unwrap_or(rest.len())].join(" ");
                pos = Position::from_fen(&fen).expect("a FEN from hotseat");
                for m in moves_at.map_or(&[][..], |i| &rest[i + 1..]) {
                    let mv = legal_move(&pos, m).expect("a legal move from hotseat");
                    pos = pos.play(mv).expect("legal");
                }
                continue;
            }
            Some("go") => {
                searches += 1;
                if searches > after {
                    match mode.as_str() {
                        "crash" => std::process::exit(3),
                        "garbage" => {
                            let _ = out.write_all(b"info \xff\xfe\xfd garbage\n");
                            let _ = out.flush();
                            continue;
                        }
                        "flood" => loop {
                            if writeln!(out, "info depth 1 score cp 0 pv").is_err() {
                                return;
                            }
                        },
                        "endless" => loop {
                            if out.write_all(b"infoinfoinfoinfo").is_err() {
                                return;
                            }
                        },
                        "hang" => loop {
                            std::thread::sleep(std::time::Duration::from_secs(1));
                        },
                        "illegal" => {
                            let _ = writeln!(out, "info depth 1 score cp 0 pv a1a8\nbestmove a1a8");
                            let _ = out.flush();
                            continue;
                        }
                        _ => {}
                    }
                }
                let moves = pos.legal_moves();
                let best = moves
                    .iter()
                    .copied()
                    .find(|&m| pos.role_at(m.to()).is_some())
                    .or_else(|| moves.iter().copied().next());
                let balance = pos.material_balance() * 100;
                let cp = if pos.turn() == Color::White {
                    balance
                } else {
                    -balance
                };
                // Further lines: the other moves in order, each a pawn worse than the last.
                let others = moves
                    .iter()
                    .filter(|&&m| Some(m) != best)
                    .take(multipv.max(1) - 1)
                    .enumerate()
                    .map(|(i, m)| {
                        let worse = cp - 100 * (i as i32 + 1);
                        format!(
                            "info depth 1 multipv {} score cp {worse} pv {}\n",
                            i + 2,
                            m.uci()
                        )
                    })
                    .collect::<String>();
                match best {
                    Some(m) => format!(
                        "info depth 1 multipv 1 score cp {cp} pv {}\n{others}bestmove {}",
                        m.uci(),
                        m.uci()
                    ),
                    None => "info depth 0 score cp 0\nbestmove (none)".to_owned(),
                }
            }
            _ => continue,
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
