//! Fixed search work over the bench positions: `cargo run --release -p jieqi-ai --example bench
//! -- [depth]`. Prints `nodes N nps M` last, as `jieqi-cli bench` will.

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let (nodes, time) = jieqi_ai::bench(depth);
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    println!("depth {depth} time {} ms", time.as_millis());
    println!("nodes {nodes} nps {nps}");
}
