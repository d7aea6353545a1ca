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
    assert!(store.db_path().is_file());
    let again = store.library().unwrap();
    assert_eq!(again.freshness, Freshness::Fresh);
    assert_eq!(again.games, library.games);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_index_is_made_again_after_it_is_deleted_damaged_or_rebuilt() {
    let (store, dir) = store("rebuild");
    three(&store);
    let first = store.library().unwrap();
    fs::remove_file(store.db_path()).unwrap();
    let rebuilt = store.library().unwrap();
    assert_eq!(rebuilt.freshness, Freshness::Built);
    assert_eq!(rebuilt.games, first.games);
    // Damaged: set aside, never deleted, and made again from the files.
    let size = fs::metadata(store.db_path()).unwrap().len() as usize;
    fs::write(store.db_path(), vec![0x5a; size.max(8192)]).unwrap();
    for suffix in ["-wal", "-shm"] {
        let _ = fs::remove_file(dir.join(format!("{}{suffix}", crate::store::DB_FILE)));
    }
    let rebuilt = store.library().unwrap();
    let Freshness::Rebuilt { why } = &rebuilt.freshness else {
        panic!("{:?}", rebuilt.freshness);
    };
    assert!(why.contains("set aside as"), "{why}");
    assert!(dir.join("hotseat.damaged.db").is_file());
    assert_eq!(rebuilt.games, first.games);
    // Asked for: every file read again.
    let index = store.rebuild_index(&mut |_, _| {}).unwrap().unwrap();
    assert!(matches!(index.freshness, Freshness::Rebuilt { .. }));
    assert_eq!(index.games("").unwrap(), first.games);
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
    let index = store.index().unwrap().unwrap();
    let after_c4 = {
        let start = chess::rules::Position::initial();
        start
            .play(start.parse_move("c4").unwrap())
            .unwrap()
            .repetition_key()
    };
    let rows = index.explore(after_c4, &PlayerFilter::default()).unwrap();
    assert_eq!(rows.len(), 1, "the changed file's positions: {rows:?}");
    assert_eq!(rows[0].san, "c5");
    // a.pgn is gone, and its positions with it.
    let start = chess::rules::Position::initial().repetition_key();
    let sans: Vec<String> = index
        .explore(start, &PlayerFilter::default())
        .unwrap()
        .into_iter()
        .map(|r| r.san)
        .collect();
    assert_eq!(sans, ["c4", "d4", "f4"]);
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
    std::os::unix::fs::symlink(&target, store.db_path()).unwrap();
    let err = store.library().unwrap_err().to_string();
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
    file(
        &store,
        "g.pgn",
        &pgn(
            "2026.11.23",
            "Émile O'Neil",
            "Bob \\\"Q\\\"",
            "1-0",
            "1. e4",
        ),
    );
    let library = store.library().unwrap();
    let found =
        |q: &str| -> Vec<&str> { library.filter(q).iter().map(|e| e.file.as_str()).collect() };
    // The database's filter finds the same games as the screen's.
    let index = store.index().unwrap().unwrap();
    for q in [
        "ann",
        "C70",
        "0-1",
        "960",
        "flag",
        "engine",
        "ANN 0-1",
        "2026-11-22",
        "",
        "zzz",
        // Words too short for the filter's index, alone and beside longer ones.
        "an",
        "n 0-1",
        "bo b",
        "-",
        // Letters beyond ASCII, a quote, a word that is all quotes.
        "émile",
        "o'n",
        "\"",
        "\"\"\"",
        "Ém o'neil",
    ] {
        let by_db: Vec<String> = index
            .games(q)
            .unwrap()
            .into_iter()
            .map(|e| e.file)
            .collect();
        assert_eq!(by_db, found(q), "{q}");
    }
    assert_eq!(found("ann"), ["c.pgn", "a.pgn"]);
    assert_eq!(found("C70"), ["a.pgn"]);
    assert_eq!(found("0-1"), ["a.pgn", "f.pgn"]);
    assert_eq!(found("960"), ["f.pgn"]);
    assert_eq!(found("flag"), ["f.pgn"]);
    assert_eq!(found("engine"), ["f.pgn"]);
    assert_eq!(found("ANN 0-1"), ["a.pgn"]);
    assert_eq!(found("2026-11-22"), ["b.pgn"]);
    assert_eq!(found("").len(), 5);
    assert_eq!(found("émile"), ["g.pgn"]);
    assert_eq!(found("\""), ["g.pgn"]);
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
        .import_games(download.as_bytes(), "download.pgn", |p| {
            seen.push((p.games, p.merging))
        })
        .unwrap();
    assert_eq!(report.games, 6);
    // A count after each game, then the merge of their positions.
    let counts: Vec<usize> = seen.iter().map(|&(games, _)| games).collect();
    assert_eq!(counts, [1, 2, 3, 4, 5, 6, 6]);
    assert_eq!(seen.iter().filter(|&&(_, merging)| merging).count(), 1);
    assert_eq!(
        report.already, 2,
        "one already in the library, one twice in the file"
    );
    assert_eq!(report.refused.len(), 1);
    assert_eq!(report.refused_count, 1);
    assert_eq!(report.refused[0].index, 3);
    assert!(
        report.refused[0].reason.contains("Ke3"),
        "{}",
        report.refused[0].reason
    );
    // One collection file, the new games in the file's order, each as it was written there.
    assert_eq!(report.added, 3);
    let collection = report.collection.clone().unwrap();
    assert_eq!(collection, store.games_dir().join("imported-download.pgn"));
    let kept = fs::read_to_string(&collection).unwrap();
    assert_eq!(kept.matches("[Date ").count(), 3, "{kept}");
    // The game's own text is kept, evaluations and clocks with it.
    assert!(kept.contains("[%eval 0.3]"), "{kept}");
    let hal = store.library_matching("hal").unwrap().games;
    assert_eq!(hal.len(), 1);
    assert_eq!(hal[0].file, "imported-download.pgn#0");
    let jo = &store.library_matching("jo kim").unwrap().games[0];
    assert!(jo.file.starts_with("imported-download.pgn#"), "{}", jo.file);
    let (_, text) = store.collection_game(&jo.file).unwrap().unwrap();
    assert!(
        text.starts_with("[Date \"????.??.??\"]") && text.trim_end().ends_with("1. g3 *"),
        "{text}"
    );
    let library = store.library().unwrap();
    assert_eq!(
        library.freshness,
        Freshness::Fresh,
        "the import updated the index"
    );
    assert_eq!(library.games.len(), 6);
    assert!(library.filter("hal engine").len() == 1);
    // Importing the same file again adds nothing.
    let again = store
        .import_games(download.as_bytes(), "download.pgn", |_| {})
        .unwrap();
    assert_eq!(again.added, 0);
    assert_eq!(again.collection, None, "no file for no game");
    assert_eq!(again.already, 5);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_files_are_listed_only_when_the_folder_changed() {
    let (store, dir) = store("folder");
    three(&store);
    let past = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    let age = |path: &std::path::Path| {
        fs::File::open(path).unwrap().set_modified(past).unwrap();
    };
    age(&store.games_dir());
    assert_eq!(store.library().unwrap().freshness, Freshness::Built);
    // A file rewritten in place, the folder unchanged: not listed, not seen...
    fs::write(
        store.games_dir().join("b.pgn"),
        pgn("2026.11.22", "Bob", "Cid", "1-0", "1. d4 d5 2. c4"),
    )
    .unwrap();
    age(&store.games_dir());
    let library = store.library().unwrap();
    assert_eq!(library.freshness, Freshness::Fresh);
    assert_eq!(library.games[0].summary.moves, 1);
    // ...until the folder changes, or a rebuild is asked for.
    file(
        &store,
        "d.pgn",
        &pgn("2026.11.01", "Dan", "Eve", "1-0", "1. f4"),
    );
    let library = store.library().unwrap();
    assert_eq!(library.freshness, Freshness::Updated { read: 2 });
    assert_eq!(library.games[0].summary.moves, 2);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn garbage_files_no_game_and_refusals_past_the_first_are_counted() {
    let (store, dir) = store("garbage");
    // Bytes of no game: NUL bytes, brackets, stray results, as random bytes are.
    let mut junk = Vec::new();
    for i in 0..200u32 {
        junk.extend_from_slice(b"\0\x01[\x02 ");
        junk.extend_from_slice(if i % 2 == 0 {
            b" *\n\n"
        } else {
            b"\xff\xfe 1-0\n\n"
        });
    }
    let report = store.import_games(junk.as_slice(), "junk", |_| {}).unwrap();
    assert_eq!(report.added, 0);
    assert_eq!(report.already, 0);
    assert_eq!(report.refused_count, report.games);
    assert_eq!(report.refused.len(), MAX_REFUSED_LISTED.min(report.games));
    assert!(!store.games_dir().exists() || fs::read_dir(store.games_dir()).unwrap().count() == 0);
    // A game with tags and no move is still a game (an empty record someone kept).
    let empty = "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n*\n";
    assert_eq!(
        store
            .import_games(empty.as_bytes(), "empty", |_| {})
            .unwrap()
            .added,
        1
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn two_windows_opening_and_importing_at_once_keep_one_consistent_index() {
    let (store, dir) = store("two-windows");
    three(&store);
    let games: Vec<String> = (0..40)
        .map(|i| {
            pgn(
                &format!("2025.01.{:02}", 1 + i % 28),
                "Win",
                &format!("Dow{i}"),
                "1-0",
                "1. e4 e5",
            )
        })
        .collect();
    let download = games.join("\n");
    std::thread::scope(|s| {
        let importer = s.spawn(|| {
            store
                .import_games(download.as_bytes(), "download", |_| {})
                .unwrap()
        });
        let readers: Vec<_> = (0..3)
            .map(|_| s.spawn(|| store.library().unwrap().games.len()))
            .collect();
        for reader in readers {
            let seen = reader.join().unwrap();
            assert!((3..=43).contains(&seen), "{seen}");
        }
        assert_eq!(importer.join().unwrap().added, 40);
    });
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 43);
    let index = store.index().unwrap().unwrap();
    let start = chess::rules::Position::initial().repetition_key();
    let e4 = index
        .explore(start, &PlayerFilter::default())
        .unwrap()
        .into_iter()
        .find(|r| r.san == "e4")
        .unwrap();
    assert_eq!(e4.games, 41, "each game's positions once");
    fs::remove_dir_all(dir).unwrap();
}

/// Three games by different players, as one download.
fn download3() -> String {
    [
        pgn("2026.10.01", "Hal", "Ivy", "1-0", "1. e4 e5 2. Nf3"),
        pgn("2026.10.02", "Jo", "Kim", "0-1", "1. d4 Nf6"),
        pgn("2026.10.03", "Lu", "Max", "1/2-1/2", "1. c4 c5"),
    ]
    .join("\n")
}

fn names(store: &Store) -> Vec<String> {
    let mut names: Vec<String> = store
        .library()
        .unwrap()
        .games
        .into_iter()
        .map(|e| e.file)
        .collect();
    names.sort();
    names
}

#[test]
fn a_collection_keeps_its_games_names_and_moves_through_a_rebuild() {
    let (store, dir) = store("collection-rebuild");
    three(&store);
    let report = store
        .import_games(download3().as_bytes(), "club.pgn", |_| {})
        .unwrap();
    assert_eq!(report.added, 3);
    let before = names(&store);
    assert_eq!(before.len(), 6);
    let in_collection: Vec<&String> = before
        .iter()
        .filter(|n| n.starts_with("imported-club.pgn#"))
        .collect();
    assert_eq!(in_collection.len(), 3, "{before:?}");
    assert_eq!(
        fs::read_dir(store.games_dir()).unwrap().count(),
        4,
        "three files of their own and one collection"
    );
    let index = store.rebuild_index(&mut |_, _| {}).unwrap().unwrap();
    assert!(matches!(index.freshness, Freshness::Rebuilt { .. }));
    assert_eq!(names(&store), before, "the same names from the files alone");
    // Each game's text is found at its place again.
    for name in in_collection {
        let (_, text) = store.collection_game(name).unwrap().unwrap();
        let offset: usize = name.rsplit('#').next().unwrap().parse().unwrap();
        let file = fs::read_to_string(store.games_dir().join("imported-club.pgn")).unwrap();
        assert_eq!(&file[offset..offset + text.len()], text);
        assert!(text.starts_with("[Date "), "{text}");
    }
    let start = chess::rules::Position::initial().repetition_key();
    let moves: usize = index
        .explore(start, &PlayerFilter::default())
        .unwrap()
        .iter()
        .map(|r| r.games)
        .sum();
    assert_eq!(moves, 6);
    // A name the library does not have is refused with a clear reason.
    let err = store
        .collection_game("imported-club.pgn#5")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no game at byte 5"), "{err}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_game_of_a_collection_goes_to_the_trash_alone_and_comes_back_as_a_file_of_its_own() {
    let (store, dir) = store("collection-trash");
    store
        .import_games(download3().as_bytes(), "club", |_| {})
        .unwrap();
    let collection = store.games_dir().join("imported-club.pgn");
    let jo = store.library_matching("jo").unwrap().games[0].file.clone();
    let (_, jo_text) = store.collection_game(&jo).unwrap().unwrap();
    let lu = store.library_matching("lu").unwrap().games[0].file.clone();
    let (_, lu_text) = store.collection_game(&lu).unwrap().unwrap();
    let size = fs::metadata(&collection).unwrap().len();
    let trashed = store.trash_game(&jo).unwrap();
    assert_eq!(
        fs::read_to_string(&trashed).unwrap().trim_end(),
        jo_text.trim_end()
    );
    // Blanked in place: the file keeps its size, the other games their places.
    assert_eq!(fs::metadata(&collection).unwrap().len(), size);
    assert!(!fs::read_to_string(&collection).unwrap().contains("Jo"));
    assert_eq!(store.collection_game(&lu).unwrap().unwrap().1, lu_text);
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 2);
    assert!(library.broken.is_empty(), "{:?}", library.broken);
    assert_eq!(
        library.freshness,
        Freshness::Fresh,
        "the index was told, not rebuilt"
    );
    assert!(store.trash_game(&jo).is_err(), "gone already");
    // Rebuilt from the files alone: the blank is no game.
    store.rebuild_index(&mut |_, _| {}).unwrap();
    assert_eq!(store.library().unwrap().games.len(), 2);
    // Back, as a file of its own.
    let name = trashed.file_name().unwrap().to_string_lossy().into_owned();
    let back = store.restore_game(&name).unwrap();
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 3);
    let jo_again = &store.library_matching("jo").unwrap().games[0];
    assert_eq!(jo_again.file, back.file_name().unwrap().to_string_lossy());
    assert_eq!(jo_again.summary.black, "Kim");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_batch_written_but_not_filed_is_read_whole_at_the_next_opening_never_twice() {
    let (store, dir) = store("collection-interrupted");
    store
        .import_games(download3().as_bytes(), "club", |_| {})
        .unwrap();
    assert_eq!(store.library().unwrap().games.len(), 3);
    // The process stopped after the batch's text was synced, before its transaction: the
    // collection holds a game the index has not filed.
    let collection = store.games_dir().join("imported-club.pgn");
    let mut text = fs::read_to_string(&collection).unwrap();
    text.push('\n');
    text.push_str(&pgn("2026.10.04", "Ned", "Ola", "1-0", "1. g3"));
    fs::write(&collection, text).unwrap();
    let library = store.library().unwrap();
    assert_eq!(library.freshness, Freshness::Updated { read: 1 });
    assert_eq!(library.games.len(), 4);
    let index = store.index().unwrap().unwrap();
    let start = chess::rules::Position::initial().repetition_key();
    let games: usize = index
        .explore(start, &PlayerFilter::default())
        .unwrap()
        .iter()
        .map(|r| r.games)
        .sum();
    assert_eq!(games, 4, "each game's positions once");
    // Importing the file again files nothing twice.
    let again = store
        .import_games(download3().as_bytes(), "club", |_| {})
        .unwrap();
    assert_eq!((again.added, again.already), (0, 3));
    fs::remove_dir_all(dir).unwrap();
}

/// A reader that gives `bytes`, then fails.
struct Failing<'a> {
    bytes: &'a [u8],
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.bytes.is_empty() {
            return Err(std::io::Error::other("the disk went away"));
        }
        let n = buf.len().min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn an_import_that_fails_midway_files_whole_games_and_says_after_which() {
    let (store, dir) = store("import-fails");
    // The games of a chunk are filed once the chunk is whole: a failure while the first is
    // read files nothing, not half a game.
    let err = store
        .import_games(
            Failing {
                bytes: download3().as_bytes(),
            },
            "club",
            |_| {},
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("the disk went away after game 0"), "{err}");
    assert!(store.library().unwrap().games.is_empty());
    // Past a first chunk: the games read before the failure are whole in the file and in the
    // index.
    let game = |i: usize| {
        pgn(
            "2026.10.01",
            "Hal",
            &format!("Ivy{i}"),
            "1-0",
            "1. e4 e5 2. Nf3",
        )
    };
    let mut big = String::new();
    let mut i = 0;
    while big.len() <= CHUNK_BYTES + 1000 {
        big.push_str(&game(i));
        big.push('\n');
        i += 1;
    }
    let err = store
        .import_games(
            Failing {
                bytes: big.as_bytes(),
            },
            "club",
            |_| {},
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("the disk went away after game"), "{err}");
    let library = store.library().unwrap();
    assert!(
        !library.games.is_empty() && library.games.len() < i,
        "{}",
        library.games.len()
    );
    assert!(library.broken.is_empty(), "{:?}", library.broken);
    for entry in library.games.iter().step_by(97) {
        let (_, text) = store.collection_game(&entry.file).unwrap().unwrap();
        assert_eq!(
            summarize(&text).unwrap().fingerprint,
            entry.summary.fingerprint
        );
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_of_garbage_in_the_archive_is_named_apart_a_few_dozen_times_at_most() {
    let (store, dir) = store("garbage-file");
    three(&store);
    // A hundred games that cannot be replayed, each refused on its own.
    let junk = "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n".repeat(100);
    fs::write(store.games_dir().join("junk.pgn"), &junk).unwrap();
    let library = store.library().unwrap();
    assert_eq!(library.games.len(), 3, "the games are untouched");
    assert_eq!(
        library.broken.len(),
        MAX_REFUSED_LISTED + 1,
        "{:?}",
        library.broken.len()
    );
    assert!(
        library
            .broken
            .iter()
            .any(|b| b.file == "junk.pgn" && b.reason.contains("more texts in it are no game")),
        "{:?}",
        library.broken.last()
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pages_read_from_the_last_page_or_the_end_are_the_rows_of_the_whole_list() {
    let (store, dir) = store("keyset");
    // Few names and dates and many ties: the order's later columns decide.
    let download: String = (0..240)
        .map(|i| {
            let moves = ["1. e4 e5", "1. d4 d5 2. c4", "1. c4", "1. e4 c5 2. Nf3"][i % 4];
            pgn(
                &format!("2025.{:02}.01", 1 + i % 3),
                ["Ann", "bob", "Bob", "Cid"][i % 4],
                &format!("P{i}"),
                ["1-0", "0-1", "1/2-1/2"][i % 3],
                moves,
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    store
        .import_games(download.as_bytes(), "club", |_| {})
        .unwrap();
    let index = store.index().unwrap().unwrap();
    let files = |rows: &[Entry]| -> Vec<String> { rows.iter().map(|e| e.file.clone()).collect() };
    for (query, sort, reversed) in [
        ("", SortBy::Newest, false),
        ("", SortBy::Newest, true),
        ("", SortBy::White, false),
        ("", SortBy::Moves, true),
        ("", SortBy::Opening, false),
        ("bob", SortBy::Black, false),
        ("b", SortBy::Result, true),
        ("p3 1-0", SortBy::White, true),
        ("1/2", SortBy::Black, true),
    ] {
        // The whole list in one page from its start: the order itself.
        let (total, count, all) = index.page(query, sort, reversed, 0, 1_000, None).unwrap();
        assert_eq!(total, 240);
        assert_eq!(all.len(), count, "{query} {sort:?}");
        let all = files(&all);
        let counted = Some((query, total, count));
        let step = 17;
        let read = |start: usize| {
            let (_, _, rows) = index
                .page(query, sort, reversed, start, step, counted)
                .unwrap();
            assert_eq!(
                files(&rows),
                all[start.min(count)..(start + step).min(count)],
                "{query} {sort:?} {reversed} from {start}"
            );
        };
        // Down a page at a time, then up, then End, a row down, the middle and the top.
        let mut start = 0;
        while start < count {
            read(start);
            start += step;
        }
        while start > 0 {
            start = start.saturating_sub(step);
            read(start);
        }
        for start in [
            count.saturating_sub(step),
            count.saturating_sub(step - 1),
            count / 2,
            1,
            0,
        ] {
            read(start);
        }
    }
    drop(index);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_filters_index_is_made_from_the_games_an_older_index_has_and_again_by_a_rebuild() {
    let (store, dir) = store("trigrams");
    three(&store);
    let ann = |index: &Index| -> (Vec<String>, usize) {
        let files = index
            .games("ann 0-1")
            .unwrap()
            .into_iter()
            .map(|e| e.file)
            .collect();
        let (_, count, _) = index
            .page("ann", SortBy::Newest, false, 0, 10, None)
            .unwrap();
        (files, count)
    };
    let expected = (vec!["a.pgn".to_owned()], 2);
    assert_eq!(ann(&store.index().unwrap().unwrap()), expected);
    // The database of a hotseat before the filter's index (schema 4), its games indexed.
    let conn = rusqlite::Connection::open(store.db_path()).unwrap();
    // (And before the mistakes kept, schema 6, the puzzles' theme bits, schema 7, their
    // counts by rating, schema 8, and the short words' index, schema 9, which came after.)
    conn.execute_batch(
        "DROP TABLE games_text; DROP TABLE mistakes; DROP INDEX games_haystack; DROP TABLE puzzle_rating_counts;
         DROP INDEX puzzle_history_rating; ALTER TABLE puzzle_history DROP COLUMN rating;
         ALTER TABLE puzzle_history DROP COLUMN theme_bits;
         ALTER TABLE puzzle_history DROP COLUMN theme_bits_high;
         DROP INDEX puzzles_rating;
         ALTER TABLE puzzles DROP COLUMN theme_bits;
         ALTER TABLE puzzles DROP COLUMN theme_bits_high;
         CREATE TABLE puzzle_themes (theme INTEGER NOT NULL, rating INTEGER NOT NULL,
             id TEXT NOT NULL);
         PRAGMA user_version = 4;",
    )
    .unwrap();
    drop(conn);
    let index = store.index().unwrap().unwrap();
    assert_eq!(index.db.version().unwrap() as usize, db::MIGRATIONS.len());
    assert_eq!(ann(&index), expected, "the migration fills it");
    drop(index);
    // A rebuild empties it with the games and fills it again: no game twice, none stale.
    for _ in 0..2 {
        let index = store.rebuild_index(&mut |_, _| {}).unwrap().unwrap();
        assert_eq!(ann(&index), expected);
        let (_, all, _) = index
            .page("pgn", SortBy::Newest, false, 0, 10, None)
            .unwrap();
        assert_eq!(all, 3);
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn positions_an_import_left_staged_are_merged_by_the_next_opening_unless_an_import_runs() {
    let (store, dir) = store("staged");
    three(&store);
    store.index().unwrap().unwrap();
    let games: Vec<String> = (0..30)
        .map(|i| pgn("2025.02.01", "Sam", &format!("Tom{i}"), "1-0", "1. e4 c5"))
        .collect();
    let mut told = Vec::new();
    store
        .import_games(games.join("\n").as_bytes(), "download", |p| told.push(p))
        .unwrap();
    // The merge is the import's last step, and says so.
    let merging: Vec<usize> = told.iter().filter(|p| p.merging).map(|p| p.games).collect();
    assert_eq!(merging, [30]);
    assert!(told.last().unwrap().merging);
    let start = chess::rules::Position::initial().repetition_key();
    let e4 = |index: &Index| {
        index
            .explore(start, &PlayerFilter::default())
            .unwrap()
            .into_iter()
            .find(|r| r.san == "e4")
            .map_or(0, |r| r.games)
    };
    let staged = || staging::files(&store.staging_dir()).len();
    let mut index = store.index().unwrap().unwrap();
    assert_eq!(e4(&index), 31);
    assert_eq!(
        staged(),
        0,
        "the import merged its positions and deleted its file"
    );
    // The process stopped after its batches were committed, before the merge: the imported
    // games' positions (but Tom3's) wait in its staging file. With them, the rows of a batch
    // that was staged but never committed: a game whose id no game has, and one whose id
    // another import gave to another game, Tom3 (its fingerprint differs).
    let id = |black: &str| -> i64 {
        index
            .db
            .conn()
            .query_row("SELECT id FROM games WHERE black = ?1", [black], |r| {
                r.get(0)
            })
            .unwrap()
    };
    let (tom3, tom7) = (id("Tom3"), id("Tom7"));
    let mut games: Vec<(i64, u64)> = Vec::new();
    let mut positions = Vec::new();
    {
        let conn = index.db.conn();
        let mut stmt = conn
            .prepare(
                "SELECT g.id, g.fingerprint, p.key, p.san, p.result FROM positions p \
                 JOIN games g ON g.id = p.game WHERE g.white = 'Sam' AND g.black != 'Tom3'",
            )
            .unwrap();
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)? as u64,
                    r.get::<_, i64>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })
            .unwrap();
        for row in rows {
            let (game, fingerprint, key, san, result) = row.unwrap();
            if !games.contains(&(game, fingerprint)) {
                games.push((game, fingerprint));
            }
            positions.push((key, game, san, result));
        }
    }
    let b4 = chess::rules::Position::initial()
        .play(chess::rules::Position::initial().parse_move("b4").unwrap())
        .unwrap()
        .repetition_key();
    let tom3_fingerprint: i64 = index
        .db
        .conn()
        .query_row("SELECT fingerprint FROM games WHERE id = ?1", [tom3], |r| {
            r.get(0)
        })
        .unwrap();
    games.push((tom3, !(tom3_fingerprint as u64)));
    positions.push((start as i64, tom3, "g4".to_owned(), 1));
    games.push((999_999, 1));
    positions.push((start as i64, 999_999, "b4".to_owned(), 1));
    positions.push((b4 as i64, 999_999, "e5".to_owned(), 1));
    let mut file = staging::Staging::create(&store.staging_dir()).unwrap();
    file.add(&games, &positions).unwrap();
    drop(file);
    index
        .db
        .conn_mut()
        .execute_batch(
            "DELETE FROM positions WHERE game IN \
             (SELECT id FROM games WHERE white = 'Sam' AND black != 'Tom3');",
        )
        .unwrap();
    assert_eq!(e4(&index), 2);
    // One of them goes (another window trashed it) before the merge.
    {
        let tx = index.db.conn_mut().transaction().unwrap();
        table::Writer::new(&tx).unwrap().remove_game(tom7).unwrap();
        tx.commit().unwrap();
    }
    drop(index);
    // While an import runs, the opening leaves them to it.
    let running = store.import_running().unwrap();
    let index = store.index().unwrap().unwrap();
    assert_eq!(e4(&index), 2);
    assert_eq!(staged(), 1);
    drop((index, running));
    // Once none runs, the next opening merges them: not the game gone, nor the rows of games
    // never filed.
    let index = store.index().unwrap().unwrap();
    assert_eq!(staged(), 0);
    assert_eq!(e4(&index), 30, "31, less the game gone");
    let moves: Vec<String> = index
        .explore(start, &PlayerFilter::default())
        .unwrap()
        .into_iter()
        .map(|r| r.san)
        .collect();
    assert!(
        !moves.iter().any(|m| m == "b4" || m == "g4"),
        "no row of a game never filed: {moves:?}"
    );
    let count: i64 = index
        .db
        .conn()
        .query_row(
            "SELECT count(*) FROM positions WHERE game NOT IN (SELECT id FROM games)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(count, 0, "no position of a game gone");
    fs::remove_dir_all(dir).unwrap();
}

/// The names of the list's indexes the database has.
fn list_indexes(index: &Index) -> Vec<String> {
    let names = table::LIST_INDEXES.map(|(name, _)| name);
    let mut stmt = index
        .db
        .conn()
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        .unwrap();
    stmt.query_map([], |r| r.get::<_, String>(0))
        .unwrap()
        .map(Result::unwrap)
        .filter(|n| names.contains(&n.as_str()))
        .collect()
}

#[test]
fn the_list_indexes_a_large_import_makes_again_are_the_schemas_own() {
    let (store, dir) = store("order-schema");
    three(&store);
    let index = store.index().unwrap().unwrap();
    for (name, on) in table::LIST_INDEXES {
        let sql: String = index
            .db
            .conn()
            .query_row(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?1",
                [name],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(sql, format!("CREATE INDEX {name} ON {on}"));
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn list_indexes_an_import_dropped_are_made_again_by_the_next_opening_unless_an_import_runs() {
    let (store, dir) = store("order-dropped");
    three(&store);
    let mut index = store.index().unwrap().unwrap();
    assert_eq!(list_indexes(&index).len(), table::LIST_INDEXES.len());
    // An import dropped them and stopped (a kill) before its end.
    index.drop_list_indexes().unwrap();
    assert!(list_indexes(&index).is_empty());
    drop(index);
    // The list is still whole and in order without them.
    let running = store.import_running().unwrap();
    let index = store.index().unwrap().unwrap();
    assert!(
        list_indexes(&index).is_empty(),
        "left to the import running"
    );
    let (total, count, page) = index.page("", SortBy::White, false, 0, 10, None).unwrap();
    assert_eq!((total, count), (3, 3));
    let whites: Vec<&str> = page.iter().map(|e| e.summary.white.as_str()).collect();
    assert_eq!(whites, ["Ann", "Bob", "Cid"]);
    drop((index, running));
    let index = store.index().unwrap().unwrap();
    assert_eq!(list_indexes(&index).len(), table::LIST_INDEXES.len());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_import_drops_the_list_indexes_only_when_its_games_are_a_quarter_of_the_library() {
    use super::import::IMPORT_BATCH as B;
    // The first batch into an empty library, a large import into a small one.
    assert!(import::large_import(B, B));
    assert!(import::large_import(3 * B, 10 * B));
    // A few thousand games into a large library, or less than a batch.
    assert!(!import::large_import(B, 1_000_000));
    assert!(!import::large_import(10, 10));
}

#[test]
fn a_large_import_files_its_games_without_the_list_indexes_and_makes_them_at_its_end() {
    let (store, dir) = store("order-import");
    three(&store);
    store.index().unwrap().unwrap();
    // One batch: five thousand games into a library of three.
    let games: Vec<String> = (0..import::IMPORT_BATCH)
        .map(|i| pgn("2025.03.01", "Sam", &format!("Tom{i}"), "1-0", "1. d4 Nf6"))
        .collect();
    let db = store.db_path();
    let mut dropped_at_the_end = None;
    store
        .import_games(games.join("\n").as_bytes(), "big", |p| {
            if p.merging {
                // What another window sees while the import ends.
                let conn = rusqlite::Connection::open(&db).unwrap();
                dropped_at_the_end = Some(table::list_indexes_missing(&conn).unwrap());
            }
        })
        .unwrap();
    assert_eq!(dropped_at_the_end, Some(true));
    // Made again by the import itself, not left to the next opening.
    let conn = rusqlite::Connection::open(&db).unwrap();
    assert!(!table::list_indexes_missing(&conn).unwrap());
    drop(conn);
    let index = store.index().unwrap().unwrap();
    assert_eq!(list_indexes(&index).len(), table::LIST_INDEXES.len());
    assert_eq!(index.count().unwrap(), 3 + import::IMPORT_BATCH);
    let (_, count, page) = index
        .page("tom4999", SortBy::Black, false, 0, 5, None)
        .unwrap();
    assert_eq!(count, 1);
    assert_eq!(page[0].summary.black, "Tom4999");
    // A small import into the library now large keeps them.
    store
        .import_games(
            pgn("2025.03.02", "Sam", "Ugo", "0-1", "1. c4").as_bytes(),
            "small",
            |p| {
                if p.merging {
                    let conn = rusqlite::Connection::open(&db).unwrap();
                    assert!(!table::list_indexes_missing(&conn).unwrap());
                }
            },
        )
        .unwrap();
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_staging_journal_whose_file_is_gone_is_deleted_and_a_removal_leaves_no_journal() {
    let (store, _dir) = store("staging-journals");
    let dir = store.staging_dir();
    fs::create_dir_all(&dir).unwrap();
    // A journal left alone (a removal killed between the file and its journal), and a
    // staging file with its own journal (an import killed between two batches).
    let kept = staging::Staging::create(&dir).unwrap().close();
    assert_eq!(kept, dir.join("import.db"));
    fs::write(dir.join("import.db-journal"), b"").unwrap();
    fs::write(dir.join("import-7.db-journal"), b"").unwrap();
    assert_eq!(staging::files(&dir), std::slice::from_ref(&kept));
    assert!(
        !dir.join("import-7.db-journal").exists(),
        "the lone journal is gone"
    );
    assert!(
        dir.join("import.db-journal").exists(),
        "a file's own journal stays"
    );
    staging::remove(&kept);
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "nothing left");
}

/// The plan SQLite makes for `sql`, one line per step.
fn plan(index: &Index, sql: &str, params: Vec<String>) -> String {
    let mut stmt = index
        .db
        .conn()
        .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
        .unwrap();
    stmt.query_map(rusqlite::params_from_iter(params), |r| {
        r.get::<_, String>(3)
    })
    .unwrap()
    .map(Result::unwrap)
    .collect::<Vec<_>>()
    .join("\n")
}

#[test]
fn words_too_short_for_the_trigram_index_are_counted_and_gathered_from_the_text_index() {
    let (store, dir) = store("short-words");
    three(&store);
    let index = store.index().unwrap().unwrap();
    let words = ["a".to_owned(), "nn".to_owned()];
    let filter = filter::Filter::new(&words);
    let count = plan(
        &index,
        &format!("SELECT count(*) FROM games{}", filter.condition(false)),
        filter.params(),
    );
    assert!(
        count.contains("COVERING INDEX games_haystack"),
        "the count reads the text index alone:\n{count}"
    );
    let gathered = plan(
        &index,
        &format!("SELECT id FROM games{} ORDER BY +white", filter.gathered()),
        filter.params(),
    );
    assert!(
        gathered.contains("COVERING INDEX games_haystack"),
        "a page finds its games in the text index:\n{gathered}"
    );
    // And the games found are Ann's two, newest first, in the page as in the whole list.
    let (total, kept, page) = index
        .page("A nN", SortBy::Newest, false, 0, 10, None)
        .unwrap();
    let names = |games: &[Entry]| games.iter().map(|e| e.file.clone()).collect::<Vec<_>>();
    assert_eq!((total, kept), (3, 2));
    assert_eq!(names(&page), ["c.pgn", "a.pgn"]);
    assert_eq!(names(&index.games("a nn").unwrap()), names(&page));
    fs::remove_dir_all(dir).unwrap();
}
