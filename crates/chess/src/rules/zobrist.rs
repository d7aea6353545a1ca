//! Zobrist keys, generated at compile time from a fixed seed.

use super::types::{Color, Role, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    castling: [u64; 16],
    en_passant: [u64; 8],
    black_to_move: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        castling: [0; 16],
        en_passant: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x4d59_5df4_d0f3_3173;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let (st, v) = splitmix(state);
                state = st;
                keys.pieces[c][r][s] = v;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    // Castling keys: one per right, combined by xor so any subset has a key.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (st, v) = splitmix(state);
        state = st;
        single[i] = v;
        i += 1;
    }
    let mut rights = 0;
    while rights < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if rights & (1 << bit) != 0 {
                k ^= single[bit];
            }
            bit += 1;
        }
        keys.castling[rights] = k;
        rights += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (st, v) = splitmix(state);
        state = st;
        keys.en_passant[f] = v;
        f += 1;
    }
    keys.black_to_move = splitmix(state).1;
    keys
}

static KEYS: Keys = generate();

#[inline]
pub fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color.index()][role.index()][sq.index()]
}

#[inline]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[(rights & 15) as usize]
}

#[inline]
pub fn en_passant(sq: Square) -> u64 {
    KEYS.en_passant[sq.file().index()]
}

#[inline]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}
