//! Finds magic numbers for rook and bishop attacks and writes the lookup tables as Rust source.
//!
//! Doing it here keeps the tables `static` (no start-up cost, no lazy initialisation in the hot
//! path) without committing a megabyte of numbers. The search is seeded, so every build writes the
//! same tables.
//!
//! The table has two levels, to keep the binary small: for each of the 107,648 magic indices a
//! one-byte number, and for each square its few distinct attack sets (at most 144, for a rook
//! near the centre), which the number picks. That is 160 KB where one attack set per index took
//! 861 KB; a lookup costs a second load, from a table small enough to stay in the cache.
//!
//! Where speed counts more than memory (perft, replaying PGN files), `attacks.rs` unpacks the
//! two levels at run time into the one-level table (one attack set per index, 861 KB of heap,
//! built in under half a millisecond): the binary only ever carries the small one.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// Attacks from `sq` along `dirs`, stopping at (and including) the first occupied square.
fn slide(sq: usize, occupied: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f, r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The squares whose occupancy matters: every ray square except the last one on the edge.
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f + df, r + dr) {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    mask
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Found {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
    sets: usize,
}

/// The two levels of the table (see the module docs).
#[derive(Default)]
struct Table {
    index: Vec<u8>,
    sets: Vec<u64>,
}

fn find_magics(dirs: &[(i32, i32)], rng: &mut Rng, table: &mut Table) -> Vec<Found> {
    let mut found = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Every subset of the mask (carry-rippler) with its attack set.
        let mut occupancies = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push((subset, slide(sq, subset, dirs)));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut slots = vec![0u64; size];
        let mut stamp = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            let ok = occupancies.iter().all(|&(occ, att)| {
                let idx = (occ.wrapping_mul(magic) >> shift) as usize;
                if stamp[idx] != attempt {
                    stamp[idx] = attempt;
                    slots[idx] = att;
                    true
                } else {
                    slots[idx] == att
                }
            });
            if ok {
                break magic;
            }
        };
        let offset = table.index.len();
        let base = table.sets.len();
        for (slot, &stamped) in slots.iter().zip(&stamp) {
            // A slot no occupancy reaches holds 0, which any number may stand for.
            let set = if stamped == attempt { *slot } else { 0 };
            let number = match table.sets[base..].iter().position(|&s| s == set) {
                Some(n) => n,
                None => {
                    table.sets.push(set);
                    table.sets.len() - 1 - base
                }
            };
            table
                .index
                .push(u8::try_from(number).expect("at most 256 attack sets a square"));
        }
        found.push(Found {
            mask,
            magic,
            shift,
            offset,
            sets: base,
        });
    }
    found
}

fn write_magics(out: &mut String, name: &str, found: &[Found]) {
    writeln!(out, "static {name}: [Magic; 64] = [").unwrap();
    for f in found {
        writeln!(
            out,
            "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {}, sets: {} }},",
            f.mask, f.magic, f.shift, f.offset, f.sets
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut table = Table::default();
    let rooks = find_magics(&ROOK_DIRS, &mut rng, &mut table);
    let bishops = find_magics(&BISHOP_DIRS, &mut rng, &mut table);

    let mut out = String::with_capacity(table.index.len() * 4 + table.sets.len() * 22 + 16_384);
    out.push_str("// Generated by build.rs: magic bitboard tables.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rooks);
    write_magics(&mut out, "BISHOP_MAGICS", &bishops);
    writeln!(out, "static SLIDER_INDEX: [u8; {}] = [", table.index.len()).unwrap();
    for chunk in table.index.chunks(32) {
        for v in chunk {
            write!(out, "{v},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
    writeln!(out, "static SLIDER_SETS: [u64; {}] = [", table.sets.len()).unwrap();
    for chunk in table.sets.chunks(8) {
        for v in chunk {
            write!(out, "{v:#x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
    // The flat table that `attacks::fast` builds from the two levels at first use: one attack
    // set per magic index.
    writeln!(out, "const SLIDER_SLOTS: usize = {};", table.index.len()).unwrap();

    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("magics.rs");
    fs::write(dest, out).unwrap();
}
