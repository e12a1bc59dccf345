//! `jieqi-server`: the online server (spec/online.md). It holds each game — the deal
//! included — and sends every connection only what its seat may know, built from what the
//! platform gives that seat ([`jieqi_rules::platform::PlayedGame::knowledge`]), never from the
//! game itself. It names no variant: every registered variant and rule set is playable.

pub mod protocol;
