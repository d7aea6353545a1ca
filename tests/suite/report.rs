//! The game report in the app, and the live engine lines: asked for by key or typed command after the game, refused
//! during one, fed by the engine's events (scripted here: no engine runs), stopped with Esc,
//! shown in the panel (graph, labels, numbers), kept in the game's PGN and read back with no
//! engine. Snapshots at 80x24 and 120x40, in colour and without (`NO_COLOR`); accept reviewed
//! changes with `INSTA_UPDATE=always cargo test --test tests report::`.

use crate::common;

use common::buffer::{styled, text};

use ratatui::buffer::Buffer;

use hotseat::app::keymap::{Action, Pointer, PointerKind, Seek};
use hotseat::app::{
    AnalysisEvent, App, Config, Effect, EngineEffect, Event, FileEffect, GameToOpen, LiveUpdate,
    MessageKind, OpenedGame,
};
use hotseat::game::pgn::{Tags, import_game};
use hotseat::game::report::{Eval, GameReport, Judgement, PositionEval};
use hotseat::game::{GameSetup, Spot};
use hotseat::rules::{Color, Move};
use hotseat::ui::theme::{GlyphSet, Palette, Theme};

const SCHOLARS: [&str; 7] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];

pub(crate) fn act(app: &mut App, action: Action) {
    app.update(action, app.view().now());
}

pub(crate) fn enter(app: &mut App, text: &str) {
    for c in text.chars() {
        act(app, Action::Input(c));
    }
    act(app, Action::Select);
}

fn app_with(theme: Theme) -> App {
    app_named(theme, "Ann", "Bob")
}

fn app_named(theme: Theme, white: &str, black: &str) -> App {
    App::new(Config {
        setup: GameSetup {
            white: white.into(),
            black: black.into(),
            ..GameSetup::default()
        },
        theme,
        glyphs: GlyphSet::Unicode,
        ..Config::default()
    })
}

/// Scholar's mate played, the game-over box closed.
pub(crate) fn finished(theme: Theme) -> App {
    finished_as(theme, "Ann", "Bob")
}

/// Scholar's mate between `white` and `black`, the game-over box closed.
pub(crate) fn finished_as(theme: Theme, white: &str, black: &str) -> App {
    let mut app = app_named(theme, white, black);
    for m in SCHOLARS {
        enter(&mut app, m);
    }
    assert!(app.game().is_over());
    act(&mut app, Action::Review);
    app
}

/// The analysis handed out: its id, and the moves it covers.
fn analysis_started(app: &mut App) -> (u64, Vec<Move>) {
    let effects = app.take_effects();
    let job = effects
        .iter()
        .find_map(|e| match e {
            Effect::Engine(EngineEffect::Analyse(job)) => Some(job.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no analysis in {effects:?}: {:?}", app.view().message()));
    (job.id, job.moves)
}

/// What an engine might say of scholar's mate: 2. Qh5 an inaccuracy (Nf3 was best), 3...
/// Nf6 a blunder that allows mate (g6 was best); every other move the engine's own.
fn evaluations(app: &App) -> Vec<PositionEval> {
    scholars_evaluations(app.game().record())
}

/// [`evaluations`] of scholar's mate's record.
fn scholars_evaluations(record: &hotseat::game::Record) -> Vec<PositionEval> {
    let moves: Vec<Move> = record.moves().iter().map(|m| m.mv).collect();
    let line = |ply: usize, texts: &[&str]| {
        let mut pos = record.position_at(ply).unwrap().clone();
        texts
            .iter()
            .map(|t| {
                let mv = pos.parse_move(t).unwrap();
                pos = pos.play(mv).unwrap();
                mv
            })
            .collect::<Vec<_>>()
    };
    let mate = |moves| Eval::Mate {
        winner: Color::White,
        moves,
    };
    let evals = [
        Eval::Cp(20),
        Eval::Cp(30),
        Eval::Cp(25),
        Eval::Cp(-40),
        Eval::Cp(-35),
        Eval::Cp(-30),
        mate(1),
        mate(0),
    ];
    let best = [
        vec![moves[0]],
        vec![moves[1]],
        line(2, &["Nf3", "Nc6"]),
        vec![moves[3]],
        vec![moves[4]],
        line(5, &["g6", "Qf3"]),
        vec![moves[6]],
        vec![],
    ];
    evals
        .into_iter()
        .zip(best)
        .map(|(eval, best)| PositionEval { eval, best })
        .collect()
}

/// The engine's whole report, event by event.
fn run_engine(app: &mut App, id: u64) -> GameReport {
    let evals = evaluations(app);
    let total = evals.len();
    for (ply, eval) in evals.iter().enumerate() {
        analysis(
            app,
            id,
            AnalysisEvent::Evaluated {
                ply,
                eval: eval.clone(),
            },
        );
        analysis(
            app,
            id,
            AnalysisEvent::Progress {
                done: ply + 1,
                total,
            },
        );
    }
    let moves: Vec<Move> = app.game().record().moves().iter().map(|m| m.mv).collect();
    let report = GameReport::new(app.game().record().start(), &moves, evals);
    analysis(app, id, AnalysisEvent::Finished(Box::new(report.clone())));
    report
}

pub(crate) fn analysed(theme: Theme) -> App {
    analysed_as(theme, "Ann", "Bob")
}

/// [`analysed`], between `white` and `black`.
pub(crate) fn analysed_as(theme: Theme, white: &str, black: &str) -> App {
    let mut app = finished_as(theme, white, black);
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    run_engine(&mut app, id);
    app
}

/// Scholar's mate with the engine's report started, then ended by `end` with the first `n`
/// positions evaluated (stopped, or failed).
fn analysis_ended(n: usize, end: impl FnOnce(Vec<PositionEval>) -> AnalysisEvent) -> App {
    let mut app = finished(Theme::monochrome());
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    let done = evaluations(&app)[..n].to_vec();
    analysis(&mut app, id, end(done));
    app
}

/// The engine's word on the report `id`, through the loop's door.
fn analysis(app: &mut App, id: u64, event: AnalysisEvent) {
    app.update(Event::Analysis { id, event }, app.view().now());
}

/// The live search's word, through the loop's door.
fn live(app: &mut App, id: u64, update: LiveUpdate) {
    app.update(Event::Live { id, update }, app.view().now());
}

pub(crate) fn draw(app: &mut App, w: u16, h: u16) -> Buffer {
    common::buffer::draw_app(app, (w, h))
}

fn error_text(app: &App) -> String {
    match app.view().message() {
        Some(m) if m.kind == MessageKind::Error => m.text.clone(),
        other => panic!("expected an error, found {other:?}"),
    }
}

#[test]
fn the_engine_is_never_consulted_during_a_game_in_progress() {
    let mut app = app_with(Theme::monochrome());
    enter(&mut app, "e4");
    enter(&mut app, "e5");
    act(&mut app, Action::Analyse);
    assert!(
        error_text(&app).contains("in progress"),
        "{:?}",
        app.view().message()
    );
    enter(&mut app, "analyse");
    assert!(error_text(&app).contains("never consulted during a game"));
    assert!(
        !app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::Engine(EngineEffect::Analyse(_)))),
        "no engine started"
    );
    assert_eq!(app.view().report().progress(), None);
}

#[test]
fn the_typed_command_after_the_game_starts_the_report_and_shows_its_progress() {
    let mut app = finished(Theme::monochrome());
    enter(&mut app, "analyse");
    let (id, moves) = analysis_started(&mut app);
    assert_eq!(moves.len(), 7);
    assert_eq!(app.view().report().progress(), Some((0, 8)));
    analysis(&mut app, id, AnalysisEvent::Progress { done: 3, total: 8 });
    let screen = text(&draw(&mut app, 80, 24));
    assert!(
        screen.contains("Analysing 3/8 · Esc stops")
            || screen.contains("Analysing: 3 of 8 positions — Esc stops"),
        "{screen}"
    );
    let wide = text(&draw(&mut app, 120, 40));
    assert!(
        wide.contains("Analysing: 3 of 8 positions — Esc stops"),
        "{wide}"
    );
    // Asking again while it works says so.
    act(&mut app, Action::Analyse);
    assert!(error_text(&app).contains("Esc stops it"));
}

#[test]
fn esc_stops_the_engine_and_keeps_the_moves_analysed() {
    let mut app = finished(Theme::monochrome());
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    let evals = evaluations(&app);
    for (ply, eval) in evals.iter().take(4).enumerate() {
        analysis(
            &mut app,
            id,
            AnalysisEvent::Evaluated {
                ply,
                eval: eval.clone(),
            },
        );
    }
    // The graph grows as the engine goes: three moves covered so far.
    assert_eq!(app.view().report().shown().map(|r| r.moves.len()), Some(3));
    act(&mut app, Action::Cancel);
    assert!(
        app.take_effects()
            .contains(&EngineEffect::StopAnalysis.into())
    );
    analysis(
        &mut app,
        id,
        AnalysisEvent::Cancelled {
            done: evals[..4].to_vec(),
        },
    );
    assert_eq!(app.view().report().progress(), None);
    let report = app.view().report().shown().expect("the part done is kept");
    assert_eq!(report.moves.len(), 3);
    assert_eq!(
        report.moves[2].advice.map(|a| a.judgement),
        Some(Judgement::Inaccuracy)
    );
    let message = app.view().message().unwrap().text.clone();
    assert!(message.contains("covers 3 of 7 moves"), "{message}");
    // A late word from the analysis stopped changes nothing.
    analysis(&mut app, id, AnalysisEvent::Progress { done: 8, total: 8 });
    assert_eq!(app.view().report().progress(), None);
}

#[test]
fn a_failing_engine_is_named_with_what_went_wrong_and_the_moves_done_are_kept() {
    let app = analysis_ended(3, |done| AnalysisEvent::Failed {
        error: "engine /opt/sf stopped in the middle of the work (exit status: 1)".into(),
        done,
    });
    let error = error_text(&app);
    assert!(error.contains("engine /opt/sf stopped"), "{error}");
    assert!(error.contains("covers 2 of 7 moves"), "{error}");
    assert_eq!(app.view().report().shown().map(|r| r.moves.len()), Some(2));
    // The game itself is not annotated from half a report.
    assert!(app.game().evals().is_empty());
}

#[test]
fn an_event_of_another_analysis_is_dropped() {
    let mut app = finished(Theme::monochrome());
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    analysis(
        &mut app,
        id + 1,
        AnalysisEvent::Progress { done: 5, total: 8 },
    );
    assert_eq!(app.view().report().progress(), Some((0, 8)));
    analysis(
        &mut app,
        id + 1,
        AnalysisEvent::Cancelled { done: Vec::new() },
    );
    assert_eq!(app.view().report().progress(), Some((0, 8)));
}

#[test]
fn a_finished_report_labels_the_moves_and_shows_the_numbers() {
    let mut app = analysed(Theme::monochrome());
    assert_eq!(app.view().report().progress(), None);
    let report = app.view().report().shown().unwrap().clone();
    assert_eq!(report.players[0].inaccuracies, 1);
    assert_eq!(report.players[1].blunders, 1);
    assert!(report.players[1].accuracy < report.players[0].accuracy);
    // The labels are the game's glyphs now, and the better lines its variations.
    assert_eq!(app.game().notes()[5].nags, vec![4]);
    assert_eq!(app.game().notes()[2].nags, vec![6]);
    assert!(
        app.game().notes()[5]
            .comment
            .contains("Checkmate is now unavoidable. g6 was best.")
    );
    let screen = text(&draw(&mut app, 80, 24));
    assert!(screen.contains("Nf6??"), "{screen}");
    assert!(screen.contains("Qh5?!"), "{screen}");
    assert!(screen.contains("1?! 0? 0??"), "{screen}");
    assert!(screen.contains("0?! 0? 1??"), "{screen}");
    let message = app.view().message().unwrap().text.clone();
    assert!(message.starts_with("Report ready."), "{message}");
    // Black blundered: the way to learn from it is named with the report.
    assert!(
        message.contains("Shift-F4 learns from the mistakes"),
        "{message}"
    );
}

#[test]
fn the_better_line_of_a_labelled_move_is_entered_with_shift_right() {
    let mut app = analysed(Theme::monochrome());
    // Back to the position before 3... Nf6??.
    act(&mut app, Action::HistoryStart);
    for _ in 0..5 {
        act(&mut app, Action::HistoryForward);
    }
    assert_eq!(app.view().shown().spot(), Spot::Main(5));
    act(&mut app, Action::VariationNext);
    let Spot::Var(id) = app.view().shown().spot() else {
        panic!("not in a variation: {:?}", app.view().shown().spot());
    };
    assert_eq!(app.game().variations().node(id).unwrap().san, "g6");
}

#[test]
fn a_click_on_the_graph_shows_that_move() {
    let mut app = analysed(Theme::monochrome());
    draw(&mut app, 80, 24);
    let graph = app.view().panel_layout().unwrap().graph;
    assert!(graph.height >= 3, "{graph:?}");
    // The left edge is the start, the right edge the end.
    let click = |app: &mut App, x: u16| {
        act(
            app,
            Action::Pointer(Pointer {
                kind: PointerKind::Down,
                column: x,
                row: graph.y + 1,
            }),
        );
    };
    click(&mut app, graph.x);
    assert_eq!(app.view().shown().spot(), Spot::Main(0));
    click(&mut app, graph.x + graph.width / 2);
    assert_eq!(app.view().shown().spot(), Spot::Main(4));
    click(&mut app, graph.right() - 1);
    assert_eq!(app.view().shown().spot(), Spot::Main(7));
}

#[test]
fn a_game_analysed_before_shows_its_report_with_no_engine() {
    let app = analysed(Theme::monochrome());
    let report = app.view().report().shown().unwrap().clone();
    let pgn = app.game().to_pgn(app.view().now(), &Tags::new());
    assert!(pgn.contains("[%eval 0.30]"), "{pgn}");
    let imported = import_game(&pgn).unwrap();
    let opened = App::new(Config {
        opening: Some(GameToOpen::Load(Box::new(OpenedGame {
            game: imported.game,
            tags: imported.tags,
            source: "scholars.pgn".into(),
            archive_file: None,
        }))),
        ..Config::default()
    });
    let again = opened
        .view()
        .report()
        .shown()
        .expect("the report, from the %eval comments");
    assert_eq!(again.moves, report.moves);
    assert_eq!(again.players, report.players);
}

/// The text of the message standing, whatever its kind.
fn said(app: &App) -> String {
    app.view()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn f9_and_shift_f9_step_through_the_labelled_moves_and_say_what_was_better() {
    let mut app = analysed(Theme::monochrome());
    // From the end of the game the first labelled move is the first: 2. Qh5?!, no going round.
    act(&mut app, Action::Seek(Seek::NEXT));
    assert_eq!(app.view().shown().spot(), Spot::Main(3));
    assert_eq!(
        said(&app),
        "2. Qh5?! by Ann (White): Inaccuracy. Better was Nf3."
    );
    act(&mut app, Action::Seek(Seek::NEXT));
    assert_eq!(app.view().shown().spot(), Spot::Main(6));
    assert_eq!(
        said(&app),
        "3... Nf6?? by Bob (Black): Checkmate is now unavoidable. Better was g6."
    );
    // Past the last, round to the first again, and said so.
    act(&mut app, Action::Seek(Seek::NEXT));
    assert_eq!(app.view().shown().spot(), Spot::Main(3));
    assert!(
        said(&app).ends_with("(from the start again)"),
        "{}",
        said(&app)
    );
    // Shift-F9 goes back: from the first, round to the last, and said so.
    act(&mut app, Action::Seek(Seek::PREVIOUS));
    assert_eq!(app.view().shown().spot(), Spot::Main(6));
    assert!(
        said(&app).ends_with("(from the end again)"),
        "{}",
        said(&app)
    );
    act(&mut app, Action::Seek(Seek::PREVIOUS));
    assert_eq!(app.view().shown().spot(), Spot::Main(3));
    // The keys are F9 and Shift-F9.
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    app.update(
        Event::Key(KeyEvent::new(KeyCode::F(9), KeyModifiers::NONE)),
        app.view().now(),
    );
    assert_eq!(app.view().shown().spot(), Spot::Main(6));
    app.update(
        Event::Key(KeyEvent::new(KeyCode::F(9), KeyModifiers::SHIFT)),
        app.view().now(),
    );
    assert_eq!(app.view().shown().spot(), Spot::Main(3));
}

#[test]
fn in_a_report_cut_short_shift_f9_from_the_end_finds_its_last_labelled_move_first() {
    // Stopped after three moves: 2. Qh5?! is its last labelled move; the game goes on to 4.
    let mut app = analysis_ended(4, |done| AnalysisEvent::Cancelled { done });
    assert_eq!(app.view().report().shown().map(|r| r.moves.len()), Some(3));
    act(&mut app, Action::HistoryEnd);
    act(&mut app, Action::Seek(Seek::PREVIOUS));
    assert_eq!(app.view().shown().spot(), Spot::Main(3));
    assert_eq!(
        said(&app),
        "2. Qh5?! by Ann (White): Inaccuracy. Better was Nf3."
    );
}

#[test]
fn typed_next_and_previous_take_a_player_and_a_label() {
    let mut app = analysed(Theme::monochrome());
    enter(&mut app, "next blunder");
    assert_eq!(app.view().shown().spot(), Spot::Main(6));
    assert_eq!(
        app.view().input(),
        "",
        "the words are a command, not a move"
    );
    enter(&mut app, "prev white");
    assert_eq!(app.view().shown().spot(), Spot::Main(3));
    enter(&mut app, "next black mistake");
    assert_eq!(
        app.view().shown().spot(),
        Spot::Main(3),
        "the board stays where it was"
    );
    assert_eq!(said(&app), "No mistake by Bob (Black) in the report");
}

#[test]
fn without_a_report_the_keys_say_how_to_get_one() {
    let mut app = finished(Theme::monochrome());
    act(&mut app, Action::Seek(Seek::NEXT));
    assert!(error_text(&app).contains("F4 asks the engine for one"));
    act(&mut app, Action::Analyse);
    analysis_started(&mut app);
    act(&mut app, Action::Seek(Seek::NEXT));
    assert!(error_text(&app).contains("still working on the report"));
}

#[test]
fn the_graph_keeps_the_shown_bar_the_right_way_up_with_a_50_line_and_the_eval_beside_it() {
    let mut app = analysed(Theme::monochrome());
    // 3... Nf6??: Black, at -0.30 before it, now mated in one.
    act(&mut app, Action::Seek(Seek::NEXT));
    act(&mut app, Action::Seek(Seek::NEXT));
    let buf = draw(&mut app, 120, 40);
    let plan = app.view().panel_layout().unwrap();
    let (graph, label) = (plan.graph, plan.graph_label);
    assert_eq!(label.width, hotseat::layout::panel::GRAPH_LABEL_WIDTH);
    assert_eq!(label.x, graph.right());
    let row = |y: u16, area: ratatui::layout::Rect| -> String {
        (area.x..area.right())
            .map(|x| buf[(x, y)].symbol())
            .collect()
    };
    assert_eq!(row(label.y, label).trim(), "#1", "White mates in one");
    assert_eq!(row(label.y + 1, label).trim(), "??");
    // No column is drawn in reverse video: the shown column's bar stands the right way up,
    // its empty part shaded.
    let positions = 8;
    let mut shown_columns = 0;
    for x in graph.x..graph.right() {
        let p = hotseat::layout::panel::graph_position(graph.width, positions, x - graph.x);
        let column: Vec<&str> = (graph.y..graph.bottom())
            .map(|y| buf[(x, y)].symbol())
            .collect();
        for y in graph.y..graph.bottom() {
            assert!(
                !buf[(x, y)]
                    .modifier
                    .contains(ratatui::style::Modifier::REVERSED),
                "column {x}: {column:?}"
            );
        }
        if p == 6 {
            shown_columns += 1;
            // Mate for White: the bar all but fills the column, so nothing is shaded, and it
            // stands on its foot.
            assert!(column.iter().all(|c| *c != "░" && *c != " "), "{column:?}");
            assert_eq!(column.last(), Some(&"█"), "{column:?}");
        }
    }
    assert!(shown_columns > 0);
    // At the start the shown column (White a little better) is shaded above its bar, and the
    // 50% line runs through the empty columns of Black's better moments.
    act(&mut app, Action::HistoryStart);
    let buf = draw(&mut app, 120, 40);
    let plan = app.view().panel_layout().unwrap();
    let (graph, label) = (plan.graph, plan.graph_label);
    let row = |y: u16, area: ratatui::layout::Rect| -> String {
        (area.x..area.right())
            .map(|x| buf[(x, y)].symbol())
            .collect()
    };
    let col = |x: u16| -> Vec<String> {
        (graph.y..graph.bottom())
            .map(|y| buf[(x, y)].symbol().to_owned())
            .collect()
    };
    let start = col(graph.x);
    assert_eq!(start.first().map(String::as_str), Some("░"), "{start:?}");
    assert_eq!(start.last().map(String::as_str), Some("█"), "{start:?}");
    let line_y = graph.bottom() - 1 - graph.height / 2;
    let line = if graph.height % 2 == 0 { "▁" } else { "─" };
    let black_better = (graph.x..graph.right())
        .find(|&x| hotseat::layout::panel::graph_position(graph.width, positions, x - graph.x) == 4)
        .unwrap();
    assert_eq!(
        buf[(black_better, line_y)].symbol(),
        line,
        "{:?}",
        col(black_better)
    );
    assert_eq!(row(label.y, label).trim(), "+0.20");
}

#[test]
fn snapshot_report_80x24_monochrome() {
    let mut app = analysed(Theme::monochrome());
    act(&mut app, Action::HistoryBack);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("report_80x24_monochrome", styled(&buf));
}

#[test]
fn snapshot_report_80x24_colour() {
    let mut app = analysed(Theme::new(Palette::Wood, true));
    act(&mut app, Action::HistoryBack);
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("report_80x24_colour", styled(&buf));
}

#[test]
fn snapshot_report_120x40_monochrome() {
    let mut app = analysed(Theme::monochrome());
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::HistoryBack);
    let buf = draw(&mut app, 120, 40);
    insta::assert_snapshot!("report_120x40_monochrome", text(&buf));
}

#[test]
fn snapshot_report_in_progress_120x40_colour() {
    let mut app = finished(Theme::new(Palette::Wood, true));
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    let evals = evaluations(&app);
    for (ply, eval) in evals.into_iter().take(5).enumerate() {
        analysis(&mut app, id, AnalysisEvent::Evaluated { ply, eval });
    }
    analysis(&mut app, id, AnalysisEvent::Progress { done: 5, total: 8 });
    let buf = draw(&mut app, 120, 40);
    insta::assert_snapshot!("report_in_progress_120x40_colour", styled(&buf));
}

// ---- Live analysis: the engine's lines for the position shown ----

/// The live searches handed out since the last look: (id, moves to the position).
fn live_jobs(app: &mut App) -> Vec<(u64, usize)> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Engine(EngineEffect::LiveAnalyse(job)) => Some((job.id, job.moves.len())),
            _ => None,
        })
        .collect()
}

#[test]
fn engine_lines_are_refused_during_a_game_in_progress() {
    let mut app = app_with(Theme::monochrome());
    enter(&mut app, "e4");
    act(&mut app, Action::EngineLines);
    assert!(error_text(&app).contains("never consulted during a game"));
    assert!(live_jobs(&mut app).is_empty());
    assert_eq!(app.view().live().lines(), None);
}

#[test]
fn engine_lines_follow_the_position_shown_and_stop() {
    let mut app = finished(Theme::monochrome());
    act(&mut app, Action::EngineLines);
    let jobs = live_jobs(&mut app);
    assert_eq!(jobs.len(), 1);
    let (first, moves) = jobs[0];
    assert_eq!(moves, 7, "the final position");
    act(&mut app, Action::HistoryBack);
    let jobs = live_jobs(&mut app);
    assert_eq!(jobs.len(), 1, "one new search per position");
    let (second, moves) = jobs[0];
    assert_eq!(moves, 6);
    // The first search's lines come too late: dropped.
    let line = |app: &App, sans: &[&str], cp| {
        let mut pos = app.view().shown().position().clone();
        let best = sans
            .iter()
            .map(|s| {
                let mv = pos.parse_move(s).unwrap();
                pos = pos.play(mv).unwrap();
                mv
            })
            .collect();
        PositionEval {
            eval: Eval::Cp(cp),
            best,
        }
    };
    let lines = vec![
        line(&app, &["Qxf7#"], 10_000),
        line(&app, &["Bxf7+", "Ke7"], 300),
        line(&app, &["Qe2"], 20),
    ];
    live(
        &mut app,
        first,
        LiveUpdate::Lines {
            depth: 9,
            lines: lines.clone(),
        },
    );
    assert_eq!(app.view().live().lines().map(|(_, l)| l.len()), Some(0));
    live(&mut app, second, LiveUpdate::Lines { depth: 12, lines });
    let screen = text(&draw(&mut app, 80, 24));
    assert!(screen.contains("+100.00 d12 Qxf7#"), "{screen}");
    assert!(screen.contains("+3.00 Bxf7+ Ke7"), "{screen}");
    // The bar beside the board: White winning, filled (from White's side, the bottom) into
    // its top cell (+10 and more is lichess's 97.5%).
    let board = app.view().board_layout().unwrap().area();
    let buf = draw(&mut app, 80, 24);
    assert_eq!(buf[(board.right(), board.bottom() - 1)].symbol(), "█");
    assert_ne!(buf[(board.right(), board.y)].symbol(), " ");
    act(&mut app, Action::FlipBoard);
    let buf = draw(&mut app, 80, 24);
    // Turned round, the bar fills from Black's side (the bottom now): a sliver of it, and
    // White's share above it shaded.
    assert_ne!(buf[(board.right(), board.bottom() - 1)].symbol(), "█");
    assert_eq!(buf[(board.right(), board.y)].symbol(), "░");
    // Off: the search stops and the lines go.
    act(&mut app, Action::EngineLines);
    assert!(app.take_effects().contains(&EngineEffect::StopLive.into()));
    assert_eq!(app.view().live().lines(), None);
    act(&mut app, Action::HistoryBack);
    assert!(live_jobs(&mut app).is_empty());
}

#[test]
fn engine_lines_of_a_position_without_moves_say_so() {
    let mut app = finished(Theme::monochrome());
    act(&mut app, Action::EngineLines);
    let (id, _) = live_jobs(&mut app)[0];
    assert!(text(&draw(&mut app, 80, 24)).contains("Engine: thinking…"));
    live(&mut app, id, LiveUpdate::Done);
    let screen = text(&draw(&mut app, 80, 24));
    assert!(
        screen.contains("Engine: no move to look at here"),
        "{screen}"
    );
}

#[test]
fn a_failing_engine_turns_the_lines_off_with_its_words() {
    let mut app = finished(Theme::monochrome());
    enter(&mut app, "engine");
    let (id, _) = live_jobs(&mut app)[0];
    live(
        &mut app,
        id,
        LiveUpdate::Failed(
            "no chess engine found (looked for stockfish): install Stockfish".into(),
        ),
    );
    assert!(error_text(&app).contains("no chess engine found"));
    assert_eq!(app.view().live().lines(), None);
}

#[test]
fn snapshot_engine_lines_80x24_colour() {
    let mut app = finished(Theme::new(Palette::Wood, true));
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::EngineLines);
    let (id, _) = live_jobs(&mut app)[0];
    let mut pos = app.view().shown().position().clone();
    let mate = pos.parse_move("Qxf7#").unwrap();
    let bishop = pos.parse_move("Bxf7+").unwrap();
    pos.play_unchecked(bishop);
    let king = pos.parse_move("Ke7").unwrap();
    let quiet = app.view().shown().position().parse_move("d3").unwrap();
    let lines = vec![
        PositionEval {
            eval: Eval::Mate {
                winner: Color::White,
                moves: 1,
            },
            best: vec![mate],
        },
        PositionEval {
            eval: Eval::Cp(310),
            best: vec![bishop, king],
        },
        PositionEval {
            eval: Eval::Cp(45),
            best: vec![quiet],
        },
    ];
    live(&mut app, id, LiveUpdate::Lines { depth: 14, lines });
    let buf = draw(&mut app, 80, 24);
    insta::assert_snapshot!("engine_lines_80x24_colour", styled(&buf));
}

// ---- Kept in the archive ----

/// The game this session archived: its report is written over its archive file, and once
/// written, quitting loses nothing (no question).
#[test]
fn a_report_of_a_game_archived_this_session_is_written_into_its_archive_file() {
    let mut app = App::new(Config {
        autosave: true,
        theme: Theme::monochrome(),
        ..Config::default()
    });
    for m in SCHOLARS {
        enter(&mut app, m);
    }
    act(&mut app, Action::Review);
    let archived = std::path::PathBuf::from("/games/2026-11-24-White-vs-Black.pgn");
    app.update(
        Event::Archived(hotseat::app::event::Archived {
            unfinished: false,
            result: Ok(archived.clone()),
            left_behind: None,
        }),
        app.view().now(),
    );
    app.take_effects();
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    run_engine(&mut app, id);
    let (path, pgn) = app
        .take_effects()
        .into_iter()
        .find_map(|e| match e {
            Effect::Files(FileEffect::Rearchive { path, pgn }) => Some((path, pgn)),
            _ => None,
        })
        .expect("the archive file is written again");
    assert_eq!(path, archived);
    assert!(
        pgn.contains("[%eval #1] Checkmate is now unavoidable. g6 was best."),
        "{pgn}"
    );
    app.update(Event::Rearchived(Ok(path)), app.view().now());
    assert!(
        app.view().message().unwrap().text.contains("saved in"),
        "{:?}",
        app.view().message()
    );
    act(&mut app, Action::Quit);
    assert!(app.should_quit(), "nothing to lose: {:?}", app.mode());
}

/// A game opened from a file is not this session's to rewrite: the report waits to be saved,
/// and quitting asks first.
#[test]
fn a_report_of_a_loaded_game_is_kept_as_study_to_save() {
    let pgn = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let imported = import_game(pgn).unwrap();
    let mut app = App::new(Config {
        opening: Some(GameToOpen::Load(Box::new(OpenedGame {
            game: imported.game,
            tags: imported.tags,
            source: "scholars.pgn".into(),
            archive_file: None,
        }))),
        ..Config::default()
    });
    act(&mut app, Action::Analyse);
    let (id, _) = analysis_started(&mut app);
    run_engine(&mut app, id);
    assert!(
        !app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::Files(FileEffect::Rearchive { .. })))
    );
    act(&mut app, Action::Quit);
    assert!(!app.should_quit(), "asks first");
}

// ---- Written into the game ----

/// The report written into the game as lichess exports it reads back from the PGN with the
/// same numbers, and written again adds nothing.
#[test]
fn a_report_written_into_the_pgn_reads_back_with_the_same_numbers() {
    let mut game = import_game("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
        .unwrap()
        .game;
    assert_eq!(game.report(), None, "no evaluations yet");
    let record = game.record();
    let moves: Vec<Move> = record.moves().iter().map(|m| m.mv).collect();
    let report = GameReport::new(record.start(), &moves, scholars_evaluations(record));
    assert_eq!(
        report.moves[5].advice.map(|a| a.judgement),
        Some(Judgement::Blunder)
    );
    assert_eq!(
        report.moves[2].advice.map(|a| a.judgement),
        Some(Judgement::Inaccuracy)
    );
    game.annotate(&report);
    let pgn = game.to_pgn(std::time::Duration::ZERO, &Tags::default());
    assert!(pgn.contains("1. e4 {[%eval 0.30]} 1... e5"), "{pgn}");
    assert!(pgn.contains("3... Nf6 $4"), "{pgn}");
    assert!(
        pgn.contains("{[%eval #1] Checkmate is now unavoidable. g6 was best.}"),
        "{pgn}"
    );
    assert!(pgn.contains("(3... g6 4. Qf3)"), "{pgn}");
    assert!(pgn.contains("2. Qh5 $6"), "{pgn}");
    let back = import_game(&pgn).unwrap().game;
    let again = back.report().expect("every position has its evaluation");
    assert_eq!(again.moves, report.moves);
    assert_eq!(again.players, report.players);
    let mut twice = back.clone();
    twice.annotate(&again);
    assert_eq!(
        twice.to_pgn(std::time::Duration::ZERO, &Tags::default()),
        pgn
    );
}
