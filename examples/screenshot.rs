//! Writes the README's screenshot: the real screen of a game in progress, drawn by the same
//! `render` the game uses on a 120x40 test backend, as an SVG in `assets/screenshot.svg`.
//!
//! Run with `cargo run --example screenshot` after changing how the screen looks; a test
//! (`tests/render.rs`) fails while the committed picture is out of date.

use hotseat::tui::screenshot::{SCREENSHOT_PATH, readme_screenshot};

fn main() -> std::io::Result<()> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SCREENSHOT_PATH);
    std::fs::write(&path, readme_screenshot())?;
    println!("wrote {}", path.display());
    Ok(())
}
