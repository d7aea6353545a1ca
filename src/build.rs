//! Lays out the release binary so that a running game touches few pages of it.
//!
//! The kernel maps a program's file 64 KiB around every page it faults in (and, on recent
//! kernels, the whole of any larger block the page cache holds it in), so what a game reads
//! costs far more than its own bytes when it is scattered. Three things, each measured
//! (benches/README.md, Rounds 3 and 4):
//!
//! - **The code a game runs, together.** Scattered across the 1.9 MB of `.text` among code it
//!   never runs (perft, PGN tools, the network, the library, the backtrace printer, clap's
//!   help), it made nearly all of it resident. `assets/code-order.txt` lists the functions a
//!   game runs, start-up included (written by `benches/code_order.sh` from runs under
//!   callgrind); the linker places them first and together: 1,908 KiB of code resident before,
//!   about 750 KiB after.
//! - **Relative relocations packed** (`-z pack-relative-relocs`, `DT_RELR`): the loader reads
//!   the whole table at every start, and the 89 KB of `Elf64_Rela` entries stayed resident for
//!   the whole game; packed, they take 5 KB. Only where the binary will run on the glibc that
//!   builds it, 2.36 or later (see [`host_glibc_has_relr`]).
//! - **Segments aligned to 64 KiB** (`-z max-page-size=65536`): a file offset and its address
//!   then agree modulo 64 KiB, so each 64 KiB the kernel maps around a fault is one 64 KiB of
//!   the file, not the ends of two. The file does not grow (the gaps are in the addresses).
//!
//! Only where it is known to work: a release build for x86_64 Linux (glibc) with rustc 1.90 or
//! later, whose default linker is its own lld (and a toolchain that ships it), and nothing in
//! the build naming another linker.
//! Elsewhere (macOS, Windows, gcc's own linker, a configured linker) nothing is passed and
//! the binary is as before. Names the linker does not find (the list went stale after a change
//! of toolchain or dependencies) are skipped without a word: the layout is then only less
//! good, never wrong. `HOTSEAT_CODE_ORDER=0` turns all three off.

use std::env;
use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    println!("cargo:rerun-if-changed=assets/code-order.txt");
    println!("cargo:rerun-if-env-changed=HOTSEAT_CODE_ORDER");
    let manifest = env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let order = Path::new(&manifest).join("assets").join("code-order.txt");
    if order.is_file() && linked_by_rust_lld() {
        println!("cargo:rustc-link-arg-bin=hotseat=-Xlinker");
        println!(
            "cargo:rustc-link-arg-bin=hotseat=--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bin=hotseat=-Xlinker");
        println!("cargo:rustc-link-arg-bin=hotseat=--no-warn-symbol-ordering");
        println!("cargo:rustc-link-arg-bin=hotseat=-Wl,-z,max-page-size=65536");
        if host_glibc_has_relr() {
            println!("cargo:rustc-link-arg-bin=hotseat=-Wl,-z,pack-relative-relocs");
        }
    }
}

/// Whether relative relocations may be packed (`DT_RELR`): only when the binary is built for
/// the machine that builds it (as `cargo run` does) and that machine's glibc reads them, 2.36
/// or later. The linker marks the binary as needing `GLIBC_ABI_DT_RELR`, so a copy taken to an
/// older glibc stops at once with the loader's message instead of running unrelocated.
fn host_glibc_has_relr() -> bool {
    if env::var("HOST").ok() != env::var("TARGET").ok() {
        return false;
    }
    glibc_version().is_some_and(|(major, minor)| (major, minor) >= (2, 36))
}

/// The version of the glibc of the machine building, such as `(2, 36)`, from `getconf`
/// ("glibc 2.36"); `None` elsewhere.
fn glibc_version() -> Option<(u32, u32)> {
    let out = Command::new("getconf")
        .arg("GNU_LIBC_VERSION")
        .output()
        .ok()
        .filter(|out| out.status.success())?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut parts = text.strip_prefix("glibc ")?.trim().split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// Whether this is a release build linked by rustc's own lld: x86_64 Linux with glibc, rustc
/// 1.90 or later with its lld in the sysroot, and neither a configured linker nor flags that
/// choose one.
fn linked_by_rust_lld() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    if var("HOTSEAT_CODE_ORDER") == "0"
        || var("TARGET") != "x86_64-unknown-linux-gnu"
        || var("PROFILE") != "release"
        || env::var_os("RUSTC_LINKER").is_some()
    {
        return false;
    }
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    if ["linker", "link-self-contained", "fuse-ld"]
        .iter()
        .any(|word| flags.contains(word))
    {
        return false;
    }
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let ask = |arg: &str| {
        Command::new(&rustc)
            .arg(arg)
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let minor = ask("-V").and_then(|version| {
        version
            .split_whitespace()
            .nth(1)
            .and_then(|v| v.split('.').nth(1))
            .and_then(|m| m.parse::<u32>().ok())
    });
    // A toolchain built without its own lld (some distributions' rustc) links with the
    // system's linker, which may not know the option.
    let lld_shipped = ask("--print=sysroot").is_some_and(|sysroot| {
        Path::new(&sysroot)
            .join("lib/rustlib/x86_64-unknown-linux-gnu/bin/gcc-ld/ld.lld")
            .is_file()
    });
    minor.is_some_and(|m| m >= 90) && lld_shipped
}
