//! `jieqi-server`: see the crate's documentation and spec/online.md.

fn main() {}
