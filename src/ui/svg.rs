//! The screen as a picture: a drawn buffer written out as SVG (cells as coloured rectangles and
//! text), for the README's screenshot.
//!
//! Drawing only: the game played up to the picture is staged by the front end
//! (`tui::screenshot::readme_screenshot`), which drives the app; this reads a drawn buffer.

use std::fmt::Write;

use ratatui::buffer::Buffer;
use ratatui::style::{Color as Rgb, Modifier};

/// One cell in the picture, in pixels.
const CELL_WIDTH: u32 = 10;
const CELL_HEIGHT: u32 = 20;
/// The terminal's own colours, for cells that leave them as they are: a dark terminal.
const DEFAULT_FG: (u8, u8, u8) = (214, 214, 214);
const DEFAULT_BG: (u8, u8, u8) = (28, 28, 30);

/// A buffer as an SVG picture: each cell's background as a rectangle (runs of one colour
/// merged), block characters as exact rectangles, and other characters as text.
pub fn to_svg(buf: &Buffer) -> String {
    let area = buf.area;
    let (w, h) = (
        u32::from(area.width) * CELL_WIDTH,
        u32::from(area.height) * CELL_HEIGHT,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"'DejaVu Sans Mono', Menlo, Consolas, monospace\" \
         font-size=\"16\" shape-rendering=\"crispEdges\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
        hex(DEFAULT_BG)
    );
    for y in 0..area.height {
        // Backgrounds, one rectangle per run of a colour.
        let mut x = 0;
        while x < area.width {
            let (_, bg) = colours(buf, x, y);
            let start = x;
            while x < area.width && colours(buf, x, y).1 == bg {
                x += 1;
            }
            if bg != DEFAULT_BG {
                rect(&mut out, start, y, x - start, bg, (0, 0, 1, 1));
            }
        }
        for x in 0..area.width {
            let cell = &buf[(x, y)];
            let (fg, _) = colours(buf, x, y);
            let symbol = cell.symbol();
            let mut chars = symbol.chars();
            let (Some(ch), None) = (chars.next(), chars.next()) else {
                if !symbol.trim().is_empty() {
                    text(&mut out, x, y, symbol, fg, cell.modifier);
                }
                continue;
            };
            if let Some(quarters) = quadrants(ch) {
                for (i, part) in [(0, 0), (1, 0), (0, 1), (1, 1)].into_iter().enumerate() {
                    if quarters & (1 << i) != 0 {
                        rect(&mut out, x, y, 1, fg, (part.0, part.1, 2, 2));
                    }
                }
            } else if ch != ' ' {
                text(&mut out, x, y, symbol, fg, cell.modifier);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The foreground and background of a cell as drawn, reverse video applied.
fn colours(buf: &Buffer, x: u16, y: u16) -> ((u8, u8, u8), (u8, u8, u8)) {
    let cell = &buf[(x, y)];
    let fg = rgb(cell.fg).unwrap_or(DEFAULT_FG);
    let bg = rgb(cell.bg).unwrap_or(DEFAULT_BG);
    if cell.modifier.contains(Modifier::REVERSED) {
        (bg, fg)
    } else {
        (fg, bg)
    }
}

/// A colour as RGB; `None` for the terminal's own.
fn rgb(color: Rgb) -> Option<(u8, u8, u8)> {
    Some(match color {
        Rgb::Rgb(r, g, b) => (r, g, b),
        Rgb::Reset => return None,
        Rgb::Black => (0, 0, 0),
        Rgb::Red => (205, 49, 49),
        Rgb::Green => (13, 188, 121),
        Rgb::Yellow => (229, 229, 16),
        Rgb::Blue => (36, 114, 200),
        Rgb::Magenta => (188, 63, 188),
        Rgb::Cyan => (17, 168, 205),
        Rgb::Gray => (170, 170, 170),
        Rgb::DarkGray => (102, 102, 102),
        Rgb::LightRed => (241, 76, 76),
        Rgb::LightGreen => (35, 209, 139),
        Rgb::LightYellow => (245, 245, 67),
        Rgb::LightBlue => (59, 142, 234),
        Rgb::LightMagenta => (214, 112, 214),
        Rgb::LightCyan => (41, 184, 219),
        Rgb::White => (255, 255, 255),
        Rgb::Indexed(_) => return None,
    })
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The quarters of a block character (1 top left, 2 top right, 4 bottom left, 8 bottom right).
fn quadrants(ch: char) -> Option<u8> {
    Some(match ch {
        '▘' => 1,
        '▝' => 2,
        '▀' => 3,
        '▖' => 4,
        '▌' => 5,
        '▞' => 6,
        '▛' => 7,
        '▗' => 8,
        '▚' => 9,
        '▐' => 10,
        '▜' => 11,
        '▄' => 12,
        '▙' => 13,
        '▟' => 14,
        '█' => 15,
        _ => return None,
    })
}

/// A rectangle over `cells` cells from (`x`, `y`); `part` is (column, row, columns, rows) of
/// the cell's subdivision to fill: (0, 0, 1, 1) is the whole cell.
fn rect(
    out: &mut String,
    x: u16,
    y: u16,
    cells: u16,
    colour: (u8, u8, u8),
    part: (u32, u32, u32, u32),
) {
    let (col, row, cols, rows) = part;
    let px = u32::from(x) * CELL_WIDTH + col * CELL_WIDTH / cols;
    let py = u32::from(y) * CELL_HEIGHT + row * CELL_HEIGHT / rows;
    let w = u32::from(cells) * CELL_WIDTH / cols;
    let h = CELL_HEIGHT / rows;
    let _ = writeln!(
        out,
        "<rect x=\"{px}\" y=\"{py}\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
        hex(colour)
    );
}

fn text(out: &mut String, x: u16, y: u16, symbol: &str, colour: (u8, u8, u8), modifier: Modifier) {
    let px = u32::from(x) * CELL_WIDTH;
    let py = u32::from(y) * CELL_HEIGHT + CELL_HEIGHT * 3 / 4;
    let weight = if modifier.contains(Modifier::BOLD) {
        " font-weight=\"bold\""
    } else {
        ""
    };
    let escaped = symbol
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let _ = writeln!(
        out,
        "<text x=\"{px}\" y=\"{py}\" fill=\"{}\"{weight}>{escaped}</text>",
        hex(colour)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn cells_become_rectangles_and_text() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 3, 1));
        buf[(0, 0)]
            .set_char('<')
            .set_style(Style::new().fg(Rgb::Rgb(1, 2, 3)).bg(Rgb::Rgb(4, 5, 6)));
        buf[(1, 0)]
            .set_char('▀')
            .set_style(Style::new().fg(Rgb::White));
        let svg = to_svg(&buf);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert!(svg.contains("width=\"30\" height=\"20\""));
        assert!(
            svg.contains("<rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" fill=\"#040506\"/>")
        );
        assert!(svg.contains("fill=\"#010203\">&lt;</text>"));
        assert!(
            svg.contains("<rect x=\"10\" y=\"0\" width=\"5\" height=\"10\" fill=\"#ffffff\"/>")
        );
        assert!(
            svg.contains("<rect x=\"15\" y=\"0\" width=\"5\" height=\"10\" fill=\"#ffffff\"/>")
        );
    }
}
