//! Hit-testing: the square a click lands on is always the square drawn there.

use proptest::prelude::*;
use ratatui::layout::{Position, Rect};

use hotseat::rules::{Color, Square};
use hotseat::ui::board::{BoardLayout, SQUARE_SIZES};

fn centre(rect: Rect) -> Position {
    Position::new(rect.x + rect.width / 2, rect.y + rect.height / 2)
}

#[test]
fn centre_of_every_square_maps_back_to_it_in_both_orientations_and_all_sizes() {
    for size in SQUARE_SIZES {
        let outer = BoardLayout::outer_size(size);
        for (dx, dy) in [(0, 0), (1, 0), (7, 3), (13, 1)] {
            let area = Rect::new(5, 2, outer.width + dx, outer.height + dy);
            for orientation in Color::ALL {
                let layout = BoardLayout::new(area, orientation).unwrap();
                assert_eq!(layout.square_size(), size, "{area:?}");
                for sq in Square::all() {
                    let c = centre(layout.square_rect(sq));
                    assert_eq!(
                        layout.square_at(c.x, c.y),
                        Some(sq),
                        "{size:?} {orientation:?}"
                    );
                    assert_eq!(
                        layout.glyph_position(sq),
                        c,
                        "the piece is drawn at the centre"
                    );
                }
            }
        }
    }
}

#[test]
fn squares_tile_the_grid_without_gaps_or_overlap() {
    let layout = BoardLayout::new(Rect::new(0, 0, 80, 24), Color::Black).unwrap();
    let grid = layout.grid();
    let mut covered = 0u32;
    for sq in Square::all() {
        let rect = layout.square_rect(sq);
        assert_eq!(grid.intersection(rect), rect);
        covered += u32::from(rect.width) * u32::from(rect.height);
    }
    assert_eq!(covered, u32::from(grid.width) * u32::from(grid.height));
}

proptest! {
    /// Any cell of any board, in any area, is inside exactly the square `square_at` names, and
    /// cells outside the grid are no square.
    #[test]
    fn every_cell_hits_the_square_drawn_there(
        x in 0u16..50, y in 0u16..30, w in 20u16..200, h in 6u16..70, black in any::<bool>(),
        cx in 0u16..260, cy in 0u16..110,
    ) {
        let orientation = if black { Color::Black } else { Color::White };
        let area = Rect::new(x, y, w, h);
        match BoardLayout::new(area, orientation) {
            None => {
                let min = BoardLayout::min_size();
                prop_assert!(w < min.width || h < min.height);
            }
            Some(layout) => {
                prop_assert!(area.contains(layout.area().as_position()));
                prop_assert_eq!(area.intersection(layout.area()), layout.area());
                let hit = layout.square_at(cx, cy);
                let inside = layout.grid().contains(Position::new(cx, cy));
                prop_assert_eq!(hit.is_some(), inside);
                if let Some(sq) = hit {
                    prop_assert!(layout.square_rect(sq).contains(Position::new(cx, cy)));
                }
            }
        }
    }
}
