//! The HTTP side: `/ws` (the protocol), `/health`, `/games/{id}/record` (a finished game's
//! record), the per-address limit, and a stop on
//! SIGTERM or SIGINT that closes every WebSocket (1001) and exits within 5 seconds.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::hub::{Hub, Settings};
use crate::limits::PerAddress;
use crate::protocol::MAX_MESSAGE_BYTES;
use crate::store::Store;

/// How the server is run (the command line's flags).
#[derive(Clone, Debug)]
pub struct Config {
    pub listen: String,
    pub db: String,
    pub settings: Settings,
    pub max_connections_per_ip: usize,
}

#[derive(Clone, Debug)]
struct Shared {
    hub: Arc<Hub>,
    per_address: Arc<PerAddress>,
    max_per_address: usize,
    next_connection: Arc<AtomicU64>,
    stopping: watch::Receiver<bool>,
}

/// A server bound to its address, its stored games resumed, ready to [`Server::run`].
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    shared: Shared,
    stop: watch::Sender<bool>,
}

impl Server {
    /// Opens the database, resumes every game not over, and binds the address.
    pub async fn bind(config: &Config) -> Result<Server, String> {
        let store = Store::open(&config.db).map_err(|e| format!("{}: {e}", config.db))?;
        let hub = Hub::new(store, config.settings.clone());
        let resumed = hub.resume_stored().await?;
        if resumed > 0 {
            eprintln!("resumed {resumed} games");
        }
        let listener = TcpListener::bind(&config.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let (stop, stopping) = watch::channel(false);
        let shared = Shared {
            hub,
            per_address: Arc::new(PerAddress::default()),
            max_per_address: config.max_connections_per_ip,
            next_connection: Arc::new(AtomicU64::new(1)),
            stopping,
        };
        Ok(Server {
            listener,
            shared,
            stop,
        })
    }

    /// The address it listens on (port 0 given: the one picked).
    pub fn address(&self) -> Result<SocketAddr, String> {
        self.listener.local_addr().map_err(|e| e.to_string())
    }

    /// Serves until `stop` completes; then closes every WebSocket (1001) and returns.
    pub async fn run(self, stop: impl Future<Output = ()> + Send + 'static) -> Result<(), String> {
        let Server {
            listener,
            shared,
            stop: stopper,
        } = self;
        let app = Router::new()
            .route("/ws", get(upgrade))
            .route("/health", get(|| async { "ok" }))
            .route("/games/{id}/record", get(record))
            .with_state(shared);
        let signal = async move {
            stop.await;
            let _ = stopper.send(true);
            // Connections close as they hear it; whatever hangs is cut after 4 s.
            tokio::spawn(async {
                tokio::time::sleep(Duration::from_secs(4)).await;
                std::process::exit(0);
            });
        };
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(signal)
        .await
        .map_err(|e| e.to_string())
    }
}

/// A finished game's record, as `jieqi-cli replay` reads it; 404 for a game that is not
/// over (its record would be a running game's) or none.
async fn record(State(shared): State<Shared>, Path(id): Path<String>) -> Response {
    match shared.hub.store().record(&id).await {
        Ok(Some(record)) => record.into_response(),
        Ok(None) => (StatusCode::NOT_FOUND, "no finished game has this id\n").into_response(),
        Err(e) => {
            eprintln!("store: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

async fn upgrade(
    State(shared): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Some(counted) = shared.per_address.admit(peer.ip(), shared.max_per_address) else {
        let message = "too many connections from this address";
        return (StatusCode::TOO_MANY_REQUESTS, message).into_response();
    };
    let id = shared.next_connection.fetch_add(1, Ordering::Relaxed);
    // Small buffers: tungstenite's defaults (128 KiB each way) would make every idle
    // connection cost more than a whole game may (issue 57: ≤ 100 KiB per live game).
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            crate::connection::serve(socket, id, shared.hub, shared.stopping).await;
            drop(counted);
        })
}

/// Completes on SIGTERM or SIGINT.
pub async fn stop_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => return std::future::pending().await,
            };
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}
