//! `jieqi-server [--listen ADDR] [--db PATH] [--grace SECONDS] [--allow-deals]
//! [--max-connections-per-ip N]`: the online server (spec/online.md §1).

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use jieqi_server::hub::Settings;
use jieqi_server::{Config, Server};

/// Serves Xiangqi, Jieqi and every registered variant over WebSockets at /ws, holding each
/// game's deal and sending every player only what they may know.
#[derive(Debug, Parser)]
#[command(name = "jieqi-server", version)]
struct Args {
    /// Address to listen on; port 0 picks a free port (the first line on stdout names it)
    #[arg(long, default_value = "127.0.0.1:7878", value_name = "ADDR")]
    listen: String,
    /// The SQLite database of games (default: server.sqlite in the platform's data folder;
    /// :memory: for one that lasts as long as the process)
    #[arg(long, value_name = "PATH")]
    db: Option<String>,
    /// Seconds an untimed game's player may be gone before the other may claim the win
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    grace: u64,
    /// Let clients choose the deal (a seed or a full-knowledge position): tests and
    /// tournaments only, since a player who picked the deal would know it
    #[arg(long)]
    allow_deals: bool,
    /// Most open connections from one IP address
    #[arg(long, default_value_t = 1000, value_name = "N")]
    max_connections_per_ip: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let db = match args.db {
        Some(db) => db,
        None => match default_db() {
            Some(db) => db,
            None => {
                eprintln!("jieqi-server: no data folder on this system: give --db PATH");
                return ExitCode::from(2);
            }
        },
    };
    let config = Config {
        listen: args.listen,
        db,
        settings: Settings {
            grace: Duration::from_secs(args.grace),
            allow_deals: args.allow_deals,
        },
        max_connections_per_ip: args.max_connections_per_ip.max(1),
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("jieqi-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(&config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("jieqi-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: &Config) -> Result<(), String> {
    let server = Server::bind(config).await?;
    println!("listening on {}", server.address()?);
    server.run(jieqi_server::server::stop_signal()).await
}

/// `server.sqlite` in the platform's data folder (as the game keeps its saves).
fn default_db() -> Option<String> {
    let dirs = directories::ProjectDirs::from("", "", "jieqi")?; // app name, not a variant
    Some(
        dirs.data_dir()
            .join("server.sqlite")
            .to_string_lossy()
            .into_owned(),
    )
}
