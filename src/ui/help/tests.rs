use super::*;
use crate::app::keymap::{BINDINGS, command_words, keys_text};

/// The help rendered on a screen of `w x h`, as text.
fn screen(w: u16, h: u16, scroll: u16) -> String {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    let view = HelpView {
        theme: Theme::monochrome(),
        scroll,
    };
    (&view).render(buf.area, &mut buf);
    let cells: Vec<&str> = buf.content.iter().map(|c| c.symbol()).collect();
    cells
        .chunks(usize::from(w))
        .map(|row| row.concat())
        .collect::<Vec<_>>()
        .join("\n")
}

/// All help text, wrapped lines joined back into single-spaced prose.
fn all_text(width: usize) -> String {
    help_lines(&Theme::monochrome(), width)
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn help_lists_every_binding_with_its_keys_and_description() {
    for width in [40, 78] {
        let text = all_text(width);
        for b in BINDINGS {
            assert!(
                text.contains(&keys_text(b)),
                "{:?}: keys {} missing",
                b.action,
                keys_text(b)
            );
            let description = b
                .description
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains(&description),
                "{:?}: description missing",
                b.action
            );
        }
    }
}

#[test]
fn help_lists_every_command_word() {
    let text = all_text(78);
    let commands = text
        .split("Typed commands")
        .nth(1)
        .expect("a typed commands section");
    for word in command_words() {
        assert!(commands.contains(word), "{word} missing");
    }
}

#[test]
fn help_shows_the_move_formats_with_examples() {
    let text = all_text(78);
    for example in [
        "e4", "Nf3", "exd5", "O-O", "0-0", "e8=Q", "e2e4", "e2-e4", "Ng1-f3", "e7e8q",
    ] {
        assert!(
            text.split_whitespace().any(|w| w == example),
            "{example} missing"
        );
    }
}

#[test]
fn wrapped_lines_fit_the_popup() {
    for width in [20, 30, 40, 58, 78] {
        for line in help_lines(&Theme::default(), width) {
            assert!(line.width() <= width, "{width}: {line:?}");
        }
    }
}

#[test]
fn short_screen_scrolls_and_clamps() {
    let area = Rect::new(0, 0, 80, 24);
    let max = HelpView::max_scroll(area);
    assert!(max > 0, "the help is longer than 24 lines");
    assert_eq!(HelpView::page_height(area), 22);
    let top = screen(80, 24, 0);
    assert!(top.contains("Keys while playing"));
    assert!(top.contains(&format!("1-22 of {}", max + 22)));
    let bottom = screen(80, 24, max);
    assert!(bottom.contains("Mouse: click a piece"));
    assert!(!bottom.contains("Keys while playing"));
    assert_eq!(
        screen(80, 24, u16::MAX),
        bottom,
        "scrolling past the end clamps"
    );
}

#[test]
fn tall_screen_shows_everything_without_scrolling() {
    let area = Rect::new(0, 0, 160, 300);
    assert_eq!(HelpView::max_scroll(area), 0);
    let text = screen(160, 300, 0);
    assert!(text.contains("Keys while playing") && text.contains("Mouse: click a piece"));
    let total = help_lines(&Theme::default(), 77).len();
    assert!(
        !text.contains(&format!("of {total}")),
        "no scroll position when all fits"
    );
}

#[test]
fn wrap_breaks_between_words() {
    assert_eq!(wrap("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
    assert_eq!(wrap("", 6), [""]);
    assert_eq!(wrap("unbreakable", 4), ["unbreakable"]);
}
