//! Text measured in terminal columns: how wide a string is on screen, and a string cut to fit
//! with `…`. Shared by the widgets that put names, hints and key labels on one line.

use ratatui::text::Span;

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
}
