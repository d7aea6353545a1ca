use super::*;
use crate::rules::Role;

/// Every depth a theme is drawn at.
const DEPTHS: [Depth; 3] = [Depth::TrueColor, Depth::Ansi256, Depth::Ansi16];

/// The colours of `palette` at `depth`, as the theme draws them.
fn drawn(palette: Palette, depth: Depth) -> Colors {
    Theme::with_depth(palette, Some(depth)).colors()
}

fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Every background a square can have in `palette` at `depth`, by name.
fn backgrounds(palette: Palette, depth: Depth) -> [(&'static str, Rgb); 8] {
    let c = drawn(palette, depth);
    [
        ("light", c.light),
        ("dark", c.dark),
        ("last move light", c.last_move_light),
        ("last move dark", c.last_move_dark),
        ("selected", c.selected),
        ("check", c.check),
        ("capture", c.capture),
        ("glow", c.glow),
    ]
}

#[test]
fn pieces_and_marks_stand_out_three_to_one_on_every_square_background() {
    for depth in DEPTHS {
        for palette in Palette::ALL {
            let c = drawn(palette, depth);
            let things = [
                ("white piece", c.white),
                ("black piece", c.black),
                ("target mark", c.target),
                ("cursor frame", c.cursor),
            ];
            for (name, bg) in backgrounds(palette, depth) {
                for (thing, fg) in things {
                    let ratio = contrast(fg, bg);
                    assert!(
                        ratio >= 3.0,
                        "{palette} at {}: {thing} on {name} square has contrast {ratio:.2}",
                        depth.name()
                    );
                }
            }
        }
    }
}

#[test]
fn the_pieces_the_board_draws_are_the_ones_checked() {
    for depth in DEPTHS {
        for palette in Palette::ALL {
            let theme = Theme::with_depth(palette, Some(depth));
            let c = drawn(palette, depth);
            assert_eq!(theme.piece(Color::White, false).fg, Some(c.white));
            assert_eq!(theme.piece(Color::Black, true).fg, Some(c.black));
            assert_eq!(theme.target().fg, Some(c.target));
            assert_eq!(theme.cursor().fg, Some(c.cursor));
            for dark in [false, true] {
                for bits in 0..128u8 {
                    let bg = theme.square(dark, marks_of(bits)).bg.unwrap();
                    assert!(
                        backgrounds(palette, depth).iter().any(|&(_, b)| b == bg),
                        "{palette}: {bg:?} is not a checked background"
                    );
                }
            }
        }
    }
}

#[test]
fn below_true_colour_no_rgb_is_sent_and_256_keeps_each_palette_apart() {
    for palette in Palette::ALL {
        let c = drawn(palette, Depth::Ansi256);
        for (_, bg) in backgrounds(palette, Depth::Ansi256) {
            assert!(matches!(bg, Rgb::Indexed(16..=255)), "{bg:?}");
        }
        assert!(matches!(c.white, Rgb::Indexed(_)) && matches!(c.accent, Rgb::Indexed(_)));
        // The highlights stay distinct from the squares they replace.
        for highlight in [c.selected, c.check, c.capture] {
            assert!(highlight != c.light && highlight != c.dark, "{palette}");
        }
        let sixteen = drawn(palette, Depth::Ansi16);
        for (_, bg) in backgrounds(palette, Depth::Ansi16) {
            // A console's eight background colours: no bright one (which would blink).
            assert!(
                matches!(bg, Rgb::Green | Rgb::Yellow),
                "{palette} at 16: {bg:?}"
            );
        }
        assert!(!matches!(sixteen.white, Rgb::Rgb(..) | Rgb::Indexed(_)));
    }
    // On a 16-colour console the highlights are marks, as without colour.
    assert!(Theme::with_depth(Palette::Wood, Some(Depth::Ansi16)).marks_highlights());
    assert!(!Theme::with_depth(Palette::Wood, Some(Depth::Ansi256)).marks_highlights());
}

#[test]
fn panel_colours_of_the_contrast_theme_read_on_white_and_on_black() {
    let c = colors(Palette::Contrast);
    let white = Rgb::Rgb(255, 255, 255);
    let black = Rgb::Rgb(0, 0, 0);
    for (name, fg) in [("accent", c.accent), ("key", c.key), ("error", c.error)] {
        for (bg_name, bg) in [("white", white), ("black", black)] {
            let ratio = contrast(fg, bg);
            assert!(ratio >= 3.0, "{name} on {bg_name} has contrast {ratio:.2}");
        }
    }
    assert_eq!(c.muted, None, "muted text keeps the terminal's own colour");
}

fn marks_of(bits: u8) -> SquareMarks {
    SquareMarks {
        cursor: bits & 1 != 0,
        selected: bits & 2 != 0,
        capture: bits & 4 != 0,
        quiet: bits & 8 != 0,
        last_move: bits & 16 != 0,
        check: bits & 32 != 0,
        glow: bits & 64 != 0,
    }
}

#[test]
fn light_and_dark_squares_differ_visibly() {
    for depth in DEPTHS {
        for palette in Palette::ALL {
            let c = drawn(palette, depth);
            assert!(
                contrast(c.light, c.dark) >= 1.6,
                "{palette} at {}",
                depth.name()
            );
            assert!(
                contrast(c.last_move_light, c.last_move_dark) >= 1.4,
                "{palette} at {}",
                depth.name()
            );
        }
    }
}

#[test]
fn monochrome_emits_no_colour() {
    let theme = Theme::monochrome();
    let mut styles = vec![
        theme.target(),
        theme.cursor(),
        theme.mark(),
        theme.label(true),
        theme.label(false),
        theme.text(),
        theme.muted(),
        theme.title(),
        theme.key(),
        theme.border(),
        theme.error(),
    ];
    for color in Color::ALL {
        styles.push(theme.piece(color, false));
        styles.push(theme.piece(color, true));
    }
    for bits in 0..128u8 {
        let marks = marks_of(bits);
        styles.push(theme.square(false, marks));
        styles.push(theme.square(true, marks));
    }
    for running in [false, true] {
        for low in [false, true] {
            styles.push(theme.clock(running, low));
        }
    }
    for style in styles {
        assert_eq!(style.fg, None, "{style:?}");
        assert_eq!(style.bg, None, "{style:?}");
    }
}

#[test]
fn glyphs_are_single_characters_without_variation_selector() {
    for set in [GlyphSet::Unicode, GlyphSet::Ascii] {
        let mut seen = Vec::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let g = set.piece(Piece::new(color, role));
                assert_ne!(g, '\u{FE0F}');
                assert!(!seen.contains(&g), "{set:?} uses {g} twice");
                seen.push(g);
            }
        }
        assert!(!seen.contains(&set.target()));
    }
    for role in Role::ALL {
        let g = GlyphSet::Ascii.piece(Piece::new(Color::White, role));
        assert!(g.is_ascii_uppercase());
        let g = GlyphSet::Ascii.piece(Piece::new(Color::Black, role));
        assert!(g.is_ascii_lowercase());
    }
}

#[test]
fn palette_names_round_trip() {
    for p in Palette::ALL {
        assert_eq!(p.name().parse::<Palette>(), Ok(p));
    }
    assert_eq!(
        "OCEAN".parse::<Palette>(),
        Ok(Palette::Blue),
        "the old name still works"
    );
    assert_eq!("Green".parse::<Palette>(), Ok(Palette::Green));
    assert!("plaid".parse::<Palette>().is_err());
}
