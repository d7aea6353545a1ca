//! The index file, `games.index`: plain text, one line per archive file, tab-separated.
//!
//! ```text
//! hotseat games index 1 <hash of the initial position, hex>
//! game <file> <size> <secs> <nanos> <fingerprint> <date> <started> <white> <black> <result>
//!      <ending> <moves> <eco> <opening> <time control> <variant> <0|1 engine report> <positions>
//! broken <file> <size> <secs> <nanos> <reason>
//! ```
//!
//! (one line each, fields separated by tabs; values never hold a tab or a line break, see
//! [`clean`]). The first line names the format's version and the hash this build gives the
//! initial position: an index written by a build that hashes positions otherwise is rebuilt
//! rather than trusted.

use std::collections::HashMap;

use chess::rules::Position;

use super::{Broken, Entry, FileStamp, Library, Summary, clean};

/// The largest index read (10,000 games take about 20 MB).
pub const MAX_INDEX_BYTES: u64 = 512 << 20;

const MAGIC: &str = "hotseat games index 1";

/// One line of the index.
pub enum Line {
    Game(Box<Entry>),
    Broken(Broken),
}

fn header() -> String {
    format!("{MAGIC} {:x}", Position::initial().repetition_key())
}

/// The index's text for `library`.
pub fn write(library: &Library) -> String {
    let mut out = String::with_capacity(64 + library.games.len() * 2048);
    out.push_str(&header());
    out.push('\n');
    for e in &library.games {
        let s = &e.summary;
        let fields: [&str; 19] = [
            "game",
            &e.file,
            &e.stamp.size.to_string(),
            &e.stamp.secs.to_string(),
            &e.stamp.nanos.to_string(),
            &format!("{:x}", s.fingerprint),
            &s.date,
            &s.started,
            &s.white,
            &s.black,
            &s.result,
            &s.ending,
            &s.moves.to_string(),
            &s.eco,
            &s.opening,
            &s.time_control,
            &s.variant,
            if s.engine_report { "1" } else { "0" },
            &s.positions,
        ];
        push_line(&mut out, &fields);
    }
    for b in &library.broken {
        push_line(
            &mut out,
            &[
                "broken",
                &b.file,
                &b.stamp.size.to_string(),
                &b.stamp.secs.to_string(),
                &b.stamp.nanos.to_string(),
                &clean(&b.reason),
            ],
        );
    }
    out
}

fn push_line(out: &mut String, fields: &[&str]) {
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push('\t');
        }
        out.push_str(field);
    }
    out.push('\n');
}

/// Why an index cannot be used: it is then rebuilt from the games themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexError {
    /// Not UTF-8 text.
    NotText,
    /// Its first line is not this version's header.
    OtherVersion,
    /// This line (counted from 1) cannot be read.
    Garbled { line: usize },
    /// The last line has no end: the file was cut short.
    CutShort,
}

impl std::fmt::Display for IndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IndexError::NotText => write!(f, "the index is not UTF-8 text"),
            IndexError::OtherVersion => write!(f, "the index was written by another version"),
            IndexError::Garbled { line } => write!(f, "line {line} of the index is garbled"),
            IndexError::CutShort => write!(f, "the index was cut short"),
        }
    }
}

impl std::error::Error for IndexError {}

/// The lines of an index by file name; why it cannot be used if it cannot.
pub fn parse(bytes: &[u8]) -> Result<HashMap<String, Line>, IndexError> {
    let text = std::str::from_utf8(bytes).map_err(|_| IndexError::NotText)?;
    let mut lines = text.lines();
    if lines.next() != Some(header().as_str()) {
        return Err(IndexError::OtherVersion);
    }
    let mut out = HashMap::new();
    for (n, line) in lines.enumerate() {
        let parsed = parse_line(line).ok_or(IndexError::Garbled { line: n + 2 })?;
        let file = match &parsed {
            Line::Game(e) => e.file.clone(),
            Line::Broken(b) => b.file.clone(),
        };
        out.insert(file, parsed);
    }
    if !text.is_empty() && !text.ends_with('\n') {
        return Err(IndexError::CutShort);
    }
    Ok(out)
}

fn parse_line(line: &str) -> Option<Line> {
    let f: Vec<&str> = line.split('\t').collect();
    let stamp = |f: &[&str]| -> Option<FileStamp> {
        Some(FileStamp {
            size: f.get(2)?.parse().ok()?,
            secs: f.get(3)?.parse().ok()?,
            nanos: f.get(4)?.parse().ok()?,
        })
    };
    match *f.first()? {
        "game" if f.len() == 19 => {
            let summary = Summary {
                fingerprint: u64::from_str_radix(f[5], 16).ok()?,
                date: f[6].to_owned(),
                started: f[7].to_owned(),
                white: f[8].to_owned(),
                black: f[9].to_owned(),
                result: f[10].to_owned(),
                ending: f[11].to_owned(),
                moves: f[12].parse().ok()?,
                eco: f[13].to_owned(),
                opening: f[14].to_owned(),
                time_control: f[15].to_owned(),
                variant: f[16].to_owned(),
                engine_report: match f[17] {
                    "1" => true,
                    "0" => false,
                    _ => return None,
                },
                positions: f[18].to_owned(),
            };
            if f[1].is_empty() || !valid_positions(&summary.positions) {
                return None;
            }
            Some(Line::Game(Box::new(Entry::new(
                f[1].to_owned(),
                stamp(&f)?,
                summary,
            ))))
        }
        "broken" if f.len() == 6 && !f[1].is_empty() => Some(Line::Broken(Broken {
            file: f[1].to_owned(),
            stamp: stamp(&f)?,
            reason: f[5].to_owned(),
        })),
        _ => None,
    }
}

/// Whether the positions field looks like `<hex>:<move>` pairs: only the characters they are
/// made of, each pair with its colon (so colons and single spaces alternate, a colon first and
/// last). One pass over the bytes, no number read: opening the library reads 10,000 of these,
/// 20 MB (the explorer skips a pair it cannot read all the same). A byte's class comes from a
/// table, so that the common case, a letter or digit, costs one load and one well-predicted
/// branch: this check was most of the time the library took to open.
fn valid_positions(text: &str) -> bool {
    let mut colon_next = true;
    for &b in text.as_bytes() {
        match POSITION_BYTES[usize::from(b)] {
            PAIR_BYTE => {}
            COLON => {
                if !colon_next {
                    return false;
                }
                colon_next = false;
            }
            SPACE => {
                if colon_next {
                    return false;
                }
                colon_next = true;
            }
            _ => return false,
        }
    }
    text.is_empty() || !colon_next
}

/// The classes of [`POSITION_BYTES`].
const NOT_ALLOWED: u8 = 0;
const PAIR_BYTE: u8 = 1;
const COLON: u8 = 2;
const SPACE: u8 = 3;

/// Each byte's class in the positions field: a hash's hex digits and a SAN move's characters,
/// the colon between them and the space between pairs.
const POSITION_BYTES: [u8; 256] = {
    let mut table = [NOT_ALLOWED; 256];
    let pair = b"0123456789abcdefghx+#=-OKQRBN";
    let mut i = 0;
    while i < pair.len() {
        table[pair[i] as usize] = PAIR_BYTE;
        i += 1;
    }
    table[b':' as usize] = COLON;
    table[b' ' as usize] = SPACE;
    table
};

#[cfg(test)]
mod tests {
    use super::valid_positions;

    #[test]
    fn positions_are_pairs_of_a_hash_and_a_move() {
        for good in ["", "1a2b:e4", "1a2b:e4 ff:Nxf3+ 0:O-O-O#", "7:exd8=Q"] {
            assert!(valid_positions(good), "{good:?}");
        }
        for bad in [
            " ",
            "1a2b",
            "1a2b:e4 ",
            " 1a2b:e4",
            "1a2b:e4  ff:d4",
            "1a:b:e4",
            "1a2b:e4\tx",
            "1a2b:é4",
            "1A2B:e4",
            "1a2b:e4 ff",
        ] {
            assert!(!valid_positions(bad), "{bad:?}");
        }
    }
}
