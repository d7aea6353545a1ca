//! PGN export format, as the standard describes it (section 8): the Seven Tag Roster first,
//! then the other tags, a blank line, movetext in lines of at most 80 characters, the result,
//! and a blank line to part this game from the next.
//!
//! The writer knows nothing of chess: moves arrive as SAN text, the starting move number and
//! side to move as plain numbers. It takes care of what the reader needs to read the game back
//! exactly: escaped tag values, no `}` inside comments, no line breaks inside tokens.

use std::fmt::{self, Write};

use crate::game::numbering::MoveNumber;

/// The Seven Tag Roster in its standard order, with the value a missing tag takes.
/// A missing `Result` takes the game's result instead.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest line the movetext is broken into, unless a single word is longer.
const LINE: usize = 80;

/// A move to export: its SAN, and a comment written after it (clock readings, offers, notes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportMove {
    pub san: String,
    /// Numeric annotation glyphs, written `$n` after the move.
    pub nags: Vec<u8>,
    pub comment: Option<String>,
    /// 0 for the main line, 1 for a variation of it, 2 for a variation inside that, ...
    pub depth: usize,
    /// The first move of a variation: an alternative to the last move written one level up
    /// (a variation that follows another at the same depth is its sibling).
    pub starts_line: bool,
}

/// A game to export.
///
/// ```
/// use hotseat_chess::game::pgn::{ExportGame, ExportMove};
///
/// let game = ExportGame {
///     tags: vec![("White".into(), "Anna".into()), ("TimeControl".into(), "300".into())],
///     fullmove: 1,
///     white_to_move: true,
///     moves: vec![
///         ExportMove { san: "e4".into(), nags: vec![1], comment: Some("[%clk 0:04:59]".into()), ..Default::default() },
///         ExportMove { san: "c5".into(), depth: 1, starts_line: true, ..Default::default() },
///         ExportMove { san: "e5".into(), ..Default::default() },
///     ],
///     closing: None,
///     intro: None,
///     result: "*".into(),
/// };
/// assert_eq!(game.to_string(), "\
/// [Event \"?\"]
/// [Site \"?\"]
/// [Date \"????.??.??\"]
/// [Round \"?\"]
/// [White \"Anna\"]
/// [Black \"?\"]
/// [Result \"*\"]
/// [TimeControl \"300\"]
///
/// 1. e4 $1 {[%clk 0:04:59]} (1. c5) 1... e5 *
///
/// ");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportGame {
    /// Tag pairs in the order wanted after the roster. A roster tag given twice is written once.
    pub tags: Vec<(String, String)>,
    /// The move number of the first move.
    pub fullmove: u32,
    /// Whether White makes the first move.
    pub white_to_move: bool,
    /// The moves in PGN order: each variation right after the move it is an alternative to.
    pub moves: Vec<ExportMove>,
    /// A comment after the last move that says how the game ended ("Black resigns.").
    pub closing: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`; anything else is written as `*`.
    pub result: String,
    /// A comment before the first move.
    pub intro: Option<String>,
}

impl ExportGame {
    fn result(&self) -> &str {
        match self.result.as_str() {
            r @ ("1-0" | "0-1" | "1/2-1/2" | "*") => r,
            _ => "*",
        }
    }

    fn write_tags(&self, out: &mut impl Write) -> fmt::Result {
        // Tag names are compared as readers compare them, in any case: a `[ROund ""]` fills
        // the Round of the roster rather than following it as a second Round.
        let find = |name: &str| {
            self.tags
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v)
        };
        for (name, default) in ROSTER {
            let value = match (find(name), name) {
                (Some(value), _) => value.as_str(),
                (None, "Result") => self.result(),
                (None, _) => default,
            };
            write_tag(out, name, value)?;
        }
        for (name, value) in &self.tags {
            if !name.is_empty()
                && !ROSTER
                    .iter()
                    .any(|(roster, _)| roster.eq_ignore_ascii_case(name))
            {
                write_tag(out, name, value)?;
            }
        }
        Ok(())
    }

    fn write_movetext(&self, out: &mut impl Write) -> fmt::Result {
        let mut lines = Lines { out, column: 0 };
        // Per open line (the main line first): the number of its next move and of its last.
        let first = MoveNumber {
            number: self.fullmove,
            white: self.white_to_move,
        };
        let mut open = vec![(first, first)];
        let mut number_black = true;
        if let Some(intro) = self.intro.as_deref() {
            lines.comment(intro)?;
        }
        for mv in &self.moves {
            let depth = open.len() - 1;
            let start = mv.starts_line && depth + 1 >= mv.depth && mv.depth > 0;
            let parent = if start {
                mv.depth - 1
            } else {
                mv.depth.min(depth)
            };
            while open.len() - 1 > parent {
                open.pop();
                lines.close()?;
                number_black = true;
            }
            let mut prefix = "";
            if start {
                let (_, last) = open[open.len() - 1];
                open.push((last, last));
                prefix = "(";
                number_black = true;
            }
            let Some((next, last)) = open.last_mut() else {
                break;
            };
            if next.white || number_black {
                lines.unit(&[&format!("{prefix}{next}"), &mv.san])?;
            } else {
                lines.unit(&[&mv.san])?;
            }
            number_black = false;
            for nag in &mv.nags {
                lines.unit(&[&format!("${nag}")])?;
            }
            if let Some(comment) = mv.comment.as_deref() {
                number_black = lines.comment(comment)?;
            }
            *last = *next;
            if !next.white {
                next.number = next.number.saturating_add(1);
            }
            next.white = !next.white;
        }
        for _ in 1..open.len() {
            lines.close()?;
        }
        if let Some(closing) = self.closing.as_deref() {
            lines.comment(closing)?;
        }
        lines.unit(&[self.result()])?;
        lines.out.write_str("\n\n")
    }
}

impl fmt::Display for ExportGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_tags(f)?;
        f.write_char('\n')?;
        self.write_movetext(f)
    }
}

/// Writes `[Name "value"]`: the name stripped of bytes that would end it, the value escaped
/// and kept on one line.
fn write_tag(out: &mut impl Write, name: &str, value: &str) -> fmt::Result {
    out.write_char('[')?;
    for c in name.chars() {
        let safe = c.is_ascii_graphic() && !matches!(c, '"' | '[' | ']' | '\\' | '{' | '}');
        out.write_char(if safe { c } else { '_' })?;
    }
    out.write_str(" \"")?;
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                out.write_char('\\')?;
                out.write_char(c)?;
            }
            c if c.is_control() => out.write_char(' ')?,
            c => out.write_char(c)?,
        }
    }
    out.write_str("\"]\n")
}

/// Movetext being laid out in lines.
struct Lines<'a, W> {
    out: &'a mut W,
    column: usize,
}

impl<W: Write> Lines<'_, W> {
    /// Writes words joined by single spaces, all on one line: on this one if they fit.
    fn unit(&mut self, words: &[&str]) -> fmt::Result {
        let width = words.iter().map(|w| w.chars().count()).sum::<usize>() + words.len() - 1;
        if self.column > 0 {
            if self.column + 1 + width > LINE {
                self.out.write_char('\n')?;
                self.column = 0;
            } else {
                self.out.write_char(' ')?;
                self.column += 1;
            }
        }
        for (i, word) in words.iter().enumerate() {
            if i > 0 {
                self.out.write_char(' ')?;
            }
            self.out.write_str(word)?;
        }
        self.column += width;
        Ok(())
    }

    /// Closes a variation: `)` right after the last word.
    fn close(&mut self) -> fmt::Result {
        if self.column + 1 > LINE {
            self.out.write_char('\n')?;
            self.column = 0;
        }
        self.column += 1;
        self.out.write_char(')')
    }

    /// Writes `{comment}` with its whitespace collapsed and any `}` replaced by `)`: on one
    /// line if it fits in one, otherwise broken between words. `false` if there was nothing
    /// to write.
    fn comment(&mut self, comment: &str) -> Result<bool, fmt::Error> {
        let text = comment.replace('}', ")");
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() {
            return Ok(false);
        }
        let width = words.iter().map(|w| w.chars().count() + 1).sum::<usize>() + 1;
        if width <= LINE {
            let braced = format!("{{{}}}", words.join(" "));
            self.unit(&[&braced])?;
            return Ok(true);
        }
        for (i, word) in words.iter().enumerate() {
            let open = if i == 0 { "{" } else { "" };
            let close = if i + 1 == words.len() { "}" } else { "" };
            self.unit(&[&format!("{open}{word}{close}")])?;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests;
