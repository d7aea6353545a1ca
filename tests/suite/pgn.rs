//! PGN: the corpora in tests/data replayed, import/export round trips with clocks, error
//! reports that name the game, move and token, and the `hotseat pgn` tool.

use std::process::Command;
use std::time::Duration;

use hotseat::game::pgn::{
    Limit, MAX_COMMENT_BYTES, MAX_GAME_COMMENT_BYTES, MAX_TAG_BYTES, MAX_TAGS, PgnReason, Tags,
    import_game, import_games, import_games_to_last_legal_move, replay_games,
};
use hotseat::game::{Game, GameResult, GameSetup, Reason};
use hotseat::rules::Color;
use proptest::prelude::*;

const RANDOM: &str = include_str!("../data/random_games.pgn");
const HANDWRITTEN: &str = include_str!("../data/handwritten.pgn");
const CHESS960: &str = include_str!("../data/chess960_games.pgn");

fn final_fens(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("[FinalFEN \""))
        .map(|l| l.trim_end_matches("\"]").to_owned())
        .collect()
}

#[test]
fn corpora_replay_to_their_recorded_final_positions() {
    for text in [RANDOM, HANDWRITTEN] {
        let expected = final_fens(text);
        let mut got = Vec::new();
        replay_games(text.as_bytes(), |r| {
            got.push(r.unwrap_or_else(|e| panic!("{e}")).position.fen());
        })
        .unwrap();
        assert_eq!(got, expected);
    }
    assert_eq!(final_fens(RANDOM).len(), 60);
}

#[test]
fn export_then_import_gives_back_the_same_game() {
    let mut n = 0;
    import_games(RANDOM.as_bytes(), |r| {
        let first = r.unwrap_or_else(|e| panic!("{e}")).game;
        let text = first.to_pgn(Duration::ZERO, &Tags::new());
        let second = import_game(&text).unwrap().game;
        assert_eq!(first.position(), second.position());
        assert_eq!(first.record().moves(), second.record().moves());
        assert!(first.clock_readings() == second.clock_readings());
        assert_eq!(first.outcome(), second.outcome());
        assert_eq!(text, second.to_pgn(Duration::ZERO, &Tags::new()));
        n += 1;
    })
    .unwrap();
    assert_eq!(n, 60);
}

#[test]
fn chess960_games_replay_to_their_recorded_final_positions_in_x_fen() {
    let expected = final_fens(CHESS960);
    let mut got = Vec::new();
    replay_games(CHESS960.as_bytes(), |r| {
        got.push(r.unwrap_or_else(|e| panic!("{e}")).position.fen());
    })
    .unwrap();
    assert_eq!(got, expected);
    assert_eq!(expected.len(), 30);
    let castles = CHESS960.matches("O-O").count();
    assert!(castles >= 20, "only {castles} castlings");
}

#[test]
fn chess960_games_are_written_with_variant_setup_and_fen_and_read_back() {
    let mut n = 0;
    import_games(CHESS960.as_bytes(), |r| {
        let first = r.unwrap_or_else(|e| panic!("{e}")).game;
        let start = first.record().start();
        assert!(start.is_chess960());
        let text = first.to_pgn(Duration::ZERO, &Tags::new());
        for tag in [
            "[Variant \"Chess960\"]".to_owned(),
            "[SetUp \"1\"]".to_owned(),
            format!("[FEN \"{}\"]", start.fen()),
        ] {
            assert!(text.contains(&tag), "{tag} missing in\n{text}");
        }
        let second = import_game(&text).unwrap().game;
        assert_eq!(first.position(), second.position());
        assert!(second.position().is_chess960());
        assert_eq!(first.record().moves(), second.record().moves());
        assert_eq!(text, second.to_pgn(Duration::ZERO, &Tags::new()));
        n += 1;
    })
    .unwrap();
    assert_eq!(n, 30);
}

#[test]
fn a_chess960_game_from_the_standard_arrangement_keeps_its_variant() {
    let pgn = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
               [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n\
               1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O *\n";
    let game = import_game(pgn).unwrap().game;
    assert!(game.position().is_chess960());
    assert_eq!(game.record().start().chess960_number(), Some(518));
    let text = game.to_pgn(Duration::ZERO, &Tags::new());
    assert!(text.contains("[Variant \"Chess960\"]"), "{text}");
    // Without the tag the same game is standard chess.
    let standard = import_game(&pgn.replace("[Variant \"Chess960\"]\n", ""))
        .unwrap()
        .game;
    assert!(!standard.position().is_chess960());
    assert!(
        !standard
            .to_pgn(Duration::ZERO, &Tags::new())
            .contains("Variant")
    );
}

#[test]
fn written_pgn_follows_the_export_format() {
    let mut g = Game::new(GameSetup {
        white: "Ann".into(),
        black: "Bob".into(),
        white_time: "5+3".parse().unwrap(),
        black_time: "5+3".parse().unwrap(),
        ..GameSetup::default()
    });
    let secs = Duration::from_secs;
    g.start(secs(0));
    for (i, m) in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
        .iter()
        .enumerate()
    {
        let mv = g.position().parse_move(m).unwrap();
        g.play(mv, secs(2 * i as u64 + 2)).unwrap();
    }
    let mut tags = Tags::new();
    tags.push("Event", "Club night");
    let text = g.to_pgn(secs(20), &tags);
    let roster: Vec<&str> = text.lines().take(7).collect();
    assert_eq!(
        roster,
        [
            "[Event \"Club night\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"Ann\"]",
            "[Black \"Bob\"]",
            "[Result \"1-0\"]",
        ]
    );
    assert!(text.contains("[TimeControl \"300+3\"]"));
    assert!(text.contains("[Termination \"normal\"]"));
    assert!(
        text.contains("1. e4 {[%clk 0:05:01]} 1... e5 {[%clk 0:05:01]}"),
        "{text}"
    );
    // The last comment also says how the game ended.
    assert!(
        text.contains("4. Qxf7#\n{[%clk 0:05:04] Checkmate.} 1-0"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.len() <= 80));
}

#[test]
fn resuming_from_pgn_restores_times_left_on_the_move_in_progress() {
    let mut g = Game::new(GameSetup {
        white_time: "5+0".parse().unwrap(),
        black_time: "5+0".parse().unwrap(),
        ..GameSetup::default()
    });
    let secs = Duration::from_secs;
    g.start(secs(0));
    let e4 = g.position().parse_move("e4").unwrap();
    g.play(e4, secs(10)).unwrap();
    // Black has thought for 25 s when the game is saved.
    let text = g.to_pgn(secs(35), &Tags::new());
    let back = import_game(&text).unwrap().game;
    assert_eq!(
        back.clock().remaining(Color::White, secs(0)),
        Some(secs(290))
    );
    assert_eq!(
        back.clock().remaining(Color::Black, secs(0)),
        Some(secs(275))
    );
    assert_eq!(
        back.clock().running(),
        None,
        "a resumed clock waits for the players"
    );
    assert!(!back.is_over());
}

#[test]
fn results_without_a_reason_are_kept_as_recorded() {
    let g = import_game("[Result \"0-1\"]\n\n1. e4 e5 0-1\n")
        .unwrap()
        .game;
    assert_eq!(g.outcome().unwrap().reason, Reason::Recorded);
    let g = import_game("[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1. e4 0-1\n")
        .unwrap()
        .game;
    assert_eq!(
        g.outcome().unwrap().reason,
        Reason::TimeForfeit(Color::White)
    );
}

#[test]
fn errors_name_the_game_the_move_and_why_and_the_rest_still_read() {
    let text = "[Event \"First\"]\n\n1. e4 e5 *\n\n\
                [Event \"Second\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Nf6 3. Nd5 *\n\n\
                1. Nz9 *\n\n\
                [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
                1. d4 d5 *\n";
    let mut lines = Vec::new();
    replay_games(text.as_bytes(), |r| {
        lines.push(match r {
            Ok(g) => g.position.fen(),
            Err(e) => e.to_string(),
        })
    })
    .unwrap();
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[1],
        "game 2 (Event \"Second\", White \"Ann\", Black \"Bob\"), move 3. \"Nd5\": \
         no white knight can reach d5"
    );
    assert_eq!(
        lines[2],
        "game 3, move 1. \"Nz9\": \"Nz9\" is not a move: z is not a file"
    );
    assert!(
        lines[3].starts_with("game 4, the tags: the FEN tag is not a position"),
        "{}",
        lines[3]
    );
    assert!(lines[4].starts_with("rnbqkbnr/ppp1pppp"));
}

#[test]
fn hostile_inputs_never_panic() {
    let nested = format!("1. e4 {} e5 *", "(".repeat(5000));
    let long_tag = format!("[Event \"{}\"]\n1. e4 *", "x".repeat(200_000));
    let inputs: Vec<Vec<u8>> = vec![
        b"{ unterminated comment 1. e4".to_vec(),
        nested.into_bytes(),
        long_tag.into_bytes(),
        vec![0, 159, 146, 150, b'(', b')', b')', b'[', 0xff],
        b"\xef\xbb\xbf[Event \"BOM\"]\r\n\r\n1. e4 e5 *\r\n".to_vec(),
    ];
    for input in inputs {
        let mut n = 0;
        replay_games(input.as_slice(), |_| n += 1).unwrap();
        import_games(input.as_slice(), |_| {}).unwrap();
        assert!(n <= 3);
    }
}

/// Every game of `text` through both readers: the import's result for each, and the replay's.
fn both_readers(text: &str) -> Vec<(Result<(), PgnGameError>, Result<(), PgnGameError>)> {
    let mut imported = Vec::new();
    import_games(text.as_bytes(), |g| imported.push(g.map(|_| ()))).unwrap();
    let mut replayed = Vec::new();
    replay_games(text.as_bytes(), |g| replayed.push(g.map(|_| ()))).unwrap();
    imported.into_iter().zip(replayed).collect()
}

use hotseat::game::pgn::PgnGameError;

/// A game past one of the limits is an error naming the game and the limit, in both readers; the
/// next game is read as usual; a game just within every limit is read.
#[test]
fn games_past_the_reading_limits_are_errors_naming_the_limit() {
    let tags = |n: usize| {
        (0..n)
            .map(|i| format!("[Tag{i} \"v\"]\n"))
            .collect::<String>()
    };
    let comments = |each: usize, n: usize| {
        (0..n)
            .map(|_| format!("{{{}}} ", "c".repeat(each)))
            .collect::<String>()
    };
    let next = "\n[White \"Next\"]\n\n1. e4 *\n";
    let within = format!(
        "[White \"Ann\"]\n{}[Long \"{}\"]\n\n1. e4 {} e5 *\n{next}",
        tags(MAX_TAGS - 2),
        "v".repeat(MAX_TAG_BYTES),
        comments(MAX_COMMENT_BYTES, 2),
    );
    for (i, (imported, replayed)) in both_readers(&within).into_iter().enumerate() {
        assert!(imported.is_ok() && replayed.is_ok(), "game {i}");
    }
    let cases = [
        (
            format!("[White \"Ann\"]\n{}\n1. e4 *\n", tags(MAX_TAGS)),
            Limit::Tags,
            "the tags",
        ),
        (
            format!(
                "[White \"Ann\"]\n[Long \"{}\"]\n\n1. e4 *\n",
                "v".repeat(MAX_TAG_BYTES + 1)
            ),
            Limit::TagLength,
            "tag \"Long\"",
        ),
        (
            format!(
                "[White \"Ann\"]\n\n1. e4 {{{}}} e5 *\n",
                "c".repeat(MAX_COMMENT_BYTES + 1)
            ),
            Limit::Comment,
            "move 1...",
        ),
        (
            format!(
                "[White \"Ann\"]\n\n1. e4 {} *\n",
                comments(1024, MAX_GAME_COMMENT_BYTES / 1024 + 1)
            ),
            Limit::Comments,
            "move 1...",
        ),
    ];
    for (game, limit, place) in cases {
        let results = both_readers(&format!("{game}{next}"));
        assert_eq!(results.len(), 2, "{limit:?}");
        for err in [&results[0].0, &results[0].1] {
            let err = err.as_ref().unwrap_err();
            assert_eq!(err.reason, PgnReason::TooLarge(limit));
            assert_eq!(err.place, place);
            let message = err.to_string();
            assert!(message.starts_with("game 1 (White \"Ann\"), "), "{message}");
            assert!(
                message.contains("the most hotseat reads of one game"),
                "{message}"
            );
            assert!(message.len() < 200, "{message}");
        }
        assert!(
            results[1].0.is_ok() && results[1].1.is_ok(),
            "{limit:?}: next game"
        );
    }
}

/// A clock reading cannot exceed what the time control could have given: 5 minutes and 3
/// seconds a move in a 5+3 game.
#[test]
fn clock_readings_beyond_the_time_control_are_not_believed() {
    let pgn = "[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"300+3\"]\n\
               [WhiteClock \"99999999:00:00\"]\n\n\
               1. e4 {[%clk 0:05:02]} e5 {[%clk 9:59:59]} 2. Nf3 {[%clk 0:04:30]} *\n";
    let game = import_game(pgn).unwrap().game;
    let at = Duration::ZERO;
    // Black made one move: 5:00 + 3 s at most. White (to move) made two: 5:00 + 6 s at most.
    assert_eq!(
        game.clock().remaining(Color::Black, at),
        Some(Duration::from_secs(303))
    );
    assert_eq!(
        game.clock().remaining(Color::White, at),
        Some(Duration::from_secs(306))
    );
    // Readings within the control are believed as they are.
    let fine = pgn
        .replace("99999999:00:00", "0:04:40")
        .replace("9:59:59", "0:04:50");
    let game = import_game(&fine).unwrap().game;
    assert_eq!(
        game.clock().remaining(Color::Black, at),
        Some(Duration::from_secs(290))
    );
    assert_eq!(
        game.clock().remaining(Color::White, at),
        Some(Duration::from_secs(280))
    );
}

fn hotseat_pgn(path: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["pgn", path])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn pgn_tool_prints_one_line_per_game() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/handwritten.pgn");
    let (code, out, err) = hotseat_pgn(path);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[0],
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\tcheckmate\t-\t\
         game 1: Paul Morphy vs Duke Karl / Count Isouard"
    );
    assert!(lines[1].contains("\tongoing\t-\tgame 2: "), "{}", lines[1]);
    assert!(
        lines[4].ends_with("\tgame 5: White vs Black"),
        "{}",
        lines[4]
    );
}

#[test]
fn pgn_tool_replays_chess960_games_and_prints_x_fen() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess960_games.pgn");
    let (code, out, err) = hotseat_pgn(path);
    assert_eq!(code, 0, "{err}");
    let fens: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(fens, final_fens(CHESS960));
}

#[test]
fn pgn_tool_reports_claims_and_errors() {
    let dir = std::env::temp_dir().join(format!("hotseat-pgn-tool-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mixed.pgn");
    std::fs::write(
        &path,
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\n\n\
         [Event \"Broken\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Qh5 *\n\n\
         [FEN \"4k3/8/8/8/8/8/8/4K2R w - - 99 80\"]\n\n*\n",
    )
    .unwrap();
    let (code, out, err) = hotseat_pgn(path.to_str().unwrap());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(code, 1);
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].ends_with("\tongoing\tthreefold\tgame 1: White vs Black"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("error\tgame 2 (Event \"Broken\"), move 3. \"Qh5\""));
    assert!(
        lines[2].contains("\tongoing\tfifty\tgame 3"),
        "{}",
        lines[2]
    );
    // Each message once: in the output line, not again on standard error.
    assert_eq!(
        (out.clone() + &err).matches("move 3. \"Qh5\"").count(),
        1,
        "{out}{err}"
    );
    assert!(
        err.contains("1 of 3 games") && err.contains("(game 2;"),
        "{err}"
    );
    let (code, out, err) = hotseat_pgn(dir.join("missing.pgn").to_str().unwrap());
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("cannot open") && err.contains("missing.pgn"),
        "{err}"
    );
    // No game at all is a failure too, not a silent success.
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "% nothing here\n").unwrap();
    let (code, out, err) = hotseat_pgn(empty.to_str().unwrap());
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("holds no PGN game"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_famous_games_in_assets_replay_to_their_mates() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/famous-games.pgn");
    let (code, out, err) = hotseat_pgn(path);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\tcheckmate\t-\t\
         game 1: Paul Morphy vs Duke Karl of Brunswick and Count Isouard\n\
         r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23\tcheckmate\t-\t\
         game 2: Adolf Anderssen vs Lionel Kieseritzky\n"
    );
    let mut white = Vec::new();
    import_games(std::fs::File::open(path).unwrap(), |g| {
        let g = g.unwrap().game;
        let mate = hotseat::game::Outcome::new(GameResult::Win(Color::White), Reason::Checkmate);
        assert_eq!(g.outcome(), Some(mate));
        white.push(g.player(Color::White).to_owned());
    })
    .unwrap();
    assert_eq!(white, ["Paul Morphy", "Adolf Anderssen"]);
}

/// Pieces of PGN, right and wrong, that random files are assembled from.
const PGN_TOKENS: &[&str] = &[
    "[",
    "]",
    "\"",
    "\\",
    "{",
    "}",
    "(",
    ")",
    ";",
    "%",
    "\n",
    "\r\n",
    " ",
    "\t",
    "1.",
    "1...",
    "12.",
    "e4",
    "e5",
    "Nf3",
    "Nc6",
    "Bb5",
    "a6",
    "O-O",
    "0-0-0",
    "exd5",
    "e8=Q",
    "Qh4#",
    "$1",
    "!?",
    "??",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "[Event \"x\"]",
    "[White \"A \\\"B\\\"\"]",
    "[SetUp \"1\"]",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]",
    "[FEN \"",
    "[TimeControl \"",
    "300+3",
    "\"]",
    "{[%clk 0:04:59]}",
    "[%clk",
    "Kz9",
    "\u{feff}",
    "é",
    "\0",
];

fn token_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(PGN_TOKENS), 0..200)
        .prop_map(|tokens| tokens.concat())
}

/// Reads `bytes` both ways; every game that imports must write out and read back the same.
fn read_everything(bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut replayed = 0;
    replay_games(bytes, |_| replayed += 1).unwrap();
    let mut imported = Vec::new();
    import_games(bytes, |r| imported.push(r)).unwrap();
    prop_assert_eq!(replayed, imported.len());
    for game in imported.into_iter().flatten() {
        let first = game.game;
        let text = first.to_pgn(Duration::ZERO, &game.tags);
        let second = import_game(&text)
            .map_err(|e| TestCaseError::fail(format!("{text}\ndoes not read back: {e}")))?
            .game;
        prop_assert_eq!(first.position(), second.position(), "{}", text);
        prop_assert_eq!(first.record().moves(), second.record().moves(), "{}", text);
        prop_assert_eq!(first.outcome(), second.outcome(), "{}", text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_reader_never_panics_on_arbitrary_bytes(
        bytes in proptest::collection::vec(any::<u8>(), 0..4000)
    ) {
        read_everything(&bytes)?;
    }

    #[test]
    fn the_reader_never_panics_on_pgn_like_text(text in token_soup()) {
        read_everything(text.as_bytes())?;
    }

    #[test]
    fn the_reader_never_panics_on_a_mutated_game(
        cut in 0usize..2000,
        flips in proptest::collection::vec((0usize..2000, any::<u8>()), 0..8),
    ) {
        let mut bytes = HANDWRITTEN.as_bytes()[..2000.min(HANDWRITTEN.len())].to_vec();
        for (at, b) in flips {
            let at = at % bytes.len();
            bytes[at] = b;
        }
        bytes.truncate(cut);
        read_everything(&bytes)?;
    }
}

#[test]
fn pgn_tool_reads_standard_input_with_a_dash() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["pgn", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1. f3 e5 2. g4 Qh4# 0-1\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .ends_with("\tcheckmate\t-\tgame 1: White vs Black\n"),
        "a result that fits the position needs no note"
    );
}

#[test]
fn pgn_tool_says_when_the_result_contradicts_the_final_position() {
    let dir = std::env::temp_dir().join(format!("hotseat-pgn-result-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wrong.pgn");
    std::fs::write(
        &path,
        "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n",
    )
    .unwrap();
    let (code, out, err) = hotseat_pgn(path.to_str().unwrap());
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with(
            "\tcheckmate\t-\tgame 1: Ann vs Bob\tthe file says 1-0, but the final position is \
             checkmate: 0-1\n"
        ),
        "{out}"
    );
    // Loaded, the board is believed and the screen says so.
    let text = std::fs::read_to_string(&path).unwrap();
    let game = import_game(&text).unwrap().game;
    assert_eq!(game.outcome().unwrap().result.pgn(), "0-1");
    assert_eq!(
        game.import_note(),
        Some("the file says 1-0, but the final position is checkmate: 0-1")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pgn_tool_with_no_game_is_an_error() {
    let dir = std::env::temp_dir().join(format!("hotseat-pgn-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("empty.pgn");
    std::fs::write(&path, "\n").unwrap();
    let (code, out, err) = hotseat_pgn(path.to_str().unwrap());
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("empty.pgn holds no PGN game"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn comments_and_annotation_glyphs_survive_write_read_write_byte_for_byte() {
    let text = "[TimeControl \"300+2\"]\n\n{The introduction.} 1. e4! {[%clk 0:04:58] A good start}\n\
                e5 $16 {[%clk 0:04:50]} 2. Nf3?! $14 {[%eval 0.3] Develops} (2. f4) Nc6 1-0\n";
    let first = import_game(text).unwrap().game;
    assert_eq!(first.intro(), "The introduction.");
    let notes = first.notes();
    assert_eq!(
        (notes[0].nags.as_slice(), notes[0].comment.as_str()),
        (&[1][..], "A good start")
    );
    assert_eq!(notes[1].nags, [16]);
    assert_eq!(notes[1].comment, "", "a clock reading is no comment");
    assert_eq!(
        (notes[2].nags.as_slice(), notes[2].comment.as_str()),
        (&[6, 14][..], "Develops")
    );
    let written = first.to_pgn(Duration::ZERO, &Tags::new());
    assert!(
        written.contains("{The introduction.} 1. e4 $1 {[%clk 0:04:58] A good start}"),
        "{written}"
    );
    // The evaluation is kept (the game report reads it), in lichess's two decimals.
    assert!(
        written.contains("2. Nf3 $6 $14 {[%eval 0.30] Develops}"),
        "{written}"
    );
    let second = import_game(&written).unwrap().game;
    assert_eq!(second.notes(), first.notes());
    assert_eq!(written, second.to_pgn(Duration::ZERO, &Tags::new()));
}

#[test]
fn a_comment_with_a_draw_offer_keeps_the_offer_out_of_the_players_words() {
    let text = "1. e4 {White offers a draw Bold} e5 *\n";
    let game = import_game(text).unwrap().game;
    assert_eq!(game.notes()[0].comment, "Bold");
    assert_eq!(game.offers(), [(1, Color::White)]);
    let written = game.to_pgn(Duration::ZERO, &Tags::new());
    assert!(
        written.contains("1. e4 {White offers a draw. Bold}"),
        "{written}"
    );
}

#[test]
fn draw_offers_stay_with_their_movers_in_a_game_where_black_moves_first() {
    // From a FEN with Black to move, the first move is Black's: every offer note must stay
    // with the move of the side that made it, not the side the ply's parity would name.
    let text = "[FEN \"4k3/8/8/8/8/8/8/R3K3 b - - 0 12\"]\n[SetUp \"1\"]\n\n\
                12... Kd7 {Black offers a draw} 13. Ke2 {White offers a draw} Kd6 *\n";
    let game = import_game(text).unwrap().game;
    assert_eq!(game.record().mover(0), Color::Black);
    assert_eq!(game.record().mover(1), Color::White);
    let written = game.to_pgn(Duration::ZERO, &Tags::new());
    assert!(
        written
            .contains("12... Kd7 {Black offers a draw.} 13. Ke2 {White offers a draw.} 13... Kd6"),
        "{written}"
    );
    let again = import_game(&written).unwrap().game;
    assert_eq!(again.offers(), game.offers());
}

/// Found by the network's snapshots: an offer made by the side to move, before its move, was
/// written nowhere but the standing-offer tag, so a saved or sent game lost it.
#[test]
fn a_standing_offer_by_the_side_to_move_survives_export_and_import() {
    let mut game = Game::new(GameSetup::default());
    let e4 = game.position().parse_move("e4").unwrap();
    game.play(e4, Duration::ZERO).unwrap();
    game.offer_draw(Color::Black, Duration::ZERO).unwrap();
    assert_eq!(game.pending_offer(), Some(Color::Black));
    let written = game.to_pgn(Duration::ZERO, &Tags::new());
    assert!(
        written.contains("1. e4 {Black offers a draw.}"),
        "{written}"
    );
    let again = import_game(&written).unwrap().game;
    assert_eq!(again.offers(), game.offers());
    assert_eq!(again.pending_offer(), Some(Color::Black));
    assert_eq!(written, again.to_pgn(Duration::ZERO, &Tags::new()));
}

/// Found by the `roundtrip` fuzz target: a roster tag in another case (`[ROund "`) was written
/// beside the roster's own `[Round "?"]`, and the next export dropped it.
#[test]
fn a_roster_tag_in_another_case_exports_the_same_twice() {
    for input in [
        &b"[ROund\""[..],
        b"[ROund \"5\"]\n[eVENT \"Club\"]\n\n1. e4 *\n",
    ] {
        let mut games = 0;
        hotseat::game::pgn::import_games(input, |r| {
            let Ok(first) = r else { return };
            games += 1;
            let text = first.game.to_pgn(Duration::ZERO, &first.tags);
            assert_eq!(text.matches("[Round ").count(), 1, "{text}");
            assert!(!text.contains("ROund"), "{text}");
            let second = import_game(&text).unwrap();
            assert_eq!(text, second.game.to_pgn(Duration::ZERO, &second.tags));
        })
        .unwrap();
        assert_eq!(games, 1);
    }
}

/// Found by the `roundtrip` fuzz target: draw offers in the comment before the first move
/// (one of them with two spaces, one inside another) must read back the same after export.
#[test]
fn offers_in_the_comment_before_the_first_move_survive_export() {
    for input in [
        &include_bytes!("../data/fuzz-roundtrip-offer-in-intro.bin")[..],
        // Taking "White offers a draw" out of "Black offers a White offers a drawdraw" leaves
        // "Black offers a draw".
        &include_bytes!("../data/fuzz-roundtrip-offer-in-offer.bin")[..],
        // White, Black, White: read in the order they stand.
        &include_bytes!("../data/fuzz-roundtrip-offers-in-order.bin")[..],
    ] {
        offers_survive_export(input);
    }
}

/// Found by the `roundtrip` fuzz target: `{[` NULs `%clk 0:06:46]}` was no clock reading, but
/// exported tidied as `[ %clk 0:06:46]` it became one when read again, with its text kept
/// beside it. The comment is now read as it will be written.
#[test]
fn a_clock_command_hidden_by_control_bytes_reads_back_the_same() {
    offers_survive_export(include_bytes!("../data/fuzz-roundtrip-nul-in-clk.bin"));
    let game = import_game("1. e4 {[\u{0}\u{0} %clk 0:04:59]} *")
        .unwrap()
        .game;
    assert_eq!(game.clock_readings(), &[Some(Duration::from_secs(299))]);
    assert_eq!(game.notes()[0].comment, "");
}

/// Found by the `pgn` fuzz target: "Black resigns." in one comment after the last move and a
/// clock reading in the next was no resignation, but exported as one comment it became one.
/// How a game ended is judged on all the comments after the last move, joined as the export
/// joins them.
#[test]
fn a_closing_comment_split_over_two_comments_reads_back_the_same() {
    offers_survive_export(include_bytes!(
        "../data/fuzz-pgn-closing-in-two-comments.bin"
    ));
    let game = import_game("1. e4 e5 {Black resigns.} {[%clk 0:05:00]} 1-0")
        .unwrap()
        .game;
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(Reason::Resignation(Color::Black))
    );
    assert_eq!(game.notes()[1].comment, "");
}

/// Found by the `pgn` fuzz target: a tag value of 3,000 bytes of invalid UTF-8 was read (each
/// byte as U+FFFD, three bytes), written back as 9,000 bytes, and refused when read again as
/// longer than 8 KiB. Lengths are now measured as the value will be written: the game is
/// refused on the first reading, with the limit named, or reads again once saved.
#[test]
fn a_tag_or_comment_is_measured_as_it_will_be_written_back() {
    let input = include_bytes!("../data/fuzz-pgn-tag-grows-when-written.bin");
    hotseat::game::pgn::import_games(&input[..], |r| {
        if let Ok(first) = r {
            let text = first.game.to_pgn(Duration::ZERO, &first.tags);
            import_game(&text).unwrap_or_else(|e| panic!("does not read back: {e}"));
        }
    })
    .unwrap();
    let first_error = |pgn: &[u8]| {
        let mut message = String::new();
        hotseat::game::pgn::import_games(pgn, |r| {
            if let Err(e) = r {
                message = e.to_string();
            }
        })
        .unwrap();
        message
    };
    let mut pgn = b"[Event \"".to_vec();
    pgn.extend(std::iter::repeat_n(0xff, 3_000));
    pgn.extend_from_slice(b"\"]\n\n1. e4 *\n");
    let err = first_error(&pgn);
    assert!(err.contains("longer than 8 KiB"), "{err}");
    let mut pgn = b"1. e4 {".to_vec();
    pgn.extend(std::iter::repeat_n(0xff, 30_000));
    pgn.extend_from_slice(b"} *\n");
    let message = first_error(&pgn);
    assert!(message.contains("64 KiB"), "{message}");
}

fn offers_survive_export(input: &[u8]) {
    let mut games = 0;
    hotseat::game::pgn::import_games(input, |r| {
        let Ok(first) = r else { return };
        games += 1;
        let text = first.game.to_pgn(Duration::ZERO, &first.tags);
        let second = import_game(&text).unwrap();
        assert_eq!(first.game.outcome(), second.game.outcome(), "{text}");
        assert_eq!(first.game.offers(), second.game.offers(), "{text}");
        assert_eq!(first.game.intro(), second.game.intro(), "{text}");
        assert_eq!(text, second.game.to_pgn(Duration::ZERO, &second.tags));
    })
    .unwrap();
    assert_eq!(games, 1);
}

#[test]
fn control_characters_in_tag_values_read_as_the_spaces_written_back() {
    // Found by the roundtrip fuzz target: `[White "Rando\x18"]` was kept as it stood, written
    // back as "Rando " and read again as another name.
    let input = "[White \"Rando\u{18}\"]\n[Black \"Tab\tbed\"]\n\n1. e4 *\n";
    let first = import_game(input).unwrap();
    assert_eq!(first.game.player(Color::White), "Rando ");
    assert_eq!(first.game.player(Color::Black), "Tab bed");
    let text = first.game.to_pgn(Duration::ZERO, &first.tags);
    let second = import_game(&text).unwrap();
    assert_eq!(second.game.player(Color::White), "Rando ");
    assert_eq!(text, second.game.to_pgn(Duration::ZERO, &second.tags));
}

#[test]
fn control_characters_in_comments_never_reach_the_notes() {
    let game =
        import_game("[Event \"x\"]\n\n{Intro\u{7}} 1. e4 {Bold \u{1b}[31mred\u{0} move} *\n")
            .unwrap()
            .game;
    assert_eq!(game.intro(), "Intro");
    assert_eq!(game.notes()[0].comment, "Bold [31mred move");
    let text = game.to_pgn(Duration::ZERO, &Tags::new());
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
}

#[test]
fn a_game_read_to_its_last_legal_move_stops_there_with_a_note() {
    let text = "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n\
                1. e4 e5 2. Ke3 {not read} Nc6 (2... Nf6) 3. Bb5 1-0\n";
    let mut games = Vec::new();
    import_games_to_last_legal_move(text.as_bytes(), |g| games.push(g)).unwrap();
    let game = games.pop().unwrap().unwrap().game;
    assert_eq!(game.record().plies(), 2, "e4 e5, then the illegal Ke3");
    assert!(!game.is_over(), "the result was of moves not on the board");
    assert_eq!(
        game.import_note(),
        Some("stopped at move 2. \"Ke3\", which cannot be played: no white king can reach e3")
    );
    // Read strictly, the same game is an error, as before.
    let mut strict = Vec::new();
    import_games(text.as_bytes(), |g| strict.push(g)).unwrap();
    let err = strict.pop().unwrap().unwrap_err();
    assert_eq!(err.index, 1);
    assert!(
        err.to_string()
            .starts_with("game 1 (White \"Ann\", Black \"Bob\"), move 2. \"Ke3\"")
    );
}

/// Found by the round-trip fuzzer: a comment whose text, once tidied, holds `[ %` that was no
/// command where it was read. Written out and read back it must stay the same comment, not
/// lose everything after the `[` to a command that never closes.
#[test]
fn a_comment_that_tidies_into_a_command_opening_round_trips() {
    let data: &[u8] = b".;\x01{\xfe[\n{\n%\n\x01\x05-{\xfe[$\xff8888888888888888\xd78888888*.\n{\n";
    hotseat::game::pgn::import_games(data, |r| {
        let first = r.unwrap();
        let text = first.game.to_pgn(std::time::Duration::ZERO, &first.tags);
        let second = hotseat::game::pgn::import_game(&text).unwrap();
        let again = second.game.to_pgn(std::time::Duration::ZERO, &second.tags);
        assert_eq!(text, again, "exported twice, two texts");
    })
    .unwrap();
}
