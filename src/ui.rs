//! Drawing: every widget reads state and writes cells, nothing here changes the game.
//!
//! * [`render`] — the whole screen from an [`App`], the one entry point of the front end.
//! * [`theme`] — every colour and style, the monochrome mode, the piece glyphs.
//! * geometry (where the board, the panel, the bottom lines and the popups go) is in
//!   [`crate::layout`], shared with the app's mouse hit-testing.
//! * [`board`] — the board widget and its geometry (also used for mouse hit-testing).
//! * [`panel`] — the side panel: [`clock`]s, [`captured`] pieces, the [`move_list`] and the
//!   [`note`] on the position shown; the [`explorer`] of the library's games in the move
//!   list's place while it is open.
//! * [`status`], [`prompt`], [`footer`] — the three lines at the bottom.
//! * [`popup`] (questions), [`promotion`], [`new_game`], [`help`] — boxes over the board.
//! * [`too_small`] — the message shown instead of everything else in a tiny terminal.
//! * [`figures`] — the big pieces, as data; [`svg`] — the screen as a picture for the README.

pub mod board;
pub mod captured;
pub mod clock;
pub mod explorer;
pub mod figures;
pub mod footer;
pub mod help;
pub mod library;
pub mod live;
/// The screen plan, kept here under its old name: see [`crate::layout::screen`].
pub mod layout {
    pub use crate::layout::screen::*;
}
pub mod move_list;
pub mod new_game;
pub mod note;
pub mod panel;
pub mod popup;
pub mod promotion;
pub mod prompt;
pub mod report;
pub mod status;
pub mod svg;
pub use crate::text;
pub mod theme;
pub mod too_small;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::widgets::Widget;

use crate::app::dialogs::Look;
use crate::app::{App, Mode};
use crate::layout::ScreenLayout;
use crate::rules::Bitboard;
use board::{BoardView, move_targets};
use help::HelpView;
use too_small::TooSmallView;

/// Draws the whole screen for `app`.
///
/// Every rectangle is measured on the screen the app knows ([`View::screen`](crate::app::View::screen)), which is the
/// frame's own size except between a resize and the moment the app hears of it (the main loop
/// tells it before each frame, but a frame drawn from elsewhere may not). This is the one place
/// where the two meet: when they differ, the screen is drawn whole on a buffer of the app's
/// size and only the part that fits is copied to the frame, so no widget, whatever rectangle it
/// is given, can write outside the frame's buffer.
pub fn render(app: &App, frame: &mut Frame) {
    let area = app.view().screen();
    let cursor = if frame.area() == area {
        draw(app, frame.buffer_mut())
    } else {
        let mut screen = Buffer::empty(area);
        let cursor = draw(app, &mut screen);
        clip_into(&screen, frame.buffer_mut());
        cursor
    };
    if let Some(at) = cursor.filter(|&at| frame.area().contains(at)) {
        frame.set_cursor_position(at);
    }
}

/// The column beside the board for the evaluation bar: right of the board where its strip has
/// room, else left of it; `None` where the board fills its strip.
fn eval_bar_area(app: &App, strip: Rect) -> Option<Rect> {
    let board = app.view().board_layout()?.area();
    let x = if board.right() < strip.right() {
        board.right()
    } else if board.x > strip.x {
        board.x - 1
    } else {
        return None;
    };
    Some(Rect::new(x, board.y, 1, board.height))
}

/// Copies the cells of `from` that lie inside `to` (their common part; nothing else).
fn clip_into(from: &Buffer, to: &mut Buffer) {
    let common = from.area.intersection(to.area);
    for y in common.top()..common.bottom() {
        for x in common.left()..common.right() {
            if let (Some(cell), Some(target)) = (from.cell((x, y)), to.cell_mut((x, y))) {
                *target = cell.clone();
            }
        }
    }
}

/// Draws the screen of `app` on `buf`, which covers [`View::screen`](crate::app::View::screen); returns where the text
/// cursor goes, if it is shown.
fn draw(app: &App, buf: &mut Buffer) -> Option<Position> {
    let area = buf.area;
    let theme = app.view().theme();
    let screen = match ScreenLayout::new(area) {
        Ok(screen) => screen,
        Err(size) => {
            (&TooSmallView { size, theme }).render(area, buf);
            return None;
        }
    };

    let shows = app.view();
    let feedback = shows.feedback();
    let position = app.view().shown().position();
    let mut view = BoardView::new(position);
    view.theme = theme;
    view.glyphs = app.view().glyphs();
    view.orientation = app.view().board().orientation;
    view.last_move = app.view().shown().last_move().map(|m| (m.from(), m.to()));
    if app.board_hidden() {
        view.hidden = true;
        view.last_move = None;
        view.check = None;
    }
    // Pieces are picked up in the present, and anywhere in a finished game (the analysis board).
    let present = app.view().review().is_none() || app.game().is_over();
    // While the arrows step through the moves, the cursor they would move is not drawn.
    if matches!(app.mode(), Mode::Playing | Mode::Promotion(_)) && !app.view().arrows_step() {
        view.cursor = Some(app.view().board().cursor);
    }
    if let Mode::Promotion(promotion) = app.mode() {
        view.selected = Some(promotion.from);
        view.targets = Bitboard::from_square(promotion.to);
    } else if let Some(from) = app.view().board().selected.filter(|_| present) {
        view.selected = Some(from);
        view.targets = move_targets(position, from);
    } else {
        view.targets = feedback.targets;
    }
    view.glow = feedback.glow;
    (&view).render(screen.board, buf);
    if let Some(eval) = app
        .view()
        .live()
        .lines()
        .and_then(|(_, lines)| lines.first())
        .map(|l| l.eval)
        && let Some(bar) = eval_bar_area(app, screen.board)
    {
        live::render_bar(
            eval,
            bar,
            app.view().board().orientation == crate::rules::Color::White,
            theme,
            app.view().glyphs(),
            buf,
        );
    }

    let status = status::StatusLine {
        message: shows.status(),
        theme,
        warning: app.view().saving().warning().map(str::to_owned),
    };
    // A long message takes the row above too: the board's bottom margin, and the panel gives
    // up its last row so that its frame stays whole (`View::panel_layout`, which mouse clicks
    // on the move list read too).
    let rows = shows.status_rows();
    let status_area = Rect {
        y: screen.status.bottom() - rows,
        height: rows,
        ..screen.status
    };
    if let Some(plan) = shows.panel_layout() {
        panel::PanelView::new(app).render_plan(plan, buf);
    }
    status.render(status_area, buf);
    let prompt = prompt::PromptLine {
        prompt: shows.prompt(&feedback),
        theme,
    };
    (&prompt).render(screen.prompt, buf);
    footer::Footer {
        context: app.view().key_context(),
        theme,
        typing: !app.view().input().is_empty(),
        holding: app.view().board().selected.is_some(),
        over: app.game().is_over(),
        draw_key: if app.view().questions().offering_with_move() {
            footer::DrawKey::Withdraw
        } else if matches!(
            app.view().questions().to_answer(),
            Some((crate::app::requests::Ask::Draw, _))
        ) {
            footer::DrawKey::Accept
        } else {
            footer::DrawKey::Offer
        },
        puzzle: crate::app::puzzle::seat(app)
            .map(crate::app::puzzle::PuzzleSeat::keys)
            .or_else(|| app.view().retro().map(crate::app::retro::Retro::keys))
            // Behind the invitation to a duel too: its board's keys, not a game's offers.
            .filter(|_| matches!(app.mode(), Mode::Playing | Mode::Invite(_))),
    }
    .render(screen.footer, buf);

    // A question over the library (delete this game?) keeps the library behind it.
    if let Mode::TrashGame(question) = app.mode() {
        draw_library(app, question.library(), area, buf);
    }
    // The open dialog's look (see `app::dialogs`): most are a box of text.
    match shows.dialog_look() {
        None => {}
        Some(Look::Help { scroll }) => (&HelpView { theme, scroll }).render(area, buf),
        Some(Look::Promotion { choice }) => promotion::PromotionPicker {
            color: position.turn(),
            choice,
            theme,
            glyphs: app.view().glyphs(),
        }
        .render(area, buf),
        Some(Look::Form(form)) => new_game::NewGameView { form, theme }.render(area, buf),
        Some(Look::Library(library)) => draw_library(app, library, area, buf),
        Some(Look::Explorer(explorer)) => {
            // In the move list's place (and the note's), the clocks and captures kept.
            let place = match shows.panel_layout() {
                Some(plan) if plan.note.height > 0 => plan.moves.union(plan.note),
                Some(plan) => plan.moves,
                None => screen.panel,
            };
            explorer::ExplorerView {
                explorer,
                rows: explorer.shown_rows(app),
                theme,
                ascii: app.view().glyphs() == crate::look::GlyphSet::Ascii,
            }
            .render(place, buf);
        }
        Some(Look::Box(dialog)) => {
            // The game-over box goes in the panel, under the moves: the final position and
            // the last moves stay in view. Where the panel has no room for how the game
            // ended, its result and its keys (the smallest screens), it goes over board and
            // panel, against the panel's right edge so that it hides the result written
            // there rather than cutting it.
            let fits = |result: Rect, width| {
                let mut ending = dialog.clone();
                ending.lines.truncate(2);
                let size = ending.measure_within(width, result.height);
                let whole = ending.measure_within(width, u16::MAX).lines.len();
                size.height() <= result.height && size.lines.len() >= whole
            };
            let area = match shows.panel_layout() {
                Some(plan)
                    if matches!(app.mode(), Mode::GameOver(_))
                        && fits(plan.result, plan.area.width) =>
                {
                    Rect {
                        x: plan.area.x,
                        width: plan.area.width,
                        ..plan.result
                    }
                }
                Some(_) if matches!(app.mode(), Mode::GameOver(_)) => {
                    let all = screen.board.union(screen.panel);
                    let width = dialog.measure_within(all.width, all.height).width;
                    Rect {
                        x: all.right().saturating_sub(width).max(all.x),
                        width: width.min(all.width),
                        ..all
                    }
                }
                _ => screen.board.union(screen.panel),
            };
            popup::DialogView {
                dialog: &dialog,
                theme,
            }
            .render(area, buf);
        }
    }

    // Running clocks stay in sight over help and every dialog: in the panel, or on the top
    // edge of a help that covers the panel (a narrow screen), never over its lines. The
    // new-game form and the library (full screen) are left whole: the clock runs on while
    // they are open, and the library says so when it opens.
    if !matches!(
        app.mode(),
        Mode::Playing | Mode::NewGame(_) | Mode::Library(_) | Mode::TrashGame(_)
    ) && app.game().clock().running().is_some()
        && !app.game().is_over()
    {
        let panel = panel::PanelView::new(app);
        let help = HelpView::popup_area(area);
        match app.mode() {
            Mode::Help(_) if help.intersects(screen.panel) => {
                panel.render_clocks_on_edge(help, buf);
            }
            _ => panel.render_clocks(buf),
        }
    }

    if prompt.prompt.active {
        prompt.cursor_position(screen.prompt)
    } else {
        None
    }
}

/// The library screen, full screen over everything (see [`library::LibraryView`]).
fn draw_library(app: &App, screen: &crate::app::dialogs::Library, area: Rect, buf: &mut Buffer) {
    ratatui::widgets::Clear.render(area, buf);
    let theme = app.view().theme();
    match &screen.list {
        Some(list) => (&library::LibraryView {
            list,
            theme,
            ascii: app.view().glyphs() == crate::look::GlyphSet::Ascii,
            note: app.view().message().map(|m| m.text.as_str()),
            trash: screen.trash,
            reached: screen.reached,
        })
            .render(area, buf),
        None => {
            let what = if screen.trash {
                "Trash: reading the games…"
            } else {
                "Library: reading the games…"
            };
            buf.set_string(area.x, area.y, what, theme.title());
        }
    }
}
