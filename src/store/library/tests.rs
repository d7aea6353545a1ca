use std::fs;
use std::path::PathBuf;

use super::*;
use crate::store::DataDir;

/// A data folder of the test's own, empty.
fn store(name: &str) -> (Store, PathBuf) {
    let dir = std::env::temp_dir().join(format!("hotseat-library-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    (Store::new(DataDir::new(dir.clone())), dir)
}

fn pgn(date: &str, white: &str, black: &str, result: &str, moves: &str) -> String {
    format!(
        "[Date \"{date}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n"
    )
}

fn file(store: &Store, name: &str, text: &str) {
    fs::create_dir_all(store.games_dir()).unwrap();
    fs::write(store.games_dir().join(name), text).unwrap();
}

fn three(store: &Store) {
    file(
        store,
        "a.pgn",
        &pgn(
            "2026.11.20",
            "Ann",
            "Bob",
            "0-1",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        ),
    );
    file(
        store,
        "b.pgn",
        &pgn("2026.11.22", "Bob", "Cid", "1-0", "1. d4 d5"),
    );
    file(
        store,
        "c.pgn",
        &pgn("2026.11.21", "Cid", "Ann", "1/2-1/2", "1. c4"),
    );
}

fn files(library: &Library) -> Vec<&str> {
    library.games.iter().map(|e| e.file.as_str()).collect()
}

#[test]
fn no_archive_is_an_empty_library_and_nothing_is_created() {
    let (store, dir) = store("empty");
    let library = store.library().unwrap();
    assert!(library.games.is_empty());
    assert!(!dir.exists());
}

#[test]
fn the_list_is_newest_first_and_the_index_is_written_then_used() {
    let (store, dir) = store("order");
    three(&store);
    let library = store.library().unwrap();
    assert_eq!(files(&library), ["b.pgn", "c.pgn", "a.pgn"]);
    assert_eq!(library.freshness, Freshness::Built);
    assert!(library.index_error.is_none());
    assert!(store.index_path().is_file());
    let again = store.library().unwrap();
    assert_eq!(again.freshness, Freshness::Fresh);
    assert_eq!(again.games, library.games);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_index_is_rebuilt_after_it_is_deleted_or_garbled() {
    let (store, dir) = store("rebuild");
    three(&store);
    let first = store.library().unwrap();
    fs::remove_file(store.index_path()).unwrap();
    let rebuilt = store.library().unwrap();
    assert_eq!(rebuilt.freshness, Freshness::Built);
    assert_eq!(rebuilt.games, first.games);
    let text = fs::read_to_string(store.index_path()).unwrap();
    for garbled in [
        text.replace("\t0-1\t", "\t0-1\tX\t"),
        text.replace("hotseat games index 1", "hotseat games index 9"),
        text[..text.len() - 20].to_owned(),
        text.replace(":e4", "e4"),
        "\u{0}\u{ff}".to_owned(),
    ] {
        fs::write(store.index_path(), garbled).unwrap();
        let rebuilt = store.library().unwrap();
        assert!(
            matches!(rebuilt.freshness, Freshness::Rebuilt { .. }),
            "{:?}",
            rebuilt.freshness
        );
        assert_eq!(rebuilt.games, first.games);
    }
    assert_eq!(fs::read_to_string(store.index_path()).unwrap(), text);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_stale_index_reads_only_the_new_and_changed_files_and_drops_the_gone() {
    let (store, dir) = store("stale");
    three(&store);
    store.library().unwrap();
    fs::remove_file(store.games_dir().join("a.pgn")).unwrap();
    file(
        &store,
        "d.pgn",
        &pgn("2026.11.23", "Dan", "Eve", "1-0", "1. f4"),
    );
    // Changed in size: read again.
    file(
        &store,
        "c.pgn",
        &pgn("2026.11.21", "Cid", "Ann", "1/2-1/2", "1. c4 c5"),
    );
    let library = store.library().unwrap();
    assert_eq!(library.freshness, Freshness::Updated { read: 2 });
    assert_eq!(files(&library), ["d.pgn", "b.pgn", "c.pgn"]);
    assert_eq!(library.games[2].summary.moves, 1);
    assert_eq!(library.games[2].summary.positions.split(' ').count(), 2);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_that_is_no_game_is_listed_apart_with_why() {
    let (store, dir) = store("broken");
    three(&store);
    file(&store, "x.pgn", "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n");
    file(&store, "notes.txt", "not a game");
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 3);
    assert_eq!(library.broken.len(), 1);
    assert_eq!(library.broken[0].file, "x.pgn");
    assert!(
        library.broken[0].reason.contains("Ke3"),
        "{}",
        library.broken[0].reason
    );
    // Remembered: not read again.
    assert_eq!(store.library().unwrap().freshness, Freshness::Fresh);
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn the_index_is_never_written_through_a_link() {
    let (store, dir) = store("link");
    three(&store);
    let target = dir.join("mine.txt");
    fs::write(&target, "keep").unwrap();
    std::os::unix::fs::symlink(&target, store.index_path()).unwrap();
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 3);
    let err = library
        .index_error
        .expect("the link is refused")
        .to_string();
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_filter_searches_every_field_and_needs_every_word() {
    let (store, dir) = store("filter");
    three(&store);
    file(
        &store,
        "f.pgn",
        "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n[SetUp \"1\"]\n[White \"Fay\"]\n[Black \"Gus\"]\n[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n9. g3 { [%eval 0.2] } 0-1\n",
    );
    let library = store.library().unwrap();
    let found =
        |q: &str| -> Vec<&str> { library.filter(q).iter().map(|e| e.file.as_str()).collect() };
    assert_eq!(found("ann"), ["c.pgn", "a.pgn"]);
    assert_eq!(found("C70"), ["a.pgn"]);
    assert_eq!(found("0-1"), ["a.pgn", "f.pgn"]);
    assert_eq!(found("960"), ["f.pgn"]);
    assert_eq!(found("flag"), ["f.pgn"]);
    assert_eq!(found("engine"), ["f.pgn"]);
    assert_eq!(found("ANN 0-1"), ["a.pgn"]);
    assert_eq!(found("2026-11-22"), ["b.pgn"]);
    assert_eq!(found("").len(), 4);
    assert!(found("zzz").is_empty());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn import_files_new_games_once_and_refuses_a_broken_one_alone() {
    let (store, dir) = store("import");
    three(&store);
    let download = [
        pgn(
            "2026.11.20",
            "Ann",
            "Bob",
            "0-1",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        ),
        pgn(
            "2026.10.01",
            "Hal",
            "Ivy",
            "1-0",
            "1. e4 { [%eval 0.3] [%clk 0:05:00] } e5",
        ),
        pgn("2026.10.02", "Hal", "Ivy", "0-1", "1. e4 e5 2. Ke3 Nc6"),
        pgn("2026.10.01", "Hal", "Ivy", "1-0", "1. e4 e5"),
        pgn("????.??.??", "Jo", "Kim", "*", "1. g3"),
        pgn("1858.??.??", "Paul", "Duke", "1-0", "1. e4 e5"),
    ]
    .join("\n");
    let mut seen = Vec::new();
    let report = store
        .import_games(download.as_bytes(), |done, total| seen.push((done, total)))
        .unwrap();
    assert_eq!(report.games, 6);
    assert_eq!(seen.last(), Some(&(6, 6)));
    assert_eq!(
        report.already, 2,
        "one already in the library, one twice in the file"
    );
    assert_eq!(report.refused.len(), 1);
    assert_eq!(report.refused[0].index, 3);
    assert!(
        report.refused[0].reason.contains("Ke3"),
        "{}",
        report.refused[0].reason
    );
    let names: Vec<String> = report
        .added
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "2026-10-01-Hal-vs-Ivy.pgn",
            "undated-Jo-vs-Kim-unfinished.pgn",
            "1858-Paul-vs-Duke.pgn"
        ]
    );
    // The game's own text is kept, evaluations and clocks with it.
    let kept = fs::read_to_string(&report.added[0]).unwrap();
    assert!(kept.contains("[%eval 0.3]"), "{kept}");
    let library = store.library().unwrap();
    assert_eq!(
        library.freshness,
        Freshness::Fresh,
        "the import updated the index"
    );
    assert_eq!(library.games.len(), 6);
    assert!(library.filter("hal engine").len() == 1);
    // Importing the same file again adds nothing.
    let again = store.import_games(download.as_bytes(), |_, _| {}).unwrap();
    assert!(again.added.is_empty());
    assert_eq!(again.already, 5);
    fs::remove_dir_all(dir).unwrap();
}
