//! Rendering tests: the board, the help and the too-small message drawn on a `TestBackend` at
//! 80x24 and 160x50, checked cell by cell and with a few snapshots.
//!
//! Snapshots are plain text: the screen, then (for styled snapshots) a map with one letter per
//! cell naming its style, and the legend of those letters. Review changes by reading the
//! `.snap.new` file insta writes next to the failing snapshot, or rerun with
//! `INSTA_UPDATE=always cargo test --test tests render::` to accept them; no extra tool is needed.

use crate::common;

use common::buffer::{styled, text};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::style::Modifier;

use hotseat::rules::{Bitboard, Color, Piece, Position, Role, Square};
use hotseat::tui::screenshot::PICTURES;
use hotseat::ui::board::{BoardLayout, BoardView, SQUARE_SIZES, move_targets};
use hotseat::ui::figures::{Band, figure, outline};
use hotseat::ui::help::HelpView;
use hotseat::ui::layout::{ScreenLayout, TooSmall};
use hotseat::ui::theme::{GlyphSet, Palette, SquareMarks, Theme};
use hotseat::ui::too_small::TooSmallView;

/// After 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6: Qxf7 is mate.
const SCHOLARS: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
/// After 4.Qxf7#.
const MATED: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// White to play Qxf7: the queen is selected, the cursor is on f7, the last move was Ng8-f6 and
/// the typed text "Q" makes the queen glow.
fn scholars_view<'a>(pos: &'a Position, theme: Theme, glyphs: GlyphSet) -> BoardView<'a> {
    let mut view = BoardView::new(pos);
    view.theme = theme;
    view.glyphs = glyphs;
    view.selected = Some(sq("h5"));
    view.targets = move_targets(pos, sq("h5"));
    view.cursor = Some(sq("f7"));
    view.last_move = Some((sq("g8"), sq("f6")));
    view.glow = Bitboard::from_square(sq("h5"));
    view
}

/// Renders the board where the screen layout puts it on a `w x h` terminal.
fn render_board(view: &BoardView<'_>, w: u16, h: u16) -> (Buffer, BoardLayout) {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let screen = ScreenLayout::new(Rect::new(0, 0, w, h)).unwrap();
    let layout = BoardLayout::new(screen.board, view.orientation).unwrap();
    terminal
        .draw(|frame| frame.render_widget(view, screen.board))
        .unwrap();
    (terminal.backend().buffer().clone(), layout)
}

fn glyph_at(buf: &Buffer, layout: &BoardLayout, square: Square) -> String {
    let p = layout.glyph_position(square);
    buf[(p.x, p.y)].symbol().to_string()
}

/// The cells of a square's glyph row, as text.
fn glyph_row(buf: &Buffer, layout: &BoardLayout, square: Square) -> String {
    let rect = layout.square_rect(square);
    let y = layout.glyph_position(square).y;
    (rect.left()..rect.right())
        .map(|x| buf[(x, y)].symbol())
        .collect()
}

/// The rows of a square's cells, as lines of text.
fn square_text(buf: &Buffer, layout: &BoardLayout, square: Square) -> String {
    layout
        .square_rect(square)
        .rows()
        .map(|row| row.positions().map(|p| buf[p].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn initial_position_unicode_at_80x24_has_pieces_labels_and_five_by_two_squares() {
    let pos = Position::initial();
    let view = BoardView::new(&pos);
    let (buf, layout) = render_board(&view, 80, 24);
    assert_eq!(layout.square_size(), Size::new(5, 2));
    // In colour both sides have the filled shapes, told apart by colour.
    assert_eq!(glyph_at(&buf, &layout, sq("e1")), "♚");
    assert_eq!(glyph_at(&buf, &layout, sq("d8")), "♛");
    assert_eq!(glyph_at(&buf, &layout, sq("a2")), "♟");
    assert_eq!(glyph_at(&buf, &layout, sq("h7")), "♟");
    let fg = |name: &str| {
        let p = layout.glyph_position(sq(name));
        buf[(p.x, p.y)].fg
    };
    let theme = Theme::default();
    assert_eq!(Some(fg("a2")), theme.piece(Color::White, false).fg);
    assert_eq!(Some(fg("h7")), theme.piece(Color::Black, false).fg);
    assert_ne!(fg("a2"), fg("h7"));
    assert_eq!(glyph_at(&buf, &layout, sq("e4")), " ");
    let text = text(&buf);
    assert!(!text.contains('\u{FE0F}'), "no emoji variation selector");
    let lines: Vec<&str> = text.lines().collect();
    let files = lines[layout.area().bottom() as usize - 1];
    assert_eq!(files.split_whitespace().collect::<String>(), "abcdefgh");
    let rank_8 = layout.rank_label(hotseat::rules::Rank::Eighth);
    assert_eq!(buf[(rank_8.x, rank_8.y)].symbol(), "8");
    assert!(rank_8.y < layout.rank_label(hotseat::rules::Rank::First).y);
}

#[test]
fn square_colours_alternate_and_a1_is_dark() {
    let pos = Position::initial();
    let view = BoardView::new(&pos);
    let (buf, layout) = render_board(&view, 80, 24);
    let theme = Theme::default();
    for square in Square::all() {
        let rect = layout.square_rect(square);
        let want = theme.square(square.is_dark(), SquareMarks::default()).bg;
        for pos in rect.positions() {
            assert_eq!(buf[pos].bg, want.unwrap(), "{square} at {pos:?}");
        }
    }
    assert!(sq("a1").is_dark() && !sq("h1").is_dark());
}

#[test]
fn flipped_board_shows_black_at_the_bottom_and_reversed_labels() {
    let pos = Position::initial();
    let mut view = BoardView::new(&pos);
    view.orientation = Color::Black;
    view.glyphs = GlyphSet::Ascii;
    let (buf, layout) = render_board(&view, 80, 24);
    let top_left = layout.grid().as_position();
    assert_eq!(layout.square_at(top_left.x, top_left.y), Some(sq("h1")));
    assert_eq!(glyph_at(&buf, &layout, sq("e8")), "k");
    assert_eq!(glyph_at(&buf, &layout, sq("e1")), "K");
    let text = text(&buf);
    let files = text
        .lines()
        .nth(layout.area().bottom() as usize - 1)
        .unwrap();
    assert_eq!(files.split_whitespace().collect::<String>(), "hgfedcba");
}

#[test]
fn colour_highlights_tint_by_priority() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let theme = Theme::new(Palette::Wood, true);
    let view = scholars_view(&pos, theme, GlyphSet::Unicode);
    let (buf, layout) = render_board(&view, 80, 24);
    let bg = |name: &str| {
        let p = layout.glyph_position(sq(name));
        buf[(p.x, p.y)].bg
    };
    let tint = |dark: bool, marks: SquareMarks| theme.square(dark, marks).bg.unwrap();
    let cursor = SquareMarks {
        cursor: true,
        ..SquareMarks::default()
    };
    let selected = SquareMarks {
        selected: true,
        ..SquareMarks::default()
    };
    let capture = SquareMarks {
        capture: true,
        ..SquareMarks::default()
    };
    let last = SquareMarks {
        last_move: true,
        ..SquareMarks::default()
    };
    assert_eq!(
        bg("f7"),
        tint(false, capture),
        "the cursor keeps the capture tint"
    );
    assert_eq!(tint(false, cursor), tint(false, SquareMarks::default()));
    let f7 = layout.square_rect(sq("f7"));
    assert_eq!(buf[f7.as_position()].symbol(), "┏", "the cursor is a frame");
    assert_eq!(buf[f7.as_position()].fg, theme.cursor().fg.unwrap());
    assert_eq!(bg("h5"), tint(false, selected), "selected beats glow");
    assert_eq!(bg("h7"), tint(false, capture));
    assert_eq!(bg("e5"), tint(true, capture));
    assert_eq!(bg("g8"), tint(false, last));
    assert_eq!(bg("f6"), tint(true, last));
    assert_eq!(bg("a1"), tint(true, SquareMarks::default()));
    // Quiet targets are dots on untinted squares.
    assert_eq!(glyph_at(&buf, &layout, sq("g4")), "•");
    assert_eq!(bg("g4"), tint(false, SquareMarks::default()));
    assert_eq!(glyph_at(&buf, &layout, sq("h6")), "•");
    assert_eq!(glyph_at(&buf, &layout, sq("a3")), " ");
}

#[test]
fn monochrome_marks_every_highlight_by_shape() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let view = scholars_view(&pos, Theme::monochrome(), GlyphSet::Unicode);
    let (buf, layout) = render_board(&view, 80, 24);
    for cell in &buf.content {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "no colour at all");
        assert_eq!(cell.bg, ratatui::style::Color::Reset, "no colour at all");
    }
    assert_eq!(
        glyph_row(&buf, &layout, sq("f7")),
        ">(♟)<",
        "cursor on a capture"
    );
    assert_eq!(glyph_row(&buf, &layout, sq("h5")), " [♕] ", "selected");
    assert_eq!(glyph_row(&buf, &layout, sq("h7")), " (♟) ", "capture");
    assert_eq!(glyph_row(&buf, &layout, sq("g4")), "  •  ", "quiet target");
    assert_eq!(
        glyph_row(&buf, &layout, sq("a3")),
        "╱╱╱╱╱",
        "an empty dark square"
    );
    assert_eq!(
        glyph_row(&buf, &layout, sq("b3")),
        "     ",
        "an empty light square"
    );

    let style_at = |name: &str| {
        let p = layout.glyph_position(sq(name));
        buf[(p.x, p.y)].modifier
    };
    // Dark squares are hatched around their piece, never reverse video (which a dark terminal
    // shows as light): a1 and h1 read the same on either background.
    assert_eq!(glyph_row(&buf, &layout, sq("a1")), "╱ ♖ ╱", "dark square");
    assert_eq!(glyph_row(&buf, &layout, sq("h1")), "  ♖  ", "light square");
    let rect = layout.square_rect(sq("a1"));
    assert_eq!(buf[rect.as_position()].symbol(), "╱");
    assert!(
        buf.content
            .iter()
            .filter(|c| c.symbol() != "♕")
            .all(|c| !c.modifier.contains(Modifier::REVERSED)),
        "only the glowing queen is inverted"
    );
    for name in ["g8", "f6"] {
        for p in layout.square_rect(sq(name)).positions() {
            assert!(
                buf[p].modifier.contains(Modifier::UNDERLINED),
                "last move {name}"
            );
        }
    }
    // The glowing queen's cell is inverted against its light square, and bold.
    assert!(style_at("h5").contains(Modifier::REVERSED | Modifier::BOLD));
    assert!(
        !style_at("g6").contains(Modifier::REVERSED),
        "a light square is not inverted"
    );
}

#[test]
fn monochrome_check_is_marked_and_three_wide_squares_keep_the_cursor() {
    let pos: Position = MATED.parse().unwrap();
    let mut view = BoardView::new(&pos);
    view.theme = Theme::monochrome();
    view.glyphs = GlyphSet::Ascii;
    view.last_move = Some((sq("h5"), sq("f7")));
    assert_eq!(view.check, Some(sq("e8")));
    let (buf, layout) = render_board(&view, 80, 24);
    assert_eq!(glyph_row(&buf, &layout, sq("e8")), " !k! ");

    view.cursor = Some(sq("e8"));
    view.selected = Some(sq("e8"));
    let (buf, layout) = render_board(&view, 80, 24);
    assert_eq!(glyph_row(&buf, &layout, sq("e8")), ">[k]<");

    let (buf, layout) = render_board(&view, 60, 16);
    assert_eq!(layout.square_size(), Size::new(3, 1));
    assert_eq!(glyph_row(&buf, &layout, sq("e8")), ">k<");
    view.cursor = None;
    let (buf, layout) = render_board(&view, 60, 16);
    assert_eq!(glyph_row(&buf, &layout, sq("e8")), "[k]");
}

#[test]
fn board_grows_to_eleven_by_five_at_160x50() {
    let pos = Position::initial();
    let mut view = BoardView::new(&pos);
    view.glyphs = GlyphSet::Ascii;
    let (buf, layout) = render_board(&view, 160, 50);
    assert_eq!(layout.square_size(), Size::new(11, 5));
    assert_eq!(
        glyph_at(&buf, &layout, sq("g1")),
        "N",
        "--ascii keeps letters"
    );
    let rect = layout.square_rect(sq("g1"));
    assert_eq!(layout.glyph_position(sq("g1")).x, rect.x + 5);
    assert_eq!(layout.glyph_position(sq("g1")).y, rect.y + 2);
}

#[test]
fn snapshot_board_80x24_unicode_colour() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let view = scholars_view(&pos, Theme::new(Palette::Wood, true), GlyphSet::Unicode);
    let (buf, _) = render_board(&view, 80, 24);
    insta::assert_snapshot!("board_80x24_unicode_colour", styled(&buf));
}

#[test]
fn snapshot_board_80x24_ascii_monochrome() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let view = scholars_view(&pos, Theme::monochrome(), GlyphSet::Ascii);
    let (buf, _) = render_board(&view, 80, 24);
    insta::assert_snapshot!("board_80x24_ascii_monochrome", styled(&buf));
}

#[test]
fn snapshot_board_160x50_unicode_monochrome_flipped() {
    let pos: Position = MATED.parse().unwrap();
    let mut view = BoardView::new(&pos);
    view.theme = Theme::monochrome();
    view.orientation = Color::Black;
    view.last_move = Some((sq("h5"), sq("f7")));
    view.cursor = Some(sq("f7"));
    let (buf, _) = render_board(&view, 160, 50);
    insta::assert_snapshot!("board_160x50_unicode_monochrome_flipped", text(&buf));
}

/// 9x4 squares (120x40) in colour: the 7x3 figures, each with a row of air above it.
#[test]
fn snapshot_board_120x40_unicode_colour() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let view = scholars_view(&pos, Theme::new(Palette::Wood, true), GlyphSet::Unicode);
    let (buf, layout) = render_board(&view, 120, 40);
    assert_eq!(layout.square_size(), Size::new(9, 4));
    insta::assert_snapshot!("board_120x40_unicode_colour", styled(&buf));
}

/// The biggest squares (17x8, at 250x70) without colour: the scaled figures, White's
/// outlined.
#[test]
fn snapshot_board_250x70_every_piece_monochrome() {
    let pos: Position = EVERY_PIECE.parse().unwrap();
    let mut view = BoardView::new(&pos);
    view.theme = Theme::monochrome();
    let (buf, layout) = render_board(&view, 250, 70);
    assert_eq!(layout.square_size(), Size::new(17, 8));
    insta::assert_snapshot!("board_250x70_every_piece_monochrome", text(&buf));
}

#[test]
fn snapshot_board_160x50_ascii_ocean() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let view = scholars_view(&pos, Theme::new(Palette::Blue, true), GlyphSet::Ascii);
    let (buf, _) = render_board(&view, 160, 50);
    insta::assert_snapshot!("board_160x50_ascii_ocean", text(&buf));
}

#[test]
fn snapshot_help_80x24() {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let view = HelpView {
        theme: Theme::monochrome(),
        scroll: 0,
    };
    terminal
        .draw(|frame| frame.render_widget(&view, frame.area()))
        .unwrap();
    insta::assert_snapshot!("help_80x24", text(terminal.backend().buffer()));
}

#[test]
fn snapshot_too_small_50x12() {
    let mut terminal = Terminal::new(TestBackend::new(50, 12)).unwrap();
    let size = ScreenLayout::new(Rect::new(0, 0, 50, 12)).unwrap_err();
    assert_eq!(
        size,
        TooSmall {
            need: Size::new(60, 16),
            have: Size::new(50, 12)
        }
    );
    let view = TooSmallView {
        size,
        theme: Theme::default(),
    };
    terminal
        .draw(|frame| frame.render_widget(&view, frame.area()))
        .unwrap();
    insta::assert_snapshot!("too_small_50x12", text(terminal.backend().buffer()));
}

#[test]
fn the_pictures_of_the_readme_and_the_guide_are_up_to_date() {
    for (path, draw) in PICTURES {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == draw(),
            "{} is out of date with the code that draws the screen: run \
             `cargo run --example screenshot` and commit the result",
            path.display()
        );
    }
}

/// Every figure of a band, as the board draws it (the same rows for both sides, which colour
/// tells apart).
fn figures_sheet(band: Band) -> String {
    let square = SQUARE_SIZES
        .into_iter()
        .find(|&s| Band::for_square(s) == Some(band))
        .unwrap();
    let mut out = format!(
        "band {band:?}, squares {}x{}\n",
        square.width, square.height
    );
    for role in Role::ALL {
        out.push_str(&format!("{}\n", role.name()));
        for row in figure(band, role) {
            out.push_str(&format!("|{row}|\n"));
        }
    }
    out
}

#[test]
fn snapshot_figures_of_every_band() {
    for band in Band::ALL {
        let name = format!("{band:?}").to_lowercase();
        insta::assert_snapshot!(format!("figures_{name}"), figures_sheet(band));
    }
}

/// The square sizes the screen gives the board on terminals from `min` to `max`.
fn square_sizes(min: (u16, u16), max: (u16, u16)) -> Vec<Size> {
    let mut sizes = Vec::new();
    for w in min.0..=max.0 {
        for h in min.1..=max.1 {
            let screen = ScreenLayout::new(Rect::new(0, 0, w, h)).unwrap();
            let square = BoardLayout::new(screen.board, Color::White)
                .unwrap()
                .square_size();
            if !sizes.contains(&square) {
                sizes.push(square);
            }
        }
    }
    sizes.sort_by_key(|s| s.height);
    sizes
}

/// A board drawn alone in an area just big enough for squares of `square` cells.
fn board_with_squares(view: &BoardView<'_>, square: Size) -> (Buffer, BoardLayout) {
    let size = BoardLayout::outer_size(square);
    let mut buf = Buffer::empty(Rect::new(0, 0, size.width, size.height));
    ratatui::widgets::Widget::render(view, buf.area, &mut buf);
    let layout = BoardLayout::new(buf.area, view.orientation).unwrap();
    assert_eq!(layout.square_size(), square);
    (buf, layout)
}

/// The cells of a square with something drawn in them.
fn ink_cells(buf: &Buffer, layout: &BoardLayout, square: Square) -> u16 {
    let rect = layout.square_rect(square);
    rect.positions().filter(|&p| buf[p].symbol() != " ").count() as u16
}

/// On every terminal from 80x24 to 250x70 whose squares get figures, a figure keeps a blank
/// row above it and a blank column either side, so it never touches the figures of the
/// squares around it (on 9x4 squares the figures once filled all four rows, and a rank's
/// figures stood on the heads of the rank below). The row below is the next square's row
/// above; the bottom rank stands on the file letters.
#[test]
fn figures_keep_a_row_of_air_above_and_a_column_either_side_at_every_size() {
    let pos = Position::initial();
    let view = BoardView::new(&pos);
    let sizes = square_sizes((80, 24), (250, 70));
    assert!(sizes.contains(&Size::new(9, 4)), "{sizes:?}");
    let mut checked = 0;
    for square in sizes {
        let Some(band) = Band::for_square(square) else {
            continue;
        };
        let (buf, layout) = board_with_squares(&view, square);
        for at in Square::all().filter(|&s| pos.piece_at(s).is_some()) {
            let rect = layout.square_rect(at);
            let blank = |x: u16, y: u16| buf[(x, y)].symbol() == " ";
            let top = (rect.left()..rect.right()).all(|x| blank(x, rect.y));
            let sides = rect
                .rows()
                .all(|r| blank(r.x, r.y) && blank(r.right() - 1, r.y));
            assert!(
                top && sides,
                "{band:?} on {}x{} at {at:?}:\n{}",
                square.width,
                square.height,
                square_text(&buf, &layout, at)
            );
            assert!(ink_cells(&buf, &layout, at) > 0);
        }
        checked += 1;
    }
    assert!(checked >= 3, "{checked}");
}

/// From 160x50 (11x5 squares) up to 250x70 every figure covers at least a quarter of its
/// square, counted in cells with ink; the 7x4 pawn on an 11x5 square once covered 22%.
#[test]
fn every_figure_covers_a_quarter_of_its_square_from_160x50() {
    let pos: Position = EVERY_PIECE.parse().unwrap();
    let view = BoardView::new(&pos);
    let sizes = square_sizes((160, 50), (250, 70));
    assert_eq!(sizes.first(), Some(&Size::new(11, 5)), "{sizes:?}");
    for square in sizes {
        let (buf, layout) = board_with_squares(&view, square);
        for at in Square::all() {
            let Some(piece) = pos.piece_at(at) else {
                continue;
            };
            let ink = ink_cells(&buf, &layout, at);
            assert!(
                4 * ink >= square.width * square.height,
                "{piece:?} on {}x{} covers {ink} cells",
                square.width,
                square.height
            );
        }
    }
}

/// The figure on a square is the band's figure for its piece, in the piece's colour, at 120x40
/// (9x4 squares) and 160x50 (11x5), where it covers at least a quarter of the square.
#[test]
fn big_squares_draw_big_figures_covering_a_quarter_of_the_square() {
    let pos = Position::initial();
    let mut view = BoardView::new(&pos);
    view.theme = Theme::new(Palette::Wood, true);
    for (w, h, band) in [(120, 40, Band::Medium), (160, 50, Band::Large)] {
        let (buf, layout) = render_board(&view, w, h);
        let size = layout.square_size();
        assert_eq!(Band::for_square(size), Some(band), "{w}x{h}");
        let rect = layout.square_rect(sq("g1"));
        let inked: Vec<String> = rect
            .rows()
            .map(|row| row.positions().map(|p| buf[p].symbol()).collect::<String>())
            .filter(|r| !r.trim().is_empty())
            .collect();
        let want: Vec<String> = figure(band, Role::Knight).to_vec();
        assert!(
            inked
                .iter()
                .zip(&want)
                .all(|(got, fig)| got.contains(fig.as_str())),
            "{w}x{h}: {inked:?}"
        );
        let figure_cells = band.size().width * band.size().height;
        if w >= 120 {
            assert!(4 * figure_cells >= size.width * size.height, "{w}x{h}");
        }
        let white = Theme::new(Palette::Wood, true)
            .piece(Color::White, false)
            .fg;
        let ink = rect.positions().find(|&p| buf[p].symbol() == "█").unwrap();
        assert_eq!(Some(buf[ink].fg), white);
    }
    // Without colour White's figures are outlined and Black's filled, as ♘ and ♞ are.
    view.theme = Theme::monochrome();
    let (buf, layout) = render_board(&view, 160, 50);
    let rows = |name: &str| square_text(&buf, &layout, sq(name));
    for (square, want) in [
        ("g1", outline(Band::Large, Role::Knight)),
        ("g8", figure(Band::Large, Role::Knight)),
    ] {
        let got = rows(square);
        assert!(
            want.iter().all(|r| got.contains(r.as_str())),
            "{square}: {got}"
        );
    }
}

#[test]
fn quiet_targets_are_dots_that_grow_and_the_cursor_is_a_frame_that_keeps_the_last_move() {
    let pos: Position = SCHOLARS.parse().unwrap();
    let theme = Theme::new(Palette::Wood, true);
    let mut view = scholars_view(&pos, theme, GlyphSet::Unicode);
    view.cursor = Some(sq("f6"));
    for (w, h, dot) in [
        (80, 24, "•"),
        (62, 50, "•"),
        (120, 40, "▗██▖"),
        (160, 50, "▗██▖"),
    ] {
        let (buf, layout) = render_board(&view, w, h);
        let rect = layout.square_rect(sq("g4"));
        let rows: String = rect
            .rows()
            .map(|row| row.positions().map(|p| buf[p].symbol()).collect::<String>())
            .collect();
        assert!(rows.contains(dot), "{w}x{h}: {rows:?}");
        let corners = layout.square_rect(sq("f6"));
        let last = theme
            .square(
                true,
                SquareMarks {
                    last_move: true,
                    ..SquareMarks::default()
                },
            )
            .bg
            .unwrap();
        assert_eq!(buf[corners.as_position()].symbol(), "┏", "{w}x{h}");
        for p in corners.positions() {
            assert_eq!(
                buf[p].bg, last,
                "{w}x{h}: the cursor keeps the last-move tint"
            );
        }
    }
}

/// Every piece on a light and on a dark square: the white ones on ranks 1, 3 and 4, the black
/// ones on ranks 5, 6 and 8, each (but the kings) on both colours of square.
const EVERY_PIECE: &str = "k7/8/qrbnpQ2/1qrbnp2/RNBP4/1RNBP3/8/1K6 w - - 0 1";

/// 7x3 squares (100x30) draw each piece as its chess symbol: a figure five cells wide and
/// three tall there filled the square to its edges, ran into the next one, and did not tell a
/// knight from a 4 (issue 29). The snapshot shows every piece on both colours of square.
#[test]
fn seven_by_three_squares_draw_symbols_not_figures() {
    let pos: Position = EVERY_PIECE.parse().unwrap();
    let mut view = BoardView::new(&pos);
    for theme in [Theme::new(Palette::Wood, true), Theme::monochrome()] {
        view.theme = theme;
        let (buf, layout) = render_board(&view, 100, 30);
        assert_eq!(layout.square_size(), Size::new(7, 3));
        assert_eq!(Band::for_square(layout.square_size()), None);
        let knight = theme.glyph(GlyphSet::Unicode, Piece::new(Color::White, Role::Knight));
        let row = glyph_row(&buf, &layout, sq("b4"));
        assert_eq!(row.trim_matches(['╱', ' ']), knight.to_string(), "{row:?}");
    }
    let (buf, _) = render_board(&view, 100, 30);
    insta::assert_snapshot!("board_100x30_every_piece_monochrome", text(&buf));
}

/// Without colour the board reads the same on a dark and a light terminal: no cell is in
/// reverse video (which swaps light and dark on a dark terminal), dark squares are hatched,
/// and White's figures are outlined and Black's filled on either colour of square.
#[test]
fn monochrome_big_board_hatches_dark_squares_and_tells_the_sides_by_shape() {
    let pos: Position = EVERY_PIECE.parse().unwrap();
    let mut view = BoardView::new(&pos);
    view.theme = Theme::monochrome();
    let (buf, layout) = render_board(&view, 120, 40);
    assert!(
        buf.content
            .iter()
            .all(|c| !c.modifier.contains(Modifier::REVERSED)),
        "no reverse video"
    );
    let cells = |name: &str| -> String {
        layout
            .square_rect(sq(name))
            .positions()
            .map(|p| buf[p].symbol().to_owned())
            .collect()
    };
    assert!(sq("a1").is_dark() && !sq("h1").is_dark());
    assert!(
        cells("a1").chars().all(|c| c == '╱'),
        "an empty dark square"
    );
    assert!(cells("h1").trim().is_empty(), "an empty light square");
    let rows = |name: &str| square_text(&buf, &layout, sq(name));
    // A white knight on a dark square and a white bishop on a light one; a black pawn on a
    // light square and a black knight on a dark one.
    for (square, color) in [
        ("b4", Color::White),
        ("c4", Color::White),
        ("e6", Color::Black),
        ("e5", Color::Black),
    ] {
        let role = pos.piece_at(sq(square)).unwrap().role;
        let want = match color {
            Color::White => outline(Band::Medium, role),
            Color::Black => figure(Band::Medium, role),
        };
        let got = rows(square);
        assert!(
            want.iter().all(|r| got.contains(r.as_str())),
            "{square}: {got}"
        );
        assert_eq!(sq(square).is_dark(), got.contains('╱'), "{square}: {got}");
    }
}
