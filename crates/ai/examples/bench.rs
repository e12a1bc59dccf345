//! Fixed search work over the bench positions: `cargo run --release -p jieqi-ai --example bench
//! -- [depth] [jieqi]`. Prints `nodes N nps M` last, as `jieqi-cli bench` will. With `jieqi`,
//! the Jieqi bench views instead (default depth 5).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let jieqi = args.iter().any(|a| a == "jieqi");
    let depth: u32 = args
        .iter()
        .find_map(|a| a.parse().ok())
        .unwrap_or(if jieqi { 5 } else { 8 });
    let (nodes, time) = if jieqi {
        jieqi_ai::bench_jieqi(depth)
    } else {
        jieqi_ai::bench(depth)
    };
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    println!("depth {depth} time {} ms", time.as_millis());
    println!("nodes {nodes} nps {nps}");
}
