//! A line of chat (`say ...` in the move box): what the other terminal will show, so nothing
//! that could move its cursor or change its colours, and not more than fits in a line.

/// The longest line of chat, in characters, after cleaning.
pub const MAX_CHAT_CHARS: usize = 200;

/// `text` as it may be sent and shown: control characters (escape sequences, newlines, tabs,
/// bidirectional overrides) dropped, runs of white space made one space, ends trimmed, cut to
/// [`MAX_CHAT_CHARS`]. Empty if nothing is left.
///
/// ```
/// use hotseat::remote::clean_chat;
/// assert_eq!(clean_chat("  good\tgame\x1b[31m!\n"), "good game[31m!");
/// assert_eq!(clean_chat("\u{202e}gg"), "gg");
/// assert_eq!(clean_chat("a".repeat(500).as_str()).len(), 200);
/// ```
pub fn clean_chat(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|&c| !c.is_control() && !is_format_control(c))
        .collect();
    kept.split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_CHAT_CHARS)
        .collect()
}

/// Invisible characters that reorder or hide text (bidirectional embeddings, overrides and
/// isolates, zero-width joiners and the byte-order mark).
fn is_format_control(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_keeps_words_and_drops_what_moves_the_cursor() {
        assert_eq!(clean_chat("\x1b]0;owned\x07hi"), "]0;ownedhi");
        assert_eq!(clean_chat("line one\r\nline two"), "line one line two");
        assert_eq!(clean_chat("\u{0}\u{7f}"), "");
        assert_eq!(clean_chat("échec ♘"), "échec ♘");
    }

    #[test]
    fn chat_is_cut_by_characters_not_bytes() {
        let long = "é".repeat(MAX_CHAT_CHARS + 10);
        assert_eq!(clean_chat(&long).chars().count(), MAX_CHAT_CHARS);
    }
}
