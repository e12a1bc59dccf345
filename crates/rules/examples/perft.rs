use jieqi_rules::{MoveRules, Position, Setup};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().unwrap();
    let fen = args.get(2).cloned().unwrap_or(jieqi_rules::STANDARD_FEN.to_string());
    let pos = Position::from_setup(&Setup::parse_fen(&fen).unwrap(), MoveRules::XIANGQI).unwrap();
    let t = std::time::Instant::now();
    let n = pos.perft(depth);
    println!("{n} {:?}", t.elapsed());
}
