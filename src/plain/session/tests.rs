//! The session: lines in, sentences out, the app's state checked beside them.

use std::time::Duration;

use super::*;
use crate::app::Config;
use crate::game::GameSetup;
use crate::rules::{Language, MoveStyle, Notation, Position};

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn session_with(setup: GameSetup) -> Session {
    let app = App::new(Config {
        setup,
        ..Config::default()
    });
    Session::new(app, &super::super::warnings::DEFAULT_WARNINGS)
}

fn session() -> Session {
    session_with(GameSetup::default())
}

fn from_fen(fen: &str) -> Session {
    session_with(GameSetup {
        start: Position::from_fen(fen).unwrap(),
        ..GameSetup::default()
    })
}

fn timed(tc: &str) -> Session {
    let tc: crate::game::timecontrol::TimeControl = tc.parse().unwrap();
    session_with(GameSetup {
        white_time: tc.clone(),
        black_time: tc,
        ..GameSetup::default()
    })
}

/// The sentences for `line` at `now`.
fn say(session: &mut Session, line: &str, now: Duration) -> Vec<String> {
    session.line(line, now, &mut Nowhere)
}

fn say0(session: &mut Session, line: &str) -> Vec<String> {
    say(session, line, Duration::ZERO)
}

#[test]
fn fools_mate_on_one_line() {
    let mut s = session();
    assert_eq!(
        say0(&mut s, "f3 e5 g4 Qh4#"),
        [
            "White: pawn to f3. [1. f3]",
            "Black: pawn to e5. [1... e5]",
            "White: pawn to g4. [2. g4]",
            "Black: queen to h4, checkmate. [2... Qh4#]",
            "Black wins. [0-1]",
        ]
    );
    assert!(s.app().game().is_over());
    // The game-over box is the screen's: the session is back at the board.
    assert_eq!(*s.app().mode(), Mode::Playing);
    let after = say0(&mut s, "e4");
    assert!(
        after[0].starts_with("The game is over: Checkmate, Black wins."),
        "{after:?}"
    );
}

#[test]
fn a_refused_move_is_named_explained_and_changes_nothing() {
    let mut s = session();
    assert_eq!(say0(&mut s, "Ke3"), ["Ke3: no white king can reach e3."]);
    assert_eq!(s.app().game().record().plies(), 0);
    assert_eq!(s.app().view().input(), "");
    // Played up to the refusal, which is named.
    let said = say0(&mut s, "e4 e5 Nf9");
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(said[2].starts_with("Nf9: "), "{said:?}");
    assert_eq!(s.app().game().record().plies(), 2);
    // The next line starts afresh.
    assert_eq!(say0(&mut s, "Nf3"), ["White: knight to f3. [2. Nf3]"]);
}

#[test]
fn with_a_clock_each_player_makes_their_own_move() {
    let mut s = timed("5+0");
    let said = say(&mut s, "e4 e5", secs(1));
    assert_eq!(
        said,
        [
            "White: pawn to e4. [1. e4]",
            "e5 not played: with the clock running, each player makes their own move.",
        ]
    );
    assert_eq!(say(&mut s, "e5", secs(2)), ["Black: pawn to e5. [1... e5]"]);
}

#[test]
fn a_long_line_of_moves_is_played_whole() {
    let mut s = session();
    let said = say0(
        &mut s,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O",
    );
    assert_eq!(s.app().game().record().plies(), 16, "{said:?}");
    assert_eq!(said[8], "White castles king side. [5. O-O]");
}

#[test]
fn draw_offered_with_a_move_and_accepted() {
    let mut s = session();
    let said = say0(&mut s, "draw");
    assert_eq!(
        said,
        ["White offers a draw with this move. Draw again withdraws it."]
    );
    let said = say0(&mut s, "e4");
    assert_eq!(
        said,
        [
            "White: pawn to e4. [1. e4]",
            "White offers a draw. Black: accept, decline, or play a move, which declines it.",
        ]
    );
    assert_eq!(say0(&mut s, "accept"), ["Draw by agreement. [1/2-1/2]"]);
    assert!(s.app().game().is_over());
}

#[test]
fn draw_offer_declined_by_word_and_by_a_move() {
    let mut s = session();
    say0(&mut s, "d");
    say0(&mut s, "e4");
    assert_eq!(say0(&mut s, "no"), ["Black declines the draw offer."]);
    say0(&mut s, "draw");
    say0(&mut s, "e5");
    let said = say0(&mut s, "Nf3");
    assert_eq!(said[0], "White: knight to f3. [2. Nf3]", "{said:?}");
    assert_eq!(s.app().game().pending_offer(), None);
    assert!(!s.app().game().is_over());
}

#[test]
fn resign_asks_first() {
    let mut s = session();
    let said = say0(&mut s, "resign");
    assert_eq!(
        said,
        ["Resign the game for White? Black would win. Answer yes or no."]
    );
    let said = say0(&mut s, "e4");
    assert!(
        said[0].starts_with("First answer the question."),
        "{said:?}"
    );
    assert_eq!(say0(&mut s, "yes"), ["White resigns, Black wins. [0-1]"]);
}

#[test]
fn takeback_with_the_other_players_consent() {
    let mut s = session();
    say0(&mut s, "e4");
    assert_eq!(
        say0(&mut s, "takeback"),
        [
            "White asks to take back 1. e4. Black: accept, decline, or play a move, which refuses it."
        ]
    );
    assert_eq!(
        say0(&mut s, "n"),
        ["Black does not agree to take back 1. e4."]
    );
    assert_eq!(s.app().game().record().plies(), 1);
    assert_eq!(
        say0(&mut s, "tb"),
        ["White already asked to take back this move: once per move."]
    );
    say0(&mut s, "e5");
    say0(&mut s, "tb");
    assert_eq!(say0(&mut s, "y"), ["White agreed: 1... e5 taken back."]);
    assert_eq!(s.app().game().record().plies(), 1);
}

#[test]
fn claim_a_threefold_repetition() {
    let mut s = session();
    say0(&mut s, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    // Ng8 would repeat the start a third time: the app asks.
    let said = say0(&mut s, "Ng8");
    assert_eq!(
        said,
        [
            "Ng8 would allow a draw claim by threefold repetition. Claim the draw with it? yes or claim claims it, no just plays it."
        ]
    );
    let said = say0(&mut s, "yes");
    assert_eq!(
        said.last().unwrap(),
        "Draw by threefold repetition, claimed by Black. [1/2-1/2]"
    );
}

#[test]
fn claim_with_nothing_to_claim_says_so() {
    let mut s = session();
    let said = say0(&mut s, "claim");
    assert_eq!(said.len(), 1);
    assert!(!s.app().game().is_over());
}

#[test]
fn promotion_asked_and_answered() {
    let mut s = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(
        say0(&mut s, "e8"),
        [
            "e8: promote to which piece? queen, rook, bishop or knight: type q, r, b or n, or cancel to play another move."
        ]
    );
    assert_eq!(
        say0(&mut s, "queen"),
        ["White: pawn to e8, promotes to queen. [1. e8=Q]"]
    );
    let mut s = from_fen("8/4P3/8/8/8/p7/k7/4K3 w - - 0 1");
    assert_eq!(
        say0(&mut s, "e8=N"),
        ["White: pawn to e8, promotes to knight. [1. e8=N]"]
    );
}

#[test]
fn the_flag_falls_at_once_and_warnings_come_before() {
    let mut s = timed("1.5+0");
    say(&mut s, "e4", secs(0));
    assert_eq!(s.tick(secs(1), &mut Nowhere), Vec::<String>::new());
    // Black's clock runs from 0: 1 minute left at 30 s.
    assert_eq!(s.next_wake(secs(1)).map(|t| t <= secs(30)), Some(true));
    assert_eq!(s.tick(secs(30), &mut Nowhere), ["Black: 1 minute left."]);
    assert_eq!(s.tick(secs(60), &mut Nowhere), ["Black: 30 seconds left."]);
    assert_eq!(s.tick(secs(80), &mut Nowhere), ["Black: 10 seconds left."]);
    assert_eq!(
        s.tick(secs(91), &mut Nowhere),
        ["White wins on time. [1-0]"]
    );
    assert_eq!(s.tick(secs(95), &mut Nowhere), Vec::<String>::new());
}

#[test]
fn reading_commands_change_nothing() {
    let mut s = session();
    say0(&mut s, "e4 e5 Nf3");
    assert_eq!(
        say0(&mut s, "last"),
        ["Last move: White: knight to f3. [2. Nf3]"]
    );
    assert_eq!(say0(&mut s, "moves"), ["Moves: 1. e4 e5 2. Nf3."]);
    assert_eq!(say0(&mut s, "turn"), ["Black to move, move 2."]);
    assert_eq!(say0(&mut s, "clock"), ["This game has no clock."]);
    assert_eq!(say0(&mut s, "o"), ["White waits."]);
    assert_eq!(
        say0(&mut s, "opening"),
        ["Opening: C40 King's Knight Opening."]
    );
    assert_eq!(say0(&mut s, "s e4"), ["e4: white pawn."]);
    assert_eq!(say0(&mut s, "from b8"), ["Knight b8 can go to a6 or c6."]);
    assert_eq!(
        say0(&mut s, "p n"),
        ["White knights: b1, f3.", "Black knights: b8, g8."]
    );
    assert_eq!(say0(&mut s, "b").len(), 8);
    assert_eq!(
        say0(&mut s, "rank 4"),
        ["Rank 4: 4 empty, white pawn e4, 3 empty."]
    );
    assert!(say0(&mut s, "help").len() > 20);
    assert_eq!(s.app().game().record().plies(), 3);
}

#[test]
fn flip_reads_the_board_from_blacks_side() {
    let mut s = session();
    assert_eq!(
        say0(&mut s, "flip"),
        ["The board is read from Black's side now: rank 1 first."]
    );
    assert!(say0(&mut s, "board")[0].starts_with("Rank 1: white rook h1"));
}

#[test]
fn a_timed_game_tells_its_clocks() {
    let mut s = timed("5+3");
    let greeting = s.greeting();
    assert_eq!(
        greeting.last().unwrap(),
        "White's clock starts with White's first move."
    );
    say(&mut s, "e4", secs(0));
    assert_eq!(
        say(&mut s, "c", secs(10)),
        ["White 5 minutes 3 seconds, Black 4 minutes 50 seconds; Black's clock is running."]
    );
}

#[test]
fn save_writes_a_copy_and_says_where() {
    let mut s = session();
    say0(&mut s, "e4");
    assert_eq!(
        say0(&mut s, "save my game.pgn"),
        ["Saved the game (PGN) to my game.pgn."]
    );
    assert_eq!(*s.app().mode(), Mode::Playing);
}

#[test]
fn quit_asks_with_a_game_in_progress() {
    let mut s = session();
    say0(&mut s, "quit");
    assert!(s.should_quit());
    let mut s = session();
    say0(&mut s, "e4");
    let said = say0(&mut s, "q");
    assert!(said[0].ends_with("Answer yes or no."), "{said:?}");
    assert!(!s.should_quit());
    say0(&mut s, "yes");
    assert!(s.should_quit());
}

#[test]
fn answers_without_a_question() {
    let mut s = session();
    assert_eq!(
        say0(&mut s, "accept"),
        ["There is no question to answer and no draw offer to accept."]
    );
    assert_eq!(
        say0(&mut s, "queen"),
        ["Queen is for a promotion, and none is asked: type the move with its piece, like e8=Q."]
    );
    // An empty line is not met with silence: whose move it is.
    assert_eq!(say0(&mut s, "   "), ["White to move, move 1."]);
}

#[test]
fn the_screens_words_are_turned_into_the_plain_modes() {
    assert_eq!(
        plain_words("Black's draw offer stands: Ctrl-D accepts, a move declines"),
        "Black's draw offer stands: accept takes it up, a move declines it"
    );
    assert_eq!(
        plain_words("Bob resigns — Ann wins"),
        "Bob resigns, Ann wins"
    );
    assert_eq!(
        plain_words("White offers a draw with this move · Ctrl-D withdraws"),
        "White offers a draw with this move. Draw again withdraws it"
    );
}

fn styled(notation: Notation, language: Language) -> Session {
    let app = App::new(Config {
        move_style: MoveStyle::new(notation, language),
        ..Config::default()
    });
    Session::new(app, &super::super::warnings::DEFAULT_WARNINGS)
}

#[test]
fn moves_are_written_and_read_in_the_players_notation() {
    let mut s = styled(Notation::San, Language::German);
    // German letters typed (and English still taken); the words stay English.
    assert_eq!(
        say0(&mut s, "Sf3 Nf6 e4"),
        [
            "White: knight to f3. [1. Sf3]",
            "Black: knight to f6. [1... Sf6]",
            "White: pawn to e4. [2. e4]",
        ]
    );
    assert_eq!(say0(&mut s, "moves"), ["Moves: 1. Sf3 Sf6 2. e4."]);
    assert_eq!(
        say0(&mut s, "last"),
        ["Last move: White: pawn to e4. [2. e4]"]
    );
    // A refusal names the move as typed, in the language's letters.
    assert_eq!(say0(&mut s, "Dh4"), ["Dh4: no black queen can reach h4."]);
    // The record stays English SAN, as PGN keeps it.
    assert_eq!(s.app().game().record().moves()[0].san, "Nf3");

    let mut s = styled(Notation::Figurine, Language::English);
    assert_eq!(
        say0(&mut s, "♘f3 e5"),
        [
            "White: knight to f3. [1. ♘f3]",
            "Black: pawn to e5. [1... e5]",
        ]
    );
    assert_eq!(say0(&mut s, "moves"), ["Moves: 1. ♘f3 e5."]);

    let mut s = styled(Notation::Lan, Language::French);
    assert_eq!(say0(&mut s, "Cf3"), ["White: knight to f3. [1. Cg1-f3]"]);
}

#[test]
fn after_the_end_the_game_can_be_stepped_through() {
    let mut s = session();
    say0(&mut s, "f3 e5 g4 Qh4#");
    assert_eq!(
        say0(&mut s, "back"),
        ["After White: pawn to g4. [2. g4] End goes back to the last move."]
    );
    // The readings read the position shown: the queen is still on d8.
    assert_eq!(say0(&mut s, "s d8"), ["d8: black queen."]);
    assert_eq!(
        say0(&mut s, "start"),
        ["The start position. End goes back to the last move."]
    );
    assert_eq!(
        say0(&mut s, "start"),
        ["Already at the start. The start position. End goes back to the last move."]
    );
    assert_eq!(
        say0(&mut s, "forward"),
        ["After White: pawn to f3. [1. f3] End goes back to the last move."]
    );
    assert_eq!(
        say0(&mut s, "end"),
        ["After Black: queen to h4, checkmate. [2... Qh4#] That is the last move."]
    );
    assert_eq!(say0(&mut s, "s h4"), ["h4: black queen."]);
    assert_eq!(say0(&mut s, "moves"), ["Moves: 1. f3 e5 2. g4 Qh4#."]);
}

#[test]
fn moves_typed_while_looking_back_are_played_in_the_present() {
    let mut s = session();
    say0(&mut s, "e4 e5");
    say0(&mut s, "back");
    assert_eq!(say0(&mut s, "Nf3"), ["White: knight to f3. [2. Nf3]"]);
    assert_eq!(s.app().view().shown().ply(), 3);
}

#[test]
fn new_starts_a_game_with_the_same_options_after_asking() {
    let mut s = timed("5+3");
    say(&mut s, "e4", secs(1));
    let asked = say(&mut s, "new", secs(2));
    assert!(
        asked.last().unwrap().ends_with("Answer yes or no."),
        "{asked:?}"
    );
    assert_eq!(s.app().game().record().plies(), 1, "nothing yet");
    let said = say(&mut s, "yes", secs(3));
    assert!(said[0].starts_with("New game: "), "{said:?}");
    assert_eq!(
        said.last().unwrap(),
        "White's clock starts with White's first move."
    );
    assert_eq!(s.app().game().record().plies(), 0);
    assert_eq!(s.app().view().words().time_control(), "5+3");
    // After the end, no question.
    let mut s = session();
    say0(&mut s, "f3 e5 g4 Qh4#");
    let said = say0(&mut s, "new");
    assert!(said[0].starts_with("New game: "), "{said:?}");
    assert!(!s.app().game().is_over());
}

#[test]
fn pause_stops_both_clocks_and_resume_runs_them() {
    let mut s = timed("5+0");
    assert_eq!(
        say(&mut s, "pause", secs(0)),
        ["White 5 minutes, Black 5 minutes; White's clock starts with White's first move."]
    );
    say(&mut s, "e4", secs(0));
    assert_eq!(
        say(&mut s, "pause", secs(10)),
        [
            "Black asks to stop the clocks. White: accept, decline, or play a move, which refuses it."
        ]
    );
    assert_eq!(
        say(&mut s, "accept", secs(10)),
        ["Clocks paused, as White agreed, resume runs them again."]
    );
    assert_eq!(
        say(&mut s, "pause", secs(11)),
        ["The clocks are paused already: resume runs them again."]
    );
    assert_eq!(
        say(&mut s, "c", secs(100)),
        ["White 5 minutes, Black 4 minutes 50 seconds; the clocks are paused."]
    );
    assert_eq!(say(&mut s, "resume", secs(100)), ["Clocks running."]);
    assert_eq!(
        say(&mut s, "c", secs(105)),
        ["White 5 minutes, Black 4 minutes 45 seconds; Black's clock is running."]
    );
    assert_eq!(
        say(&mut s, "resume", secs(106)),
        ["The clocks are not paused: pause stops them."]
    );
}

/// The screen's rule: the clocks wait until White starts typing the first move, so White
/// loses no time to the start; Black's clock runs from White's first move.
#[test]
fn the_clock_starts_with_whites_first_move_as_on_the_screen() {
    let mut s = timed("5+0");
    assert!(matches!(s.app().mode(), Mode::Ready(_)));
    assert_eq!(say(&mut s, "e4", secs(30)), ["White: pawn to e4. [1. e4]"]);
    assert_eq!(
        say(&mut s, "c", secs(40)),
        ["White 5 minutes, Black 4 minutes 50 seconds; Black's clock is running."]
    );
}

/// A pawn on a7 about to promote, the question asked.
fn promoting(config: Config) -> Session {
    let mut s = Session::new(
        App::new(Config {
            setup: GameSetup {
                start: Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap(),
                ..GameSetup::default()
            },
            ..config
        }),
        &super::super::warnings::DEFAULT_WARNINGS,
    );
    let said = say0(&mut s, "a8");
    assert!(
        said[0].starts_with("a8: promote to which piece?"),
        "{said:?}"
    );
    s
}

#[test]
fn the_promotion_question_takes_its_letters_not_commands() {
    // q is the queen there, not quit; n the knight, not "no"; =Q as written in a score sheet.
    for (answer, san) in [
        ("q", "a8=Q+"),
        ("n", "a8=N"),
        ("=Q", "a8=Q+"),
        ("=q", "a8=Q+"),
    ] {
        let mut s = promoting(Config::default());
        let said = say0(&mut s, answer);
        assert!(
            said[0].ends_with(&format!("[1. {san}]")),
            "{answer}: {said:?}"
        );
        assert!(!s.should_quit());
    }
    // Anything else says what the question is, and the question stays.
    let mut s = promoting(Config::default());
    for line in [
        "d",
        "draw",
        "resign",
        "e4",
        "pa",
        "save x.pgn",
        "new",
        "frob",
        "yes",
        "",
    ] {
        let said = say0(&mut s, line);
        assert_eq!(said.len(), 1, "{line:?}: {said:?}");
        assert!(
            said[0].contains("promote to which piece?") && said[0].contains("type q, r, b or n"),
            "{line:?}: {said:?}"
        );
        assert!(matches!(s.app().mode(), Mode::Promotion(_)), "{line:?}");
    }
    assert_eq!(s.app().game().record().plies(), 0);
    // A look is still a look; the question waits.
    assert!(say0(&mut s, "board")[0].starts_with("Rank 8"));
    assert!(matches!(s.app().mode(), Mode::Promotion(_)));
    // cancel leaves the pawn, and the next line is a move again.
    let said = say0(&mut s, "cancel");
    assert_eq!(
        said,
        ["a8 not played: the pawn stays on a7. Type another move."]
    );
    assert_eq!(*s.app().mode(), Mode::Playing);
    assert_eq!(say0(&mut s, "Kd2"), ["White: king to d2. [1. Kd2]"]);
}

#[test]
fn the_promotion_question_takes_the_letters_of_the_notation_chosen() {
    let german = Config {
        move_style: MoveStyle::new(Notation::San, Language::German),
        ..Config::default()
    };
    let mut s = promoting(german.clone());
    assert!(
        s.question().unwrap().contains("type D, T, L or S"),
        "{:?}",
        s.question()
    );
    // D is the Dame, not a draw offer.
    let said = say0(&mut s, "D");
    assert!(said[0].ends_with("[1. a8=D+]"), "{said:?}");
    assert!(!s.app().view().questions().offering_with_move());
    let mut s = promoting(german);
    let said = say0(&mut s, "S");
    assert!(said[0].ends_with("[1. a8=S]"), "{said:?}");
}

#[test]
fn every_word_at_the_claim_question_gets_an_answer() {
    let repeat = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1";
    for (word, claimed) in [("cl", true), ("claim", true), ("draw", true), ("no", false)] {
        let mut s = session();
        say0(&mut s, repeat);
        say0(&mut s, "Ng8");
        let said = say0(&mut s, word);
        assert_eq!(s.app().game().record().plies(), 8, "{word}: {said:?}");
        assert_eq!(s.app().game().is_over(), claimed, "{word}: {said:?}");
    }
    let mut s = session();
    say0(&mut s, repeat);
    say0(&mut s, "Ng8");
    for line in [
        "resign",
        "pa",
        "save game.pgn",
        "takeback",
        "new",
        "e4",
        "d",
        "frob",
        "",
    ] {
        let said = say0(&mut s, line);
        assert_eq!(said.len(), 1, "{line:?}: {said:?}");
        assert!(
            said[0].contains("Claim the draw with it?"),
            "{line:?}: {said:?}"
        );
        assert!(matches!(s.app().mode(), Mode::ClaimWithMove(_)), "{line:?}");
    }
    assert_eq!(s.app().game().record().plies(), 7);
}

#[test]
fn no_line_is_met_with_silence() {
    let words: Vec<String> = command::COMMANDS
        .iter()
        .flat_map(|e| e.words.iter())
        .filter(|w| !["quit", "q", "exit"].contains(w))
        .map(|w| (*w).to_owned())
        .chain(["", "  ", "save", "cancel"].map(str::to_owned))
        .collect();
    for (name, mut s) in [
        ("untimed", session()),
        ("timed", timed("5+0")),
        ("promotion", promoting(Config::default())),
    ] {
        for word in &words {
            let said = say(&mut s, word, secs(1));
            assert!(!said.is_empty(), "{name}: {word:?} met with silence");
        }
    }
}

#[test]
fn errors_are_told_apart_for_standard_error() {
    let mut s = session();
    let said = say0(&mut s, "e4 e5 Nf9");
    assert_eq!(s.take_errors(), &said[2..]);
    say0(&mut s, "board now");
    assert_eq!(
        s.take_errors(),
        ["Board takes nothing after it: just board."]
    );
    say0(&mut s, "Nf3");
    assert!(s.take_errors().is_empty());
}

#[test]
fn the_bell_rings_on_a_move_low_time_and_the_flag_with_sound_on() {
    let tc: crate::game::timecontrol::TimeControl = "0.5+0".parse().unwrap();
    let app = App::new(Config {
        setup: GameSetup {
            white_time: tc.clone(),
            black_time: tc,
            ..GameSetup::default()
        },
        sound: crate::app::sound::Sound::Bell,
        ..Config::default()
    });
    let mut s = Session::new(app, &[]);
    say(&mut s, "e4", secs(0));
    assert!(s.take_bell(), "a move rings");
    say(&mut s, "board", secs(0));
    assert!(!s.take_bell(), "a look does not");
    s.tick(secs(5), &mut Nowhere);
    assert!(!s.take_bell(), "25 s left: not yet low");
    // 19 s on Black's clock: under the low-time mark, rung once.
    s.tick(secs(11), &mut Nowhere);
    assert!(s.take_bell(), "low time rings");
    s.tick(secs(12), &mut Nowhere);
    assert!(!s.take_bell(), "and only once");
    let said = s.tick(secs(40), &mut Nowhere);
    assert!(said.iter().any(|l| l.contains("wins on time")), "{said:?}");
    assert!(s.take_bell(), "the flag rings");
    // Off by default.
    let mut s = session();
    say0(&mut s, "e4");
    assert!(!s.take_bell());
}

#[test]
fn announce_words_leaves_out_the_notation_and_notation_the_words() {
    let mut s = session().announcing(Announce::Words);
    assert_eq!(
        say0(&mut s, "f3 e5 g4 Qh4#"),
        [
            "White: pawn to f3.",
            "Black: pawn to e5.",
            "White: pawn to g4.",
            "Black: queen to h4, checkmate.",
            "Black wins.",
        ]
    );
    assert_eq!(
        say0(&mut s, "last"),
        ["Last move: Black: queen to h4, checkmate."]
    );
    let mut s = session().announcing(Announce::Notation);
    assert_eq!(
        say0(&mut s, "f3 e5 g4 Qh4#"),
        [
            "1. f3",
            "1... e5",
            "2. g4",
            "2... Qh4#",
            "Black wins. [0-1]"
        ]
    );
}

#[test]
fn a_command_again_hears_its_answer_again_and_nothing_stale() {
    let mut s = session();
    let first = say0(&mut s, "claim");
    assert_eq!(say0(&mut s, "claim"), first);
    assert!(first[0].starts_with("No draw to claim"), "{first:?}");
    // Another line that changes nothing does not hear claim's answer.
    let said = say0(&mut s, "/decline");
    assert!(!said[0].starts_with("No draw to claim"), "{said:?}");
}

#[test]
fn a_question_closed_without_a_word_says_so_and_nothing_stale() {
    let mut s = session();
    say0(&mut s, "e4");
    say0(&mut s, "draw");
    say0(&mut s, "e5");
    // Black's answer to the offer is a message; then quit, and no to it.
    assert!(say0(&mut s, "no")[0].contains("declines"));
    let asked = say0(&mut s, "quit");
    assert!(asked[0].ends_with("Answer yes or no."), "{asked:?}");
    let wrong = say0(&mut s, "frob");
    assert!(wrong[0].ends_with("Answer yes or no."), "{wrong:?}");
    assert_eq!(
        say0(&mut s, "no"),
        ["The question is closed. White to move, move 2."]
    );
}

#[test]
fn quitting_says_goodbye() {
    let mut s = session();
    say0(&mut s, "e4");
    say0(&mut s, "quit");
    let said = say0(&mut s, "yes");
    assert!(s.should_quit());
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("Goodbye."), "{said:?}");
}

#[test]
fn a_sentence_keeps_the_case_of_a_move_it_starts_with_and_an_ellipsis_is_its_stop() {
    use super::sentence;
    assert_eq!(
        sentence("g8=Q+ sent to the host…"),
        "g8=Q+ sent to the host…"
    );
    assert_eq!(
        sentence("e4: no white pawn can reach e4"),
        "e4: no white pawn can reach e4."
    );
    assert_eq!(sentence("ann solved puzzle 1"), "Ann solved puzzle 1.");
    assert_eq!(sentence("joining the duel…"), "Joining the duel…");
}

#[test]
fn invite_at_one_keyboard_says_there_is_no_invitation_and_how_to_host() {
    let mut s = session();
    let said = say(&mut s, "invite", secs(1));
    assert_eq!(
        said,
        [
            "No invitation to give: invite is for the host of a game or a duel across the \
          network (hotseat host --plain)."
        ]
    );
    assert_eq!(s.take_errors(), said);
}

#[test]
fn plain_mode_says_the_engine_is_thinking_once_its_search_is_asked_for() {
    use crate::app::sparring::SparringSetup;
    use crate::game::sparring::Strength;
    let sparring = SparringSetup {
        name: "Stockfish".to_owned(),
        strength: Strength::Level(3),
        side: Color::Black,
    };
    let app = App::new(Config {
        setup: GameSetup {
            black: sparring.player_name(),
            ..GameSetup::default()
        },
        sparring: Some(sparring),
        ..Config::default()
    });
    let mut s = Session::new(app, &super::super::warnings::DEFAULT_WARNINGS);
    let said = say0(&mut s, "e4");
    assert_eq!(
        said,
        [
            "White: pawn to e4. [1. e4]",
            "Stockfish (level 3, Black) is thinking…"
        ]
    );
    // Asked again about the same search, it is not said twice.
    assert!(!say0(&mut s, "board").iter().any(|l| l.contains("thinking")));
}
