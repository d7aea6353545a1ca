//! The whole playing screen drawn from an `App` on a `TestBackend`: buffer assertions for each
//! widget, and a few snapshots at 80x24 and 160x50, in colour and monochrome (`NO_COLOR`).
//!
//! Snapshots are plain text (see `tests/suite/render.rs` for the format of styled ones); accept
//! reviewed changes with `INSTA_UPDATE=always cargo test --test tests screen::`.

use crate::common;

use common::buffer::{styled, text};
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::style::{Color as Rgb, Modifier, Style};

use hotseat::app::keymap::Action;
use hotseat::app::{App, Config};
use hotseat::game::GameSetup;
use hotseat::rules::{Position, Role};
use hotseat::ui::layout::ScreenLayout;
use hotseat::ui::theme::{GlyphSet, Palette, Theme};

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn app_with(setup: GameSetup, theme: Theme, glyphs: GlyphSet) -> App {
    App::new(Config {
        setup,
        theme,
        glyphs,
        ..Config::default()
    })
}

fn mono() -> App {
    app_with(GameSetup::default(), Theme::monochrome(), GlyphSet::Unicode)
}

fn colour() -> App {
    app_with(
        GameSetup::default(),
        Theme::new(Palette::Wood, true),
        GlyphSet::Unicode,
    )
}

fn timed(tc: &str, theme: Theme) -> App {
    app_with(
        GameSetup {
            white: "Ann".into(),
            black: "Bob".into(),
            white_time: tc.parse().unwrap(),
            black_time: tc.parse().unwrap(),
            ..GameSetup::default()
        },
        theme,
        GlyphSet::Unicode,
    )
}

fn act(app: &mut App, action: Action) {
    app.update(action, app.view().now());
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        act(app, Action::Input(c));
    }
}

fn play(app: &mut App, moves: &[&str]) {
    for m in moves {
        typed(app, m);
        act(app, Action::Select);
        assert_eq!(app.view().message(), None, "{m}");
    }
}

fn draw(app: &mut App, w: u16, h: u16) -> Buffer {
    common::buffer::draw_app(app, (w, h))
}

fn lines(buf: &Buffer) -> Vec<String> {
    let w = usize::from(buf.area.width);
    buf.content
        .chunks(w)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
        .collect()
}

/// The row of the screen containing `needle`, and the column where it starts.
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    lines(buf).iter().enumerate().find_map(|(y, line)| {
        line.find(needle).map(|byte| {
            let x = line[..byte].chars().count();
            (x as u16, y as u16)
        })
    })
}

fn style_at(buf: &Buffer, at: (u16, u16)) -> Style {
    buf[at].style()
}

fn has_colour(buf: &Buffer) -> bool {
    buf.content.iter().any(|c| {
        let s = c.style();
        s.fg.is_some_and(|c| c != Rgb::Reset) || s.bg.is_some_and(|c| c != Rgb::Reset)
    })
}

/// A game in progress: 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6, White has typed "Q".
fn scholars_in_progress(mut app: App) -> App {
    play(&mut app, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]);
    typed(&mut app, "Qx");
    app
}

#[test]
fn snapshot_game_in_progress_80x24_monochrome() {
    let mut app = scholars_in_progress(mono());
    let buf = draw(&mut app, 80, 24);
    assert!(!has_colour(&buf), "NO_COLOR means no colour at all");
    insta::assert_snapshot!("screen_80x24_monochrome", styled(&buf));
}

#[test]
fn snapshot_game_in_progress_80x24_colour() {
    let mut app = scholars_in_progress(colour());
    let buf = draw(&mut app, 80, 24);
    assert!(has_colour(&buf));
    insta::assert_snapshot!("screen_80x24_colour", styled(&buf));
}

#[test]
fn snapshot_timed_game_160x50() {
    let mut app = timed("5+3", Theme::new(Palette::Blue, true));
    app.update(Action::Select, s(0));
    for (i, m) in [
        "d4", "d5", "c4", "dxc4", "e3", "b5", "a4", "c6", "axb5", "cxb5", "Qf3",
    ]
    .iter()
    .enumerate()
    {
        typed(&mut app, m);
        app.update(Action::Select, s(5 * i as u64 + 5));
    }
    app.update(Action::Tick, s(70));
    let buf = draw(&mut app, 160, 50);
    insta::assert_snapshot!("screen_160x50_timed", text(&buf));
}

#[test]
fn snapshot_game_over_80x24_ascii() {
    let mut app = app_with(GameSetup::default(), Theme::monochrome(), GlyphSet::Ascii);
    play(&mut app, &["f3", "e5", "g4", "Qh4"]);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("screen_80x24_game_over_ascii", text(&buf));
}

/// The panel makes room for the game-over box by the measure it is drawn by: at every size
/// its text and every key it lists are on the screen, and its frame is whole.
#[test]
fn the_game_over_box_fits_the_room_the_panel_makes_at_every_size() {
    let mut app = mono();
    play(&mut app, &["f3", "e5", "g4", "Qh4"]);
    for (w, h) in [(80, 24), (100, 30), (120, 40), (160, 50), (200, 60)] {
        let buf = draw(&mut app, w, h);
        let shown = text(&buf);
        let (x, y) = find(&buf, " Game over ").unwrap_or_else(|| panic!("{w}x{h}\n{shown}"));
        let dialog = app.view().dialog().unwrap();
        let plan = app.view().panel_layout().unwrap();
        let size = dialog.measure(plan.area.width);
        for line in &size.lines {
            assert!(shown.contains(line.as_str()), "{w}x{h}: {line}\n{shown}");
        }
        for (_, key, label) in size.keys.iter().flatten() {
            let hint = format!("{key} {label}");
            assert!(shown.contains(&hint), "{w}x{h}: {hint}\n{shown}");
        }
        // The bottom corner under the title's corner, on the screen and inside the panel.
        let bottom = y + size.height() - 1;
        let rows = lines(&buf);
        let corner = rows[usize::from(bottom)].chars().nth(usize::from(x) - 1);
        assert_eq!(corner, Some('└'), "{w}x{h}\n{shown}");
        assert!(bottom < plan.area.bottom(), "{w}x{h}\n{shown}");
    }
}

#[test]
fn every_part_of_the_screen_is_where_the_layout_puts_it() {
    let mut app = scholars_in_progress(mono());
    let buf = draw(&mut app, 80, 24);
    let screen = ScreenLayout::new(buf.area).unwrap();
    let rows = lines(&buf);
    assert!(rows[usize::from(screen.footer.y)].contains("F1 help"));
    assert!(
        rows[usize::from(screen.footer.y)]
            .trim_end()
            .ends_with("Ctrl-Q quit")
    );
    assert!(rows[usize::from(screen.prompt.y)].starts_with(" White › Qx  "));
    assert!(rows[usize::from(screen.status.y)].contains("White to move"));
    let (x, _) = find(&buf, "1. e4       e5").unwrap();
    assert!(x >= screen.panel.x);
}

#[test]
fn the_move_list_numbers_pairs_marks_check_and_highlights_the_last_move() {
    let mut app = mono();
    play(&mut app, &["e4", "f5", "Qh5+"]);
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "1. e4       f5").is_some());
    let (x, y) = find(&buf, "2. Qh5+").unwrap();
    let san = style_at(&buf, (x + 3, y));
    assert!(san.add_modifier.contains(Modifier::REVERSED), "{san:?}");
    assert!(text(&buf).contains("White"));
}

#[test]
fn a_set_up_position_with_black_to_move_starts_with_an_ellipsis() {
    let start = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12").unwrap();
    let mut app = app_with(
        GameSetup {
            start,
            ..GameSetup::default()
        },
        Theme::monochrome(),
        GlyphSet::Ascii,
    );
    play(&mut app, &["Kd7", "e4"]);
    let buf = draw(&mut app, 80, 24);
    // (ASCII pieces, ASCII dots: `...` as in PGN.)
    assert!(find(&buf, "12. ...      Kd7").is_some(), "{}", text(&buf));
    assert!(find(&buf, "13. e4").is_some());
}

#[test]
fn a_long_game_scrolls_to_keep_the_latest_move_in_view() {
    let mut app = mono();
    let ruy_lopez = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 \
                     Nbd7 c4 c6 cxb5 axb5 Nc3";
    play(&mut app, &ruy_lopez.split_whitespace().collect::<Vec<_>>());
    // 25 plies: 13 rows, more than the 9 that fit at 80x18.
    let buf = draw(&mut app, 80, 18);
    assert!(find(&buf, "13. Nc3").is_some(), "{}", text(&buf));
    assert!(find(&buf, "1. e4").is_none());
    assert!(
        find(&buf, "⋮").is_some(),
        "the list says there is more above"
    );
    // Reviewing the start brings the first moves back.
    act(&mut app, Action::HistoryStart);
    act(&mut app, Action::HistoryForward);
    let buf = draw(&mut app, 80, 18);
    assert!(find(&buf, "1. e4").is_some(), "{}", text(&buf));
    assert!(find(&buf, "Reviewing after 1. e4").is_some());
    let (x, y) = find(&buf, "1. e4").unwrap();
    let rows = lines(&buf);
    let below: Vec<&str> = rows[usize::from(y)..].iter().map(|r| r.as_str()).collect();
    assert!(
        below
            .iter()
            .any(|r| r.chars().nth(usize::from(x) - 3) == Some('⋮')),
        "the list says there is more below, in the number column:\n{}",
        text(&buf)
    );
    // Home shows the start position, and the list from its first move.
    act(&mut app, Action::HistoryStart);
    let buf = draw(&mut app, 80, 18);
    assert!(
        find(&buf, "Reviewing the start position").is_some(),
        "{}",
        text(&buf)
    );
    assert!(find(&buf, "1. e4").is_some(), "{}", text(&buf));
    // The mark above takes the number column's blank, not a digit.
    act(&mut app, Action::HistoryEnd);
    let buf = draw(&mut app, 80, 18);
    assert!(find(&buf, "⋮  5. O-O").is_some(), "{}", text(&buf));
}

#[test]
fn captured_pieces_and_the_material_lead() {
    let mut app = mono();
    play(
        &mut app,
        &[
            "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "Nd5", "Qxd2+", "Bxd2",
        ],
    );
    let buf = draw(&mut app, 80, 24);
    // White took a pawn and the queen, Black two pawns: White is 9 - 1 = 8 ahead... minus one.
    let white_line = find(&buf, "♛♟ +8").or_else(|| find(&buf, "♟♛"));
    assert!(white_line.is_some(), "{}", text(&buf));
    assert!(find(&buf, "♙♙").is_some(), "{}", text(&buf));
}

#[test]
fn clocks_show_names_times_the_running_one_and_low_time() {
    let mut app = timed("1+0", Theme::new(Palette::Wood, true));
    app.update(Action::Select, s(0));
    typed(&mut app, "e4");
    app.update(Action::Select, s(5));
    app.update(Action::Tick, Duration::from_millis(49_500));
    let buf = draw(&mut app, 80, 24);
    let (x, y) = find(&buf, "0:15.5").expect("Bob's time with tenths");
    let running = style_at(&buf, (x, y));
    assert_eq!(running.fg, Some(Rgb::LightRed), "low time warns");
    assert!(running.add_modifier.contains(Modifier::BOLD), "running");
    assert!(
        !running.add_modifier.contains(Modifier::DIM),
        "low time stays bright"
    );
    let (x, y) = find(&buf, "0:55").expect("Ann's time, not running");
    let waiting = style_at(&buf, (x, y));
    assert!(!waiting.add_modifier.contains(Modifier::BOLD));
    assert!(
        waiting.add_modifier.contains(Modifier::DIM),
        "the waiting clock is dim"
    );
    assert!(find(&buf, "Bob (Black)").is_some());
    assert!(
        find(&buf, "▶ ♚ Bob (Black)").is_some(),
        "the marker is on the side to move"
    );
}

#[test]
fn a_paused_clock_says_so() {
    let mut app = timed("5+0", Theme::monochrome());
    app.update(Action::Select, s(0));
    // Asked, then agreed.
    app.update(Action::Pause, s(2));
    app.update(Action::Pause, s(3));
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "4:57 paused").is_some(), "{}", text(&buf));
    assert!(find(&buf, "Clocks paused").is_some());
}

/// A path too long for one status line with the words before it: the message takes two.
const LONG_PATH: &str =
    "~/.local/share/hotseat/games/2026-11-24-Annabel-Lee-vs-Roberto-Bolano-unfinished.pgn";

/// The front end's word that the unfinished game went to the archive as `path`.
fn archived_unfinished(app: &mut App, path: &str) {
    let archived = hotseat::app::event::Archived {
        unfinished: true,
        result: Ok(path.into()),
        left_behind: None,
    };
    app.update(hotseat::app::Event::Archived(archived), app.view().now());
}

#[test]
fn a_two_line_message_leaves_the_panel_frame_whole() {
    let mut app = mono();
    archived_unfinished(&mut app, LONG_PATH);
    let buf = draw(&mut app, 80, 24);
    let screen = ScreenLayout::new(buf.area).unwrap();
    let rows = lines(&buf);
    let (_, y) = find(&buf, "The unfinished game was archived as").unwrap();
    assert_eq!(y, screen.status.y - 1, "the message took the row above");
    let frame_bottom = &rows[usize::from(y) - 1];
    assert!(
        frame_bottom.contains('└') && frame_bottom.trim_end().ends_with('┘'),
        "the panel's bottom edge moved up, whole:\n{}",
        rows.join("\n")
    );
}

#[test]
fn a_two_line_message_keeps_both_material_lines_in_the_panel() {
    let mut app = mono();
    play(
        &mut app,
        &[
            "e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "Nd5", "Qxd2+", "Bxd2",
        ],
    );
    archived_unfinished(&mut app, LONG_PATH);
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "was archived as").is_some(), "{}", text(&buf));
    assert!(find(&buf, "♙♙").is_some(), "{}", text(&buf));
    assert!(
        find(&buf, "♛♟ +8").or_else(|| find(&buf, "♟♛")).is_some(),
        "{}",
        text(&buf)
    );
}

#[test]
fn running_clocks_stay_in_sight_over_help_and_dialogs() {
    let mut app = timed("5+0", Theme::monochrome());
    app.update(Action::Select, s(0));
    app.update(Action::Tick, s(19));
    // The big clocks of a large terminal: the name line and the digits under it, as in play.
    let playing = lines(&draw(&mut app, 120, 40));
    let (x, y) = find(&draw(&mut app, 120, 40), "▶ ♔ Ann (White)").unwrap();
    let clock_rows = |rows: &[String]| -> Vec<String> {
        rows[usize::from(y)..usize::from(y) + 4]
            .iter()
            .map(|r| r.chars().skip(usize::from(x)).collect())
            .collect()
    };
    for action in [Action::Help, Action::Quit, Action::Save] {
        act(&mut app, action);
        let buf = draw(&mut app, 80, 24);
        assert!(
            find(&buf, "4:41").is_some(),
            "{action:?} at 80x24: White's running clock\n{}",
            text(&buf)
        );
        let buf = draw(&mut app, 120, 40);
        assert_eq!(
            clock_rows(&lines(&buf)),
            clock_rows(&playing),
            "{action:?} at 120x40\n{}",
            text(&buf)
        );
        act(&mut app, Action::Cancel);
    }
}

/// Over help, the running clocks must not cut its lines: at every size each row of the help
/// reads as written, whole, while White's running clock is still in sight.
#[test]
fn help_stays_whole_with_the_running_clocks_in_sight_at_every_size() {
    let mut app = timed("5+0", Theme::monochrome());
    app.update(Action::Select, s(0));
    app.update(Action::Tick, s(19));
    act(&mut app, Action::Help);
    for (w, h) in [(80, 24), (100, 30), (120, 40), (160, 50)] {
        for page in 0..3 {
            let buf = draw(&mut app, w, h);
            let shown = text(&buf);
            // The clock's name line: over its time in small, beside its big digits in large.
            assert!(
                find(&buf, "▶ ♔ Ann (White)").is_some(),
                "{w}x{h}: the clock\n{shown}"
            );
            if h < 40 {
                assert!(find(&buf, "4:41").is_some(), "{w}x{h}: its time\n{shown}");
            }
            let (popup, help) = hotseat::app::help::layout(buf.area);
            let rows = lines(&buf);
            let scroll = match app.mode() {
                hotseat::app::Mode::Help(help) => usize::from(help.scroll),
                mode => panic!("{mode:?}"),
            };
            for (i, line) in help.iter().skip(scroll).enumerate() {
                let y = usize::from(popup.y) + 1 + i;
                if y + 1 >= usize::from(popup.bottom()) {
                    break;
                }
                let inside: String = rows[y]
                    .chars()
                    .skip(usize::from(popup.x) + 1)
                    .take(usize::from(popup.width) - 2)
                    .collect();
                let written: String = line.0.iter().map(|(_, t)| t.as_str()).collect();
                assert_eq!(
                    inside.trim_end(),
                    written.trim_end(),
                    "{w}x{h}, page {page}, row {y}\n{shown}"
                );
            }
            act(&mut app, Action::ScrollPageDown);
        }
        act(&mut app, Action::Cancel);
        act(&mut app, Action::Help);
    }
}

#[test]
fn a_hint_too_long_for_the_prompt_line_ends_in_an_ellipsis() {
    let mut app = mono();
    // No shorter wording of a long line's moves fits either.
    typed(
        &mut app,
        "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6",
    );
    let buf = draw(&mut app, 80, 24);
    let screen = ScreenLayout::new(buf.area).unwrap();
    let row = &lines(&buf)[usize::from(screen.prompt.y)];
    assert!(row.contains("Enter plays"), "{row}");
    assert!(row.trim_end().ends_with('…'), "{row}");
}

#[test]
fn errors_stand_out_from_information_without_colour() {
    let mut app = mono();
    typed(&mut app, "e5");
    act(&mut app, Action::Select);
    let buf = draw(&mut app, 80, 24);
    let screen = ScreenLayout::new(buf.area).unwrap();
    let (x, y) = find(&buf, "no white pawn can reach e5").unwrap();
    assert_eq!(y, screen.status.y);
    let style = style_at(&buf, (x, y));
    assert!(style.add_modifier.contains(Modifier::REVERSED), "{style:?}");
}

#[test]
fn the_ready_screen_and_the_question_boxes() {
    let mut app = timed("5+3", Theme::monochrome());
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "Press Enter, or type White's first move,").is_some());
    assert!(find(&buf, "to start White's clock.").is_some());
    app.update(Action::Select, s(0));
    act(&mut app, Action::Draw);
    let buf = draw(&mut app, 80, 24);
    assert!(
        find(
            &buf,
            "Ann (White) offers a draw with this move · Ctrl-D withdraws"
        )
        .is_some(),
        "the offer made with the move to come, on one line: {}",
        text(&buf)
    );
    typed(&mut app, "e4");
    app.update(Action::Select, s(1));
    let buf = draw(&mut app, 80, 24);
    assert!(
        find(&buf, "Ann (White) offers a draw · Ctrl-D accepts").is_some(),
        "the question on the status line, the board free: {}",
        text(&buf)
    );
    assert!(app.view().dialog().is_none());
    let buf = draw(&mut app, 120, 40);
    assert!(
        find(
            &buf,
            "Ann (White) offers a draw · Bob (Black): Ctrl-D accepts, Esc or a move declines"
        )
        .is_some(),
        "{}",
        text(&buf)
    );
}

#[test]
fn the_promotion_picker_highlights_its_choice() {
    let start = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut app = app_with(
        GameSetup {
            start,
            ..GameSetup::default()
        },
        Theme::monochrome(),
        GlyphSet::Ascii,
    );
    typed(&mut app, "b7b8");
    act(&mut app, Action::Select);
    act(&mut app, Action::CursorRight);
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "Promote to").is_some());
    let (x, y) = find(&buf, "[R Rook]").expect("the rook is highlighted");
    assert!(
        style_at(&buf, (x + 1, y))
            .add_modifier
            .contains(Modifier::REVERSED)
    );
    assert!(find(&buf, " Q Queen ").is_some());
    act(&mut app, Action::Promote(Role::Bishop));
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "1. b8=B").is_some());
}

#[test]
fn the_new_game_form_shows_presets_and_the_fen_error_inline() {
    let mut app = mono();
    act(&mut app, Action::NewGame);
    act(&mut app, Action::CursorUp);
    typed(&mut app, "8/8 w");
    let buf = draw(&mut app, 80, 24);
    let all = text(&buf);
    assert!(find(&buf, "New game").is_some(), "{all}");
    // The choices take two rows, every one shown whole, down to the smallest screen.
    for (width, height) in [(60, 18), (80, 24)] {
        let buf = draw(&mut app, width, height);
        let all = text(&buf);
        assert!(
            find(&buf, "1+0 3+0 3+2 5+0 5+3 10+0 10+5 15+10 30+0 90+30").is_some(),
            "{all}"
        );
        assert!(find(&buf, "none custom").is_some(), "{all}");
    }
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, "◀ FEN ▶ 8/8 w").is_some(), "{all}");
    let expected = Position::from_fen("8/8 w").unwrap_err().to_string();
    let first_words: String = expected
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(all.contains(&first_words), "{first_words}\n{all}");
}

#[test]
fn help_overlay_lists_commands() {
    let mut app = mono();
    act(&mut app, Action::Help);
    let buf = draw(&mut app, 80, 24);
    assert!(find(&buf, " Help ").is_some());
    assert!(find(&buf, "Keys while playing").is_some());
}

#[test]
fn below_the_minimum_the_screen_says_how_big_it_must_be() {
    let mut app = mono();
    let buf = draw(&mut app, 59, 16);
    assert!(find(&buf, "terminal too small: need 60x16 (have 59x16)").is_some());
    let buf = draw(&mut app, 60, 16);
    assert!(find(&buf, "terminal too small").is_none());
    assert!(find(&buf, "Ctrl-Q quit").is_some(), "{}", text(&buf));
}

#[test]
fn tiny_and_odd_sizes_draw_without_panicking() {
    let mut app = scholars_in_progress(colour());
    for (w, h) in [(1, 1), (2, 40), (200, 3), (60, 16), (61, 17), (300, 100)] {
        draw(&mut app, w, h);
    }
    act(&mut app, Action::Help);
    draw(&mut app, 60, 16);
    act(&mut app, Action::Cancel);
    act(&mut app, Action::NewGame);
    draw(&mut app, 60, 16);
    draw(&mut app, 20, 5);
}

#[test]
fn the_footer_says_enter_plays_a_typed_move() {
    let mut app = mono();
    let footer = |buf: &Buffer| text(buf).lines().nth(23).unwrap_or_default().to_owned();
    let before = footer(&draw(&mut app, 80, 24));
    assert!(before.contains("Enter select"), "{before}");
    typed(&mut app, "Nf");
    let after = footer(&draw(&mut app, 80, 24));
    assert!(after.contains("Enter play move"), "{after}");
    assert!(!after.contains("select"), "{after}");
}

/// The screen at the sizes players use, from a narrow tall window to a wide short one and a
/// big one: board and panel sized and centred as a group (text only; colours are in the other
/// snapshots).
#[test]
fn snapshots_of_a_game_in_progress_at_six_sizes() {
    for (w, h) in [
        (62, 50),
        (80, 24),
        (120, 40),
        (160, 50),
        (200, 20),
        (250, 70),
    ] {
        let mut app = scholars_in_progress(colour());
        let buf = draw(&mut app, w, h);
        insta::assert_snapshot!(format!("screen_{w}x{h}_in_progress"), text(&buf));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Any size from the minimum to 300x90 draws without panicking, and the board, the panel
    /// and the three bottom lines never overlap.
    #[test]
    fn every_size_draws_and_nothing_overlaps(w in 60u16..=300, h in 16u16..=90) {
        let screen = ScreenLayout::new(ratatui::layout::Rect::new(0, 0, w, h)).unwrap();
        let parts = [screen.board, screen.panel, screen.status, screen.prompt, screen.footer];
        for (i, a) in parts.iter().enumerate() {
            proptest::prop_assert!(a.right() <= w && a.bottom() <= h, "{w}x{h}: {a:?} outside");
            for b in &parts[i + 1..] {
                proptest::prop_assert!(!a.intersects(*b), "{w}x{h}: {a:?} overlaps {b:?}");
            }
        }
        let board = hotseat::ui::board::BoardLayout::new(screen.board, hotseat::rules::Color::White);
        proptest::prop_assert!(board.is_some_and(|b| screen.board.contains(b.area().as_position())
            && screen.board.intersection(b.area()) == b.area()));
        let mut app = scholars_in_progress(colour());
        draw(&mut app, w, h);
    }
}

#[test]
fn the_panel_title_names_the_chess960_start_position() {
    let chess960 = |start: Position| {
        app_with(
            GameSetup {
                start,
                ..GameSetup::default()
            },
            Theme::monochrome(),
            GlyphSet::Unicode,
        )
    };
    for (w, h) in [(80, 24), (120, 40), (160, 50)] {
        let buf = draw(&mut chess960(Position::chess960(518).unwrap()), w, h);
        assert!(
            find(&buf, "untimed · Chess960 #518").is_some(),
            "{w}x{h}:\n{}",
            text(&buf)
        );
    }
    let mut from_fen = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    from_fen.set_chess960(true);
    let buf = draw(&mut chess960(from_fen), 80, 24);
    assert!(find(&buf, "Chess960 ").is_some(), "{}", text(&buf));
    assert!(find(&buf, "#").is_none(), "{}", text(&buf));
    let buf = draw(&mut mono(), 80, 24);
    assert!(find(&buf, "Chess960").is_none());
}

/// A loaded game with comments, glyphs and clock readings, reviewed at 80x24.
fn annotated(glyphs: GlyphSet) -> App {
    let text = "[White \"Ann\"]\n[Black \"Bob\"]\n[TimeControl \"300+2\"]\n\n\
                {A short game to show the notes.} 1. e4 $1 {[%clk 0:04:58]} e5 {[%clk 0:04:55]} \
                2. Bc4 {[%clk 0:04:50] The Italian bishop, aimed at f7 from the start.} Nc6 $6 \
                {[%clk 0:04:30]} 3. Qh5 $13 {[%clk 0:04:41]} Nf6 $4 {[%clk 0:04:00] Black \
                overlooks the threat: g6 was needed.} 4. Qxf7# $3 $18 {[%clk 0:04:40]} 1-0\n";
    let opened = hotseat::game::pgn::import_game(text).unwrap();
    App::new(Config {
        theme: Theme::monochrome(),
        glyphs,
        opening: Some(hotseat::app::GameToOpen::Load(Box::new(
            hotseat::app::OpenedGame {
                game: opened.game,
                tags: opened.tags,
                source: "notes.pgn".into(),
                archive_file: None,
            },
        ))),
        ..Config::default()
    })
}

#[test]
fn snapshot_review_with_glyphs_comment_and_clocks_80x24() {
    let mut app = annotated(GlyphSet::Unicode);
    act(&mut app, Action::Review);
    act(&mut app, Action::CursorLeft);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("screen_80x24_review_notes", text(&buf));
}

#[test]
fn snapshot_review_glyphs_in_ascii_80x24() {
    let mut app = annotated(GlyphSet::Ascii);
    act(&mut app, Action::Review);
    act(&mut app, Action::CursorUp);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("screen_80x24_review_notes_ascii", text(&buf));
}

/// A game opened from PGN text, as `--load` opens it.
fn loaded(text: &str, theme: Theme, glyphs: GlyphSet) -> App {
    let opened = hotseat::game::pgn::import_game(text).unwrap();
    App::new(Config {
        theme,
        glyphs,
        opening: Some(hotseat::app::GameToOpen::Load(Box::new(
            hotseat::app::OpenedGame {
                game: opened.game,
                tags: opened.tags,
                source: "loaded.pgn".into(),
                archive_file: None,
            },
        ))),
        ..Config::default()
    })
}

/// A loaded game with nested variations, shown inside one of them.
fn with_variations(theme: Theme, glyphs: GlyphSet) -> App {
    let mut app = loaded(include_str!("../data/variations.pgn"), theme, glyphs);
    act(&mut app, Action::Review);
    act(&mut app, Action::CursorUp);
    for _ in 0..5 {
        act(&mut app, Action::CursorRight);
    }
    // After 3. d4: into 3... exd4, on to 4. Nxd4, then the nested 4. Qxd4.
    act(&mut app, Action::VariationNext);
    act(&mut app, Action::CursorRight);
    act(&mut app, Action::CursorLeft);
    act(&mut app, Action::VariationNext);
    app
}

#[test]
fn snapshot_variations_in_the_move_list_80x24() {
    let mut app = with_variations(Theme::monochrome(), GlyphSet::Unicode);
    let buf = draw(&mut app, 80, 24);
    let screen = text(&buf);
    assert!(screen.contains("(4. Qxd4"), "{screen}");
    insta::assert_snapshot!("screen_80x24_variations", screen);
}

#[test]
fn snapshot_variations_in_the_move_list_80x24_ascii() {
    let mut app = with_variations(Theme::monochrome(), GlyphSet::Ascii);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("screen_80x24_variations_ascii", text(&buf));
}

#[test]
fn the_variation_move_shown_is_highlighted_and_variations_are_dimmer() {
    let mut app = with_variations(Theme::default(), GlyphSet::Unicode);
    let buf = draw(&mut app, 80, 24);
    let shown = find(&buf, "(4. Qxd4").unwrap();
    assert!(
        style_at(&buf, shown)
            .add_modifier
            .contains(Modifier::REVERSED)
    );
    let other = find(&buf, "4... Nf6").unwrap();
    assert!(
        !style_at(&buf, other)
            .add_modifier
            .contains(Modifier::REVERSED)
    );
    assert_ne!(
        style_at(&buf, other),
        style_at(&buf, find(&buf, "dxe5").unwrap())
    );
}

/// The pieces a side has taken are drawn as the board draws them: Black's pawn, taken by White
/// and shown beside Ann's clock, in Black's colour (not in the grey that reads as White's).
#[test]
fn captured_pieces_are_drawn_in_their_own_sides_colour() {
    let theme = Theme::new(Palette::Wood, true);
    let mut app = timed("3+2", theme);
    act(&mut app, Action::Select);
    play(&mut app, &["e4", "d5", "exd5"]);
    let buf = draw(&mut app, 80, 24);
    let (x, y) = find(&buf, "♟ +1").expect("White's capture and lead");
    let (ann_x, ann_y) = find(&buf, "Ann (White)").unwrap();
    assert!(x > 44 && y + 1 == ann_y && ann_x > 44, "{}", text(&buf));
    let black = theme.piece(hotseat::rules::Color::Black, false).fg;
    assert_eq!(style_at(&buf, (x, y)).fg, black, "{}", styled(&buf));
}

/// With ASCII pieces no symbol outside ASCII marks a list that goes on: `:` for `⋮`.
#[test]
fn ascii_pieces_mark_more_moves_without_symbols() {
    let mut app = app_with(GameSetup::default(), Theme::monochrome(), GlyphSet::Ascii);
    play(
        &mut app,
        &[
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+",
            "Nc3", "Nxe4", "O-O", "Nxc3", "bxc3", "Bxc3", "Ba3", "d5",
        ],
    );
    let buf = draw(&mut app, 80, 18);
    assert!(find(&buf, "⋮").is_none(), "{}", text(&buf));
    let marked = lines(&buf).iter().any(|l| {
        l.match_indices(":  ")
            .any(|(i, _)| l[i + 3..].starts_with(|c: char| c.is_ascii_digit()))
    });
    assert!(marked, "{}", text(&buf));
}

/// The new-game form asked for over a game in progress is drawn whole at every small size: no
/// clock line over its frame or its text (the game's clock waits while it is open).
#[test]
fn the_new_game_form_is_drawn_whole_over_a_game_in_progress() {
    use ratatui::widgets::Widget;
    for tc in ["3+2", "-"] {
        let mut app = if tc == "-" {
            mono()
        } else {
            timed(tc, Theme::monochrome())
        };
        app.update(Action::Select, s(0));
        play(&mut app, &["e4", "d5", "exd5", "Qxd5", "Nc3"]);
        app.update(Action::Tick, s(4));
        act(&mut app, Action::NewGame);
        act(&mut app, Action::Yes);
        for (w, h) in [(80, 24), (60, 18)] {
            let buf = draw(&mut app, w, h);
            let hotseat::app::Mode::NewGame(form) = app.mode() else {
                panic!("{:?}", app.mode());
            };
            let mut alone = Buffer::empty(buf.area);
            hotseat::ui::new_game::NewGameView {
                form,
                theme: app.view().theme(),
            }
            .render(buf.area, &mut alone);
            let (screen, form_rows) = (lines(&buf), lines(&alone));
            let top = form_rows.iter().position(|r| r.contains('┌')).unwrap();
            let bottom = form_rows.iter().rposition(|r| r.contains('└')).unwrap();
            let left = form_rows[top].chars().position(|c| c == '┌').unwrap();
            let right = form_rows[top].chars().position(|c| c == '┐').unwrap();
            for y in top..=bottom {
                let part = |row: &String| -> String {
                    row.chars().skip(left).take(right + 1 - left).collect()
                };
                assert_eq!(
                    part(&screen[y]),
                    part(&form_rows[y]),
                    "{tc} at {w}x{h}, row {y}\n{}",
                    text(&buf)
                );
            }
        }
    }
}

/// At 60x16 the panel has no room for the game-over box: it goes over board and panel, and
/// hides the result the panel writes rather than leaving a piece of it beside the box.
#[test]
fn the_game_over_box_on_the_smallest_screen_leaves_no_piece_of_the_panels_result() {
    let mut app = mono();
    act(&mut app, Action::Draw);
    play(&mut app, &["e4"]);
    act(&mut app, Action::Yes);
    let buf = draw(&mut app, 60, 16);
    let screen = ScreenLayout::new(buf.area).unwrap();
    let above: String = lines(&buf)[..usize::from(screen.status.y)].join("\n");
    assert!(above.contains("┌ Game over"), "{above}");
    assert!(above.contains("1/2-1/2"), "{above}");
    assert_eq!(above.matches("reement").count(), 1, "{above}");
}
