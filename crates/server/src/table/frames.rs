//! Every frame a game sends, built from what the platform gives its receiver
//! ([`PlayedGame::knowledge`], or [`PlayedGame::sealed_knowledge`] for game 1 of a duplicate
//! match) and the server's own identifiers, never from the game itself: online.md §3 holds by
//! construction.

use std::collections::BTreeMap;
use std::time::Instant;

use jieqi_rules::clock::Clocks;
use jieqi_rules::platform::{Knowledge, Receiver};
use jieqi_rules::{Outcome, Side};

use super::Table;
use crate::protocol::{ClockReading, MatchGame, PlayerInfo, ServerMessage, Snapshot, Status};
use serde_json::Value;

/// A receiver's seat: 0 moves first (Red, or Banqi's first player).
pub fn receiver(seat: Option<usize>) -> Receiver {
    seat.map_or(Receiver::Spectator, |seat| Receiver::Player(side_of(seat)))
}

/// The side a seat plays in the rules' terms (seat 0 moves first: Red, Banqi's first
/// player); its seat is [`Side::index`].
pub fn side_of(seat: usize) -> Side {
    Side::ALL[seat]
}

pub use crate::protocol::{reason, seat_names};

/// The three receivers' knowledge, each computed once, only when asked.
#[derive(Default)]
pub struct Known([Option<Knowledge>; 3]);

impl Known {
    pub fn of<'a>(&'a mut self, table: &Table, seat: Option<usize>) -> &'a Knowledge {
        let slot = seat.unwrap_or(2);
        self.0[slot].get_or_insert_with(|| table.knowledge(seat))
    }
}

impl Table {
    /// A seat's name (see [`seat_names`]).
    pub fn seat_name(&self, seat: usize) -> &'static str {
        seat_names(self.variant)[seat]
    }

    pub fn status(&self) -> Status {
        if self.ending.is_some() {
            Status::Over
        } else if self.seats.iter().all(|s| s.taken.is_some()) {
            Status::Playing
        } else {
            Status::Waiting
        }
    }

    pub fn clock_reading(&self, now: Instant) -> Option<ClockReading> {
        let clocks = self.clocks.as_ref()?;
        let left = clocks.left_ms(now);
        Some(ClockReading {
            left_ms: (0..2)
                .map(|seat| (format!("{}_ms", self.seat_name(seat)), left[seat]))
                .collect(),
            running: clocks
                .running()
                .map(|side| self.seat_name(side.index()).to_string()),
        })
    }

    /// Whether the game's end shows nothing more than play did: game 1 of a duplicate match
    /// until game 2 ends.
    fn sealed(&self) -> bool {
        self.duplicate.as_ref().is_some_and(|part| part.sealed)
    }

    /// What `seat` (`None`: a spectator) may know of the game.
    pub fn knowledge(&self, seat: Option<usize>) -> Knowledge {
        if self.sealed() {
            self.game.sealed_knowledge(receiver(seat))
        } else {
            self.game.knowledge(receiver(seat))
        }
    }

    /// `seat`'s snapshot (`None`: a spectator's).
    pub fn snapshot(&self, seat: Option<usize>, id: Option<Value>) -> ServerMessage {
        let knowledge = self.knowledge(seat);
        let players: BTreeMap<String, PlayerInfo> = (0..2)
            .filter_map(|s| {
                let taken = self.seats[s].taken.as_ref()?;
                let info = PlayerInfo {
                    name: taken.name.clone(),
                    connected: taken.link.is_some(),
                };
                Some((self.seat_name(s).to_string(), info))
            })
            .collect();
        let ending = self.ending.as_ref();
        ServerMessage::Snapshot(Box::new(Snapshot {
            game: self.id.clone(),
            variant: self.variant.id().to_string(),
            rules: self.rules.clone(),
            seat: seat.map_or("spectator", |s| self.seat_name(s)).to_string(),
            players,
            position: knowledge.position,
            captured: (knowledge.turns.iter().enumerate())
                .filter_map(|(ply, t)| Some((ply.to_string(), t.captured?.to_string())))
                .collect(),
            moves: knowledge.turns.into_iter().map(|t| t.text).collect(),
            time_control: self.clocks.as_ref().map(Clocks::control),
            clock: self.clock_reading(Instant::now()),
            status: self.status(),
            result: ending.map(|e| e.result.clone()),
            reason: ending.map(|e| e.reason.clone()),
            deal: ending.and_then(|_| self.shown_deal()),
            seed: ending.and_then(|_| self.shown_seed()),
            duplicate: self.duplicate.as_ref().map(|part| MatchGame {
                round: part.round,
                other: part.other.clone(),
            }),
            id,
        }))
    }

    /// The `moved` of ply `ply` for `seat` (`None`: a spectator).
    pub fn moved(
        &self,
        known: &mut Known,
        seat: Option<usize>,
        ply: usize,
        clock: Option<ClockReading>,
    ) -> ServerMessage {
        let turn = &known.of(self, seat).turns[ply];
        ServerMessage::Moved {
            game: self.id.clone(),
            ply: ply as u64,
            turn: turn.text.clone(),
            captured: turn.captured.map(String::from),
            clock,
        }
    }

    /// The whole deal, public once the game is over (unless sealed): the seed's, or the one
    /// a client gave.
    pub fn shown_deal(&self) -> Option<String> {
        if self.sealed() {
            return None;
        }
        match self.seed {
            Some(seed) => self.variant.deal_text(seed),
            None => self.deal.clone(),
        }
    }

    /// The deal's seed, public once the game is over (unless sealed).
    pub fn shown_seed(&self) -> Option<String> {
        self.seed.filter(|_| !self.sealed()).map(|s| s.to_string())
    }

    /// `1-0` when seat 0 won, `0-1` when seat 1 did.
    pub fn result_for_winner(winner: Option<usize>) -> &'static str {
        crate::protocol::result_for(winner.map(side_of))
    }

    /// The seat that won `outcome` (in Banqi a colour's seat), `None` for a draw.
    pub fn winner_seat(&self, outcome: Outcome) -> Option<usize> {
        let winner = outcome.winner()?;
        if self.variant.sides_are_colours() {
            return Some(winner.index());
        }
        let colours = self.game.table(Side::Red).colours;
        colours.iter().position(|c| *c == Some(winner))
    }
}
