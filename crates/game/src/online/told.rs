//! The server's frames as the session takes them ([`Remote`]): a snapshot becomes the seat's
//! game told from its frames — the variant's start, then each turn as the seat knows it, a
//! face-down capture's identity where the seat was told it — or, once over, the whole game
//! from the deal's seed; `moved`, `ended` and `offer` become the session's own words. Only
//! what the frames say goes in, so the table can hold nothing the seat may not know.

use jieqi_rules::OptionValues;
use jieqi_rules::platform::{KnownTurn, PlayedGame, Variant, VariantRef};
use jieqi_rules::{Seed, Side};
use jieqi_server::protocol::{self, ClockReading, Snapshot, Status};

use crate::session::{
    EndedBy, GameConfig, Opponent, Remote, RemoteEnding, RemoteTable, settle, whole_game,
};

/// The table a snapshot describes, or why it cannot be set up (one line).
pub fn table_of(snapshot: &Snapshot) -> Result<RemoteTable, String> {
    let variant = jieqi_variants::find(&snapshot.variant).map_err(|e| e.to_string())?;
    let seat = match snapshot.seat.as_str() {
        "spectator" => None,
        name => Some(
            protocol::seat_side(variant, name)
                .ok_or_else(|| format!("'{name}' is no seat of {}", variant.name()))?,
        ),
    };
    let options = OptionValues::parse(variant.name(), variant.options(), &snapshot.rules)
        .map_err(|e| e.to_string())?;
    let config = GameConfig {
        variant: VariantRef(variant),
        opponent: Opponent::Online { seat },
        rules: options,
        clock: snapshot.time_control,
        ..GameConfig::default()
    };
    let rules = options.to_string();
    let turns = known_turns(snapshot);
    let mut game = match (snapshot.status, seed_of(snapshot.seed.as_deref())) {
        (Status::Over, Some(seed)) => whole_game(variant, seed, &rules, &turns),
        _ => None,
    }
    .map_or_else(|| told(variant, &rules, &turns, &snapshot.position), Ok)?;
    if snapshot.status == Status::Over
        && let Some(ending) =
            ending_of(snapshot.result.as_deref(), snapshot.reason.as_deref(), None)
    {
        settle(&mut *game, ending);
    }
    Ok(RemoteTable {
        id: snapshot.game.clone(),
        game,
        config,
        clocks_left: snapshot
            .clock
            .as_ref()
            .and_then(|c| clocks_left(variant, c)),
        clock_runs: snapshot.clock.as_ref().is_some_and(|c| c.running.is_some()),
        match_round: snapshot.duplicate.as_ref().map(|d| d.round),
    })
}

/// Each turn of a snapshot as its receiver knows it.
fn known_turns(snapshot: &Snapshot) -> Vec<KnownTurn> {
    snapshot
        .moves
        .iter()
        .enumerate()
        .map(|(ply, text)| KnownTurn {
            text: text.clone(),
            captured: snapshot
                .captured
                .get(&ply.to_string())
                .and_then(|letter| letter.chars().next()),
        })
        .collect()
}

/// The game told from its start and `turns`; a game that did not start from the variant's
/// start (a deal a client chose) is told from the position now, without its history.
fn told(
    variant: &'static dyn Variant,
    rules: &str,
    turns: &[KnownTurn],
    position: &str,
) -> Result<Box<dyn PlayedGame>, String> {
    let from_start = variant.told_game(None, &[], rules).and_then(|mut game| {
        for turn in turns {
            game.play_known(turn)
                .map_err(|e| jieqi_rules::platform::SetupError::Turn(e.into()))?;
        }
        Ok(game)
    });
    from_start
        .or_else(|_| variant.told_game(Some(position), &[], rules))
        .map_err(|e| e.to_string())
}

fn seed_of(text: Option<&str>) -> Option<Seed> {
    text?.parse().ok()
}

/// The clocks a reading gives, by side (Red's, Black's).
pub fn clocks_left(variant: &dyn Variant, reading: &ClockReading) -> Option<[u64; 2]> {
    let [first, second] = protocol::seat_names(variant);
    let left = |seat: &str| reading.left_ms.get(&format!("{seat}_ms")).copied();
    Some([left(first)?, left(second)?])
}

/// A `moved` as the session takes it.
pub fn moved(
    variant: &dyn Variant,
    ply: u64,
    text: String,
    captured: Option<&str>,
    clock: Option<&ClockReading>,
) -> Remote {
    Remote::Moved {
        ply: ply as usize,
        turn: KnownTurn {
            text,
            captured: captured.and_then(|c| c.chars().next()),
        },
        clocks_left: clock.and_then(|c| clocks_left(variant, c)),
    }
}

/// An `ended` (or an over snapshot's result and reason) as the session takes it.
pub fn ending_of(
    result: Option<&str>,
    reason: Option<&str>,
    seed: Option<&str>,
) -> Option<RemoteEnding> {
    let winner = protocol::winner_of(result?).ok()?;
    let by = match reason? {
        "resignation" => EndedBy::Resignation,
        "time" => EndedBy::Time,
        "agreement" => EndedBy::Agreement,
        "abandoned" => EndedBy::Abandoned,
        _ => EndedBy::Rules,
    };
    Some(RemoteEnding {
        winner,
        by,
        seed: seed_of(seed),
    })
}

/// The side a seat's name stands for in an `offer` or `presence`.
pub fn side_of(variant: &dyn Variant, seat: &str) -> Option<Side> {
    protocol::seat_side(variant, seat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::platform::Receiver;
    use jieqi_rules::{DrawReason, Outcome, WinReason};

    /// Every ending the server can name is one the table understands: the rules' own by the
    /// last turn, the others by what they do.
    #[test]
    fn every_reason_the_server_gives_is_understood() {
        let outcomes = [
            (WinReason::Resignation, EndedBy::Resignation),
            (WinReason::Time, EndedBy::Time),
            (WinReason::Stalemate, EndedBy::Rules),
        ];
        for (reason, by) in outcomes {
            let outcome = Outcome::Win {
                winner: Side::Black,
                reason,
            };
            let ending = ending_of(
                Some(protocol::result_for(Some(Side::Black))),
                Some(protocol::reason(outcome)),
                None,
            )
            .unwrap();
            assert_eq!((ending.winner, ending.by), (Some(Side::Black), by));
        }
        let draw = Outcome::Draw {
            reason: DrawReason::Agreement,
        };
        let ending = ending_of(Some("1/2-1/2"), Some(protocol::reason(draw)), None);
        assert_eq!(
            ending.map(|e| (e.winner, e.by)),
            Some((None, EndedBy::Agreement))
        );
        assert!(ending_of(Some("2-0"), Some("time"), None).is_none());
    }

    fn snapshot(seat: &str, moves: &[&str]) -> Snapshot {
        Snapshot {
            game: "g".into(),
            variant: "jieqi".into(),
            seat: seat.into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            status: Status::Playing,
            ..Snapshot::default()
        }
    }

    /// A seat's table is the dealt game as that seat knows it: told from its snapshot, the
    /// capture's identity included, and nothing more.
    #[test]
    fn a_snapshot_gives_the_seats_knowledge() {
        let jieqi = jieqi_variants::find("jieqi").unwrap();
        let mut dealt = jieqi.start(Some(Seed(7)), "").unwrap();
        // Plays until Red has taken a face-down piece.
        let mut red_took = None;
        for _ in 0..200 {
            let turns = dealt.legal_texts(jieqi_rules::Notation::Iccs);
            let Some(turn) = turns
                .iter()
                .rev()
                .find(|t| t.ends_with('9') || t.ends_with('6'))
                .or(turns.first())
                .cloned()
            else {
                break;
            };
            let mover = dealt.turn();
            dealt.play_text(&turn).unwrap();
            let known = dealt.knowledge(Receiver::Player(Side::Red));
            if mover == Side::Red && known.turns.last().unwrap().captured.is_some() {
                red_took = Some(known);
                break;
            }
        }
        let known = red_took.expect("red takes a face-down piece");
        let mut red = snapshot("red", &[]);
        red.moves = known.turns.iter().map(|t| t.text.clone()).collect();
        red.captured = known
            .turns
            .iter()
            .enumerate()
            .filter_map(|(ply, t)| Some((ply.to_string(), t.captured?.to_string())))
            .collect();
        let table = table_of(&red).unwrap();
        assert_eq!(
            table.config.opponent,
            Opponent::Online {
                seat: Some(Side::Red)
            }
        );
        assert_eq!(table.game.knowledge(Receiver::Player(Side::Red)), known);
        // Black's snapshot of the same game tells no capture: Black's table knows less.
        let black_known = dealt.knowledge(Receiver::Player(Side::Black));
        let mut black = snapshot("black", &[]);
        black.moves = black_known.turns.iter().map(|t| t.text.clone()).collect();
        let table = table_of(&black).unwrap();
        assert_eq!(
            table.game.knowledge(Receiver::Player(Side::Black)),
            black_known
        );
        assert_ne!(black_known.position, known.position);
    }

    #[test]
    fn a_bad_snapshot_is_refused_in_one_line() {
        let mut bad = snapshot("red", &["a0a9"]);
        bad.position = "not a position".into();
        let why = table_of(&bad).unwrap_err();
        assert!(!why.contains('\n'), "{why}");
        let mut seat = snapshot("green", &[]);
        seat.seat = "green".into();
        assert!(table_of(&seat).unwrap_err().contains("green"));
        let mut variant = snapshot("red", &[]);
        variant.variant = "chess".into();
        assert!(table_of(&variant).is_err());
    }
}
