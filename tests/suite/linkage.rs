//! What the binary asks of the system it runs on, read from its ELF file (Linux with glibc
//! only; elsewhere these tests return at once): the shared libraries it needs and the newest
//! glibc symbol version it uses.
//!
//! The binary checked is the one the tests run (`CARGO_BIN_EXE_hotseat`); with
//! `HOTSEAT=path/to/hotseat` (a release build, say) that one is checked too.

use std::path::{Path, PathBuf};

/// The binaries to check: the tests' own and, if given, `HOTSEAT`.
fn binaries() -> Vec<PathBuf> {
    let mut binaries = vec![PathBuf::from(env!("CARGO_BIN_EXE_hotseat"))];
    if let Some(other) = std::env::var_os("HOTSEAT") {
        binaries.push(PathBuf::from(other));
    }
    binaries
}

/// No libm.so: the three C math functions the program calls (Glicko-2's `exp`, `ln`, `hypot`;
/// SQLite's FTS5 `log`) are linked in from the `libm` crate (src/main.rs), which keeps the
/// loader from mapping libm and running its resolvers at every start (320 KiB of a game's
/// resident memory). A new call of another C math function (`powf`, `sin`, `atan2`, ...)
/// brings libm back: add that function to `c_math` in src/main.rs.
#[test]
fn the_binary_needs_no_libm() {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        return;
    }
    for binary in binaries() {
        let elf = Elf::read(&binary);
        let needed = elf.needed();
        assert!(
            needed.iter().any(|library| library.starts_with("libc.so")),
            "{}: the libraries read are not the binary's ({needed:?})",
            binary.display()
        );
        assert!(
            !needed.iter().any(|library| library.starts_with("libm.")),
            "{} needs libm again ({needed:?}): a C math function is called that src/main.rs \
             does not provide (objdump -T shows it among the undefined symbols)",
            binary.display()
        );
    }
}

/// The binary runs on glibc 2.34 and later, whatever the machine that built it: glibc's
/// `hypot` (version 2.35) was the one symbol above that, now linked in from the `libm` crate.
#[test]
fn the_binary_runs_on_glibc_2_34() {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        return;
    }
    for binary in binaries() {
        let elf = Elf::read(&binary);
        let versions = elf.versions_needed();
        let glibc: Vec<(u32, u32)> = versions
            .iter()
            .filter_map(|version| glibc_version(version))
            .collect();
        assert!(
            !glibc.is_empty(),
            "{}: no glibc version read among {versions:?}",
            binary.display()
        );
        let newest = glibc.iter().max().unwrap();
        assert!(
            *newest <= (2, 34),
            "{} needs glibc {}.{} (objdump -T shows which symbol)",
            binary.display(),
            newest.0,
            newest.1
        );
    }
}

/// `GLIBC_2.34` as (2, 34); `GLIBC_PRIVATE` and other names are not versions.
fn glibc_version(name: &str) -> Option<(u32, u32)> {
    let (major, minor) = name.strip_prefix("GLIBC_")?.split_once('.')?;
    let minor = minor.split('.').next()?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

#[test]
fn glibc_versions_read_as_numbers() {
    assert_eq!(glibc_version("GLIBC_2.34"), Some((2, 34)));
    assert_eq!(glibc_version("GLIBC_2.2.5"), Some((2, 2)));
    assert_eq!(glibc_version("GLIBC_PRIVATE"), None);
    assert_eq!(glibc_version("GCC_3.0"), None);
    assert!(glibc_version("GLIBC_2.35") > Some((2, 34)));
    assert!(glibc_version("GLIBC_2.4") < Some((2, 34)));
}

/// A 64-bit little-endian ELF file (x86_64, aarch64), read far enough for its dynamic section:
/// the libraries it needs (`DT_NEEDED`) and the symbol versions it needs of them
/// (`DT_VERNEED`), as `readelf -d` and `readelf -V` show them.
struct Elf {
    path: PathBuf,
    bytes: Vec<u8>,
    /// Each loaded segment: (virtual address, file offset, size in the file).
    segments: Vec<(u64, u64, u64)>,
    /// The dynamic section's entries: (tag, value).
    dynamic: Vec<(u64, u64)>,
}

const PT_LOAD: u32 = 1;
const PT_DYNAMIC: u32 = 2;
const DT_NEEDED: u64 = 1;
const DT_STRTAB: u64 = 5;
const DT_VERNEED: u64 = 0x6fff_fffe;
const DT_VERNEEDNUM: u64 = 0x6fff_ffff;

impl Elf {
    fn read(path: &Path) -> Elf {
        let bytes = std::fs::read(path)
            .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
        assert!(
            bytes.len() > 64 && bytes[..4] == *b"\x7fELF" && bytes[4] == 2 && bytes[5] == 1,
            "{} is not a 64-bit little-endian ELF file",
            path.display()
        );
        let mut elf = Elf {
            path: path.to_owned(),
            bytes,
            segments: Vec::new(),
            dynamic: Vec::new(),
        };
        let table = elf.u64(0x20);
        let entry_size = u64::from(elf.u16(0x36));
        let mut dynamic = None;
        for index in 0..u64::from(elf.u16(0x38)) {
            let header = table + index * entry_size;
            let (offset, address, size) = (
                elf.u64(header + 8),
                elf.u64(header + 16),
                elf.u64(header + 32),
            );
            match elf.u32(header) {
                PT_LOAD => elf.segments.push((address, offset, size)),
                PT_DYNAMIC => dynamic = Some((offset, size)),
                _ => {}
            }
        }
        let (offset, size) =
            dynamic.unwrap_or_else(|| panic!("{} is not dynamically linked", path.display()));
        for entry in (offset..offset + size).step_by(16) {
            let tag = elf.u64(entry);
            if tag == 0 {
                break;
            }
            elf.dynamic.push((tag, elf.u64(entry + 8)));
        }
        elf
    }

    /// The shared libraries the binary needs, in order.
    fn needed(&self) -> Vec<String> {
        self.dynamic
            .iter()
            .filter(|(tag, _)| *tag == DT_NEEDED)
            .map(|(_, name)| self.string(*name))
            .collect()
    }

    /// Every symbol version the binary needs, of every library (`GLIBC_2.34`, `GCC_3.0`, ...).
    fn versions_needed(&self) -> Vec<String> {
        let mut versions = Vec::new();
        let (Some(address), Some(count)) = (self.tag(DT_VERNEED), self.tag(DT_VERNEEDNUM)) else {
            return versions;
        };
        // Elf64_Verneed: version u16, count u16, file u32, aux u32, next u32;
        // Elf64_Vernaux: hash u32, flags u16, other u16, name u32, next u32.
        let mut need = self.offset(address);
        for _ in 0..count {
            let mut aux = need + u64::from(self.u32(need + 8));
            for _ in 0..self.u16(need + 2) {
                versions.push(self.string(u64::from(self.u32(aux + 8))));
                aux += u64::from(self.u32(aux + 12));
            }
            need += u64::from(self.u32(need + 12));
        }
        versions
    }

    fn tag(&self, wanted: u64) -> Option<u64> {
        self.dynamic
            .iter()
            .find(|(tag, _)| *tag == wanted)
            .map(|(_, value)| *value)
    }

    /// A string of the dynamic string table, at an offset into it.
    fn string(&self, at: u64) -> String {
        let table = self.tag(DT_STRTAB).expect("no DT_STRTAB");
        let start = usize::try_from(self.offset(table) + at).unwrap();
        let length = self.bytes[start..]
            .iter()
            .position(|&byte| byte == 0)
            .expect("an unterminated string");
        String::from_utf8_lossy(&self.bytes[start..start + length]).into_owned()
    }

    /// The file offset of a virtual address, through the loaded segment that holds it.
    fn offset(&self, address: u64) -> u64 {
        self.segments
            .iter()
            .find(|(start, _, size)| (*start..start + size).contains(&address))
            .map(|(start, offset, _)| address - start + offset)
            .unwrap_or_else(|| {
                panic!(
                    "{}: address {address:#x} is in no loaded segment",
                    self.path.display()
                )
            })
    }

    fn field<const N: usize>(&self, at: u64) -> [u8; N] {
        let at = usize::try_from(at).unwrap();
        self.bytes
            .get(at..at + N)
            .and_then(|bytes| bytes.try_into().ok())
            .unwrap_or_else(|| panic!("{}: cut short at {at:#x}", self.path.display()))
    }

    fn u16(&self, at: u64) -> u16 {
        u16::from_le_bytes(self.field(at))
    }

    fn u32(&self, at: u64) -> u32 {
        u32::from_le_bytes(self.field(at))
    }

    fn u64(&self, at: u64) -> u64 {
        u64::from_le_bytes(self.field(at))
    }
}
