//! A test terminal's buffer as text, for assertions and insta snapshots.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// The screen as lines of text, trailing spaces trimmed.
pub fn text(buf: &Buffer) -> String {
    let width = usize::from(buf.area.width);
    let mut out = String::new();
    for row in buf.content.chunks(width) {
        let line: String = row.iter().map(|c| c.symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The screen, a style map (one letter per distinct style) and its legend.
pub fn styled(buf: &Buffer) -> String {
    let width = usize::from(buf.area.width);
    let mut legend: Vec<Style> = vec![Style::default()];
    let mut map = String::new();
    for row in buf.content.chunks(width) {
        for cell in row {
            let style = cell.style();
            let i = legend.iter().position(|s| *s == style).unwrap_or_else(|| {
                legend.push(style);
                legend.len() - 1
            });
            map.push(if i == 0 {
                '.'
            } else {
                char::from(b'A' + (i as u8 - 1) % 26)
            });
        }
        map.push('\n');
    }
    let mut out = text(buf);
    out.push_str("\nstyles:\n");
    out.push_str(&map);
    for (i, style) in legend.iter().enumerate().skip(1) {
        let letter = char::from(b'A' + (i as u8 - 1) % 26);
        writeln!(
            out,
            "{letter}: fg {:?} bg {:?} {:?}",
            style.fg, style.bg, style.add_modifier
        )
        .unwrap();
    }
    out
}

/// The whole screen of `app` drawn at `w` x `h`, the app told of the size first.
pub fn draw_app(app: &mut hotseat::app::App, (w, h): (u16, u16)) -> Buffer {
    app.update(
        hotseat::app::keymap::Action::Resize {
            width: w,
            height: h,
        },
        app.view().now(),
    );
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).expect("a test terminal");
    terminal
        .draw(|frame| hotseat::ui::render(app, frame))
        .expect("drawn");
    terminal.backend().buffer().clone()
}
