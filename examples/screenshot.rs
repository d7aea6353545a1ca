//! Writes the pictures of the README and the guide: the real screen of a game in progress,
//! drawn by the same `render` the game uses on a test backend, as SVG (`assets/screenshot.svg`,
//! and `docs/img/`).
//!
//! Run with `cargo run --example screenshot` after changing how the screen looks; a test
//! (`tests/suite/render.rs`) fails while a committed picture is out of date.

use hotseat::tui::screenshot::PICTURES;

fn main() -> std::io::Result<()> {
    for (path, draw) in PICTURES {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder)?;
        }
        std::fs::write(&path, draw())?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
