use super::*;

fn linear(channel: u8) -> f64 {
    let c = f64::from(channel) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn luminance(color: Rgb) -> f64 {
    let Rgb::Rgb(r, g, b) = color else {
        panic!("palette colours are RGB, got {color:?}")
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[test]
fn both_piece_colours_readable_on_every_square_background() {
    for palette in Palette::ALL {
        let c = palette.colors();
        let backgrounds = [
            ("light", c.light),
            ("dark", c.dark),
            ("last move light", c.last_move_light),
            ("last move dark", c.last_move_dark),
            ("selected", c.selected),
            ("cursor", c.cursor),
            ("check", c.check),
            ("capture", c.capture),
            ("glow", c.glow),
        ];
        for (name, bg) in backgrounds {
            for (side, fg) in [("white", WHITE_PIECE), ("black", BLACK_PIECE)] {
                let ratio = contrast(fg, bg);
                assert!(
                    ratio >= 3.0,
                    "{palette}: {side} piece on {name} square has contrast {ratio:.2}"
                );
            }
        }
        for (name, bg) in [
            ("light", c.light),
            ("dark", c.dark),
            ("last move light", c.last_move_light),
            ("last move dark", c.last_move_dark),
            ("cursor", c.cursor),
            ("capture", c.capture),
        ] {
            let ratio = contrast(c.target, bg);
            assert!(
                ratio >= 2.5,
                "{palette}: target dot on {name} square has contrast {ratio:.2}"
            );
        }
    }
}

#[test]
fn light_and_dark_squares_differ_visibly() {
    for palette in Palette::ALL {
        let c = palette.colors();
        assert!(contrast(c.light, c.dark) >= 1.6, "{palette}");
        assert!(
            contrast(c.last_move_light, c.last_move_dark) >= 1.4,
            "{palette}"
        );
    }
}

#[test]
fn monochrome_emits_no_colour() {
    let theme = Theme::monochrome();
    let mut styles = vec![
        theme.target(),
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
        let marks = SquareMarks {
            cursor: bits & 1 != 0,
            selected: bits & 2 != 0,
            capture: bits & 4 != 0,
            quiet: bits & 8 != 0,
            last_move: bits & 16 != 0,
            check: bits & 32 != 0,
            glow: bits & 64 != 0,
        };
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
    assert!("OCEAN".parse::<Palette>().is_ok());
    assert!("plaid".parse::<Palette>().is_err());
}
