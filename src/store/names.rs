//! File names made from players' names and dates, safe on every operating system.
//!
//! Player names are typed by people and can hold anything: slashes, colons, quotes, control
//! characters, a thousand letters. A name built from them must be one valid file name on
//! Linux, macOS and Windows alike, because the archive may be copied between them. So each part
//! is cleaned: the characters Windows forbids (`/ \ : * ? " < > |`) and control characters
//! become `_`, invisible and direction-changing characters (U+202E, U+200B...) are dropped,
//! runs of whitespace become one `_`, leading dots and dashes go (no hidden files, nothing a
//! shell takes for an option), trailing dots and spaces go (Windows drops them), and each part
//! is cut to [`MAX_PART_BYTES`] at a character boundary, so that the whole name stays far below
//! the 255-byte limit of common file systems. Letters of any script are kept.
//!
//! Names are never reused: the candidates go `name.pgn`, `name-2.pgn`, `name-3.pgn`, ... and the
//! writer takes the first that is free.

use std::path::{Path, PathBuf};

/// The longest any one part of a file name (a player's name, a date) may be, in bytes.
pub const MAX_PART_BYTES: usize = 60;

/// How many numbered names are tried before giving up.
pub(crate) const MAX_SUFFIX: u32 = 10_000;

/// One part of a file name, cleaned as described in the module documentation; `fallback` if
/// nothing is left.
///
/// ```
/// use hotseat::store::sanitize_part;
/// assert_eq!(sanitize_part("Ann / Bob: \"R\u{e9}ti\"?", "White"), "Ann_Bob_R\u{e9}ti");
/// assert_eq!(sanitize_part("...", "White"), "White");
/// assert_eq!(sanitize_part("Ann\u{202E}nnA\u{200B}", "White"), "AnnnnA");
/// ```
pub fn sanitize_part(text: &str, fallback: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_PART_BYTES));
    let mut pending_gap = false;
    for c in text.chars() {
        if chess::quote::is_invisible(c) {
            // Direction overrides and zero-width characters: dropped, so that a name cannot
            // pass for another nor turn `.pgn` around on screen.
            continue;
        }
        let bad =
            c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|');
        if bad || c.is_whitespace() {
            pending_gap = true;
            continue;
        }
        if out.is_empty() && matches!(c, '.' | '-') {
            pending_gap = false;
            continue;
        }
        if pending_gap && !out.is_empty() {
            if out.len() + 1 > MAX_PART_BYTES {
                break;
            }
            out.push('_');
        }
        pending_gap = false;
        if out.len() + c.len_utf8() > MAX_PART_BYTES {
            break;
        }
        out.push(c);
    }
    while out.ends_with(['.', ' ', '_']) {
        out.pop();
    }
    if out.is_empty() || is_reserved_on_windows(&out) {
        return fallback.to_owned();
    }
    out
}

/// `CON`, `NUL`, `COM1`... are devices on Windows, whatever the extension.
fn is_reserved_on_windows(part: &str) -> bool {
    let stem = part.split('.').next().unwrap_or(part).to_ascii_uppercase();
    matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || ((stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.len() == 4
            && stem.as_bytes()[3].is_ascii_digit())
}

/// `stem.pgn`, `stem-2.pgn`, `stem-3.pgn`, ... in `dir`.
pub(crate) fn numbered(dir: &Path, stem: &str, ext: &str) -> impl Iterator<Item = PathBuf> {
    let dir = dir.to_path_buf();
    let stem = stem.to_owned();
    let ext = ext.to_owned();
    (1..=MAX_SUFFIX).map(move |n| {
        if n == 1 {
            dir.join(format!("{stem}.{ext}"))
        } else {
            dir.join(format!("{stem}-{n}.{ext}"))
        }
    })
}

/// What the name of a game archived before its end carries.
pub(crate) const UNFINISHED_MARK: &str = "-unfinished";

/// The stem of an archived game's file: `2026-11-21-Ann-vs-Bob`, with `-unfinished` for a game
/// set aside before its end. The date comes first so that a folder listing is chronological.
pub fn archive_stem(date: &str, white: &str, black: &str, unfinished: bool) -> String {
    let mut stem = format!(
        "{}-{}-vs-{}",
        sanitize_part(date, "undated"),
        sanitize_part(white, "White"),
        sanitize_part(black, "Black")
    );
    if unfinished {
        stem.push_str(UNFINISHED_MARK);
    }
    stem
}

/// The stem `save` suggests for an export: the archive's scheme, `2026-11-22-Ann-vs-Bob`, so
/// that a game saved by hand and one archived are named alike (and list by date together).
///
/// ```
/// use hotseat::store::{archive_stem, export_stem};
/// assert_eq!(export_stem("2026-11-22", "Ann", "Bob B."), "2026-11-22-Ann-vs-Bob_B");
/// assert_eq!(export_stem("2026-11-22", "Ann", "Bob"), archive_stem("2026-11-22", "Ann", "Bob", false));
/// ```
pub fn export_stem(date: &str, white: &str, black: &str) -> String {
    archive_stem(date, white, black, false)
}

/// Where `save` suggests exporting a game: `2026-11-22-Ann-vs-Bob.pgn` in `dir`, or
/// `...-2.pgn`, `...-3.pgn` if that file exists. Only suggests; nothing is created.
pub fn default_export_path(dir: &Path, date: &str, white: &str, black: &str) -> PathBuf {
    let stem = export_stem(date, white, black);
    let mut last = None;
    for candidate in numbered(dir, &stem, "pgn") {
        if std::fs::symlink_metadata(&candidate).is_err() {
            return candidate;
        }
        last = Some(candidate);
    }
    last.unwrap_or_else(|| dir.join(format!("{stem}.pgn")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forbidden_and_control_characters_become_underscores() {
        assert_eq!(
            sanitize_part("a/b\\c:d*e?f\"g<h>i|j", "x"),
            "a_b_c_d_e_f_g_h_i_j"
        );
        assert_eq!(sanitize_part("tab\there\u{7}bell", "x"), "tab_here_bell");
        assert_eq!(sanitize_part("  Ann   Lee  ", "x"), "Ann_Lee");
    }

    #[test]
    fn no_hidden_files_no_options_no_trailing_dots() {
        assert_eq!(sanitize_part(".profile", "x"), "profile");
        assert_eq!(sanitize_part("--rm", "x"), "rm");
        assert_eq!(sanitize_part("Ann.", "x"), "Ann");
        assert_eq!(sanitize_part("..", "x"), "x");
        assert_eq!(sanitize_part("", "x"), "x");
    }

    #[test]
    fn windows_device_names_are_replaced() {
        assert_eq!(sanitize_part("con", "White"), "White");
        assert_eq!(sanitize_part("COM1", "White"), "White");
        assert_eq!(sanitize_part("Conrad", "White"), "Conrad");
    }

    #[test]
    fn long_names_are_cut_at_a_character_boundary() {
        let s = sanitize_part(&"\u{e9}".repeat(100), "x");
        assert!(s.len() <= MAX_PART_BYTES);
        assert_eq!(s, "\u{e9}".repeat(MAX_PART_BYTES / 2));
        let s = sanitize_part(&"ab ".repeat(100), "x");
        assert!(s.len() <= MAX_PART_BYTES && !s.ends_with('_'), "{s}");
    }

    #[test]
    fn archive_stems_put_the_date_first() {
        assert_eq!(
            archive_stem("2026-11-21", "Ann", "Bob", false),
            "2026-11-21-Ann-vs-Bob"
        );
        assert_eq!(
            archive_stem("2026-11-21", "", "?", true),
            "2026-11-21-White-vs-Black-unfinished"
        );
    }
}
