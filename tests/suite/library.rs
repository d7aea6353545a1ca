//! The games library from the command line: `hotseat games` and `hotseat import`, on a data
//! folder of the test's own.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

fn data_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("hotseat-cli-library-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn hotseat(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .arg("--data-dir")
        .arg(dir)
        .output()
        .expect("the hotseat binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

const DOWNLOAD: &str = "\
[Event \"Rated blitz game\"]
[Date \"2026.10.01\"]
[White \"Ann\"]
[Black \"Bob\"]
[Result \"0-1\"]
[TimeControl \"300+3\"]
[Termination \"Time forfeit\"]

1. e4 { [%eval 0.2] [%clk 0:05:00] } e5 2. Nf3 Nc6 3. Bb5 a6 0-1

[Date \"2026.10.02\"]
[White \"Bob\"]
[Black \"Ann\"]
[Result \"1-0\"]

1. e4 e5 2. Ke3 Nc6 1-0

[Date \"2026.10.03\"]
[White \"Cid\"]
[Black \"Ann\"]
[Result \"1/2-1/2\"]

1. d4 d5 2. c4 1/2-1/2

[Date \"2026.10.01\"]
[White \"Ann\"]
[Black \"Bob\"]
[Result \"0-1\"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 0-1
";

#[test]
fn import_counts_added_duplicates_and_refused_then_games_lists_them() {
    let dir = data_dir("import");
    let file = dir.join("download.pgn");
    fs::write(&file, DOWNLOAD).unwrap();
    let out = hotseat(&dir, &["import", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.starts_with("2 games added, 1 already in the library, 1 refused\n"),
        "{said}"
    );
    assert!(
        said.contains("refused game 2: move 2.") && said.contains("Ke3"),
        "{said}"
    );
    // Not a terminal: no progress bar.
    assert_eq!(text(&out.stderr), "");

    let again = hotseat(&dir, &["import", file.to_str().unwrap()]);
    assert!(text(&again.stdout).starts_with("0 games added, 3 already in the library, 1 refused"));

    let list = hotseat(&dir, &["games"]);
    assert!(list.status.success(), "{}", text(&list.stderr));
    let lines: Vec<String> = text(&list.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("2026-10-03\tCid\tAnn\t1/2-1/2\tresult only\t2\tD06\t"),
        "{}",
        lines[0]
    );
    let fields: Vec<&str> = lines[1].split('\t').collect();
    assert_eq!(
        &fields[..7],
        ["2026-10-01", "Ann", "Bob", "0-1", "flag", "3", "C70"]
    );
    assert_eq!(
        &fields[8..],
        ["5+3", "standard", "engine", "imported-download.pgn#0"],
        "the new games in one collection file, each named by its place there"
    );

    let filtered = hotseat(&dir, &["games", "ann", "flag"]);
    assert_eq!(text(&filtered.stdout).lines().count(), 1);
    let json = hotseat(&dir, &["games", "C70", "--json"]);
    let json = text(&json.stdout);
    assert!(
        json.starts_with("[\n  {\"date\": \"2026-10-01\", \"white\": \"Ann\""),
        "{json}"
    );
    assert!(
        json.contains("\"moves\": 3") && json.contains("\"engine_report\": true"),
        "{json}"
    );
    assert!(json.ends_with("}\n]\n"), "{json}");
    let none = hotseat(&dir, &["games", "zzz", "--json"]);
    assert_eq!(text(&none.stdout), "[\n]\n");
    // Printed as read: the comma of each game but the last still ends its line.
    let both = hotseat(&dir, &["games", "--json"]);
    let both = text(&both.stdout);
    let lines: Vec<&str> = both.lines().collect();
    assert_eq!(lines.len(), 4, "{both}");
    assert!(lines[1].starts_with("  {\"date\": \"2026-10-03\"") && lines[1].ends_with("},"));
    assert!(lines[2].starts_with("  {\"date\": \"2026-10-01\"") && lines[2].ends_with('}'));
    assert_eq!(lines[3], "]");
    let header = hotseat(&dir, &["games", "flag", "--header"]);
    let header = text(&header.stdout);
    assert!(header.starts_with("date\twhite\tblack\t"), "{header}");
    assert_eq!(header.lines().count(), 2, "{header}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn import_of_a_file_with_no_game_or_no_file_fails_saying_why() {
    let dir = data_dir("bad");
    let empty = dir.join("empty.pgn");
    fs::write(&empty, "\n\n").unwrap();
    let out = hotseat(&dir, &["import", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("holds no PGN game"),
        "{}",
        text(&out.stderr)
    );

    let missing = dir.join("missing.pgn");
    let out = hotseat(&dir, &["import", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("cannot import") && err.contains("example: hotseat import"),
        "{err}"
    );

    let broken = dir.join("broken.pgn");
    fs::write(&broken, "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = hotseat(&dir, &["import", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("refused game 1"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("no game of"),
        "{}",
        text(&out.stderr)
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn games_sets_a_damaged_database_aside_rebuilds_it_and_names_a_file_that_is_no_game() {
    let dir = data_dir("garbled");
    let file = dir.join("download.pgn");
    fs::write(&file, DOWNLOAD).unwrap();
    hotseat(&dir, &["import", file.to_str().unwrap()]);
    let before = text(&hotseat(&dir, &["games"]).stdout);
    fs::write(dir.join("hotseat.db"), "garbage\n".repeat(1000)).unwrap();
    fs::write(
        dir.join("games").join("x.pgn"),
        "[White \"A\"]\n\n1. e5 *\n",
    )
    .unwrap();
    let out = hotseat(&dir, &["games"]);
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), before);
    let err = text(&out.stderr);
    assert!(
        err.contains("x.pgn in ") && err.contains("is not listed"),
        "{err}"
    );
    assert!(
        err.contains("index was rebuilt") && err.contains("set aside as"),
        "{err}"
    );
    assert_eq!(
        fs::read(dir.join("hotseat.damaged.db")).unwrap(),
        "garbage\n".repeat(1000).as_bytes(),
        "the damaged file is kept"
    );
    // Asked for: the same list, made again from every file.
    let rebuilt = hotseat(&dir, &["games", "--rebuild"]);
    assert!(rebuilt.status.success());
    assert_eq!(text(&rebuilt.stdout), before);
    let header = hotseat(&dir, &["games", "--header", "cid"]);
    assert_eq!(
        text(&header.stdout).lines().next(),
        Some(
            "date\twhite\tblack\tresult\tending\tmoves\teco\topening\ttime_control\tvariant\tengine_report\tfile"
        )
    );
    assert_eq!(text(&header.stdout).lines().count(), 2);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn load_opens_a_game_of_the_library_by_the_name_games_lists() {
    use std::io::Write;
    let dir = data_dir("load-by-name");
    let file = dir.join("download.pgn");
    fs::write(&file, DOWNLOAD).unwrap();
    hotseat(&dir, &["import", file.to_str().unwrap()]);
    let list = text(&hotseat(&dir, &["games", "cid"]).stdout);
    let name = list.trim_end().rsplit('\t').next().unwrap().to_owned();
    assert!(name.starts_with("imported-download.pgn#"), "{name}");
    // From another folder: the name is not a file there, so the library's is opened.
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["--plain", "--load", &name, "--data-dir"])
        .arg(&dir)
        .current_dir(std::env::temp_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"quit\ny\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let said = text(&out.stdout);
    assert!(
        said.contains("Loaded ") && said.contains("Cid vs Ann"),
        "{said}{}",
        text(&out.stderr)
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn import_reads_a_zstd_file_as_lichess_ships_them_and_refuses_one_that_is_not() {
    let dir = data_dir("zstd");
    let packed = ruzstd::encoding::compress_to_vec(
        DOWNLOAD.as_bytes(),
        ruzstd::encoding::CompressionLevel::Fastest,
    );
    let file = dir.join("lichess_db_standard_rated_2013-01.pgn.zst");
    fs::write(&file, packed).unwrap();
    let out = hotseat(&dir, &["import", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("2 games added, 1 already in the library, 1 refused\n"),
        "{}",
        text(&out.stdout)
    );
    let plain = dir.join("not-packed.pgn.zst");
    fs::write(&plain, DOWNLOAD).unwrap();
    let out = hotseat(&dir, &["import", plain.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not a zstd file"),
        "{}",
        text(&out.stderr)
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unclosed_comment_costs_its_own_game_and_the_import_reads_on() {
    let dir = data_dir("unclosed");
    // A comment never closed: more than 8 MiB without the end of a game, then two games.
    let mut file_text =
        String::from("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 { never closed ");
    file_text.push_str(&"x".repeat(9 << 20));
    for (white, moves) in [("Cid", "1. d4 d5"), ("Dee", "1. c4 e5")] {
        file_text.push_str(&format!(
            "\n\n[White \"{white}\"]\n[Black \"Eve\"]\n[Result \"1-0\"]\n\n{moves} 1-0\n"
        ));
    }
    let file = dir.join("unclosed.pgn");
    fs::write(&file, file_text).unwrap();
    let out = hotseat(&dir, &["import", file.to_str().unwrap()]);
    let said = text(&out.stdout);
    assert!(
        said.starts_with("2 games added, 0 already in the library, 1 refused\n"),
        "{said}"
    );
    assert!(said.contains("runs into the next game's tags"), "{said}");
    // As small: an unclosed comment in game 2 of 4 costs game 2 alone.
    let small = "[White \"Ann\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
                 [White \"Bob\"]\n[Result \"*\"]\n\n1. d4 { unclosed *\n\n\
                 [White \"Cid\"]\n[Result \"*\"]\n\n1. c4 *\n\n\
                 [White \"Dee\"]\n[Result \"*\"]\n\n1. f4 *\n";
    let file = dir.join("small.pgn");
    fs::write(&file, small).unwrap();
    let said = text(&hotseat(&dir, &["import", file.to_str().unwrap()]).stdout);
    assert!(
        said.starts_with("3 games added, 0 already in the library, 1 refused\nrefused game 2: "),
        "{said}"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_import_killed_midway_leaves_every_filed_game_with_its_positions_and_running_it_again_files_the_rest()
 {
    let dir = data_dir("killed");
    // Three batches' worth of short games, each of its own (the players differ).
    let games = 12_000;
    let text: String = (0..games)
        .map(|i| {
            format!(
                "[Date \"2026.01.01\"]\n[White \"P{i}\"]\n[Black \"Q\"]\n[Result \"1-0\"]\n\n\
                 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
            )
        })
        .collect();
    let file = dir.join("many.pgn");
    fs::write(&file, text).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(["import", file.to_str().unwrap(), "--data-dir"])
        .arg(&dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Killed once its first batch is staged: wherever it is then (staging the next batch,
    // committing it, between the two), what it filed must be whole.
    let staging = dir.join("imports");
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(120) {
        let staged = fs::read_dir(&staging)
            .ok()
            .and_then(|mut d| d.next())
            .is_some();
        if staged || child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // Not a wait for anything: the kill lands a while after the first batch, wherever the
    // import is then, which is the point of the test.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let _ = child.kill();
    child.wait().unwrap();
    // The next opening of the library merges what the import staged.
    let listed = hotseat(&dir, &["games"]);
    assert!(listed.status.success(), "{}", text_of(&listed.stderr));
    let filed = text_of(&listed.stdout).lines().count();
    let consistent = |filed: usize| {
        let conn = rusqlite::Connection::open(dir.join("hotseat.db")).unwrap();
        let count = |sql: &str| -> usize {
            conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap() as usize
        };
        assert_eq!(count("SELECT count(*) FROM games"), filed);
        assert_eq!(
            count("SELECT count(DISTINCT game) FROM positions"),
            filed,
            "every game filed has its positions"
        );
        assert_eq!(
            count("SELECT count(*) FROM positions WHERE game NOT IN (SELECT id FROM games)"),
            0,
            "no position of a game not filed"
        );
        // Eight positions a game (the last one has no move played from it).
        assert_eq!(count("SELECT count(*) FROM positions"), filed * 6);
        assert!(fs::read_dir(&staging).map_or(true, |mut d| d.next().is_none()));
    };
    consistent(filed);
    // Running it again files the rest, once each.
    let again = hotseat(&dir, &["import", file.to_str().unwrap()]);
    let said = text_of(&again.stdout);
    assert!(
        said.starts_with(&format!(
            "{} games added, {filed} already in the library, 0 refused",
            games - filed
        )),
        "{said}"
    );
    consistent(games);
    fs::remove_dir_all(dir).unwrap();
}

fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

// ---- The library screen, drawn alone ----

use hotseat::app::keymap::Action;
use hotseat::app::library::LibraryList;
use hotseat::look::{Palette, Theme};
use hotseat::store::{Entry, FileStamp, summarize};
use hotseat::ui::library::{CHROME_ROWS, LibraryView};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Thirty games of a small club, with openings, endings, clocks, Chess960 and an evaluation.
fn club() -> Vec<Entry> {
    let players = ["Ann", "Bob", "Cid", "Dee", "Evangeline Montgomery"];
    let lines = [
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "0-1", "White resigns."),
        ("1. d4 d5 2. c4", "1/2-1/2", "Draw by agreement."),
        ("1. e4 c5 2. Nf3 d6", "1-0", "White wins on time."),
        ("1. f3 e5 2. g4 Qh4#", "0-1", ""),
        ("1. c4 e5 2. Nc3 Nf6 3. g3", "*", ""),
    ];
    (0..30)
        .map(|i| {
            let (moves, result, closing) = lines[i % lines.len()];
            let closing = if closing.is_empty() { String::new() } else { format!("{{ {closing} }} ") };
            let eval = if i % 7 == 0 { "{ [%eval 0.25] } " } else { "" };
            let tc = if i % 3 == 0 { "[TimeControl \"300+3\"]\n" } else { "" };
            let text = format!(
                "[Date \"2026.{:02}.{:02}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{result}\"]\n{tc}\n{moves} {eval}{closing}{result}\n",
                1 + i / 28,
                1 + i % 28,
                players[i % players.len()],
                players[(i + 2) % players.len()],
            );
            let summary = summarize(&text).unwrap();
            Entry::new(format!("{i:02}.pgn"), FileStamp::default(), summary)
        })
        .collect()
}

fn draw(list: &mut LibraryList, w: u16, h: u16, theme: Theme, ascii: bool) -> Buffer {
    list.set_page(usize::from(h - CHROME_ROWS));
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    let view = LibraryView {
        list,
        theme,
        ascii,
        note: None,
        trash: false,
        reached: false,
    };
    (&view).render(buf.area, &mut buf);
    buf
}

fn mono() -> Theme {
    Theme::monochrome()
}

#[test]
fn library_screen_80x24() {
    let mut list = LibraryList::new(club());
    list.handle(Action::CursorDown);
    let buf = draw(&mut list, 80, 24, mono(), false);
    insta::assert_snapshot!("library_80x24", crate::common::buffer::text(&buf));
}

#[test]
fn library_screen_120x40_filtered_and_sorted_ascii() {
    let mut list = LibraryList::new(club());
    for c in "ann".chars() {
        list.handle(Action::Input(c));
    }
    list.handle(Action::CursorRight);
    list.handle(Action::Complete);
    let buf = draw(&mut list, 120, 40, Theme::new(Palette::Wood, true), true);
    insta::assert_snapshot!("library_120x40_filtered", crate::common::buffer::text(&buf));
}

#[test]
fn the_selected_game_is_marked_without_colour() {
    let mut list = LibraryList::new(club());
    list.handle(Action::CursorDown);
    let buf = draw(&mut list, 80, 24, mono(), false);
    // Row 3 is the first game, row 4 the selected one.
    let reversed = |y: u16| {
        buf[(0, y)]
            .modifier
            .contains(ratatui::style::Modifier::REVERSED)
    };
    assert!(!reversed(3) && reversed(4) && !reversed(5));
    for x in 0..80 {
        assert!(
            buf[(x, 4)].fg == ratatui::style::Color::Reset,
            "no colour at {x}"
        );
    }
}

#[test]
fn an_empty_library_and_a_filter_that_keeps_nothing_say_what_to_do() {
    let mut empty = LibraryList::new(Vec::new());
    let text = crate::common::buffer::text(&draw(&mut empty, 80, 24, mono(), false));
    assert!(text.contains("No games yet"), "{text}");
    let mut list = LibraryList::new(club());
    for c in "zzz".chars() {
        list.handle(Action::Input(c));
    }
    let text = crate::common::buffer::text(&draw(&mut list, 80, 24, mono(), false));
    assert!(
        text.contains("0 of 30 games") && text.contains("Esc clears it"),
        "{text}"
    );
}

#[test]
fn the_question_before_a_delete_is_asked_over_the_library_not_the_board() {
    use hotseat::app::dialogs::LibraryNews;
    use hotseat::app::{App, Config, Event};
    let mut app = App::new(Config {
        autosave: true,
        theme: mono(),
        ..Config::default()
    });
    let now = std::time::Duration::ZERO;
    app.update(Action::Library, now);
    app.update(
        Event::Library(LibraryNews::Loaded(Ok(hotseat::app::library::Page::whole(
            club(),
        )))),
        now,
    );
    app.update(Action::DeleteForward, now);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| hotseat::ui::render(&app, frame))
        .unwrap();
    let screen = crate::common::buffer::text(terminal.backend().buffer());
    assert!(screen.contains("Delete this game?"), "{screen}");
    assert!(screen.starts_with("Library  30 games"), "{screen}");
}

/// The library covers the whole screen: the running clocks of the game left behind (paused
/// meanwhile) are not drawn over its rows, as they are over a dialog.
#[test]
fn the_library_is_not_drawn_over_by_the_clocks_of_the_game_left() {
    use hotseat::app::dialogs::LibraryNews;
    use hotseat::app::{App, Config, Event};
    let mut app = App::new(Config {
        autosave: true,
        theme: mono(),
        ..Config::default()
    });
    let mut now = std::time::Duration::ZERO;
    for c in "e4".chars() {
        app.update(Action::Input(c), now);
    }
    app.update(Action::Select, now);
    now += std::time::Duration::from_secs(1);
    app.update(Action::Library, now);
    app.update(
        Event::Library(LibraryNews::Loaded(Ok(hotseat::app::library::Page::whole(
            club(),
        )))),
        now,
    );
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|frame| hotseat::ui::render(&app, frame))
        .unwrap();
    let screen = crate::common::buffer::text(terminal.backend().buffer());
    assert!(screen.starts_with("Library  30 games"), "{screen}");
    assert!(
        !screen.contains("Black") || !screen.lines().nth(1).unwrap().contains("Black"),
        "{screen}"
    );
    assert!(!screen.contains('▶'), "{screen}");
}

// ---- The whole screen: the library, the trash and the explorer panel ----

use hotseat::app::dialogs::LibraryNews;
use hotseat::app::{App, Config, Event};
use hotseat::game::GameSetup;
use hotseat::look::GlyphSet;
use hotseat::store::ExplorerRow;

/// An app that keeps games (so that it has a library), after Ann and Bob's game of fool's mate
/// (as `--load` would show it: over, the game-over box closed).
fn keeping_app(theme: Theme, glyphs: GlyphSet) -> App {
    let mut app = App::new(Config {
        setup: GameSetup {
            white: "Ann".into(),
            black: "Bob".into(),
            ..GameSetup::default()
        },
        theme,
        glyphs,
        autosave: true,
        ..Config::default()
    });
    for m in ["f3", "e5", "g4", "Qh4#"] {
        for c in m.chars() {
            app.update(Action::Input(c), app.view().now());
        }
        app.update(Action::Select, app.view().now());
    }
    app.update(Action::Review, app.view().now());
    assert!(app.game().is_over());
    assert_eq!(app.mode(), &hotseat::app::Mode::Playing);
    app
}

fn news(app: &mut App, news: LibraryNews) {
    app.update(Event::Library(news), app.view().now());
}

fn screen(app: &mut App, w: u16, h: u16) -> String {
    crate::common::buffer::text(&crate::common::buffer::draw_app(app, (w, h)))
}

#[test]
fn whole_library_screen_80x24_and_the_trash() {
    let mut app = keeping_app(mono(), GlyphSet::Unicode);
    app.update(Action::Library, app.view().now());
    news(
        &mut app,
        LibraryNews::Loaded(Ok(hotseat::app::library::Page::whole(club()))),
    );
    app.update(Action::CursorDown, app.view().now());
    insta::assert_snapshot!("whole_library_80x24", screen(&mut app, 80, 24));
    app.update(Action::Trash, app.view().now());
    news(&mut app, LibraryNews::TrashRead(Ok(club()[..3].to_vec())));
    insta::assert_snapshot!("whole_trash_80x24", screen(&mut app, 80, 24));
}

#[test]
fn whole_library_screen_120x40_ascii() {
    let mut app = keeping_app(Theme::new(Palette::Wood, true), GlyphSet::Ascii);
    app.update(Action::Library, app.view().now());
    news(
        &mut app,
        LibraryNews::Loaded(Ok(hotseat::app::library::Page::whole(club()))),
    );
    insta::assert_snapshot!("whole_library_120x40_ascii", screen(&mut app, 120, 40));
}

/// The explorer open on the start position of the game, with the library's answer.
fn explorer_open(theme: Theme, glyphs: GlyphSet) -> App {
    let mut app = keeping_app(theme, glyphs);
    app.update(Action::HistoryStart, app.view().now());
    let row = |san: &str, games, white_wins, draws, black_wins| ExplorerRow {
        san: san.to_owned(),
        games,
        white_wins,
        draws,
        black_wins,
    };
    explore(
        &mut app,
        vec![
            row("e4", 1520, 760, 304, 456),
            row("d4", 830, 332, 332, 166),
            row("Nf3", 120, 40, 40, 40),
            row("f3", 1, 0, 0, 1),
        ],
    );
    app.update(Action::CursorDown, app.view().now());
    app
}

/// Opens the explorer panel on the position shown and gives it the library's `rows` for it.
fn explore(app: &mut App, rows: Vec<ExplorerRow>) {
    app.update(Action::Explore, app.view().now());
    let key = app.view().shown().position().repetition_key();
    news(
        app,
        LibraryNews::Explored {
            key,
            filter: String::new(),
            rows: Ok(rows),
        },
    );
}

#[test]
fn explorer_panel_80x24_and_120x40() {
    let mut app = explorer_open(mono(), GlyphSet::Unicode);
    insta::assert_snapshot!("explorer_80x24", screen(&mut app, 80, 24));
    insta::assert_snapshot!("explorer_120x40", screen(&mut app, 120, 40));
}

#[test]
fn explorer_panel_ascii_80x24_and_120x40() {
    let mut app = explorer_open(Theme::new(Palette::Wood, true), GlyphSet::Ascii);
    insta::assert_snapshot!("explorer_80x24_ascii", screen(&mut app, 80, 24));
    insta::assert_snapshot!("explorer_120x40_ascii", screen(&mut app, 120, 40));
}

#[test]
fn where_no_game_went_on_the_panel_says_so_not_that_none_reached_it() {
    // The game's last position: the library's games may have ended there.
    let mut app = keeping_app(mono(), GlyphSet::Unicode);
    explore(&mut app, Vec::new());
    let shown = screen(&mut app, 80, 24);
    assert!(shown.contains("went on from this position."), "{shown}");
    assert!(!shown.contains("reached this position"), "{shown}");
}
