//! Files: saving a game as PGN.
//!
//! For now only the `save` command's export to the current directory. Autosave, resume and
//! the archive of finished games belong here too (see the persistence issue); they will reuse
//! [`write_atomically`].

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::game::Game;
use crate::rules::Color;

/// Writes `contents` to `path` so that a crash leaves either the old file or the new one: a
/// temporary file in the same directory, flushed and synced, then renamed over `path`.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(".tmp");
    let tmp = match dir {
        Some(d) => d.join(&tmp_name),
        None => PathBuf::from(&tmp_name),
    };
    let result = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The civil date (year, month, day) of a time since the Unix epoch, in UTC.
///
/// ```
/// use hotseat::store::civil_date;
/// use std::time::Duration;
/// assert_eq!(civil_date(Duration::ZERO), (1970, 1, 1));
/// assert_eq!(civil_date(Duration::from_secs(1_709_208_000)), (2024, 2, 29));
/// ```
pub fn civil_date(since_epoch: Duration) -> (i64, u32, u32) {
    // Howard Hinnant's days-to-civil algorithm.
    let z = (since_epoch.as_secs() / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Keeps letters, digits and `-` of a name for a file name.
fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let s = s.trim_matches('-').to_owned();
    if s.is_empty() { "player".to_owned() } else { s }
}

/// Saves `game` as PGN in `dir`, named by date and players (`2026-03-01-Ann-vs-Bob.pgn`, with
/// `-2`, `-3`... when taken). `now` is the game's time, for the clock readings.
pub fn save_pgn(dir: &Path, game: &Game, now: Duration) -> io::Result<PathBuf> {
    let since_epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let (y, m, d) = civil_date(since_epoch);
    let date = format!("{y:04}-{m:02}-{d:02}");
    let tags = vec![
        ("Event".to_owned(), "Casual game".to_owned()),
        ("Site".to_owned(), "hotseat".to_owned()),
        ("Date".to_owned(), date.replace('-', ".")),
        ("Round".to_owned(), "-".to_owned()),
    ];
    let pgn = game.to_pgn(now, &tags);
    let base = format!(
        "{date}-{}-vs-{}",
        slug(game.player(Color::White)),
        slug(game.player(Color::Black))
    );
    for n in 1..1000 {
        let name = if n == 1 {
            format!("{base}.pgn")
        } else {
            format!("{base}-{n}.pgn")
        };
        let path = dir.join(name);
        if !path.exists() {
            write_atomically(&path, pgn.as_bytes())?;
            return Ok(path);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("too many saved games named {base}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameSetup;
    use crate::game::pgn::import_game;

    /// A fresh directory under the system's temporary one.
    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hotseat-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_saved_game_reads_back_and_names_do_not_collide() {
        let dir = temp_dir("save");
        let mut game = Game::new(GameSetup {
            white: "Ann Lee".into(),
            black: "Bob/../x".into(),
            ..GameSetup::default()
        });
        for text in ["e4", "e5", "Nf3"] {
            let mv = game.position().parse_move(text).unwrap();
            game.play(mv, Duration::ZERO).unwrap();
        }
        let first = save_pgn(&dir, &game, Duration::ZERO).unwrap();
        let second = save_pgn(&dir, &game, Duration::ZERO).unwrap();
        assert_ne!(first, second);
        assert_eq!(
            first.parent(),
            Some(dir.as_path()),
            "names cannot leave the directory"
        );
        let name = first.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.ends_with("-Ann-Lee-vs-Bob----x.pgn"), "{name}");
        let text = fs::read_to_string(&first).unwrap();
        let imported = import_game(&text).unwrap();
        assert_eq!(imported.game.record().plies(), 3);
        let leftovers: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_into_a_missing_directory_fails_cleanly() {
        let dir = temp_dir("missing").join("not-there");
        let game = Game::new(GameSetup::default());
        assert!(save_pgn(&dir, &game, Duration::ZERO).is_err());
    }
}
