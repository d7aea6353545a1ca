//! Helpers shared by integration tests. Each test crate uses only some of them.
#![allow(dead_code)]

pub mod buffer;
pub mod play;
pub mod pty;
