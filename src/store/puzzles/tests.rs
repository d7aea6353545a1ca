use std::io::Cursor;
use std::path::PathBuf;

use super::*;
use crate::store::DataDir;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hotseat-puzzles-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn book(name: &str) -> (PuzzleBook, PathBuf) {
    let dir = temp(name);
    let store = Store::new(DataDir::new(&dir));
    (store.puzzles().unwrap(), dir)
}

const NOW: i64 = 1_800_000_000;

#[test]
fn the_shipped_puzzles_go_in_once_all_6005_of_them() {
    let (book, dir) = book("bundled");
    assert_eq!(book.count().unwrap(), 6005);
    let themes = book.themes().unwrap();
    assert_eq!(themes.len(), 37, "{themes:?}");
    assert!(themes.iter().any(|t| t == "fork"));
    let p = book.puzzle("0YtJI").unwrap().unwrap();
    assert_eq!(p.rating, 400);
    assert_eq!(p.game_url, "https://lichess.org/rEu7l1d6/black#56");
    drop(book);
    // Opened again: nothing read twice.
    let store = Store::new(DataDir::new(&dir));
    assert_eq!(store.puzzles().unwrap().count().unwrap(), 6005);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_malformation_is_refused_with_its_line_and_the_rest_go_in() {
    let (mut book, dir) = book("malformed");
    let good = "zz001,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,1234,75,90,1000,mateIn1 newTheme,https://lichess.org/x,";
    let text = [
        "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags",
        good,
        "zz002,not a fen,e2e4 e7e5,1500,,,,fork,,",
        "zz003,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8a1x,1500,,,,fork,,",
        "zz004,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8c8,1500,,,,fork,,",
        "zz005,too,few",
        "zz006,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,lots,,,,fork,,",
        "",
        "zz007,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8,1500,,,,fork,,",
    ]
    .join("\n");
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(b"\nzz008,\xff\xfe,,,,,,,,\n");
    bytes.extend_from_slice(&vec![b'x'; 20_000]);
    bytes.extend_from_slice(b"\n");
    bytes.extend_from_slice(good.replace("zz001", "zz009").as_bytes());
    let report = import_rows(book.database_mut(), Cursor::new(bytes), |_| {}).unwrap();
    let lines: Vec<(u64, String)> = report
        .refused
        .iter()
        .map(|r| (r.line, r.error.to_string()))
        .collect();
    let at = |n: u64| lines.iter().find(|(l, _)| *l == n).map(|(_, e)| e.as_str());
    assert!(at(3).unwrap().starts_with("bad FEN"), "{lines:?}");
    assert!(at(4).unwrap().contains("not a UCI move"), "{lines:?}");
    assert!(at(5).unwrap().contains("illegal"), "{lines:?}");
    assert!(at(6).unwrap().contains("3 columns"), "{lines:?}");
    assert!(
        at(7).unwrap().contains("Rating should be a number"),
        "{lines:?}"
    );
    assert!(at(9).unwrap().contains("the line has 1 moves"), "{lines:?}");
    assert!(at(10).unwrap().contains("UTF-8"), "{lines:?}");
    assert!(at(11).unwrap().contains("longer than"), "{lines:?}");
    assert_eq!(report.refused_count, 8);
    assert_eq!(report.added, 2);
    assert_eq!(report.rows, 10);
    let p = book.puzzle("zz001").unwrap().unwrap();
    assert_eq!(
        (p.rating, p.deviation, p.plays),
        (1234, Some(75), Some(1000))
    );
    assert!(book.themes().unwrap().iter().any(|t| t == "newTheme"));
    // The same file again: nothing new; a changed rating is an update.
    let again = import_rows(
        book.database_mut(),
        Cursor::new(good.replace("1234", "1300")),
        |_| {},
    )
    .unwrap();
    assert_eq!((again.added, again.updated, again.already), (0, 1, 0));
    let choice = Choice {
        theme: Some("newTheme".into()),
        range: None,
    };
    let p = book.next("Ann", &choice, 1300, 0, NOW).unwrap().unwrap();
    assert_eq!(p.rating, 1300);
    let choice = Choice {
        theme: Some("newTheme".into()),
        range: Some((1100, 1200)),
    };
    assert_eq!(book.next("Ann", &choice, 1300, 0, NOW).unwrap(), None);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_next_puzzle_is_near_the_rating_of_the_theme_and_not_played_recently() {
    let (mut book, dir) = book("next");
    let choice = Choice {
        theme: Some("fork".into()),
        range: None,
    };
    let mut seen = std::collections::HashSet::new();
    for i in 0..20 {
        let p = book
            .next("Ann", &choice, 1500, i * 7919, NOW)
            .unwrap()
            .unwrap();
        assert!(p.has_theme("fork"), "{:?}", p.themes);
        assert!((1300..=1700).contains(&p.rating), "{}", p.rating);
        assert!(seen.insert(p.id.clone()), "{} given twice", p.id);
        book.record("Ann", &p, PuzzleMode::Rated, i % 2 == 0, NOW)
            .unwrap();
    }
    // Another player may get them.
    let p = book.next("Bob", &choice, 1500, 0, NOW).unwrap().unwrap();
    assert!(p.has_theme("fork"));
    // A range is kept to, whatever the rating.
    let range = Choice {
        theme: None,
        range: Some((1200, 1600)),
    };
    let p = book.next("Ann", &range, 2500, 3, NOW).unwrap().unwrap();
    assert!((1200..=1600).contains(&p.rating), "{}", p.rating);
    // An unknown theme has no puzzle.
    let none = Choice {
        theme: Some("noSuchTheme".into()),
        range: None,
    };
    assert_eq!(book.next("Ann", &none, 1500, 0, NOW).unwrap(), None);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn fresh_players_at_1500_do_not_all_get_the_same_first_puzzle() {
    let (book, dir) = book("variety");
    let choice = Choice::default();
    let first = |name: &str, seed: u64| {
        let p = book.next(name, &choice, 1500, seed, NOW).unwrap().unwrap();
        assert!(p.rating.abs_diff(1500) <= SPREAD + 10, "{}", p.rating);
        p.id
    };
    // The same seed (two players opening the puzzles at one moment): their names vary it.
    let by_name: std::collections::HashSet<String> = ["Ann", "Bob", "Cem", "Dee", "Eve", "Fay"]
        .iter()
        .map(|name| first(name, 42))
        .collect();
    assert!(by_name.len() >= 4, "{by_name:?}");
    // One player, the seed of each new start.
    let by_seed: std::collections::HashSet<String> =
        (0..8u64).map(|i| first("Ann", i << 17)).collect();
    assert!(by_seed.len() >= 5, "{by_seed:?}");
    // The name's case does not matter, as for the rating.
    assert_eq!(first("ann", 7), first(" ANN ", 7));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn when_every_puzzle_in_range_was_played_the_oldest_comes_again() {
    let (mut book, dir) = book("exhausted");
    let choice = Choice {
        theme: None,
        range: Some((400, 407)),
    };
    // Ratings 400 and 407: two puzzles.
    let a = book.next("Ann", &choice, 400, 0, NOW).unwrap().unwrap();
    book.record("Ann", &a, PuzzleMode::Rated, true, NOW)
        .unwrap();
    let b = book
        .next("Ann", &choice, 400, 0, NOW + 10)
        .unwrap()
        .unwrap();
    assert_ne!(a.id, b.id);
    book.record("Ann", &b, PuzzleMode::Rated, true, NOW + 10)
        .unwrap();
    let c = book
        .next("Ann", &choice, 400, 0, NOW + 20)
        .unwrap()
        .unwrap();
    assert_eq!(c.id, a.id);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn ratings_start_at_1500_and_move_with_each_rated_attempt_kept_by_name() {
    let (mut book, dir) = book("ratings");
    assert_eq!(book.rating("Ann").unwrap().shown(), 1500);
    let p = book.puzzle("0YtJI").unwrap().unwrap();
    let change = book
        .record("Ann", &p, PuzzleMode::Rated, false, NOW)
        .unwrap();
    assert_eq!(change.before.shown(), 1500);
    assert!(change.points() < 0, "{change:?}");
    // By name, whatever the case.
    assert_eq!(book.rating(" ann ").unwrap(), change.after);
    // Casual and runs leave the rating alone but enter the history.
    let casual = book
        .record("Ann", &p, PuzzleMode::Casual, true, NOW + 1)
        .unwrap();
    assert_eq!(casual.points(), 0);
    assert_eq!(book.rating("Ann").unwrap(), change.after);
    let history = book.history("ANN", 10).unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0].mode, PuzzleMode::Casual);
    assert_eq!(history[1].mode, PuzzleMode::Rated);
    assert!(!history[1].won);
    assert_eq!(history[1].after, Some(change.after.rating));
    drop(book);
    // Kept across opening again.
    let store = Store::new(DataDir::new(&dir));
    assert_eq!(
        store.puzzles().unwrap().rating("Ann").unwrap(),
        change.after
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn personal_bests_only_rise() {
    let (mut book, dir) = book("bests");
    assert_eq!(book.best("Ann", PuzzleMode::Storm).unwrap(), None);
    assert_eq!(
        book.record_run("Ann", PuzzleMode::Storm, 12, NOW).unwrap(),
        None
    );
    assert_eq!(
        book.record_run("Ann", PuzzleMode::Storm, 9, NOW).unwrap(),
        Some(12)
    );
    assert_eq!(book.best("Ann", PuzzleMode::Storm).unwrap(), Some(12));
    assert_eq!(
        book.record_run("Ann", PuzzleMode::Storm, 20, NOW).unwrap(),
        Some(12)
    );
    assert_eq!(book.best("ann", PuzzleMode::Storm).unwrap(), Some(20));
    assert_eq!(book.best("Ann", PuzzleMode::Streak).unwrap(), None);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_puzzle_damaged_in_the_database_is_an_error_naming_it() {
    let (mut book, dir) = book("damaged");
    book.database_mut()
        .conn()
        .execute(
            "UPDATE puzzles SET moves = 'e2e5 zz' WHERE id = '0YtJI'",
            [],
        )
        .unwrap();
    let err = book.puzzle("0YtJI").unwrap_err().to_string();
    assert!(err.contains("0YtJI") && err.contains("damaged"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_large_import_makes_its_index_at_the_end_and_updates_changed_puzzles() {
    let (mut book, dir) = book("bulk");
    let row = |id: &str, rating: u16, themes: &str| {
        format!(
            "{id},R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,{rating},,,,{themes},,"
        )
    };
    let first: Vec<String> = (0..10)
        .map(|i| row(&format!("b{i:04}"), 1000 + i, "bulkA bulkB"))
        .collect();
    // Batches of 3: the indexes go after the first and come back at the end.
    let report = import::import_in_batches(
        book.database_mut(),
        Cursor::new(first.join("\n")),
        3,
        |_| {},
    )
    .unwrap();
    assert_eq!(report.added, 10);
    // Changed: b0001's rating, b0002's themes; b0003 the same.
    let second = [
        row("b0001", 1500, "bulkA bulkB"),
        row("b0002", 1002, "bulkA bulkC"),
        row("b0003", 1003, "bulkA bulkB"),
        row("b0100", 1100, "bulkC"),
        row("b0101", 1101, "bulkC"),
    ];
    let report = import::import_in_batches(
        book.database_mut(),
        Cursor::new(second.join("\n")),
        2,
        |_| {},
    )
    .unwrap();
    assert_eq!((report.added, report.updated, report.already), (2, 2, 1));
    let count = |theme: &str, lo: u16, hi: u16| -> i64 {
        let n = book.theme_number(theme).unwrap().unwrap();
        let (low, high) = import::theme_bits(n);
        book.conn()
            .query_row(
                "SELECT count(*) FROM puzzles
                 WHERE (theme_bits & ?1 OR theme_bits_high & ?2) AND rating BETWEEN ?3 AND ?4",
                params![low, high, lo, hi],
                |r| r.get(0),
            )
            .unwrap()
    };
    assert_eq!(count("bulkA", 1000, 1009), 9);
    assert_eq!(count("bulkA", 1500, 1500), 1);
    assert_eq!(count("bulkB", 1000, 1009), 8);
    assert_eq!(count("bulkC", 0, 4000), 3);
    let index: String = book
        .conn()
        .query_row(
            "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'puzzles_rating'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(index.contains("theme_bits_high"), "{index}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn every_shipped_puzzle_reads_and_solves_by_its_own_line_and_mates_end_in_mate() {
    use chess::puzzle::{Attempt, Solving, Status};
    use std::io::BufRead;
    let decoder = ruzstd::decoding::StreamingDecoder::new(BUNDLED).unwrap();
    let mut n = 0;
    for (i, line) in std::io::BufReader::new(decoder).lines().enumerate().skip(1) {
        let line = line.unwrap();
        let p = parse_row(&line).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let mate = p.mate_in();
        let mut s = Solving::new(p);
        while let Some(m) = s.expected() {
            match s.play(m).unwrap() {
                Attempt::Right { .. } => {}
                Attempt::Solved => break,
                other => panic!("line {}: {other:?}", i + 1),
            }
        }
        assert_eq!(s.status(), Status::Solved, "line {}", i + 1);
        assert_eq!(s.result(), Some(true));
        if let Some(k) = mate {
            assert!(s.position().is_checkmate(), "line {}: not mate", i + 1);
            assert_eq!(k, s.puzzle().solver_moves(), "line {}", i + 1);
        }
        n += 1;
    }
    assert_eq!(n, 6005);
}

#[test]
fn a_row_bringing_a_theme_beyond_the_most_kept_apart_is_refused_and_numbers_none() {
    let (mut book, dir) = book("themes");
    let known = book.themes().unwrap().len() as i64;
    let room = (import::MAX_THEMES - known) as usize;
    let row = |id: usize, themes: &[String]| {
        format!(
            "t{id:04},R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,1500,,,,{},,",
            themes.join(" ")
        )
    };
    let names: Vec<String> = (0..room + 3).map(|i| format!("extra{i}")).collect();
    // The first row fills the room but one; the second brings three, one too many; the
    // third the last one there is room for; the fourth one more.
    let text = [
        row(1, &names[..room - 1]),
        row(2, &names[room - 1..room + 2]),
        row(3, &names[room - 1..room]),
        row(4, &names[room + 2..]),
    ]
    .join("\n");
    let report = import_rows(book.database_mut(), Cursor::new(text), |_| {}).unwrap();
    assert_eq!(report.added, 2, "{:?}", report.refused);
    let lines: Vec<u64> = report.refused.iter().map(|r| r.line).collect();
    assert_eq!(lines, [2, 4]);
    let said = report.refused[0].error.to_string();
    assert!(
        said.contains("extra") && said.contains("127th") && said.contains("at most 126"),
        "{said}"
    );
    assert_eq!(book.themes().unwrap().len() as i64, import::MAX_THEMES);
    // The 126th theme is a bit of the high column, and found.
    let choice = Choice {
        theme: Some(names[room - 1].clone()),
        range: None,
    };
    let p = book.next("Ann", &choice, 1500, 0, NOW).unwrap().unwrap();
    assert_eq!(p.id, "t0003");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_database_of_schema_6_keeps_its_puzzles_themes_and_ratings_at_schema_7() {
    use crate::store::db::{DB_FILE, MIGRATIONS};
    let dir = temp("upgrade");
    let path = dir.join(DB_FILE);
    // Made as hotseat made it before: a row per puzzle and theme in `puzzle_themes`.
    {
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            .unwrap();
        let tx = conn.transaction().unwrap();
        for script in &MIGRATIONS[..6] {
            tx.execute_batch(script).unwrap();
        }
        tx.execute_batch(
            "INSERT INTO puzzle_theme_names (n, name) VALUES (1, 'fork'), (2, 'pin'),
                 (3, 'mateIn1'), (4, 'mate');
             INSERT INTO puzzles (id, fen, moves, rating, deviation, popularity, plays, themes,
                 game_url, opening_tags) VALUES
             ('old01', 'R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29', 'b7b8 a8b8', 1400,
                 80, 90, 100, 'mate mateIn1', 'https://lichess.org/x', ''),
             ('old02', 'R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29', 'b7b8 a8b8', 1600,
                 80, 90, 100, 'fork pin', 'https://lichess.org/y', '');
             INSERT INTO puzzle_themes (theme, rating, id) VALUES (4, 1400, 'old01'),
                 (3, 1400, 'old01'), (1, 1600, 'old02'), (2, 1600, 'old02');
             INSERT INTO puzzle_players (key, name, rating, deviation, volatility, played)
                 VALUES ('ann', 'Ann', 1650.5, 70.0, 0.06, 12);
             PRAGMA user_version = 6;",
        )
        .unwrap();
        tx.commit().unwrap();
    }
    let (db, _) = crate::store::db::Database::open(&path).unwrap();
    assert_eq!(db.version().unwrap() as usize, MIGRATIONS.len());
    let book = PuzzleBook::new(db).unwrap();
    assert_eq!(
        book.count().unwrap(),
        2,
        "nothing lost, nothing shipped added"
    );
    let tables: i64 = book
        .conn()
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE name = 'puzzle_themes'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(tables, 0);
    let bits: Vec<(String, i64)> = book
        .conn()
        .prepare("SELECT id, theme_bits FROM puzzles ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(bits, [("old01".into(), 0b1100), ("old02".into(), 0b0011)]);
    let next = |theme: &str| {
        let choice = Choice {
            theme: Some(theme.into()),
            range: None,
        };
        book.next("Ann", &choice, 1500, 0, NOW)
            .unwrap()
            .map(|p| p.id)
    };
    assert_eq!(next("pin").as_deref(), Some("old02"));
    assert_eq!(next("mate").as_deref(), Some("old01"));
    assert_eq!(book.rating("ann").unwrap().rating, 1650.5);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_database_of_schema_7_gets_its_counts_and_history_ratings_and_the_walk_passes_played_ratings() {
    use crate::store::db::{DB_FILE, MIGRATIONS};
    let dir = temp("upgrade7");
    let path = dir.join(DB_FILE);
    let fen = "R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29";
    {
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            .unwrap();
        let tx = conn.transaction().unwrap();
        for script in &MIGRATIONS[..7] {
            tx.execute_batch(script).unwrap();
        }
        tx.execute_batch(
            "INSERT INTO puzzle_theme_names (n, name) VALUES (1, 'rare'), (2, 'common');",
        )
        .unwrap();
        // "rare" at 1000 (two), 1010 (one), 1200 (one); "common" on every rating between.
        let add = |id: String, rating: u16, bits: i64, themes: &str| {
            tx.execute(
                "INSERT INTO puzzles (id, fen, moves, rating, themes, game_url, opening_tags,
                     theme_bits) VALUES (?1, ?2, 'b7b8 a8b8', ?3, ?4, '', '', ?5)",
                params![id, fen, rating, themes, bits],
            )
            .unwrap();
        };
        for (id, rating) in [
            ("r1000a", 1000),
            ("r1000b", 1000),
            ("r1010", 1010),
            ("r1200", 1200),
        ] {
            add(id.into(), rating, 0b11, "common rare");
        }
        for rating in 990..=1210 {
            for i in 0..3 {
                add(format!("c{rating}{i}"), rating, 0b10, "common");
            }
        }
        tx.execute_batch(
            "INSERT INTO puzzle_history (player, puzzle, at, mode, won)
                 VALUES ('ann', 'r1000a', 1799999000, 'rated', 1);
             PRAGMA user_version = 7;",
        )
        .unwrap();
        tx.commit().unwrap();
    }
    let (db, _) = crate::store::db::Database::open(&path).unwrap();
    assert_eq!(db.version().unwrap() as usize, MIGRATIONS.len());
    let mut book = PuzzleBook::new(db).unwrap();
    assert_eq!(book.count().unwrap(), 4 + 221 * 3, "nothing lost");
    let (rating, bits): (u16, i64) = book
        .conn()
        .query_row(
            "SELECT rating, theme_bits FROM puzzle_history WHERE puzzle = 'r1000a'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(
        (rating, bits),
        (1000, 0b11),
        "the history gets its puzzle's rating"
    );
    let counted = |theme: i64, rating: u16| -> i64 {
        book.conn()
            .query_row(
                "SELECT puzzles FROM puzzle_rating_counts WHERE theme = ?1 AND rating = ?2",
                params![theme, rating],
                |r| r.get(0),
            )
            .unwrap()
    };
    assert_eq!(counted(1, 1000), 2, "counted when opened");
    assert_eq!(counted(2, 1000), 5);
    assert_eq!(counted(0, 1200), 4);
    // From 990 the nearest rare one not played: r1000b, then r1010 (1000 passed over as
    // played), then r1200; never r1000a, played yesterday.
    let rare = Choice {
        theme: Some("rare".into()),
        range: Some((990, 1210)),
    };
    let mut given = Vec::new();
    for i in 0..3 {
        // A target of 990 whatever the seed's spread: the range's floor.
        let p = book.next("Ann", &rare, 0, i, NOW).unwrap().unwrap();
        book.record("Ann", &p, PuzzleMode::Rated, true, NOW)
            .unwrap();
        given.push(p.id);
    }
    assert_eq!(given, ["r1000b", "r1010", "r1200"]);
    // All played: the one played longest ago.
    let p = book.next("Ann", &rare, 0, 0, NOW).unwrap().unwrap();
    assert_eq!(p.id, "r1000a");
    // An import that moves a puzzle keeps the counts exact.
    import::import_rows(
        book.database_mut(),
        Cursor::new(format!("r1010,{fen},b7b8 a8b8,1100,,,,rare,,")),
        |_| {},
    )
    .unwrap();
    let counts = counts::load(book.conn()).unwrap();
    counts::recount(book.conn()).unwrap();
    assert_eq!(counts, counts::load(book.conn()).unwrap());
    assert_eq!(counts.get(&(1, 1010)).copied().unwrap_or(0), 0);
    assert_eq!(counts[&(1, 1100)], 1);
    assert_eq!(counts[&(2, 1010)], 3);
    std::fs::remove_dir_all(dir).unwrap();
}
