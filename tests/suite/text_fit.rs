//! Every text says its whole sentence at the sizes a player meets first: each dialog and hint,
//! drawn at 80x24 and at the smallest size the program accepts (60x18), ends where its
//! sentence ends (no `…` at a line's end, no word broken across lines, paths broken only after
//! a `/` or shortened from the left), and each dialog shows its keys. At 60x18 the hints and
//! messages that quote what the player typed may still be cut; the app's own are not.
//!
//! The states are not a list of today's strings: from a few starting points (a new game, a
//! timed one waiting for its first move, one under way, positions with a promotion or a mate
//! in one) the test presses every key the footer offers there, and every key offered after
//! that, and checks whatever the screen then shows.

use std::path::PathBuf;
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use hotseat::app::event::{ArchiveError, Archived};
use hotseat::app::keymap::{Action, hints};
use hotseat::app::{App, Config, Event, Mode, dialog_hint_rows};
use hotseat::game::GameSetup;
use hotseat::store::{Op, StoreError};
use hotseat::ui::layout::ScreenLayout;

const SIZES: [(u16, u16); 3] = [(80, 24), (60, 18), (60, 16)];

/// A long archive path, as a player with the usual data folder gets it.
const SAVED: &str = "~/.local/share/hotseat/games/2026-11-24-Ann-vs-Bob.pgn";

/// A starting point: the game, then what is typed or pressed before the keys are tried.
struct Start {
    name: &'static str,
    fen: Option<&'static str>,
    timed: bool,
    steps: Vec<Step>,
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Act(Action),
    Type(&'static str),
    /// Typed into the box and left there, Enter not pressed.
    Left(&'static str),
    /// The archive reports where the finished game went.
    Archived(Result<&'static str, &'static str>),
}

fn starts() -> Vec<Start> {
    let start = |name, fen, timed, steps| Start {
        name,
        fen,
        timed,
        steps,
    };
    // After 1.f3 e5 2.g4, Black mates with Qh4; a draw is offered with a move (Ctrl-D, then the
    // move), which puts the question to the opponent; a pawn on e7 promotes; the same king and
    // rook stepping to and fro reach a threefold repetition.
    let fools = Some("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let promote = Some("k7/4P3/8/8/8/8/8/4K2R w K - 0 1");
    let mate = |archived| {
        vec![
            Step::Act(Action::Select),
            Step::Type("Qh4"),
            Step::Act(Action::Select),
            Step::Archived(archived),
        ]
    };
    let typed = |text| {
        start(
            "a timed game, a line left typed",
            None,
            true,
            vec![Step::Act(Action::Select), Step::Left(text)],
        )
    };
    // A timed game after 1.e4 (typed and played), then `then`.
    let under_way = |then: &[Step]| {
        let mut steps = vec![
            Step::Act(Action::Select),
            Step::Type("e4"),
            Step::Act(Action::Select),
        ];
        steps.extend_from_slice(then);
        steps
    };
    let mut starts = vec![
        start("a new untimed game", None, false, vec![]),
        start("a timed game, not started", None, true, vec![]),
        start("a timed game under way", None, true, under_way(&[])),
        start("mate, archived", fools, true, mate(Ok(SAVED))),
        start("mate, not archived", fools, true, mate(Err("disk full"))),
        start(
            "a draw offered with a move",
            None,
            true,
            vec![
                Step::Act(Action::Select),
                Step::Act(Action::Draw),
                Step::Type("e4"),
                Step::Act(Action::Select),
            ],
        ),
        start(
            "a timed game under way, reviewed",
            None,
            true,
            under_way(&[Step::Act(Action::HistoryBack)]),
        ),
        start("a promotion typed", promote, false, vec![Step::Type("e8")]),
        start("a knight typed", None, false, vec![Step::Type("N")]),
        start(
            "a timed game, two moves typed",
            None,
            true,
            vec![Step::Act(Action::Select), Step::Type("e4 e5")],
        ),
        start("a wrong square typed", None, false, vec![Step::Type("Qh9")]),
        start(
            "a repetition",
            promote,
            false,
            vec![Step::Type(
                "Kd1 Kb8 Ke1 Ka8 Kd1 Kb8 Ke1 Ka8 Kd1 Kb8 Ke1 Ka8",
            )],
        ),
    ];
    starts.extend(["e4 e5 Nf3", "Nx", "exd", "draw", "e2e4e5", "O-"].map(typed));
    starts
}

fn build(start: &Start, keys: &[Action]) -> App {
    let mut setup = GameSetup {
        white: "Ann".into(),
        black: "Bob".into(),
        ..GameSetup::default()
    };
    if start.timed {
        setup.white_time = "3+2".parse().unwrap();
        setup.black_time = "3+2".parse().unwrap();
    }
    if let Some(fen) = start.fen {
        setup.start = fen.parse().unwrap();
    }
    let mut app = App::new(Config {
        setup,
        ..Config::default()
    });
    let mut now = Duration::ZERO;
    let mut act = |app: &mut App, action| {
        now += Duration::from_millis(700);
        app.update(action, now);
    };
    for step in &start.steps {
        match *step {
            Step::Act(action) => act(&mut app, action),
            Step::Type(text) => {
                for c in text.chars() {
                    act(&mut app, Action::Input(c));
                }
                if text.contains(' ') {
                    act(&mut app, Action::Select);
                }
            }
            Step::Left(text) => {
                for c in text.chars() {
                    act(&mut app, Action::Input(c));
                }
            }
            Step::Archived(result) => {
                let result = result.map(PathBuf::from).map_err(|why| {
                    ArchiveError::Write(StoreError::Io {
                        op: Op::Archive,
                        path: "games/x.pgn".into(),
                        source: std::io::Error::other(why),
                    })
                });
                let archived = Archived {
                    unfinished: false,
                    result,
                    left_behind: None,
                };
                app.update(Event::Archived(archived), app.view().now());
            }
        }
    }
    for &key in keys {
        act(&mut app, key);
    }
    app
}

fn draw(app: &mut App, size: (u16, u16)) -> Buffer {
    crate::common::buffer::draw_app(app, size)
}

fn rows(buf: &Buffer) -> Vec<String> {
    buf.content
        .chunks(usize::from(buf.area.width))
        .map(|r| r.iter().map(|c| c.symbol()).collect())
        .collect()
}

/// The inside of the box whose top edge carries `title`, as rows of text.
fn box_rows(rows: &[String], title: &str) -> Option<Vec<String>> {
    let chars: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let label = format!(" {title} ");
    let (top, at) = rows.iter().enumerate().find_map(|(y, r)| {
        let byte = r.find(&label)?;
        Some((y, r[..byte].chars().count()))
    })?;
    let left = (0..at).rev().find(|&x| chars[top][x] == '┌')?;
    let right = (at..chars[top].len()).find(|&x| chars[top][x] == '┐')?;
    let bottom = (top + 1..chars.len()).find(|&y| chars[y][left] == '└')?;
    Some(
        (top + 1..bottom)
            .map(|y| chars[y][left + 1..right].iter().collect())
            .collect(),
    )
}

/// Whether the words of `line` are all in `shown`, a path's pieces allowed to stand apart:
/// broken after a `/`, or its end after a `…`.
fn says_whole(line: &str, shown: &[&str]) -> bool {
    line.split_whitespace().all(|word| {
        shown.contains(&word)
            || (word.contains('/')
                && shown.iter().any(|piece| {
                    let tail = piece.strip_prefix('…');
                    (piece.ends_with('/') && word.contains(piece))
                        || tail.is_some_and(|t| word.ends_with(t))
                        || word
                            .strip_suffix(piece)
                            .is_some_and(|before| before.ends_with('/'))
                }))
    })
}

fn check(app: &App, buf: &Buffer, what: &str) -> Vec<String> {
    let mut faults = Vec::new();
    let rows = rows(buf);
    let screen = ScreenLayout::new(buf.area).unwrap();
    // At 80 columns every hint and message is whole; on the smallest screen the hints the
    // app gives by itself (not what the player typed, nor a refusal quoting it).
    let typed = app.view().input().is_empty() && app.view().message().is_none();
    if buf.area.width >= 80 || typed {
        let prompt = rows[usize::from(screen.prompt.y)].trim_end();
        if prompt.ends_with('…') {
            faults.push(format!("{what}: the hint is cut: {prompt:?}"));
        }
        let status = Rect {
            height: app.view().status_rows(),
            y: screen.status.bottom() - app.view().status_rows(),
            ..screen.status
        };
        for y in status.rows().map(|r| usize::from(r.y)) {
            if rows[y].trim_end().ends_with('…') {
                faults.push(format!("{what}: the status is cut: {:?}", rows[y]));
            }
        }
    }
    // The state of the game (whose move, an offer standing, a claim open) on one line.
    let stateful = matches!(app.mode(), Mode::Playing | Mode::Ready(_));
    let plain = app.view().message().is_none() && app.view().review().is_none() && stateful;
    if buf.area.width >= 80 && plain && app.view().status_rows() > 1 {
        faults.push(format!("{what}: the status takes two lines"));
    }
    // A message says its sentence on one line at 80 columns (one with a path may take two),
    // and a path in it breaks only after a `/`.
    if let Some(message) = app
        .view()
        .message()
        .filter(|_| buf.area.width >= 80 && stateful)
    {
        let top = usize::from(screen.status.bottom() - app.view().status_rows());
        let shown_rows = &rows[top..usize::from(screen.status.bottom())];
        let shown: Vec<&str> = shown_rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .collect();
        let said = message.for_width(usize::from(buf.area.width) - 2);
        if !said.contains('/') && app.view().status_rows() > 1 {
            faults.push(format!(
                "{what}: the message takes two lines: {shown_rows:?}"
            ));
        }
        if !says_whole(said, &shown) {
            faults.push(format!(
                "{what}: the message is not said whole: {shown_rows:?}"
            ));
        }
    }
    let Some(dialog) = app.view().dialog() else {
        return faults;
    };
    let Some(inside) = box_rows(&rows, &dialog.title) else {
        faults.push(format!("{what}: no box titled {:?}", dialog.title));
        return faults;
    };
    let text = inside.join("\n");
    for (_, key, label) in dialog_hint_rows(dialog.context, 1000).into_iter().flatten() {
        if !text.contains(&format!("{key} {label}")) {
            faults.push(format!("{what}: key {key} {label:?} missing from\n{text}"));
        }
    }
    for row in &inside {
        if row.trim_end().ends_with('…') {
            faults.push(format!("{what}: a line of the box is cut: {row:?}"));
        }
    }
    // Whole sentences, the last ones left out where there is no room (the game-over box's
    // file, which the status line shows too), never the first.
    let shown: Vec<&str> = inside.iter().flat_map(|r| r.split_whitespace()).collect();
    let said: Vec<bool> = dialog.lines.iter().map(|l| says_whole(l, &shown)).collect();
    let kept = said.iter().take_while(|&&s| s).count();
    let left_out = dialog.lines[kept..].iter().all(|line| {
        line.split_whitespace()
            .next()
            .is_none_or(|first| !shown.contains(&first))
    });
    // The game-over box always says how the game ended and its result.
    let needed = if dialog.title == "Game over" { 2 } else { 1 };
    if kept < needed.min(dialog.lines.len()) || !left_out {
        faults.push(format!(
            "{what}: {:?} not said whole in\n{text}",
            dialog.lines
        ));
    }
    faults
}

/// Every key labelled in the footer (or the box) in the app's present context.
fn offered(app: &App) -> Vec<Action> {
    hints(app.view().key_context())
        .into_iter()
        .map(|(action, _, _)| action)
        .filter(|a| !matches!(a, Action::Quit))
        .collect()
}

#[test]
fn every_dialog_and_hint_says_its_whole_sentence_and_shows_its_keys() {
    let mut faults = Vec::new();
    let mut seen_dialogs = std::collections::BTreeSet::new();
    for start in starts() {
        let mut paths: Vec<Vec<Action>> = vec![vec![]];
        for first in offered(&build(&start, &[])) {
            paths.push(vec![first]);
            for second in offered(&build(&start, &[first])) {
                paths.push(vec![first, second]);
            }
        }
        for keys in paths {
            for size in SIZES {
                let mut app = build(&start, &keys);
                let buf = draw(&mut app, size);
                if let Some(d) = app.view().dialog() {
                    seen_dialogs.insert(d.title.clone());
                }
                let what = format!(
                    "{} {:?} then {keys:?} at {}x{}",
                    start.name, start.steps, size.0, size.1
                );
                faults.extend(check(&app, &buf, &what));
            }
        }
    }
    for title in ["Ready?", "Claim a draw?", "Game over", "Resign?"] {
        assert!(
            seen_dialogs.contains(title),
            "{title} not reached: {seen_dialogs:?}"
        );
    }
    // Each fault once, with the first way it was met.
    let mut once = std::collections::BTreeMap::new();
    for fault in faults {
        let (how, said) = fault.split_once(": ").unwrap_or(("", &fault));
        once.entry(said.to_owned())
            .or_insert_with(|| how.to_owned());
    }
    let said: Vec<String> = once.iter().map(|(s, how)| format!("{how}: {s}")).collect();
    assert!(said.is_empty(), "{}", said.join("\n\n"));
}

#[test]
fn a_path_breaks_after_a_slash_and_a_long_part_keeps_its_end() {
    assert!(says_whole(
        "Saved to ~/a/bc.pgn",
        &["Saved", "to", "~/a/", "bc.pgn"]
    ));
    assert!(says_whole(
        "Saved to ~/a/bcd.pgn",
        &["Saved", "to", "~/a/", "…d.pgn"]
    ));
    assert!(!says_whole(
        "Saved to ~/a/bcd.pgn",
        &["Saved", "to", "~/a/b", "cd.pgn"]
    ));
    assert!(!says_whole("Saved to", &["Save", "d", "to"]));
}
