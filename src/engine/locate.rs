//! Which engine: the one given (`--engine PATH`, or `engine = "…"` in config.toml), else
//! `stockfish` on `PATH`, else `/usr/games/stockfish` (where Debian puts it, outside most
//! users' `PATH`).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use super::EngineError;

/// Where Debian and Ubuntu install Stockfish.
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// The engine to run. A name without a folder (`stockfish`) is looked up on `PATH`; a path is
/// used as it is (and reported when started, if it does not exist).
pub fn find(given: Option<&Path>, path_var: Option<&OsStr>) -> Result<PathBuf, EngineError> {
    find_in(given, path_var, Path::new(DEBIAN_STOCKFISH))
}

/// [`find`], with the last place to look given.
fn find_in(
    given: Option<&Path>,
    path_var: Option<&OsStr>,
    last: &Path,
) -> Result<PathBuf, EngineError> {
    if let Some(given) = given {
        if given.components().count() > 1 || given.is_absolute() {
            return Ok(given.to_path_buf());
        }
        return Ok(on_path(given, path_var).unwrap_or_else(|| given.to_path_buf()));
    }
    let name = Path::new("stockfish");
    if let Some(found) = on_path(name, path_var) {
        return Ok(found);
    }
    if last.is_file() {
        return Ok(last.to_path_buf());
    }
    Err(EngineError::NotFound {
        tried: vec![PathBuf::from("stockfish on PATH"), last.to_path_buf()],
    })
}

fn on_path(name: &Path, path_var: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path_var?).find_map(|dir| {
        let plain = dir.join(name);
        let exe = plain.with_extension(std::env::consts::EXE_EXTENSION);
        [plain, exe].into_iter().find(|p| p.is_file())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_taken_as_given_and_a_name_is_looked_up() {
        let dir = std::env::temp_dir().join(format!("hotseat-locate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("myengine"), "").unwrap();
        let path = std::env::join_paths([&dir]).unwrap();
        assert_eq!(
            find(Some(Path::new("myengine")), Some(&path)).unwrap(),
            dir.join("myengine")
        );
        assert_eq!(
            find(Some(Path::new("/no/such/engine")), Some(&path)).unwrap(),
            PathBuf::from("/no/such/engine")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn nothing_found_says_where_it_looked_and_how_to_install() {
        let err = find_in(None, Some(OsStr::new("")), Path::new("/no/such/stockfish")).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("stockfish on PATH"), "{text}");
        assert!(text.contains("apt-get install stockfish"), "{text}");
        assert!(text.contains("--engine"), "{text}");
    }
}
