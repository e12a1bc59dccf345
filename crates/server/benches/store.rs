//! How many moves a second the store's one writer commits (docs/scaling.md): 200 games each
//! committing 10 moves at once, on a file database in a temporary folder, WAL as the server
//! runs it. `cargo bench -p jieqi-server --bench store`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jieqi_server::store::{GameRow, Store, Write};

const GAMES: usize = 200;
const MOVES: usize = 10;

fn commits(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("bench.sqlite");
    let store = Store::open(path.to_str().unwrap()).unwrap();
    runtime.block_on(async {
        for game in 0..GAMES {
            let row = GameRow {
                id: format!("g{game}"),
                variant: "jieqi".into(),
                rules: String::new(),
                seed: Some("7".into()),
                deal: None,
                clock: None,
                invite: "i".into(),
                seats: [None, None],
                duplicate: None,
            };
            store.write(Write::Create(Box::new(row))).await.unwrap();
        }
    });
    let mut ply = 0u64;
    let mut group = c.benchmark_group("store");
    group.throughput(Throughput::Elements((GAMES * MOVES) as u64));
    group.bench_function("moves from 200 games at once", |b| {
        b.iter(|| {
            runtime.block_on(async {
                for _ in 0..MOVES {
                    let writes = (0..GAMES).map(|game| {
                        store.write(Write::Move {
                            game: format!("g{game}"),
                            ply,
                            text: "h2e2".into(),
                            left_ms: Some([1000, 1000]),
                        })
                    });
                    for result in futures_util::future::join_all(writes).await {
                        result.unwrap();
                    }
                    ply += 1;
                }
            });
        });
    });
    group.finish();
}

criterion_group!(benches, commits);
criterion_main!(benches);
