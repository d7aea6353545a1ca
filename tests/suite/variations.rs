//! Variations in PGN: read with their comments and glyphs, written in the standard form (the
//! move number again after a variation closes), write → read → write byte for byte; a broken
//! side line never costs the main line; any depth of nesting is read and written without
//! recursion; the number of side-line moves is capped.

use std::time::Duration;

use hotseat::game::pgn::{Tags, import_game, replay_games};
use hotseat::game::{Game, GameSetup, MAX_VARIATION_MOVES, Spot};
use proptest::prelude::*;

fn movetext(pgn: &str) -> &str {
    pgn.split_once("\n\n").unwrap().1.trim_end()
}

fn write(game: &Game) -> String {
    game.to_pgn(Duration::ZERO, &Tags::new())
}

/// Reads, writes, reads again and writes again: the two texts are the same.
fn round_trip(text: &str) -> (Game, String) {
    let first = import_game(text).unwrap().game;
    let written = write(&first);
    let second = import_game(&written)
        .unwrap_or_else(|e| panic!("{written}\ndoes not read back: {e}"))
        .game;
    assert_eq!(second.variations(), first.variations(), "{written}");
    assert_eq!(write(&second), written, "written twice, two texts");
    (first, written)
}

#[test]
fn nested_variations_are_written_in_the_standard_form() {
    let text = "1. e4 e5 2. Nf3 (2. Nc3 Nf6 (2... Nc6 3. f4) 3. Bc4) 2... Nc6 3. Bb5 *";
    let (game, written) = round_trip(text);
    assert_eq!(
        movetext(&written),
        "1. e4 e5 2. Nf3 (2. Nc3 Nf6 (2... Nc6 3. f4) 3. Bc4) 2... Nc6 3. Bb5 *"
    );
    assert_eq!(game.record().plies(), 5, "the main line is the game");
    assert_eq!(game.variations().len(), 5);
}

#[test]
fn comments_and_glyphs_in_variations_survive() {
    let text = "1. e4 e5 (1... c5!? {The Sicilian} 2. Nf3 $14 {[%clk 0:01:00] Develops} \
                (2. c3 {Alapin})) 2. Nf3 1-0";
    let (game, written) = round_trip(text);
    assert_eq!(
        movetext(&written),
        "1. e4 e5 (1... c5 $5 {The Sicilian} 2. Nf3 $14 {Develops} (2. c3 {Alapin}))\n2. Nf3 1-0"
    );
    let c5 = game.variations().node(0).unwrap();
    assert_eq!(
        (c5.san.as_str(), c5.notes.nags.as_slice()),
        ("c5", &[5][..])
    );
}

#[test]
fn a_comment_before_a_variations_first_move_goes_with_that_move() {
    let (game, _) = round_trip("1. e4 ({Or} 1. d4) *");
    assert_eq!(game.variations().node(0).unwrap().notes.comment, "Or");
}

#[test]
fn an_illegal_move_cuts_its_variation_and_keeps_the_game() {
    let text = "1. e4 e5 (1... c5 2. Nf3 Qxh7 3. d4 (3. c3)) (1... e6) 2. Nf3 (2. Bc4 --) Nc6 *";
    let imported = import_game(text).unwrap();
    let game = &imported.game;
    assert_eq!(game.record().plies(), 4, "the main line is whole");
    let sans: Vec<&str> = (0..game.variations().len() as u32)
        .map(|id| game.variations().node(id).unwrap().san.as_str())
        .collect();
    assert_eq!(
        sans,
        ["c5", "Nf3", "e6", "Bc4"],
        "moves before the cut stay"
    );
    let note = game.import_note().unwrap();
    assert!(note.starts_with("2 variations were cut short"), "{note}");
    assert!(note.contains("Qxh7"), "{note}");
    round_trip(text);
}

#[test]
fn a_variation_with_nothing_to_be_an_alternative_to_is_skipped() {
    let (game, written) = round_trip("(1. d4) 1. e4 ((1. c4) 1. d4) e5 *");
    assert_eq!(movetext(&written), "1. e4 (1. d4) 1... e5 *");
    assert_eq!(game.record().plies(), 2);
}

#[test]
fn a_hundred_thousand_nested_parentheses_are_read_without_recursion() {
    let depth = 100_000;
    let text = format!("1. e4 {}1. d4{} e5 *", "(".repeat(depth), ")".repeat(depth));
    let (game, written) = round_trip(&text);
    assert_eq!(game.record().plies(), 2);
    assert_eq!(
        movetext(&written),
        "1. e4 e5 *",
        "the inner `(` has no move before it"
    );
    // Really nested: each variation an alternative to the first move of the one around it.
    let text = format!("1. e4 {}{} *", "(1. d4 ".repeat(depth), ")".repeat(depth));
    let imported = import_game(&text).unwrap();
    assert_eq!(imported.game.variations().len(), MAX_VARIATION_MOVES);
    let note = imported.game.import_note().unwrap();
    assert!(note.contains(&MAX_VARIATION_MOVES.to_string()), "{note}");
    let written = write(&imported.game);
    let again = import_game(&written).unwrap().game;
    assert_eq!(write(&again), written);
    // The lean replay of `hotseat pgn` skips them unread.
    let mut replayed = Vec::new();
    replay_games(text.as_bytes(), |r| replayed.push(r.unwrap().position)).unwrap();
    assert_eq!(replayed.len(), 1);
}

#[test]
fn a_line_studied_at_the_end_of_the_game_repeats_the_last_move() {
    let mut game = import_game("1. e4 e5 2. Qh5 1-0").unwrap().game;
    let pos = game.position_at(Spot::Main(1)).unwrap();
    let d5 = game
        .study_move(Spot::Main(1), pos.parse_move("d5").unwrap())
        .unwrap();
    assert_eq!(d5, Spot::Var(0));
    let pos = game.position_at(Spot::Main(3)).unwrap();
    let nc6 = game
        .study_move(Spot::Main(3), pos.parse_move("Nc6").unwrap())
        .unwrap();
    assert_eq!(nc6, Spot::Var(2));
    let written = write(&game);
    assert_eq!(
        movetext(&written),
        "1. e4 e5 (1... d5) 2. Qh5 (2. Qh5 Nc6) 1-0"
    );
    assert_eq!(
        game.record().plies(),
        3,
        "the game's own moves stay as played"
    );
    round_trip(&written);
}

/// A game with a random main line and random side lines studied off it.
fn studied_game(seed: u64, main: usize, studied: usize) -> Game {
    let mut rng = seed | 1;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n.max(1) as u64) as usize
    };
    let mut game = Game::new(GameSetup::default());
    for _ in 0..main {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[next(moves.len())];
        game.play(mv, Duration::ZERO).unwrap();
        if game.is_over() {
            break;
        }
    }
    let mut spots = vec![Spot::Main(next(game.record().plies() + 1))];
    for _ in 0..studied {
        let spot = spots[next(spots.len())];
        let Some(pos) = game.position_at(spot) else {
            continue;
        };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let mv = moves[next(moves.len())];
        if let Ok(to) = game.study_move(spot, mv) {
            spots.push(to);
            if next(4) == 0
                && let Some(notes) = game.notes_at_mut(to)
            {
                notes.add_comment("Look");
                notes.add_nag(next(20) as u8);
            }
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn studied_games_write_read_write_byte_for_byte(
        seed in any::<u64>(), main in 0usize..30, studied in 0usize..40,
    ) {
        let game = studied_game(seed, main, studied);
        let written = write(&game);
        let read = import_game(&written).unwrap().game;
        prop_assert_eq!(read.variations().len(), game.variations().len(), "{}", written);
        prop_assert_eq!(read.record().moves(), game.record().moves());
        prop_assert_eq!(write(&read), written.clone());
        let again = import_game(&written).unwrap().game;
        prop_assert_eq!(again.variations(), read.variations());
    }
}
