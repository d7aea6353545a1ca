//! Writes `crates/chess/data/openings.txt`, the compact opening names, from the lichess-org/chess-openings
//! TSV files in `tests/data/chess-openings/` (CC0 1.0). Run after updating those files:
//!
//! ```text
//! cargo run --example openings
//! ```
//!
//! A test fails while the committed file differs from what this writes.

use anyhow::Context;

fn main() -> anyhow::Result<()> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chess-openings");
    let mut texts = Vec::new();
    for volume in ["a", "b", "c", "d", "e"] {
        let path = format!("{dir}/{volume}.tsv");
        texts.push(std::fs::read_to_string(&path).with_context(|| format!("reading {path}"))?);
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let compact = hotseat::game::openings::compile(&texts).map_err(anyhow::Error::msg)?;
    let out = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/chess/data/openings.txt"
    );
    std::fs::write(out, compact).with_context(|| format!("writing {out}"))?;
    println!("wrote {out}");
    Ok(())
}
