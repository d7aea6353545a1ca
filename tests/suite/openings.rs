//! Opening names: every line of the lichess-org/chess-openings data set, replayed from its own
//! PGN movetext, is found by position under its own name (or, where two lines reach the same
//! position, under a name of that position), and the shipped compact file is what the data set
//! compiles to.

use std::collections::HashMap;

use hotseat::game::openings;
use hotseat::rules::Position;

const VOLUMES: [&str; 5] = [
    include_str!("../data/chess-openings/a.tsv"),
    include_str!("../data/chess-openings/b.tsv"),
    include_str!("../data/chess-openings/c.tsv"),
    include_str!("../data/chess-openings/d.tsv"),
    include_str!("../data/chess-openings/e.tsv"),
];

/// Every line of the data set: ECO, name, and the position its moves reach.
fn data_set() -> Vec<(String, String, Position)> {
    let mut out = Vec::new();
    for volume in VOLUMES {
        for line in volume.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let mut pos = Position::initial();
            for token in cols[2].split_whitespace() {
                if token.ends_with('.') {
                    continue;
                }
                let mv = pos
                    .parse_move(token)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                pos = pos.play(mv).unwrap();
            }
            out.push((cols[0].to_owned(), cols[1].to_owned(), pos));
        }
    }
    out
}

#[test]
fn every_line_of_the_data_set_is_found_by_its_position() {
    let lines = data_set();
    assert_eq!(lines.len(), 3807);
    let mut names_of_position: HashMap<u64, Vec<(String, String)>> = HashMap::new();
    for (eco, name, pos) in &lines {
        names_of_position
            .entry(pos.repetition_key())
            .or_default()
            .push((eco.clone(), name.clone()));
    }
    for (eco, name, pos) in &lines {
        let found = openings::lookup(pos).unwrap_or_else(|| panic!("{eco} {name}: not found"));
        let same_position = &names_of_position[&pos.repetition_key()];
        assert!(
            same_position
                .iter()
                .any(|(e, n)| e == found.eco && n == found.name),
            "{eco} {name}: found as {found}, which is not a name of this position"
        );
        if same_position.len() == 1 {
            assert_eq!((found.eco, found.name), (eco.as_str(), name.as_str()));
        }
    }
}

#[test]
fn the_shipped_compact_file_is_the_data_set() {
    let committed = include_str!("../../crates/chess/data/openings.txt");
    let compiled = openings::compile(&VOLUMES).unwrap();
    assert!(
        committed == compiled,
        "crates/chess/data/openings.txt is out of date: run `cargo run --example openings`"
    );
    // And what the program reads from it: every line, its moves played, is found by position.
    let decoded = openings::lines().unwrap();
    assert_eq!(decoded.len(), 3807);
    for (eco, name, moves) in decoded {
        let mut pos = Position::initial();
        for mv in moves {
            pos = pos.play(mv).unwrap();
        }
        let found = openings::lookup(&pos).unwrap_or_else(|| panic!("{eco} {name}: not found"));
        assert_eq!(found.eco.len(), 3, "{eco} {name}");
    }
}
