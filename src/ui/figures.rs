//! The pieces drawn on big squares: figures several cells wide and tall, made of quadrant block
//! characters.
//!
//! The figures are data, not drawing code: `assets/figures.txt` holds one pixel grid per piece
//! and band (`#` ink, `.` square), two pixels across and two down per terminal cell, and this
//! module turns each 2x2 block of pixels into one of the sixteen quadrant characters
//! (`▘ ▝ ▀ ▖ ▌ ▞ ▛ ▗ ▚ ▐ ▜ ▄ ▙ ▟ █`), which every terminal font has. Two bands are drawn
//! (7x3 and 9x4 cells); the bands for squares bigger than 11x5 are the 9x4 pixels scaled up.
//! Every band leaves its square a column either side and a row above the figure, so that
//! neighbouring figures never touch. The file is read once, the first time a big board is
//! drawn; a malformed file fails the unit tests below, not a game.

use std::sync::OnceLock;

use ratatui::layout::Size;

use crate::rules::Role;

/// The figures, as written.
const SOURCE: &str = include_str!("../../assets/figures.txt");

/// A size of figure; the board picks the largest that fits its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Band {
    /// 7x3 cells, drawn, for 9x4 squares.
    Medium,
    /// 9x4 cells, drawn, for 11x5 squares.
    Large,
    /// 11x5 cells, the large figures scaled up, for 13x6 squares.
    Larger,
    /// 13x6 cells, scaled, for 15x7 squares.
    Huge,
    /// 15x7 cells, scaled, for 17x8 squares.
    Giant,
}

impl Band {
    /// Largest first. There is no band for 7x3 squares: a 5x3 figure fills such a square to
    /// its edges, so that the figures of a file run into one another, and in 10x6 pixels a
    /// knight reads as a 4 and king, queen and bishop as like blobs. The single symbol reads
    /// better there.
    pub const ALL: [Band; 5] = [
        Band::Giant,
        Band::Huge,
        Band::Larger,
        Band::Large,
        Band::Medium,
    ];

    /// The figure's size in cells.
    pub const fn size(self) -> Size {
        match self {
            Band::Medium => Size::new(7, 3),
            Band::Large => Size::new(9, 4),
            Band::Larger => Size::new(11, 5),
            Band::Huge => Size::new(13, 6),
            Band::Giant => Size::new(15, 7),
        }
    }

    /// The name of the band in the figures file.
    const fn name(self) -> &'static str {
        match self {
            Band::Medium => "7x3",
            Band::Large => "9x4",
            Band::Larger => "11x5",
            Band::Huge => "13x6",
            Band::Giant => "15x7",
        }
    }

    /// The drawn band a band is scaled up from; `None` for a band drawn in the figures file.
    /// Past 11x5 squares a figure drawn for each size would triple the file for little gain:
    /// the 9x4 figures scaled by at most 5/3 keep their shapes.
    const fn scaled_from(self) -> Option<Band> {
        match self {
            Band::Medium | Band::Large => None,
            Band::Larger | Band::Huge | Band::Giant => Some(Band::Large),
        }
    }

    /// The largest band whose figures fit in a square of `square` cells with a column to spare
    /// either side and a row above, so that no figure touches its neighbours' (the row below
    /// a figure is the next square's row above); `None` for squares that get a single
    /// character.
    ///
    /// ```
    /// use ratatui::layout::Size;
    /// use hotseat::ui::figures::Band;
    /// assert_eq!(Band::for_square(Size::new(5, 2)), None);
    /// assert_eq!(Band::for_square(Size::new(7, 3)), None);
    /// assert_eq!(Band::for_square(Size::new(9, 4)), Some(Band::Medium));
    /// assert_eq!(Band::for_square(Size::new(11, 5)), Some(Band::Large));
    /// assert_eq!(Band::for_square(Size::new(17, 8)), Some(Band::Giant));
    /// ```
    pub fn for_square(square: Size) -> Option<Band> {
        Band::ALL.into_iter().find(|band| {
            let size = band.size();
            size.width + 2 <= square.width && size.height < square.height
        })
    }
}

/// The rows of a figure, each as many characters as the band is wide.
pub fn figure(band: Band, role: Role) -> &'static [String] {
    find(band, role).map_or(&[], |f| f.solid.as_slice())
}

/// The figure's outline only: White's pieces without colour, so that the sides still differ by
/// shape (as ♔ and ♚ do).
pub fn outline(band: Band, role: Role) -> &'static [String] {
    find(band, role).map_or(&[], |f| f.outline.as_slice())
}

/// One figure, filled and outlined.
#[derive(Debug)]
struct Figure {
    band: Band,
    role: Role,
    solid: Vec<String>,
    outline: Vec<String>,
}

fn find(band: Band, role: Role) -> Option<&'static Figure> {
    static FIGURES: OnceLock<Vec<Figure>> = OnceLock::new();
    let figures = FIGURES.get_or_init(|| parse(SOURCE).unwrap_or_default());
    figures.iter().find(|f| f.band == band && f.role == role)
}

/// The 2x2 pixel block `bits` (1 top left, 2 top right, 4 bottom left, 8 bottom right) as a
/// quadrant character.
const QUADRANTS: [char; 16] = [
    ' ', '▘', '▝', '▀', '▖', '▌', '▞', '▛', '▗', '▚', '▐', '▜', '▄', '▙', '▟', '█',
];

/// A mistake in the figures file. The file is compiled in, so this is met by its maintainer
/// (a test reads the file), never by a player.
#[derive(Clone, Debug, PartialEq, Eq)]
enum FigureError {
    /// A piece's name before any `band WxH` line.
    BeforeAnyBand,
    /// A `band` line naming no band that is drawn (the scaled ones come from the drawn ones).
    UnknownBand(String),
    /// A line that opens a figure but names no piece.
    UnknownPiece(String),
    /// A figure of another size than its band's, in pixels.
    WrongSize {
        band: &'static str,
        role: Role,
        width: usize,
        height: usize,
    },
}

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FigureError::BeforeAnyBand => f.write_str("a figure before any band"),
            FigureError::UnknownBand(name) => write!(f, "unknown band {name}"),
            FigureError::UnknownPiece(name) => write!(f, "unknown piece {name}"),
            FigureError::WrongSize {
                band,
                role,
                width,
                height,
            } => write!(f, "the {band} {role:?} is not {width}x{height} pixels"),
        }
    }
}

impl std::error::Error for FigureError {}

/// Reads the figures file: `band WxH` lines open a band, a role's name opens a figure, its
/// pixel rows follow; `#` lines are comments, blank lines end a figure. The bands not drawn
/// there are scaled from the ones that are.
fn parse(source: &str) -> Result<Vec<Figure>, FigureError> {
    let mut drawn: Vec<(Band, Role, Vec<Vec<bool>>)> = Vec::new();
    let mut band = None;
    let mut current: Option<(Role, Vec<&str>)> = None;
    let mut finish = |current: &mut Option<(Role, Vec<&str>)>, band: Option<Band>| {
        if let Some((role, rows)) = current.take() {
            let band = band.ok_or(FigureError::BeforeAnyBand)?;
            drawn.push((band, role, pixels(band, role, &rows)?));
        }
        Ok::<(), FigureError>(())
    };
    for line in source.lines() {
        let line = line.trim_end();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            finish(&mut current, band)?;
        } else if let Some(name) = line.strip_prefix("band ") {
            finish(&mut current, band)?;
            band = Some(
                Band::ALL
                    .into_iter()
                    .find(|b| b.name() == name && b.scaled_from().is_none())
                    .ok_or_else(|| FigureError::UnknownBand(name.to_owned()))?,
            );
        } else if let Some((_, rows)) = &mut current {
            rows.push(line);
        } else {
            let role = Role::ALL
                .into_iter()
                .find(|r| r.name() == line)
                .ok_or_else(|| FigureError::UnknownPiece(line.to_owned()))?;
            current = Some((role, Vec::new()));
        }
    }
    finish(&mut current, band)?;
    let scaled: Vec<_> = Band::ALL
        .into_iter()
        .filter_map(|band| band.scaled_from().map(|from| (band, from)))
        .flat_map(|(band, from)| {
            drawn
                .iter()
                .filter(move |(b, ..)| *b == from)
                .map(move |(_, role, pixels)| (band, *role, scale(pixels, band.size())))
        })
        .collect();
    Ok(drawn
        .into_iter()
        .chain(scaled)
        .map(|(band, role, pixels)| Figure {
            band,
            role,
            solid: cells(&pixels),
            outline: cells(&edges(&pixels)),
        })
        .collect())
}

/// `pixels` scaled to a figure of `size` cells, each pixel taking the one nearest its centre
/// in the original, so that a symmetric figure stays symmetric.
fn scale(pixels: &[Vec<bool>], size: Size) -> Vec<Vec<bool>> {
    let (w, h) = (2 * usize::from(size.width), 2 * usize::from(size.height));
    let (from_w, from_h) = (pixels[0].len(), pixels.len());
    // The centre of pixel i of n, at (2i + 1) / 2n of the way, falls in pixel
    // (2i + 1) * from / 2n of the original; on the line between two, the one nearer the
    // middle, as its mirror image does.
    let nearest = |i: usize, n: usize, from: usize| {
        let at = (2 * i + 1) * from;
        let pixel = at / (2 * n);
        if at.is_multiple_of(2 * n) && at > n * from {
            pixel - 1
        } else {
            pixel
        }
    };
    (0..h)
        .map(|y| {
            let row = &pixels[nearest(y, h, from_h)];
            (0..w).map(|x| row[nearest(x, w, from_w)]).collect()
        })
        .collect()
}

/// A figure's rows as pixels, checked against the band's size.
fn pixels(band: Band, role: Role, rows: &[&str]) -> Result<Vec<Vec<bool>>, FigureError> {
    let size = band.size();
    let (w, h) = (usize::from(size.width), usize::from(size.height));
    let pixels: Vec<Vec<bool>> = rows
        .iter()
        .map(|row| row.chars().map(|c| c == '#').collect())
        .collect();
    if pixels.len() != 2 * h || pixels.iter().any(|row| row.len() != 2 * w) {
        return Err(FigureError::WrongSize {
            band: band.name(),
            role,
            width: 2 * w,
            height: 2 * h,
        });
    }
    Ok(pixels)
}

/// The ink pixels next to the square (above, below, left or right, or at the grid's edge).
fn edges(pixels: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let ink = |x: isize, y: isize| {
        usize::try_from(y)
            .ok()
            .and_then(|y| pixels.get(y))
            .zip(usize::try_from(x).ok())
            .is_some_and(|(row, x)| row.get(x).copied().unwrap_or(false))
    };
    (0..pixels.len() as isize)
        .map(|y| {
            (0..pixels[0].len() as isize)
                .map(|x| {
                    ink(x, y)
                        && [(0, -1), (0, 1), (-1, 0), (1, 0)]
                            .iter()
                            .any(|(dx, dy)| !ink(x + dx, y + dy))
                })
                .collect()
        })
        .collect()
}

/// Pixels (two across and two down per cell) as rows of quadrant characters.
fn cells(pixels: &[Vec<bool>]) -> Vec<String> {
    let (w, h) = (pixels[0].len() / 2, pixels.len() / 2);
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let at = |dx: usize, dy: usize| usize::from(pixels[2 * y + dy][2 * x + dx]);
                    QUADRANTS[at(0, 0) | at(1, 0) << 1 | at(0, 1) << 2 | at(1, 1) << 3]
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_file_has_every_piece_in_every_band_at_its_size() {
        let figures = parse(SOURCE).unwrap();
        assert_eq!(figures.len(), Band::ALL.len() * Role::ALL.len());
        for band in Band::ALL {
            for role in Role::ALL {
                let rows = figure(band, role);
                assert_eq!(
                    rows.len(),
                    usize::from(band.size().height),
                    "{band:?} {role:?}"
                );
                for row in rows {
                    assert_eq!(row.chars().count(), usize::from(band.size().width));
                }
            }
        }
    }

    #[test]
    fn each_band_is_the_figure_of_one_square_size_with_air_around_it() {
        use crate::layout::board::SQUARE_SIZES;
        for band in Band::ALL {
            let squares: Vec<Size> = SQUARE_SIZES
                .into_iter()
                .filter(|&s| Band::for_square(s) == Some(band))
                .collect();
            assert_eq!(squares.len(), 1, "{band:?}: {squares:?}");
            let (figure, square) = (band.size(), squares[0]);
            assert_eq!(figure.width + 2, square.width, "{band:?}");
            assert_eq!(figure.height + 1, square.height, "{band:?}");
        }
    }

    #[test]
    fn each_figure_in_a_band_is_different() {
        for band in Band::ALL {
            for a in Role::ALL {
                for b in Role::ALL {
                    if a != b {
                        assert_ne!(figure(band, a), figure(band, b), "{band:?} {a:?} {b:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_malformed_figure_is_refused_with_its_name() {
        let err = parse("band 7x3\n\nking\n##\n").unwrap_err().to_string();
        assert!(err.contains("King") && err.contains("14x6"), "{err}");
        assert_eq!(
            parse("band 9x9\n").unwrap_err(),
            FigureError::UnknownBand("9x9".to_owned())
        );
        // The scaled bands come from the drawn ones, never from the file.
        assert!(matches!(
            parse("band 11x5\n").unwrap_err(),
            FigureError::UnknownBand(_)
        ));
        assert_eq!(
            parse("band 7x3\nwizard\n").unwrap_err().to_string(),
            "unknown piece wizard"
        );
    }

    #[test]
    fn pixels_become_quadrants() {
        let rows = [
            "#.............",
            "..............",
            "##.#..........",
            "#..#..........",
            "..............",
            ".............#",
        ];
        let cells = cells(&pixels(Band::Medium, Role::Pawn, &rows).unwrap());
        assert_eq!(cells, vec!["▘      ", "▛▐     ", "      ▗"]);
    }

    #[test]
    fn an_outline_keeps_the_edge_and_empties_the_inside() {
        let rows = [
            "..............",
            ".####.........",
            ".####.........",
            ".####.........",
            ".####.........",
            "..............",
        ];
        let solid = pixels(Band::Medium, Role::Pawn, &rows).unwrap();
        assert_eq!(cells(&solid), vec!["▗▄▖    ", "▐█▌    ", "▝▀▘    "]);
        assert_eq!(cells(&edges(&solid)), vec!["▗▄▖    ", "▐ ▌    ", "▝▀▘    "]);
        for band in Band::ALL {
            for role in Role::ALL {
                assert_ne!(outline(band, role), figure(band, role), "{band:?} {role:?}");
            }
        }
    }

    #[test]
    fn scaling_takes_the_pixel_nearest_each_centre_and_keeps_symmetry() {
        let row = |s: &str| s.chars().map(|c| c == '#').collect::<Vec<_>>();
        let from = vec![row("#..#"), row(".##.")];
        let to = scale(&from, Size::new(3, 2));
        assert_eq!(
            to,
            vec![row("#....#"), row("#....#"), row(".####."), row(".####."),]
        );
        for band in Band::ALL {
            for role in [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Pawn,
            ] {
                for row in figure(band, role) {
                    let mirrored: String = row
                        .chars()
                        .rev()
                        .map(|c| match c {
                            '▘' => '▝',
                            '▝' => '▘',
                            '▖' => '▗',
                            '▗' => '▖',
                            '▌' => '▐',
                            '▐' => '▌',
                            '▛' => '▜',
                            '▜' => '▛',
                            '▙' => '▟',
                            '▟' => '▙',
                            '▞' => '▚',
                            '▚' => '▞',
                            c => c,
                        })
                        .collect();
                    if role != Role::Bishop {
                        assert_eq!(&mirrored, row, "{band:?} {role:?}");
                    }
                }
            }
        }
    }
}
