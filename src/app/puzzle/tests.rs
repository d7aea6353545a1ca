//! The puzzle's table driven as the players drive it: typed moves, keys and the store's
//! answers handed in as news.

use crossterm::event::KeyCode;

use super::run::RunKind;
use super::*;
use crate::app::tests::{act, app, click, config, enter, key, sans, sq};
use crate::app::{Config, Effect, Event};
use crate::game::GameSetup;
use crate::store::Rating;
use chess::puzzle::parse_row;

/// Mate in 3 with the opponent's replies in between (the shipped file's fourth row).
const MATE_IN_3: &str = "1OKO0,4r2k/1p4pp/p3Qb2/3p4/8/PP4PP/2R4K/8 b - - 0 37,e8e6 c2c8 f6d8 c8d8 e6e8 d8e8,409,,,,backRankMate mateIn3,https://lichess.org/ptEkCbK6/black#74,";

/// A back-rank mate in one where two rooks mate: the line says Ra8#, Rb8# mates too.
const TWO_MATES: &str =
    "alt01,6k1/5ppp/8/2p5/8/8/8/RR4K1 b - - 0 1,c5c4 a1a8,900,,,,mateIn1 backRankMate,,";

/// The solver must underpromote to a knight.
const UNDERPROMOTION: &str = "under,8/8/8/8/8/5k2/1p6/3K4 w - - 0 1,d1d2 b2b1n,1500,,,,,,";

fn start() -> PuzzleStart {
    PuzzleStart {
        player: "Ann".into(),
        seed: 1,
        ..PuzzleStart::default()
    }
}

/// The app opened at the puzzles, the puzzle `row` given by the store.
fn at_puzzle(row: &str) -> App {
    let mut app = App::new(Config {
        puzzles: Some(start()),
        ..config(GameSetup::default())
    });
    let asked = app.take_effects();
    assert!(
        asked.iter().any(
            |e| matches!(e, Effect::Puzzles(PuzzleEffect::Next { player, .. }) if player == "Ann")
        ),
        "{asked:?}"
    );
    give(&mut app, row, true);
    app
}

fn give(app: &mut App, row: &str, rated: bool) {
    let given = Given {
        puzzle: parse_row(row).unwrap(),
        rated,
        rating: Rating::default(),
    };
    app.update(
        Event::Puzzle(PuzzleNews::Given(Ok(Some(Box::new(given))))),
        app.now,
    );
}

fn text(app: &App) -> String {
    app.view()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

/// The results handed to the store since the last look.
fn recorded(app: &mut App) -> Vec<bool> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Puzzles(PuzzleEffect::Record { won, .. }) => Some(won),
            _ => None,
        })
        .collect()
}

#[test]
fn the_opponents_first_move_is_on_the_board_as_the_last_move() {
    let app = at_puzzle(MATE_IN_3);
    assert_eq!(sans(&app), ["Rxe6"]);
    assert_eq!(
        app.view().shown().last_move().unwrap().uci().to_string(),
        "e8e6"
    );
    assert_eq!(app.view().board().orientation, Color::White);
    assert!(
        text(&app).contains("White to play, mate in 3"),
        "{}",
        text(&app)
    );
    assert!(text(&app).contains("Black played Rxe6"), "{}", text(&app));
    // Nothing of a puzzle is autosaved or archived.
    assert!(app.save_job().is_none());
}

#[test]
fn right_moves_bring_the_replies_and_the_last_solves_it() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "Rc8+");
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8"]);
    assert!(text(&app).starts_with("Right: Rc8+"), "{}", text(&app));
    // Long algebraic works as well as SAN.
    enter(&mut app, "c8d8");
    enter(&mut app, "Rxe8#");
    assert!(text(&app).starts_with("Solved"), "{}", text(&app));
    assert_eq!(recorded(&mut app), [true]);
    // No game-over box: the puzzle said it.
    assert_eq!(*app.mode(), Mode::Playing);
    let rated = Rating {
        rating: 1580.0,
        ..Rating::default()
    };
    app.update(
        Event::Puzzle(PuzzleNews::Recorded(Ok(RatingChange {
            before: Rating::default(),
            after: rated,
        }))),
        app.now,
    );
    assert!(
        text(&app).contains("rating 1500 → 1580 (+80)"),
        "{}",
        text(&app)
    );
    assert_eq!(seat(&app).unwrap().change().unwrap().points(), 80);
}

#[test]
fn a_wrong_move_is_not_played_fails_and_names_the_right_one() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "Kg1");
    assert_eq!(sans(&app), ["Rxe6"]);
    assert!(text(&app).contains("the move was Rc8+"), "{}", text(&app));
    assert_eq!(recorded(&mut app), [false]);
    // Going on with the right moves does not record it again.
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    enter(&mut app, "Rxe8#");
    assert!(recorded(&mut app).is_empty());
}

#[test]
fn any_mate_passes_at_the_last_step() {
    let mut app = at_puzzle(TWO_MATES);
    enter(&mut app, "Rb8#");
    assert!(text(&app).starts_with("Solved"), "{}", text(&app));
    assert_eq!(recorded(&mut app), [true]);
}

#[test]
fn an_underpromotion_in_the_solution_is_told_from_the_queen() {
    let mut app = at_puzzle(UNDERPROMOTION);
    enter(&mut app, "b1=Q");
    assert!(text(&app).contains("the move was b1=N"), "{}", text(&app));
    enter(&mut app, "b1=N+");
    assert!(text(&app).starts_with("Solved"), "{}", text(&app));
}

#[test]
fn a_move_made_with_the_cursor_or_mouse_is_checked_the_same() {
    let mut app = at_puzzle(MATE_IN_3);
    // Cursor: pick up the rook on c2 and put it on c8.
    app.board.cursor = sq("c2");
    act(&mut app, Action::Select);
    app.board.cursor = sq("c8");
    act(&mut app, Action::Select);
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8"]);
    // Mouse: a click on c8, then on d8.
    click(&mut app, "c8");
    click(&mut app, "d8");
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8", "Rxd8+", "Re8"]);
}

#[test]
fn hints_name_the_piece_then_the_move() {
    let mut app = at_puzzle(MATE_IN_3);
    assert!(key(&mut app, KeyCode::F(10)));
    assert!(text(&app).contains("move the rook on c2"), "{}", text(&app));
    assert_eq!(app.view().board().cursor, sq("c2"));
    enter(&mut app, "hint");
    assert_eq!(text(&app), "Hint: Rc8+");
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    enter(&mut app, "Rxe8#");
    // Solved with a hint: failed for the rating.
    assert_eq!(recorded(&mut app), [false]);
}

#[test]
fn the_solution_is_played_and_the_board_opens_for_analysis() {
    let mut app = at_puzzle(MATE_IN_3);
    assert!(key(&mut app, KeyCode::F(12)));
    assert!(
        text(&app).contains("The solution: Rc8+ Bd8 Rxd8+ Re8 Rxe8#"),
        "{}",
        text(&app)
    );
    assert_eq!(recorded(&mut app), [false]);
    assert!(app.table.analysis_open(app.game()));
    // A move now is a variation of the analysis board: the puzzle's line stays.
    act(&mut app, Action::HistoryBack);
    enter(&mut app, "Kg1");
    assert_eq!(app.game().record().plies(), 6);
    assert_eq!(app.game().variations().len(), 1);
}

#[test]
fn retry_starts_again_and_only_the_first_attempt_counts() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "Kg1");
    assert_eq!(recorded(&mut app), [false]);
    assert!(key(&mut app, KeyCode::F(8)));
    assert_eq!(sans(&app), ["Rxe6"]);
    assert!(
        text(&app).contains("only the first attempt counts"),
        "{}",
        text(&app)
    );
    enter(&mut app, "retry");
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    enter(&mut app, "Rxe8#");
    assert!(recorded(&mut app).is_empty());
}

#[test]
fn next_passes_over_an_unsolved_puzzle_as_failed_and_asks_for_another() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "next");
    let effects = app.take_effects();
    assert!(matches!(
        effects.as_slice(),
        [
            Effect::Puzzles(PuzzleEffect::Record { won: false, .. }),
            Effect::Puzzles(PuzzleEffect::Next { .. })
        ]
    ));
    // Asked again while it is coming: nothing more is asked.
    act(&mut app, Action::Puzzles);
    assert!(app.take_effects().is_empty());
    give(&mut app, TWO_MATES, true);
    assert_eq!(sans(&app), ["c4"]);
    assert!(text(&app).contains("mate in 1"), "{}", text(&app));
}

#[test]
fn what_a_puzzle_has_no_room_for_is_refused_in_words() {
    let mut app = at_puzzle(MATE_IN_3);
    act(&mut app, Action::Resign);
    assert!(text(&app).contains("no opponent"), "{}", text(&app));
    act(&mut app, Action::NewGame);
    assert!(text(&app).contains("quit (Ctrl-Q)"), "{}", text(&app));
    assert_eq!(*app.mode(), Mode::Playing);
    // Quitting loses nothing: no question.
    act(&mut app, Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn the_stores_troubles_are_said_and_nothing_breaks() {
    let mut app = at_puzzle(MATE_IN_3);
    app.update(Event::Puzzle(PuzzleNews::Given(Ok(None))), app.now);
    assert!(text(&app).contains("No puzzle is left"), "{}", text(&app));
    let err = crate::store::StoreError::io(
        crate::store::Op::Database,
        "/x/hotseat.db",
        std::io::Error::other("disk on fire"),
    );
    app.update(Event::Puzzle(PuzzleNews::Recorded(Err(err))), app.now);
    assert!(text(&app).contains("not saved"), "{}", text(&app));
    // The puzzle on the board goes on.
    enter(&mut app, "Rc8+");
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8"]);
}

/// The player the puzzles were asked for since the last look.
fn asked_for(app: &mut App) -> Option<String> {
    app.take_effects().into_iter().find_map(|e| match e {
        Effect::Puzzles(PuzzleEffect::Next { player, .. }) => Some(player),
        _ => None,
    })
}

#[test]
fn ctrl_v_in_a_game_opens_the_puzzles_for_the_player_to_move_by_name() {
    let mut app = App::new(config(GameSetup {
        white: "Ann".into(),
        black: "Bob".into(),
        ..GameSetup::default()
    }));
    enter(&mut app, "e4");
    act(&mut app, Action::Puzzles);
    assert_eq!(asked_for(&mut app).as_deref(), Some("Bob"));
    assert!(seat(&app).is_some());
    // Typed, at the puzzle: the next one.
    give(&mut app, MATE_IN_3, true);
    enter(&mut app, "puzzle");
    assert!(
        app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::Puzzles(PuzzleEffect::Next { .. })))
    );
}

#[test]
fn a_player_without_a_name_is_asked_for_one_rather_than_rated_as_white_or_black() {
    let mut app = app();
    enter(&mut app, "e4");
    act(&mut app, Action::Puzzles);
    assert!(
        matches!(app.mode(), Mode::PuzzleName(_)),
        "{:?}",
        app.mode()
    );
    assert_eq!(asked_for(&mut app), None);
    // No name, or the colour's, is refused in words; the question stays.
    act(&mut app, Action::Select);
    assert!(text(&app).contains("Type the name"), "{}", text(&app));
    enter(&mut app, "white");
    assert!(text(&app).contains("not white"), "{}", text(&app));
    assert!(matches!(app.mode(), Mode::PuzzleName(_)));
    assert_eq!(asked_for(&mut app), None);
    for _ in 0.."white".len() {
        act(&mut app, Action::DeleteChar);
    }
    enter(&mut app, " Zoe ");
    assert_eq!(app.mode(), &Mode::Playing);
    assert_eq!(asked_for(&mut app).as_deref(), Some("Zoe"));
    give(&mut app, MATE_IN_3, true);
    assert!(app.game().player(Color::White).contains("Zoe"));
    // Esc goes back to the game, nothing opened.
    let mut app = crate::app::tests::app();
    act(&mut app, Action::Puzzles);
    act(&mut app, Action::Cancel);
    assert_eq!(app.mode(), &Mode::Playing);
    assert!(seat(&app).is_none());
    assert_eq!(asked_for(&mut app), None);
}

/// The row and column where `needle` is drawn on an 80x24 screen.
fn drawn_at(app: &App, needle: &str) -> Option<(usize, usize)> {
    let backend = ratatui::backend::TestBackend::new(80, 24);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal.draw(|f| crate::ui::render(app, f)).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..24).find_map(|row| {
        let line: String = (0..80).map(|col| buf[(col, row)].symbol()).collect();
        line.find(needle)
            .map(|at| (usize::from(row), line[..at].chars().count()))
    })
}

#[test]
fn the_name_box_keeps_its_field_in_place_as_the_name_is_typed() {
    let mut app = app();
    act(&mut app, Action::Puzzles);
    let empty = drawn_at(&app, "› Name: _").expect("the field");
    for c in "Annabelle".chars() {
        act(&mut app, Action::Input(c));
    }
    // Centred, the field moved half a column a letter.
    assert_eq!(drawn_at(&app, "› Name: Annabelle_"), Some(empty));
    // It starts where the question above it does, as the new-game form's fields do.
    let question = drawn_at(&app, "Whose puzzles?").expect("the question");
    assert_eq!(question.1, empty.1);
}

#[test]
fn a_mate_puzzles_end_says_solved_and_the_rating_not_game_over() {
    let mut app = at_puzzle(TWO_MATES);
    assert_eq!(app.view().result_lines(40), Vec::<String>::new());
    enter(&mut app, "Rb8#");
    assert!(app.game().is_over());
    let change = RatingChange {
        before: Rating::default(),
        after: Rating {
            rating: 1512.0,
            ..Rating::default()
        },
    };
    app.update(Event::Puzzle(PuzzleNews::Recorded(Ok(change))), app.now);
    let end = app.view().result_lines(40).join(" ");
    assert_eq!(end, format!("Solved · rating 1512 ({:+})", change.points()));
    assert!(!end.contains("wins") && !end.contains("1-0"), "{end}");
    let label = app.view().prompt(&app.view().feedback()).label;
    assert!(label.starts_with("Solved"), "{label}");
    // The solution shown is said so.
    let mut app = at_puzzle(MATE_IN_3);
    act(&mut app, Action::MoveNow);
    assert_eq!(app.view().result_lines(40), ["Solution shown"]);
}

#[test]
fn the_footer_offers_streaks_skip_only_while_it_is_left() {
    let mut app = at_run(RunKind::Streak, TWO_MATES);
    let keys = |app: &App| {
        seat(app)
            .unwrap()
            .keys()
            .iter()
            .map(|k| k.1)
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&app), ["skip"]);
    act(&mut app, Action::Puzzles);
    give(&mut app, MATE_IN_3, false);
    assert_eq!(keys(&app), Vec::<&str>::new());
    enter(&mut app, "Kg1");
    assert_eq!(keys(&app), ["another"]);
    let app = at_puzzle(MATE_IN_3);
    assert_eq!(keys(&app), ["hint", "solution", "retry", "next"]);
}

/// The app opened at a Storm or a Streak, the puzzle `row` given.
fn at_run(run: RunKind, row: &str) -> App {
    let mut app = App::new(Config {
        puzzles: Some(PuzzleStart { run, ..start() }),
        ..config(GameSetup::default())
    });
    let asked = app.take_effects();
    let target = match run {
        RunKind::Storm => Some(800),
        RunKind::Streak => Some(1000),
        RunKind::Puzzles | RunKind::Duel => None,
    };
    assert!(
        asked.iter().any(
            |e| matches!(e, Effect::Puzzles(PuzzleEffect::Next { target: t, .. }) if *t == target)
        ),
        "{asked:?}"
    );
    give(&mut app, row, true);
    app
}

/// The store's work asked since the last look, in words: `record storm won`, `next 820`,
/// `run 3`.
fn asked(app: &mut App) -> Vec<String> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Puzzles(PuzzleEffect::Record { mode, won, .. }) => Some(format!(
                "record {} {}",
                mode.word(),
                if won { "won" } else { "lost" }
            )),
            Effect::Puzzles(PuzzleEffect::Next { target, .. }) => Some(format!(
                "next {}",
                target.map_or("own".into(), |t| t.to_string())
            )),
            Effect::Puzzles(PuzzleEffect::RunOver { mode, score, .. }) => {
                Some(format!("run {} {score}", mode.word()))
            }
            _ => None,
        })
        .collect()
}

fn title(app: &App) -> String {
    seat(app).unwrap().title(app.now)
}

#[test]
fn storm_a_wrong_move_costs_ten_seconds_and_moves_on_to_a_harder_puzzle() {
    let mut app = at_run(RunKind::Storm, MATE_IN_3);
    assert_eq!(title(&app), "Storm 3:00 · 0 solved · combo 0");
    app.update(Action::Tick, crate::app::tests::s(5));
    // The clock starts with the first move.
    assert_eq!(title(&app), "Storm 3:00 · 0 solved · combo 0");
    enter(&mut app, "Kg1");
    assert_eq!(asked(&mut app), ["record storm lost", "next 820"]);
    assert!(text(&app).contains("10 seconds off"), "{}", text(&app));
    assert_eq!(title(&app), "Storm 2:50 · 0 solved · combo 0");
    // The next puzzle says what became of the last one.
    give(&mut app, TWO_MATES, false);
    assert!(
        text(&app).starts_with("Not Kg1: the move was Rc8+"),
        "{}",
        text(&app)
    );
    assert!(text(&app).contains("mate in 1"), "{}", text(&app));
    // No hints, solutions or retries in a Storm, and no passing over.
    for action in [
        Action::Hint,
        Action::MoveNow,
        Action::Takeback,
        Action::Puzzles,
    ] {
        act(&mut app, action);
        assert_eq!(
            app.view().message().unwrap().kind,
            crate::app::MessageKind::Error
        );
    }
    assert!(asked(&mut app).is_empty());
}

#[test]
fn storm_combos_earn_time_and_the_run_ends_when_it_is_up() {
    let mut app = at_run(RunKind::Storm, MATE_IN_3);
    for m in ["Rc8+", "Rxd8", "Rxe8#"] {
        enter(&mut app, m);
    }
    assert_eq!(asked(&mut app), ["record storm won", "next 820"]);
    give(&mut app, MATE_IN_3, false);
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    assert!(text(&app).contains("combo 5: +3 s"), "{}", text(&app));
    assert_eq!(title(&app), "Storm 3:03 · 1 solved · combo 5");
    // The screen wakes for each second of the clock.
    let wake = next_wake(&app, app.now).unwrap();
    assert!(wake > app.now && wake <= app.now + crate::app::tests::s(1));
    app.update(Action::Tick, crate::app::tests::s(184));
    assert_eq!(asked(&mut app), ["run storm 1"]);
    assert!(
        text(&app).contains("Storm over: 1 solved, 0 wrong, best combo 5"),
        "{}",
        text(&app)
    );
    assert_eq!(next_wake(&app, app.now), None);
    // A move after the end is refused; the best is said when written.
    enter(&mut app, "Rxe8#");
    assert!(text(&app).contains("is over"), "{}", text(&app));
    app.update(Event::Puzzle(PuzzleNews::RunWritten(Ok(Some(4)))), app.now);
    assert!(text(&app).contains("personal best 4"), "{}", text(&app));
    // Ctrl-V: another Storm, from the start.
    act(&mut app, Action::Puzzles);
    assert_eq!(asked(&mut app), ["next 800"]);
    assert_eq!(title(&app), "Storm 3:00 · 0 solved · combo 0");
}

#[test]
fn streak_one_skip_and_one_mistake_ends_it() {
    let mut app = at_run(RunKind::Streak, TWO_MATES);
    enter(&mut app, "Ra8#");
    assert_eq!(asked(&mut app), ["record streak won", "next 1050"]);
    give(&mut app, MATE_IN_3, false);
    assert_eq!(title(&app), "Streak · 1 solved · 1 skip");
    key(&mut app, KeyCode::F(9));
    assert_eq!(asked(&mut app), ["next 1100"]);
    give(&mut app, MATE_IN_3, false);
    assert!(text(&app).starts_with("Skipped"), "{}", text(&app));
    act(&mut app, Action::Puzzles);
    assert!(text(&app).contains("No skip left"), "{}", text(&app));
    enter(&mut app, "Kg1");
    assert_eq!(asked(&mut app), ["record streak lost", "run streak 1"]);
    assert!(
        text(&app).contains("Streak over: 1 solved"),
        "{}",
        text(&app)
    );
    app.update(Event::Puzzle(PuzzleNews::RunWritten(Ok(None))), app.now);
    assert!(
        text(&app).contains("your first: a personal best"),
        "{}",
        text(&app)
    );
}

/// A duel between Ann and Bob: a minute each, three puzzles, a wrong move passing the puzzle.
fn at_duel(on_wrong: chess::puzzle::OnWrong) -> App {
    let mut app = App::new(Config {
        puzzles: Some(PuzzleStart {
            run: RunKind::Duel,
            duel: Some(DuelSetup {
                opponent: "Bob".into(),
                rules: chess::puzzle::DuelRules {
                    time: crate::app::tests::s(60),
                    puzzles: 3,
                    on_wrong,
                },
            }),
            ..start()
        }),
        ..config(GameSetup::default())
    });
    assert_eq!(asked(&mut app), ["next own"]);
    give(&mut app, MATE_IN_3, false);
    app
}

/// The mate in 3 solved at a duel: written as `player`'s, and the next puzzle asked for.
fn solved_by(app: &mut App, player: &str) {
    for m in ["Rc8+", "Rxd8", "Rxe8#"] {
        enter(app, m);
    }
    let effects = app.take_effects();
    assert!(
        matches!(effects.as_slice(), [
            Effect::Puzzles(PuzzleEffect::Record { player: p, won: true, .. }),
            Effect::Puzzles(PuzzleEffect::Next { .. })
        ] if p == player),
        "{effects:?}"
    );
}

#[test]
fn duel_a_solved_puzzle_scores_and_the_next_goes_to_the_opponent() {
    let mut app = at_duel(chess::puzzle::OnWrong::Pass);
    assert_eq!(title(&app), "▶Ann 1:00 0–0 Bob 1:00 · 1/3");
    assert!(
        text(&app).starts_with("Ann: White to play"),
        "{}",
        text(&app)
    );
    app.update(Action::Tick, crate::app::tests::s(10));
    assert_eq!(title(&app), "▶Ann 0:50 0–0 Bob 1:00 · 1/3");
    // Each player's attempts are kept as theirs.
    solved_by(&mut app, "Ann");
    app.update(Action::Tick, crate::app::tests::s(12));
    give(&mut app, TWO_MATES, false);
    assert!(text(&app).contains("Bob: White to play"), "{}", text(&app));
    assert_eq!(app.game().player(Color::White), "Bob");
    app.update(Action::Tick, crate::app::tests::s(15));
    assert_eq!(title(&app), "Ann 0:50 1–0 ▶Bob 0:57 · 2/3");
}

#[test]
fn duel_a_wrong_move_passes_the_same_puzzle_without_the_answer() {
    let mut app = at_duel(chess::puzzle::OnWrong::Pass);
    enter(&mut app, "Kg1");
    assert_eq!(text(&app), "Not Kg1 · the puzzle passes to Bob");
    assert_eq!(sans(&app), ["Rxe6"]);
    assert_eq!(app.game().player(Color::White), "Bob");
    let effects = app.take_effects();
    assert!(
        matches!(effects.as_slice(), [
            Effect::Puzzles(PuzzleEffect::Record { player, won: false, .. })
        ] if player == "Ann"),
        "{effects:?}"
    );
    // Bob solves it: his point, and Ann gets the next.
    solved_by(&mut app, "Bob");
    give(&mut app, TWO_MATES, false);
    assert!(title(&app).contains("0–1"), "{}", title(&app));
    assert!(text(&app).contains("Ann: White to play"), "{}", text(&app));
}

#[test]
fn duel_ends_on_time_or_after_the_list_and_says_who_won() {
    let mut app = at_duel(chess::puzzle::OnWrong::Lose);
    enter(&mut app, "Kg1");
    // Lost: the next puzzle, for Bob.
    assert!(asked(&mut app).ends_with(&["next own".to_owned()]));
    give(&mut app, TWO_MATES, false);
    enter(&mut app, "Rb8#");
    assert!(asked(&mut app).ends_with(&["next own".to_owned()]));
    give(&mut app, TWO_MATES, false);
    // Ann's clock runs out: the duel is over, Bob won 1-0.
    app.update(Action::Tick, crate::app::tests::s(200));
    assert!(
        text(&app).contains("Duel over: Ann 0, Bob 1 — Bob wins"),
        "{}",
        text(&app)
    );
    assert_eq!(next_wake(&app, app.now), None);
    enter(&mut app, "Rb8#");
    assert!(text(&app).contains("The duel is over"), "{}", text(&app));
}

/// A kept mistake of Ann's: 3. Ne2? where Qxf7# mated.
fn kept(fen: &str, played: &str, best: &str, said: &str) -> crate::store::Mistake {
    crate::store::Mistake {
        player: "Ann".into(),
        fen: fen.into(),
        played: played.into(),
        best: best.into(),
        before: crate::game::report::Eval::Cp(30),
        said: said.into(),
        game: "Ann – Bob".into(),
    }
}

const SCHOLAR: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3";

#[test]
fn kept_mistakes_open_on_the_screen_one_board_each_and_a_solved_one_leaves_the_list() {
    let open = |rows| {
        App::new(Config {
            puzzles: Some(PuzzleStart {
                mistakes: Some(rows),
                ..start()
            }),
            ..config(GameSetup::default())
        })
    };
    let after_e4 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let mut app = open(vec![
        kept(SCHOLAR, "g1e2", "f3f7", "3. Ne2?"),
        kept("not a fen", "e2e4", "e2e4", "1. e4"),
        kept(after_e4, "d1h5", "g1f3 b8c6", "2. Qh5?!"),
    ]);
    let _ = app.take_effects();
    assert_eq!(app.game().position().fen(), SCHOLAR);
    assert!(
        text(&app).starts_with("Mistake 1 of 2, from Ann – Bob. You played 3. Ne2? Find"),
        "{}",
        text(&app)
    );
    assert!(text(&app).contains("1 kept row skipped"), "{}", text(&app));
    assert_eq!(
        crate::app::retro::kept_title(&app).as_deref(),
        Some("Mistakes of Ann · 0/2")
    );
    // The move played in the game fails, and is not played.
    enter(&mut app, "Ne2");
    assert!(
        text(&app).contains("the move played in the game"),
        "{}",
        text(&app)
    );
    assert_eq!(app.game().record().plies(), 0);
    // The engine's move solves it: it leaves the list.
    enter(&mut app, "Qxf7#");
    assert_eq!(app.view().result_lines(40), ["Solved!"]);
    let solved: Vec<_> = app
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Files(crate::app::FileEffect::Mistakes(
                crate::app::retro::MistakeWork::Solved {
                    player,
                    fen,
                    played,
                },
            )) => Some((player, fen, played)),
            _ => None,
        })
        .collect();
    assert_eq!(
        solved,
        [("Ann".to_owned(), SCHOLAR.to_owned(), "g1e2".to_owned())]
    );
    // On to the next, on a board of its own; its solution; the summary.
    key(&mut app, KeyCode::F(9));
    assert_eq!(app.game().position().fen(), after_e4);
    assert!(
        text(&app).starts_with("Mistake 2 of 2, from Ann – Bob"),
        "{}",
        text(&app)
    );
    key(&mut app, KeyCode::F(12));
    assert!(
        text(&app).contains("The solution: 2. Nf3 Nc6"),
        "{}",
        text(&app)
    );
    key(&mut app, KeyCode::F(9));
    assert!(
        text(&app).starts_with("Done reviewing Ann's mistakes: 1 found, 1 solution seen of 2"),
        "{}",
        text(&app)
    );
    assert_eq!(crate::app::retro::kept_title(&app), None);
    // None kept: said so, and the board is a game's.
    let app = open(Vec::new());
    assert!(
        text(&app).contains("Ann has no mistakes to learn from"),
        "{}",
        text(&app)
    );
}
