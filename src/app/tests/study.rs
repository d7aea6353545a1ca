//! The analysis board: a finished game's moves start variations by every input path, the
//! keys enter and leave them, and promote, delete and comment change only variations.

use super::*;
use crate::app::export::ExportResult;
use crate::app::{Effect, Event, FileEffect};
use crate::game::Spot;
use crate::game::pgn::{Tags, import_game};

/// Scholar's mate, reviewed after 2... Nc6 (the position after four half-moves).
fn finished_at_move_four() -> App {
    let mut app = app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    act(&mut app, Action::Review);
    for _ in 0..3 {
        act(&mut app, Action::CursorLeft);
    }
    assert_eq!(app.view().review(), Some(4));
    app
}

fn main_line(app: &App) -> Vec<String> {
    sans(app)
}

fn pgn(app: &App) -> String {
    app.game().to_pgn(app.now, &Tags::new())
}

fn shown_san(app: &App) -> String {
    app.game()
        .move_at(app.view().shown().spot())
        .unwrap()
        .1
        .to_owned()
}

#[test]
fn a_typed_move_in_a_finished_game_starts_a_variation_and_keeps_the_game() {
    let mut app = finished_at_move_four();
    enter(&mut app, "Nf3");
    assert_eq!(app.view().shown().spot(), Spot::Var(0));
    assert_eq!(shown_san(&app), "Nf3");
    assert_eq!(main_line(&app).len(), 7, "the game is as played");
    assert!(app.game().is_over());
    assert!(
        pgn(&app).contains("3. Bc4 (3. Nf3) 3... Nf6"),
        "{}",
        pgn(&app)
    );
    // The move that follows in the line steps on; the same variation again enters it.
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().shown().spot(), Spot::Main(4));
    enter(&mut app, "Bc4");
    assert_eq!(app.view().shown().spot(), Spot::Main(5));
    act(&mut app, Action::CursorLeft);
    enter(&mut app, "Nf3");
    assert_eq!(app.view().shown().spot(), Spot::Var(0));
    assert_eq!(app.game().variations().len(), 1);
    // A line typed at once goes on in the variation.
    enter(&mut app, "Nf6 Nc3");
    assert_eq!(shown_san(&app), "Nc3");
    assert!(
        pgn(&app).contains("3. Bc4 (3. Nf3 Nf6 4. Nc3) 3... Nf6"),
        "{}",
        pgn(&app)
    );
}

#[test]
fn the_cursor_and_the_mouse_start_variations_the_same_way() {
    let mut app = finished_at_move_four();
    click(&mut app, "b1");
    click(&mut app, "c3");
    assert_eq!(shown_san(&app), "Nc3");
    assert_eq!(app.view().shown().spot(), Spot::Var(0));
    // Dragging works too, once Esc has given the arrows back to the moves.
    act(&mut app, Action::Cancel);
    act(&mut app, Action::CursorLeft);
    pointer_on(&mut app, PointerKind::Down, "g1");
    pointer_on(&mut app, PointerKind::Drag, "f3");
    pointer_on(&mut app, PointerKind::Up, "f3");
    assert_eq!(shown_san(&app), "Nf3");
    assert_eq!(app.game().variations().alternatives(Spot::Main(4)).len(), 2);
    assert_eq!(main_line(&app).len(), 7);
}

#[test]
fn the_cursor_keys_and_enter_play_a_move_on_the_analysis_board() {
    let mut app = finished_at_move_four();
    act(&mut app, Action::Select);
    assert!(!app.view().arrows_step(), "the board is in hand");
    // Walk the cursor to g1, pick up the knight, and put it down on f3.
    while app.view().board().cursor != sq("g1") {
        let (file, rank) = (
            app.view().board().cursor.file() as i8,
            app.view().board().cursor.rank() as i8,
        );
        let action = if rank > 0 {
            Action::CursorDown
        } else if file < 6 {
            Action::CursorRight
        } else {
            Action::CursorLeft
        };
        act(&mut app, action);
    }
    act(&mut app, Action::Select);
    act(&mut app, Action::CursorUp);
    act(&mut app, Action::CursorUp);
    act(&mut app, Action::CursorLeft);
    act(&mut app, Action::Select);
    assert_eq!(shown_san(&app), "Nf3");
    assert_eq!(app.view().shown().spot(), Spot::Var(0));
}

#[test]
fn a_live_games_review_stays_read_only() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5"]);
    act(&mut app, Action::HistoryBack);
    enter(&mut app, "d5");
    assert!(error_text(&app).starts_with("This is an earlier position"));
    assert!(app.game().variations().is_empty());
    act(&mut app, Action::PromoteVariation);
    assert_eq!(error_text(&app), "Variations are promoted after the game");
}

#[test]
fn at_the_end_of_the_game_a_move_repeats_the_last_move_in_a_new_line() {
    let text = "1. e4 e5 2. Nf3 {White resigns.} 0-1";
    let mut app = app();
    app.install_game(import_game(text).unwrap().game);
    act(&mut app, Action::Review);
    enter(&mut app, "Nc6");
    assert_eq!(shown_san(&app), "Nc6");
    assert!(
        pgn(&app).contains("2. Nf3 {White resigns.} (2. Nf3 Nc6) 0-1"),
        "{}",
        pgn(&app)
    );
    // A mated position has no move to make: the game-over refusal stands.
    let mut app = self::app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    act(&mut app, Action::Review);
    enter(&mut app, "a6");
    assert!(error_text(&app).starts_with("The game is over"));
}

/// 2... Nc6 with two variations for White's third move: 3. Nf3 and 3. Nc3, then 3... Nf6 4. d3
/// in the first.
fn studied() -> App {
    let mut app = finished_at_move_four();
    enter(&mut app, "Nf3");
    enter(&mut app, "Nf6 d3");
    act(&mut app, Action::HistoryStart);
    for _ in 0..4 {
        act(&mut app, Action::CursorRight);
    }
    enter(&mut app, "Nc3");
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().shown().spot(), Spot::Main(4));
    app
}

#[test]
fn shift_arrows_enter_cycle_and_leave_variations_and_the_arrows_follow_the_line() {
    let mut app = studied();
    act(&mut app, Action::VariationNext);
    assert_eq!(shown_san(&app), "Nf3");
    assert_eq!(
        app.view().message().unwrap().text,
        "Variation 1 of 2: Shift-→ again: the next one, Shift-← leaves it"
    );
    act(&mut app, Action::VariationNext);
    assert_eq!(shown_san(&app), "Nc3", "again: the next one");
    act(&mut app, Action::VariationNext);
    assert_eq!(
        app.view().shown().spot(),
        Spot::Main(5),
        "round to the game's own move"
    );
    assert_eq!(
        app.view().message().unwrap().text,
        "The line's own move (2 variations here): Shift-→ again: the next"
    );
    act(&mut app, Action::VariationNext);
    assert_eq!(shown_san(&app), "Nf3");
    act(&mut app, Action::CursorRight);
    assert_eq!(shown_san(&app), "Nf6", "→ follows the line shown");
    act(&mut app, Action::CursorDown);
    assert_eq!(shown_san(&app), "d3", "↓: the end of the line");
    act(&mut app, Action::CursorRight);
    assert_eq!(shown_san(&app), "d3");
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .contains("Shift-← leaves it")
    );
    act(&mut app, Action::CursorLeft);
    assert_eq!(
        app.view().status().text,
        "Variation, after 3... Nf6 — ← → step, Shift-← leaves it, Ctrl-Y promotes, Ctrl-X deletes"
    );
    act(&mut app, Action::VariationLeave);
    assert_eq!(
        app.view().shown().spot(),
        Spot::Main(4),
        "back where it branched off"
    );
    act(&mut app, Action::VariationLeave);
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .starts_with("This is the game's own line")
    );
    act(&mut app, Action::CursorRight);
    assert_eq!(
        app.view().shown().spot(),
        Spot::Main(5),
        "→ on the main line stays on it"
    );
    act(&mut app, Action::CursorRight);
    act(&mut app, Action::VariationNext);
    assert_eq!(
        app.view().message().unwrap().text,
        "No variation branches off here or at the next move"
    );
    act(&mut app, Action::CursorLeft);
    act(&mut app, Action::VariationNext);
    assert_eq!(
        shown_san(&app),
        "Nf3",
        "none at the next move: the fork of the move shown"
    );
}

#[test]
fn a_click_on_a_variation_move_shows_it() {
    let mut app = studied();
    let panel = app.view().panel_layout().unwrap();
    let rows = crate::layout::panel::list_rows(app.game(), panel.moves.width, false);
    let (y, x) = rows
        .iter()
        .enumerate()
        .find_map(|(y, row)| match row {
            crate::layout::panel::ListRow::Line { indent, cells } => cells
                .iter()
                .find(|c| c.text.contains("d3"))
                .map(|c| (y, indent + c.column + 1)),
            _ => None,
        })
        .unwrap();
    let first = crate::layout::panel::first_row(
        &rows,
        app.view().shown().spot(),
        usize::from(panel.moves.height),
    );
    let row = panel.moves.y + u16::try_from(y - first).unwrap();
    pointer(&mut app, PointerKind::Down, (panel.moves.x + x, row));
    assert_eq!(shown_san(&app), "d3");
    assert_eq!(
        app.view().shown().position().fen(),
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/4P3/3P1N2/PPP2PPP/RNB1KB1R b KQkq - 0 4"
    );
}

#[test]
fn promote_moves_a_variation_up_and_never_touches_the_game() {
    let mut app = studied();
    act(&mut app, Action::VariationNext);
    act(&mut app, Action::VariationNext);
    assert_eq!(shown_san(&app), "Nc3");
    act(&mut app, Action::PromoteVariation);
    assert_eq!(
        app.view().message().unwrap().text,
        "Promoted: moved up one place among the variations here"
    );
    assert!(
        pgn(&app).contains("3. Bc4 (3. Nc3) (3. Nf3"),
        "{}",
        pgn(&app)
    );
    enter(&mut app, "promote");
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .contains("the game's own moves stay")
    );
    assert_eq!(main_line(&app).len(), 7);
    act(&mut app, Action::HistoryStart);
    act(&mut app, Action::PromoteVariation);
    assert!(error_text(&app).contains("the game's own line, which stays as played"));
}

#[test]
fn delete_takes_the_rest_of_the_line_or_the_whole_variation() {
    let mut app = studied();
    act(&mut app, Action::VariationNext);
    act(&mut app, Action::CursorRight);
    assert_eq!(shown_san(&app), "Nf6");
    act(&mut app, Action::DeleteVariation);
    assert_eq!(
        shown_san(&app),
        "Nf3",
        "the view goes back to where it was played from"
    );
    assert_eq!(
        app.view().message().unwrap().text,
        "Deleted 3... Nf6 and the rest of its variation"
    );
    assert!(
        pgn(&app).contains("3. Bc4 (3. Nf3) (3. Nc3) 3... Nf6"),
        "{}",
        pgn(&app)
    );
    enter(&mut app, "delete");
    assert_eq!(app.view().shown().spot(), Spot::Main(4));
    assert!(
        pgn(&app).contains("3. Bc4 (3. Nc3) 3... Nf6"),
        "{}",
        pgn(&app)
    );
    act(&mut app, Action::DeleteVariation);
    assert!(error_text(&app).contains("only variations are deleted"));
    assert_eq!(main_line(&app).len(), 7);
}

#[test]
fn comments_are_written_edited_and_removed_on_any_move_shown() {
    let mut app = studied();
    act(&mut app, Action::VariationNext);
    act(&mut app, Action::Comment);
    assert_eq!(app.view().input(), "{");
    type_text(&mut app, "Quieter");
    assert_eq!(
        app.view().feedback().hint.unwrap().text,
        "Enter keeps this as the comment on 3. Nf3 (empty: removes it)"
    );
    act(&mut app, Action::Select);
    assert_eq!(
        app.game().variations().node(0).unwrap().notes.comment,
        "Quieter"
    );
    assert!(
        pgn(&app).contains("(3. Nf3 {Quieter} 3... Nf6"),
        "{}",
        pgn(&app)
    );
    enter(&mut app, "comment");
    assert_eq!(
        app.view().input(),
        "{Quieter",
        "the comment comes back to edit"
    );
    act(&mut app, Action::DeleteToStart);
    enter(&mut app, "{}");
    assert_eq!(app.game().variations().node(0).unwrap().notes.comment, "");
    // On a main-line move too, and a glyph on a variation move.
    act(&mut app, Action::VariationLeave);
    enter(&mut app, "{The main line");
    assert_eq!(app.game().notes()[3].comment, "The main line");
    act(&mut app, Action::VariationNext);
    enter(&mut app, "!?");
    assert_eq!(app.game().variations().node(0).unwrap().notes.nags, [5]);
    assert_eq!(
        app.view().message().unwrap().text,
        "3. Nf3!? (Ctrl-S saves the game with it)"
    );
    // A comment longer than a move fits in the box.
    act(&mut app, Action::Comment);
    type_text(&mut app, &"x".repeat(200));
    assert_eq!(app.view().input().chars().count(), 201);
}

#[test]
fn the_study_is_saved_with_the_game_and_comes_back_on_load() {
    let app = studied();
    let text = pgn(&app);
    let loaded = import_game(&text).unwrap().game;
    assert_eq!(loaded.variations(), app.game().variations());
    let mut reloaded = self::app();
    reloaded.install_game(loaded);
    act(&mut reloaded, Action::Review);
    act(&mut reloaded, Action::HistoryStart);
    for _ in 0..4 {
        act(&mut reloaded, Action::CursorRight);
    }
    act(&mut reloaded, Action::VariationNext);
    assert_eq!(shown_san(&reloaded), "Nf3");
}

#[test]
fn loading_a_game_whose_variation_was_cut_says_so() {
    let text = "1. e4 e5 (1... c5 2. Qxh7) 2. Nf3 1-0";
    let opened = crate::app::OpenedGame {
        game: import_game(text).unwrap().game,
        tags: Tags::new(),
        source: "cut.pgn".into(),
        archive_file: None,
    };
    let app = App::new(Config {
        opening: Some(crate::app::GameToOpen::Load(Box::new(opened))),
        ..config(GameSetup::default())
    });
    let message = &app.view().message().unwrap().text;
    assert!(
        message.contains("a variation was cut short at a move that cannot be played: move 2."),
        "{message}"
    );
    assert_eq!(app.game().record().plies(), 3);
}

#[test]
fn leaving_an_unsaved_study_asks_first_and_ctrl_s_settles_it() {
    // Nothing studied: a finished game quits at once.
    let app_plain = finished_at_move_four();
    let mut plain = app_plain;
    act(&mut plain, Action::Quit);
    assert!(plain.should_quit());

    let mut app = finished_at_move_four();
    enter(&mut app, "Nf3");
    act(&mut app, Action::Quit);
    assert!(!app.should_quit(), "the variation would be lost");
    assert_mode(&app, &Mode::Quit(Quit));
    assert!(app.view().dialog().unwrap().lines[0].contains("not saved"));
    act(&mut app, Action::No);
    // A new game asks too.
    act(&mut app, Action::NewGame);
    assert_mode(&app, &Mode::AbandonGame(AbandonGame));
    assert!(app.view().dialog().unwrap().lines[1].contains("lose them"));
    act(&mut app, Action::No);
    // Saved with Ctrl-S, the study is safe: quitting no longer asks.
    act(&mut app, Action::Save);
    act(&mut app, Action::Select);
    match app.take_effects().as_slice() {
        [Effect::Files(FileEffect::Export(job))] => {
            assert!(job.text.contains("(3. Nf3)"), "{}", job.text)
        }
        other => panic!("expected an export, got {other:?}"),
    }
    app.update(
        crate::app::Event::Exported(ExportResult::Written("./g.pgn".into())),
        app.now,
    );
    act(&mut app, Action::Quit);
    assert!(app.should_quit());

    // A comment, a glyph, a promotion or a deletion is a change to save as well.
    let mut app = finished_at_move_four();
    enter(&mut app, "!?");
    act(&mut app, Action::Quit);
    assert_mode(&app, &Mode::Quit(Quit));
    act(&mut app, Action::Quit);
    assert!(app.should_quit(), "a second Ctrl-Q confirms");
}

/// A finished game opened from its archive file, as the library opens it.
fn opened_from_archive() -> App {
    let text = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
    let imported = import_game(text).unwrap();
    let opened = crate::app::OpenedGame {
        game: imported.game,
        tags: imported.tags,
        source: "games/g.pgn".into(),
        archive_file: Some("/data/games/g.pgn".into()),
    };
    let mut config = config(GameSetup::default());
    config.autosave = true;
    config.opening = Some(crate::app::GameToOpen::Load(Box::new(opened)));
    App::new(config)
}

fn rewrites(app: &mut App) -> usize {
    app.take_effects()
        .iter()
        .filter(|e| matches!(e, Effect::Files(FileEffect::Rearchive { .. })))
        .count()
}

#[test]
fn a_failed_write_of_the_study_is_said_once_and_retried_until_it_works() {
    let mut app = opened_from_archive();
    act(&mut app, Action::Review);
    enter(&mut app, "{Mate");
    let due = app.view().next_wake(app.now).unwrap();
    app.update(Action::Tick, due);
    assert_eq!(rewrites(&mut app), 1);
    let failed = || {
        Err(crate::store::StoreError::io(
            crate::store::Op::Archive,
            "/data/games/g.pgn",
            std::io::Error::other("disk full"),
        ))
    };
    app.update(Event::Rearchived(failed()), due);
    let said = app.view().message().unwrap().text.clone();
    assert!(
        said.starts_with("The study is not saved in the archive"),
        "{said}"
    );
    assert!(said.contains("retrying"), "{said}");
    // Quitting now would lose it: asks.
    act(&mut app, Action::Quit);
    assert_mode(&app, &Mode::Quit(Quit));
    act(&mut app, Action::No);
    let retry = app.view().next_wake(due).unwrap();
    assert_eq!(retry, due + crate::app::saving::RETRY_INTERVAL);
    app.update(Action::Tick, retry);
    assert_eq!(rewrites(&mut app), 1);
    app.message = None;
    app.update(Event::Rearchived(failed()), retry);
    assert_eq!(app.view().message(), None, "said once");
    let again = app.view().next_wake(retry).unwrap();
    app.update(Action::Tick, again);
    assert_eq!(rewrites(&mut app), 1);
    app.update(Event::Rearchived(Ok("/data/games/g.pgn".into())), again);
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .contains("saved in /data/games/g.pgn again")
    );
    assert_eq!(app.view().next_wake(again), None);
    act(&mut app, Action::Quit);
    assert!(app.should_quit());
}
