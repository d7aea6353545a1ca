//! Text measured in terminal columns: how wide a string is on screen, a string cut to fit with
//! `…`, and text wrapped into lines. It stands below `app` (which wraps the help's text), so
//! the app, the drawing and the manual share one rule. Shared by the widgets that put names, hints and key labels
//! on one line, by the help, the status line and the forms, and by the manual page's help text
//! (`cli::manual`). Widths are display columns, never `chars().count()`: a Chinese name takes
//! two columns a character.

use ratatui::text::Span;

// Quoting lives with the chess, whose errors quote what they were given; re-exported so that
// the front end has one place for text rules.
pub use chess::quote::{EXCERPT_CHARS, excerpt, excerpt_bare, is_invisible};

/// Columns taken by `text` on screen (wide characters count two).
pub fn width(text: &str) -> usize {
    Span::raw(text).width()
}

/// `text` in at most `cols` columns: cut short with `…` when it does not fit.
pub fn fit(text: &str, cols: usize) -> String {
    if width(text) <= cols {
        return text.to_owned();
    }
    let mut out = String::new();
    // Measured as a whole at each step: combining marks and emoji variation selectors change
    // the width of what comes before them.
    for c in text.chars() {
        let mut next = out.clone();
        next.push(c);
        if width(&next) + 1 > cols {
            break;
        }
        out = next;
    }
    let out = out.trim_end().to_owned();
    if cols == 0 { out } else { out + "…" }
}

/// Columns taken by one character on screen.
fn char_width(c: char) -> usize {
    width(c.encode_utf8(&mut [0; 4]))
}

/// Greedy word wrap to `cols` columns; a word wider than that gets a line of its own. Runs of
/// spaces collapse to one; blank text gives no lines.
pub fn wrap(text: &str, cols: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut line_width = 0;
    for word in text.split_whitespace() {
        let word_width = width(word);
        if !line.is_empty() && line_width + 1 + word_width > cols {
            lines.push(std::mem::take(&mut line));
            line_width = 0;
        }
        if !line.is_empty() {
            line.push(' ');
            line_width += 1;
        }
        line.push_str(word);
        line_width += word_width;
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// [`wrap`], with a word wider than `cols` broken rather than left to overflow: for boxes that
/// cut what overflows. A path is broken only after a `/`, and a part of it still too wide
/// is shortened from the left ([`shorten_path`]); another word is broken where the line ends.
///
/// ```
/// use hotseat::text::wrap_all;
/// assert_eq!(wrap_all("Saved to ~/games/a-long-name.pgn", 12), ["Saved to", "~/games/", "…ng-name.pgn"]);
/// assert_eq!(wrap_all("a-very-long-word", 8), ["a-very-l", "ong-word"]);
/// ```
pub fn wrap_all(text: &str, cols: usize) -> Vec<String> {
    wrap(text, cols)
        .into_iter()
        .flat_map(|line| {
            if width(&line) <= cols {
                vec![line]
            } else if line.contains('/') {
                wrap_path(&line, cols)
            } else {
                wrap_clipped(&line, cols, usize::MAX)
            }
        })
        .collect()
}

/// A path (a word with `/` in it) in lines of at most `cols` columns, broken after a `/`; a
/// part between two `/` too wide for a line of its own keeps its end, after a `…`.
fn wrap_path(path: &str, cols: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in path.split_inclusive('/') {
        if !line.is_empty() && width(&line) + width(part) > cols {
            lines.push(std::mem::take(&mut line));
        }
        line.push_str(part);
        if width(&line) > cols {
            lines.push(shorten_path(&line, cols));
            line.clear();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` with its paths ([`is_path`]) shortened to `…/` and their last part, the first path
/// first, only as far as it takes for the whole text to fit in `max` lines of `cols` columns:
/// a message that names two files keeps its words, and the paths give way. Nothing else is
/// shortened: a FEN, a result (`1/2-1/2`) or a word such as `and/or` has a `/` but is no
/// path, and is wrapped whole.
///
/// ```
/// use hotseat::text::fit_paths;
/// let said = "Archived as /data/games/2026-Ann-vs-Bob.pgn · Cannot remove /data/current.pgn: denied";
/// assert_eq!(fit_paths(said, 90, 1), said);
/// assert_eq!(
///     fit_paths(said, 40, 2),
///     "Archived as …/2026-Ann-vs-Bob.pgn · Cannot remove /data/current.pgn: denied"
/// );
/// assert_eq!(
///     fit_paths(said, 30, 2),
///     "Archived as …/2026-Ann-vs-Bob.pgn · Cannot remove …/current.pgn: denied"
/// );
/// let fen = "FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// assert_eq!(fit_paths(fen, 30, 2), fen);
/// ```
pub fn fit_paths(text: &str, cols: usize, max: usize) -> String {
    // Measured as the status line draws it: words wrapped, one too long for a line broken.
    let fits = |t: &str| wrap_clipped(t, cols, usize::MAX).len() <= max;
    let mut words: Vec<String> = text.split(' ').map(str::to_owned).collect();
    for i in 0..words.len() {
        if fits(&words.join(" ")) {
            break;
        }
        let word = &words[i];
        if !is_path(word) {
            continue;
        }
        let Some(cut) = word.trim_end_matches('/').rfind('/') else {
            continue;
        };
        if cut > 0 || word.starts_with('/') {
            words[i] = format!("…{}", &word[cut..]);
        }
    }
    words.join(" ")
}

/// Whether a word of a message is a file's path, which may be shortened: one that starts
/// at the root, the home folder or the current one (`/`, `~/`, `./`, `../`, `C:\`), or a
/// relative path to a file with an extension (`games/ann.pgn`). A FEN's board, a drawn result
/// and words joined by a slash are not.
///
/// ```
/// use hotseat::text::is_path;
/// assert!(is_path("/home/ann/games/2026-Ann-vs-Bob.pgn"));
/// assert!(is_path("~/.local/share/hotseat/current.pgn"));
/// assert!(is_path("games/ann.pgn,"));
/// assert!(is_path("games/ann.pgn."));
/// assert!(!is_path("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"));
/// assert!(!is_path("1/2-1/2"));
/// assert!(!is_path("and/or"));
/// ```
pub fn is_path(word: &str) -> bool {
    let word = word.trim_matches(|c: char| matches!(c, '"' | '\'' | '(' | ')' | ',' | ';' | ':'));
    // A sentence's full stop (or ! ?) after a path is not the path's: `./` and `../` only
    // start one.
    let word = word.trim_end_matches(['.', '!', '?']);
    let rooted = ["/", "~/", "./", "../"].iter().any(|p| word.starts_with(p))
        || word.get(1..3).is_some_and(|p| p == ":\\" || p == ":/");
    let file = word.rsplit_once('/').is_some_and(|(dir, name)| {
        !dir.is_empty()
            && name
                .rsplit_once('.')
                .is_some_and(|(stem, ext)| !stem.is_empty() && ext.chars().any(char::is_alphabetic))
    });
    rooted || file || word.contains('\\')
}

/// `path` in at most `cols` columns: whole, or its end after a `…` (the file name is what
/// tells one file from another).
///
/// ```
/// use hotseat::text::shorten_path;
/// assert_eq!(shorten_path("~/games/2026-Ann-vs-Bob.pgn", 40), "~/games/2026-Ann-vs-Bob.pgn");
/// assert_eq!(shorten_path("~/games/2026-Ann-vs-Bob.pgn", 16), "…-Ann-vs-Bob.pgn");
/// ```
pub fn shorten_path(path: &str, cols: usize) -> String {
    if width(path) <= cols {
        return path.to_owned();
    }
    let mut tail: Vec<char> = Vec::new();
    for c in path.chars().rev() {
        let mut next: String = std::iter::once(c)
            .chain(tail.iter().rev().copied())
            .collect();
        next.insert(0, '…');
        if width(&next) > cols {
            break;
        }
        tail.push(c);
    }
    let kept: String = tail.iter().rev().collect();
    if cols == 0 {
        kept
    } else {
        format!("…{kept}")
    }
}

/// `text` in at most `max` lines of at most `cols` columns, broken at spaces where that fills
/// at least half the line (a longer word, such as a path, is broken after its last `/` that
/// fits, or where the line ends); the last line of a text that still goes on ends in `…`.
/// Blank text gives one empty line.
pub fn wrap_clipped(text: &str, cols: usize, max: usize) -> Vec<String> {
    let cols = cols.max(1);
    let mut lines = Vec::new();
    let mut rest: Vec<(char, usize)> = text.chars().map(|c| (c, char_width(c))).collect();
    let width_of = |chars: &[(char, usize)]| chars.iter().map(|&(_, w)| w).sum::<usize>();
    let text_of = |chars: &[(char, usize)]| chars.iter().map(|&(c, _)| c).collect::<String>();
    while !rest.is_empty() && lines.len() < max {
        if width_of(&rest) <= cols {
            lines.push(text_of(&rest));
            rest.clear();
            break;
        }
        // How many characters fit in `limit` columns (at least one, so that a character wider
        // than the line still moves on).
        let fitting = |limit: usize| {
            let mut used = 0;
            let n = rest
                .iter()
                .take_while(|&&(_, w)| {
                    used += w;
                    used <= limit
                })
                .count();
            n.max(1)
        };
        if lines.len() + 1 == max {
            let mut line = text_of(&rest[..fitting(cols - 1).min(rest.len())]);
            line.push('…');
            lines.push(line);
            break;
        }
        let fit = fitting(cols);
        // A space just after the last fitting character breaks the line there too; a word
        // too long for the line (a path) breaks after a `/` where it has one.
        let cut = rest[..(fit + 1).min(rest.len())]
            .iter()
            .rposition(|&(c, _)| c == ' ')
            .filter(|&at| at > 0 && width_of(&rest[..at]) >= cols / 2)
            .or_else(|| {
                rest[..fit]
                    .iter()
                    .rposition(|&(c, _)| c == '/')
                    .map(|at| at + 1)
            })
            .unwrap_or(fit);
        lines.push(text_of(&rest[..cut]).trim_end().to_owned());
        let skip = rest[cut..].iter().take_while(|&&(c, _)| c == ' ').count();
        rest.drain(..cut + skip);
    }
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// The longest line [`tame`] lets through, and the longest word outside quotes (a path), in
/// characters.
const MAX_LINE_CHARS: usize = 1000;
const MAX_WORD_CHARS: usize = 200;

/// A message that quotes what it was given (clap's errors echo the argument) made safe to
/// print: each quoted value (`'...'`) longer than [`EXCERPT_CHARS`] is cut with `…`, as is a
/// word longer than a long path, and each line after a thousand characters; and control and invisible characters other than the
/// line breaks are escaped.
///
/// ```
/// use hotseat::text::tame;
/// let message = format!("error: invalid value '{}' for '--fen <FEN>'\n", "x".repeat(100_000));
/// assert!(tame(&message).len() < 120);
/// assert_eq!(tame("a '\u{1b}[31mRed'\n"), "a '\\u{1b}[31mRed'\n");
/// let long = format!("can't be '{}': it can't", "y".repeat(100));
/// assert_eq!(tame(&long), format!("can't be '{}…': it can't", "y".repeat(60)));
/// ```
pub fn tame(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let mut quoted = false;
        let mut run = 0;
        let mut shown = 0;
        let mut prev = ' ';
        let mut chars = body.chars().peekable();
        while let Some(c) = chars.next() {
            // A quote opens after a space and closes before a space or punctuation, so that the
            // apostrophe of "can't" is neither.
            let next = chars.peek().copied().unwrap_or(' ');
            let opens = c == '\'' && !quoted && prev.is_whitespace();
            let closes = c == '\'' && quoted && !next.is_alphanumeric();
            prev = c;
            if opens || closes || (!quoted && c.is_whitespace()) {
                quoted = opens;
                run = 0;
            } else {
                run += 1;
                let max = if quoted {
                    EXCERPT_CHARS
                } else {
                    MAX_WORD_CHARS
                };
                if run > max {
                    if run == max + 1 {
                        out.push('…');
                    }
                    continue;
                }
            }
            shown += 1;
            if shown > MAX_LINE_CHARS {
                out.push('…');
                break;
            }
            if c.is_control() || is_invisible(c) {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
        out.push_str(end);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cut_short_with_an_ellipsis() {
        assert_eq!(fit("Ann", 3), "Ann");
        assert_eq!(fit("Annabel", 4), "Ann…");
        assert_eq!(fit("Ann Bo", 5), "Ann…");
        assert_eq!(fit("李小龙", 4), "李…");
        assert_eq!(fit("Ann", 0), "");
        assert_eq!(width("李小龙"), 6);
    }

    #[test]
    fn wrap_fills_lines_up_to_the_width_in_columns() {
        assert_eq!(wrap("aa bb cc dd", 5), ["aa bb", "cc dd"]);
        assert_eq!(wrap("a verylongword b", 4), ["a", "verylongword", "b"]);
        assert!(wrap("   ", 10).is_empty());
    }

    #[test]
    fn a_chinese_name_takes_two_columns_a_character_when_wrapping() {
        // 李小龙 is six columns wide: with " wins" it needs eleven, more than ten.
        assert_eq!(wrap("李小龙 wins", 10), ["李小龙", "wins"]);
        assert_eq!(wrap("李小龙 wins", 11), ["李小龙 wins"]);
        assert_eq!(
            wrap_clipped("李小龙 offers a draw", 10, 3),
            ["李小龙", "offers a", "draw"]
        );
        assert_eq!(wrap_clipped("李小龙李小龙", 5, 3), ["李小", "龙李", "小龙"]);
        assert_eq!(wrap_clipped("李小龙李小龙", 5, 2), ["李小", "龙李…"]);
        assert!(
            wrap_clipped("李小龙 offers a draw", 10, 2)
                .iter()
                .all(|l| width(l) <= 10)
        );
    }

    #[test]
    fn wrap_clipped_breaks_words_only_when_it_must() {
        assert_eq!(wrap_clipped("abc def", 3, 2), ["abc", "def"]);
        assert_eq!(wrap_clipped("abcdefgh", 3, 3), ["abc", "def", "gh"]);
        assert_eq!(wrap_clipped("abcdefgh", 3, 2), ["abc", "de…"]);
        assert_eq!(wrap_clipped("", 3, 2), [""]);
        assert_eq!(wrap_clipped("a  b", 1, 3), ["a", "b"]);
    }

    #[test]
    fn wrap_clipped_breaks_a_path_after_a_slash() {
        assert_eq!(
            wrap_clipped("saved as ~/games/2026-Ann-vs-Bob.pgn", 24, 2),
            ["saved as ~/games/", "2026-Ann-vs-Bob.pgn"]
        );
    }
}
