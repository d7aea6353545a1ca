//! Nothing of its own: the benchmarks of this package (`perft.rs`, `pgn.rs`, `render.rs`) are
//! its targets, and the helpers beside this file (`cozy.rs`, `corpus.rs`) are included by path
//! where they are used, by them and by the examples of the `hotseat` package.
