//! Seconds per engine move, at every level and at a few Elos, on a few clocks (issue 56): the
//! time a player waits for the sparring partner's reply. Each strength plays a game against
//! itself through hotseat's own driver (`engine::opponent`, the `go` line the game sends) on the
//! clock, from the start position, for a number of moves; every search's time is kept, and the
//! median and the slowest are printed as a Markdown table. `benches/engine_moves.sh` writes it
//! into benches/README.md.
//!
//! `cargo run --release --example engine_moves -- [MOVES] [CLOCKS] [ELOS] [LEVELS]`
//! (defaults: 16 moves, that is 32 searches; clocks `180+2,900+10` in seconds; Elos
//! `1350,1500,2000,2850`, each kept within the engine's own `UCI_Elo` range; levels `1-8`,
//! as `all`, or a comma-separated list). Stockfish on PATH or /usr/games/stockfish.

use std::time::Duration;

use hotseat::engine::locate;
use hotseat::engine::opponent::{Opponent, OpponentEvent, Request, Timeouts};
use hotseat::engine::sparring::{LEVELS, SearchClock, Strength};
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{Game, GameSetup};
use hotseat::rules::{Color, Position};

/// Every search's time, in the order played.
fn searches(
    engine: &std::path::Path,
    strength: Strength,
    control: &TimeControl,
    moves: usize,
) -> Vec<Duration> {
    let (opponent, events) =
        Opponent::start(engine.to_path_buf(), strength, false, Timeouts::default());
    match events.recv_timeout(Duration::from_secs(30)) {
        Ok(OpponentEvent::Ready(_)) => {}
        other => panic!("{strength}: no handshake: {other:?}"),
    }
    let mut game = Game::new(GameSetup {
        start: Position::initial(),
        white: strength.to_string(),
        black: strength.to_string(),
        white_time: control.clone(),
        black_time: control.clone(),
    });
    let mut now = Duration::ZERO;
    game.start(now);
    let inc = control.increment_for_move(1);
    let mut took = Vec::new();
    for id in 0..(moves * 2) as u64 {
        if game.is_over() {
            break;
        }
        let clock = game.clock();
        opponent.think(Request {
            id,
            start: game.record().start().clone(),
            moves: game.record().moves().iter().map(|m| m.mv).collect(),
            clock: Some(SearchClock {
                white: clock.remaining(Color::White, now).unwrap_or_default(),
                black: clock.remaining(Color::Black, now).unwrap_or_default(),
                white_inc: inc,
                black_inc: inc,
                moves_to_go: None,
            }),
            hint: false,
        });
        let reply = match events.recv_timeout(Duration::from_secs(600)) {
            Ok(OpponentEvent::Moved(reply)) => reply,
            other => panic!("{strength}: no move: {other:?}"),
        };
        took.push(reply.took);
        now += reply.took;
        if game.tick(now).is_some() || game.play(reply.mv, now).is_err() {
            break;
        }
    }
    took
}

fn seconds(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves: usize = args.first().and_then(|m| m.parse().ok()).unwrap_or(16);
    let clocks: Vec<(u64, u64)> = args
        .get(1)
        .map_or("180+2,900+10", String::as_str)
        .split(',')
        .filter_map(|tc| {
            let (b, i) = tc.split_once('+')?;
            Some((b.trim().parse().ok()?, i.trim().parse().ok()?))
        })
        .collect();
    let path = std::env::var_os("PATH");
    let engine = locate::find(None, path.as_deref()).expect("Stockfish");
    let info =
        hotseat::engine::opponent::probe(&engine, Duration::from_secs(10)).expect("Stockfish");
    let range = info.elo.clone().unwrap_or(1350..=2850);
    let elos: Vec<u32> = args
        .get(2)
        .map_or("1350,1500,2000,2850", String::as_str)
        .split(',')
        .filter_map(|e| e.trim().parse().ok())
        .map(|e: u32| e.clamp(*range.start(), *range.end()))
        .collect();
    let levels: Vec<u8> = match args.get(3).map(String::as_str) {
        None | Some("all") => LEVELS.collect(),
        Some(list) => list
            .split(',')
            .filter_map(|l| l.trim().parse().ok())
            .collect(),
    };
    let mut strengths: Vec<Strength> = levels.into_iter().map(Strength::Level).collect();
    strengths.extend(elos.into_iter().map(Strength::Elo));
    println!(
        "{}, one thread, a game against itself from the start, {moves} moves (both sides' \
         searches counted), seconds per move:\n",
        info.name
    );
    let mut header = String::from("| strength |");
    let mut rule = String::from("|---|");
    for (base, inc) in &clocks {
        header.push_str(&format!(" {}+{inc} median | slowest |", base / 60));
        rule.push_str("---:|---:|");
    }
    println!("{header}\n{rule}");
    for strength in strengths {
        let mut row = format!("| {strength} |");
        for &(base, inc) in &clocks {
            let control = TimeControl::fischer(Duration::from_secs(base), Duration::from_secs(inc))
                .expect("a time control");
            let mut took = searches(&engine, strength, &control, moves);
            took.sort();
            let median = took.get(took.len() / 2).copied().unwrap_or_default();
            let slowest = took.last().copied().unwrap_or_default();
            row.push_str(&format!(" {} | {} |", seconds(median), seconds(slowest)));
        }
        println!("{row}");
    }
}
