//! User or file text quoted in an error message: [`excerpt`] keeps it to one short line that
//! cannot drive the terminal, and [`is_invisible`] names the characters that hide themselves.
//! The rules and the PGN reader quote what they could not read; the front end quotes paths and
//! names the same way (`hotseat::text` re-exports these).

/// The most characters of user or file text that a message quotes.
pub const EXCERPT_CHARS: usize = 60;

/// Whether `c` changes how text around it reads without showing itself: bidirectional
/// overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C),
/// zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF), the soft hyphen and other
/// invisible format characters. A name made of these can pass for another one.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}

/// `text` quoted in a message: in double quotes, at most [`EXCERPT_CHARS`] characters (the rest
/// marked with `…`), with control and invisible characters escaped (`\u{1b}`) as are quotes
/// and backslashes. Whatever a file or an argument holds, the message stays one short line and
/// never drives the terminal.
///
/// ```
/// use hotseat_chess::quote::excerpt;
/// assert_eq!(excerpt("Nf3"), "\"Nf3\"");
/// assert_eq!(excerpt("\u{1b}[31mRed"), "\"\\u{1b}[31mRed\"");
/// assert_eq!(excerpt(&"x".repeat(1000)).chars().count(), 60 + 3);
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out = String::with_capacity(EXCERPT_CHARS + 8);
    out.push('"');
    for (i, c) in text.chars().enumerate() {
        if i == EXCERPT_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || is_invisible(c) || c == '"' || c == '\\' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// What [`excerpt`] gives, without its quotes: for a value shown bare (a player's name in a
/// line of output, a number as written). Borrowed when nothing needs cutting or escaping, as
/// with nearly every name (short printable ASCII without quotes or backslashes).
///
/// ```
/// use hotseat_chess::quote::excerpt_bare;
/// assert_eq!(excerpt_bare("Ann"), "Ann");
/// assert_eq!(excerpt_bare("say \"hi\""), "say \\\"hi\\\"");
/// ```
pub fn excerpt_bare(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= EXCERPT_CHARS
        && text
            .bytes()
            .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
    {
        return text.into();
    }
    let quoted = excerpt(text);
    quoted[1..quoted.len() - 1].to_owned().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_excerpt_is_the_excerpt_without_its_quotes() {
        let long = "x".repeat(EXCERPT_CHARS + 1);
        for text in [
            "",
            "Ann",
            "O'Neil, Sean",
            "a\"b\\c",
            "\u{1b}[31m",
            "é",
            &long,
        ] {
            let quoted = excerpt(text);
            assert_eq!(excerpt_bare(text), quoted[1..quoted.len() - 1], "{text:?}");
        }
    }

    #[test]
    fn an_excerpt_is_short_marked_and_escaped() {
        assert_eq!(excerpt(""), "\"\"");
        assert_eq!(excerpt("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(excerpt("\u{202E}evil\u{200B}"), r#""\u{202e}evil\u{200b}""#);
        let long = excerpt(&"é".repeat(100_000));
        assert_eq!(long, format!("\"{}…\"", "é".repeat(EXCERPT_CHARS)));
        assert!(
            excerpt("\u{1b}[2J\u{7}\r\n")
                .chars()
                .all(|c| !c.is_control())
        );
    }
}
