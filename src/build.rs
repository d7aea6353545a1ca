//! Lays out the release binary's code so that a running game touches few pages of it.
//!
//! The kernel maps a program's code 64 KiB around every page it faults in, so code that a
//! game runs, scattered across the 1.9 MB of `.text` among code it never runs (perft, PGN
//! tools, the network, the library, the backtrace printer, clap's help), made nearly all of it
//! resident. `assets/code-order.txt` lists the functions a game runs, start-up included
//! (written by `benches/code_order.sh` from a run under callgrind); the linker places them
//! first and together. Measured: 1,908 KiB of the binary's code resident before, about 750
//! KiB after, the same program (benches/README.md, Round 3).
//!
//! Only where it is known to work: a release build for x86_64 Linux (glibc) with rustc 1.90 or
//! later, whose default linker is its own lld (and a toolchain that ships it), and nothing in
//! the build naming another linker.
//! Elsewhere (macOS, Windows, gcc's own linker, a configured linker) the file is not passed and
//! the binary is as before. Names the linker does not find (the list went stale after a change
//! of toolchain or dependencies) are skipped without a word: the layout is then only less
//! good, never wrong. `HOTSEAT_CODE_ORDER=0` turns it off.

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
    }
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
