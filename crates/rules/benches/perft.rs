//! Perft benchmarks with fixed work: the start position and two middlegames from the verified
//! table, to depth 5 (`cargo bench -p jieqi-rules --bench perft`).

use criterion::{Criterion, criterion_group, criterion_main};
use jieqi_rules::{MoveRules, Position, Setup};

const CASES: &[(&str, &str, u32, u64)] = &[
    ("start_d5", jieqi_rules::STANDARD_FEN, 5, 133_312_995),
    (
        "middlegame1_d5",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        5,
        53_112_976,
    ),
    (
        "middlegame2_d5",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        5,
        10_369_923,
    ),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, fen, depth, nodes) in CASES {
        let pos =
            Position::from_setup(&Setup::parse_fen(fen).unwrap(), MoveRules::XIANGQI).unwrap();
        group.bench_function(name, |b| b.iter(|| assert_eq!(pos.perft(depth), nodes)));
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
