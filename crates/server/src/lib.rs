//! `jieqi-server`: the online server (spec/online.md). It holds each game — the deal
//! included — and sends every connection only what its seat may know, built from what the
//! platform gives that seat ([`jieqi_rules::platform::PlayedGame::knowledge`]), never from the
//! game itself. It names no variant: every registered variant and rule set is playable.
//!
//! The pieces: [`server`] (HTTP, `/ws`, the stop), [`connection`] (one WebSocket, its
//! limits), [`hub`] (the live games by id), `table` (one game's task and its frames),
//! [`store`] (SQLite), [`limits`], [`ids`], and [`protocol`] (the messages, which
//! clients use too). `docs/protocol.md` is the reference for client writers.

pub mod client;
pub mod connection;
pub mod hub;
pub mod ids;
pub mod limits;
pub mod link;
pub mod protocol;
pub mod server;
pub mod store;
mod table;

pub use server::{Config, Server};
