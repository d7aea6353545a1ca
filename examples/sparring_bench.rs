//! The sparring partner's levels, measured: games between adjacent levels and of every level
//! against a fixed reference, played through hotseat's own driver (`engine::opponent`) and
//! rules (`game::Game`), on a clock. Prints the score table as Markdown; `benches/sparring.sh`
//! writes it into benches/README.md.
//!
//! `cargo run --release --example sparring_bench -- [GAMES] [SECONDS+INCREMENT] [ELO,ELO…]`
//! (defaults: 6 games a pairing, colours alternating; a 10+0 clock, in whole seconds as
//! hotseat's time controls are; two references, the engine's lowest `UCI_Elo` and 2000). A game ends by the rules (mate, stalemate, dead position,
//! repetition, the fifty-move rule claimed at once), on time, at 300 plies (a draw), or by
//! adjudication: both engines' own searches agree that one side is 10 pawns up (or mating)
//! for three moves each.

use std::path::Path;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use hotseat::engine::locate;
use hotseat::engine::opponent::{EngineInfo, Opponent, OpponentEvent, Reply, Request, Timeouts};
use hotseat::engine::sparring::{LEVELS, SearchClock, Strength};
use hotseat::engine::uci::Score;
use hotseat::game::timecontrol::TimeControl;
use hotseat::game::{Game, GameResult, GameSetup};
use hotseat::rules::{Color, Position};

const MAX_PLIES: usize = 300;
const ADJUDICATE_CP: i32 = 1000;
const ADJUDICATE_MOVES: usize = 3;

struct Player {
    opponent: Opponent,
    events: Receiver<OpponentEvent>,
}

impl Player {
    fn new(engine: &Path, strength: Strength) -> Player {
        let (opponent, events) =
            Opponent::start(engine.to_path_buf(), strength, false, Timeouts::default());
        match events.recv_timeout(Duration::from_secs(30)) {
            Ok(OpponentEvent::Ready(_)) => {}
            other => panic!("{strength}: no handshake: {other:?}"),
        }
        Player { opponent, events }
    }

    fn reply(&self, request: Request) -> Reply {
        self.opponent.think(request);
        match self.events.recv_timeout(Duration::from_secs(120)) {
            Ok(OpponentEvent::Moved(reply)) => reply,
            other => panic!("no move: {other:?}"),
        }
    }
}

/// White's score: 1, ½ or 0.
fn play_game(engine: &Path, white: Strength, black: Strength, control: &TimeControl) -> f64 {
    let players = [Player::new(engine, white), Player::new(engine, black)];
    let mut game = Game::new(GameSetup {
        start: Position::initial(),
        white: white.to_string(),
        black: black.to_string(),
        white_time: control.clone(),
        black_time: control.clone(),
    });
    let mut now = Duration::ZERO;
    game.start(now);
    // Each side's own evaluations, latest last, turned to White's view.
    let mut evals: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let mut id = 0;
    loop {
        if let Some(outcome) = game.outcome() {
            return match outcome.result {
                GameResult::Win(Color::White) => 1.0,
                GameResult::Win(Color::Black) => 0.0,
                GameResult::Draw => 0.5,
            };
        }
        if game.record().moves().len() >= MAX_PLIES {
            return 0.5;
        }
        let turn = game.position().turn();
        let side = usize::from(turn == Color::Black);
        let clock = game.clock();
        let inc = control.increment_for_move(1);
        let search_clock = SearchClock {
            white: clock.remaining(Color::White, now).unwrap_or_default(),
            black: clock.remaining(Color::Black, now).unwrap_or_default(),
            white_inc: inc,
            black_inc: inc,
            moves_to_go: None,
        };
        id += 1;
        let reply = players[side].reply(Request {
            id,
            start: game.record().start().clone(),
            moves: game.record().moves().iter().map(|m| m.mv).collect(),
            clock: Some(search_clock),
            hint: false,
        });
        now += reply.took;
        if game.tick(now).is_some() {
            continue;
        }
        let white_cp = match reply.score {
            Some(Score::Cp(cp)) => cp,
            Some(Score::Mate(n)) => {
                if n > 0 {
                    100_000
                } else {
                    -100_000
                }
            }
            None => 0,
        } * if turn == Color::White { 1 } else { -1 };
        evals[side].push(white_cp);
        game.play(reply.mv, now)
            .expect("the driver checks every move");
        if game.claimable_now().any() {
            let _ = game.claim_draw(now);
        }
        for sign in [1, -1] {
            let agreed = evals.iter().all(|e| {
                e.len() >= ADJUDICATE_MOVES
                    && e[e.len() - ADJUDICATE_MOVES..]
                        .iter()
                        .all(|&cp| cp * sign >= ADJUDICATE_CP)
            });
            if agreed {
                return if sign == 1 { 1.0 } else { 0.0 };
            }
        }
    }
}

/// Games between `a` and `b`, colours alternating: `a`'s wins, draws, losses.
fn match_up(
    engine: &Path,
    a: Strength,
    b: Strength,
    games: usize,
    control: &TimeControl,
) -> (u32, u32, u32) {
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..games {
        let a_white = game % 2 == 0;
        let (white, black) = if a_white { (a, b) } else { (b, a) };
        let white_score = play_game(engine, white, black, control);
        let score = if a_white {
            white_score
        } else {
            1.0 - white_score
        };
        match score {
            s if s > 0.75 => wins += 1,
            s if s < 0.25 => losses += 1,
            _ => draws += 1,
        }
        eprintln!("  {a} vs {b}: game {} scored {score}", game + 1);
    }
    (wins, draws, losses)
}

/// `+W =D -L`, the score and the Elo difference it implies (±∞ at 0% or 100%).
fn row(name: &str, (w, d, l): (u32, u32, u32)) -> String {
    let games = f64::from(w + d + l);
    let score = (f64::from(w) + f64::from(d) / 2.0) / games;
    let elo = if score <= 0.0 {
        "−∞".to_owned()
    } else if score >= 1.0 {
        "+∞".to_owned()
    } else {
        format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10())
    };
    format!(
        "| {name} | +{w} ={d} −{l} | {:.0}% | {elo} |",
        score * 100.0
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: usize = args.first().and_then(|g| g.parse().ok()).unwrap_or(6);
    let (base, inc) = args
        .get(1)
        .and_then(|tc| tc.split_once('+'))
        .and_then(|(b, i)| Some((b.parse::<f64>().ok()?, i.parse::<f64>().ok()?)))
        .unwrap_or((10.0, 0.0));
    let control = TimeControl::fischer(Duration::from_secs_f64(base), Duration::from_secs_f64(inc))
        .expect("a time control");
    let path = std::env::var_os("PATH");
    let engine = locate::find(None, path.as_deref()).expect("Stockfish");
    let info: EngineInfo =
        hotseat::engine::opponent::probe(&engine, Duration::from_secs(10)).expect("Stockfish");
    let range = info
        .elo
        .clone()
        .expect("an engine with UCI_Elo (the references play by Elo)");
    let references: Vec<Strength> = match args.get(2) {
        Some(list) => list
            .split(',')
            .map(|e| Strength::Elo(e.trim().parse().expect("an Elo")))
            .collect(),
        None => vec![
            Strength::Elo(*range.start()),
            Strength::Elo(2000.clamp(*range.start(), *range.end())),
        ],
    };
    let started = Instant::now();

    println!(
        "{} ({}), {games} games a pairing, colours alternating, clock {base}+{inc} s for both; \
         references: Stockfish's own `UCI_Elo` on the clock.\n",
        info.name,
        engine.display()
    );
    for &reference in &references {
        println!("| level | against the reference ({reference}) | score | Elo difference |");
        println!("|---|---|---|---|");
        for level in LEVELS {
            let result = match_up(&engine, Strength::Level(level), reference, games, &control);
            println!("{}", row(&format!("level {level}"), result));
        }
        println!();
    }
    println!("| pairing | stronger's result | stronger's score | Elo difference |");
    println!("|---|---|---|---|");
    for level in LEVELS.skip(1) {
        let stronger = Strength::Level(level);
        let weaker = Strength::Level(level - 1);
        let result = match_up(&engine, stronger, weaker, games, &control);
        println!(
            "{}",
            row(&format!("level {level} vs level {}", level - 1), result)
        );
    }
    println!(
        "\n{} games in {:.0} s.",
        games * ((references.len() + 1) * LEVELS.len() - 1),
        started.elapsed().as_secs_f64()
    );
}
