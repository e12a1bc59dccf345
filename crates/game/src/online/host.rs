//! Hosting on this computer: the server (`jieqi-server`'s library, the same one a server
//! machine runs) starts inside the game, on a thread with its own runtime, listening on every
//! interface so that the other player can reach it over the LAN. Its games are kept in the
//! game's data folder, so a restarted game resumes them, as a restarted server does. It runs
//! until the game exits.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use jieqi_server::hub::Settings;
use jieqi_server::{Config, Server};

/// The port a host listens on first (the server's default); another free one if taken.
pub const PORT: u16 = 7878;

/// How long an untimed game's player may be gone before the other may claim the win (the
/// server's default too).
pub const GRACE: Duration = Duration::from_secs(60);

/// A server running in this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hosted {
    /// Where this computer's own client connects.
    pub local: SocketAddr,
    /// Where the other player connects: this computer's address on its network (the
    /// loopback address where it has none).
    pub shared: SocketAddr,
}

/// Starts a server on `listen_ip` (every interface: `0.0.0.0`) and `port` (the game hosts on
/// [`PORT`]; 0: any free port) with its database at `db` or, if that port is taken, on a
/// free one (see [`bind`]). Waits until it listens.
pub fn start(listen_ip: IpAddr, port: u16, db: &Path) -> Result<Hosted, String> {
    start_with_grace(listen_ip, port, db, GRACE)
}

/// The same, an absent player's opponent able to claim after `grace` (tests: a short one).
pub fn start_with_grace(
    listen_ip: IpAddr,
    port: u16,
    db: &Path,
    grace: Duration,
) -> Result<Hosted, String> {
    let (answer, bound) = mpsc::channel();
    let db = db.display().to_string();
    std::thread::Builder::new()
        .name("jieqi-host".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(runtime) => runtime,
                Err(e) => {
                    let _ = answer.send(Err(e.to_string()));
                    return;
                }
            };
            runtime.block_on(async move {
                let server = match bind(listen_ip, port, &db, grace).await {
                    Ok(server) => server,
                    Err(e) => {
                        let _ = answer.send(Err(e));
                        return;
                    }
                };
                let _ = answer.send(server.address());
                // Runs as long as the game does.
                let _ = server.run(std::future::pending()).await;
            });
        })
        .map_err(|e| e.to_string())?;
    let address = bound
        .recv_timeout(Duration::from_secs(10))
        .map_err(|_| "the server did not start".to_string())??;
    let local = SocketAddr::new(Ipv4Addr::LOCALHOST.into(), address.port());
    let shared = match listen_ip {
        ip if ip.is_loopback() => local,
        _ => SocketAddr::new(lan_address().unwrap_or(local.ip()), address.port()),
    };
    Ok(Hosted { local, shared })
}

/// Binds `port` with the games kept at `db`. Where the port is taken (another game hosts on
/// this computer), any free port, with games kept in memory: two servers never share one
/// database.
async fn bind(ip: IpAddr, port: u16, db: &str, grace: Duration) -> Result<Server, String> {
    let config = |port: u16, db: &str| Config {
        listen: SocketAddr::new(ip, port).to_string(),
        db: db.to_string(),
        settings: Settings {
            grace,
            allow_deals: false,
        },
        max_connections_per_ip: 1000,
    };
    let free = port == 0 || std::net::TcpListener::bind(SocketAddr::new(ip, port)).is_ok();
    if free {
        Server::bind(&config(port, db)).await
    } else {
        Server::bind(&config(0, ":memory:")).await
    }
}

/// This computer's address on the network its default route goes through (no packet is
/// sent: a UDP socket only picks its interface).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}
