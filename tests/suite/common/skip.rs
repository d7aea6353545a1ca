//! A test that cannot run here: what it needs (the OpenSSH client, a tmpfs to fill, permissions
//! that bind this user, IPv6 loopback, a named pipe) is missing. Under CI that is a failure, so
//! that a green CI run has run every test; at a developer's desk it is a loud line on standard
//! error, past the test harness's capture, so that a green local run does not hide it.
//!
//! One file for every test crate of the workspace: `tests/tests.rs` has it as `common::skip`,
//! and the server's tests (`crates/serve/tests/common`) include it by its path.

use std::io::Write;

/// Whether this run is CI's: the variable `CI` set and not empty, as `.ci/run` is run (and as
/// every CI service sets it).
pub fn under_ci() -> bool {
    std::env::var_os("CI").is_some_and(|value| !value.is_empty())
}

/// Says that the running test cannot run here because `why` (what is missing, and what
/// brings it): under CI a panic, the test failing; elsewhere a line on standard error that
/// the harness does not swallow, after which the test returns.
#[track_caller]
pub fn cannot_run(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    if under_ci() {
        panic!("{test} cannot run here: {why}. Under CI every test must run.");
    }
    // Straight to the process's standard error: the harness captures only print!/eprint!.
    let _ = writeln!(
        std::io::stderr().lock(),
        "\n*** SKIPPED {test}: {why} (under CI=true this fails) ***"
    );
}
