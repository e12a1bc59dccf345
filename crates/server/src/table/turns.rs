//! What players do at a table: move, resign, offer and answer draws, claim an abandoned game;
//! and the clock's fall. Each refusal is checked in online.md §2's order: `not_allowed`,
//! `over`, `not_your_turn`, `stale`, `illegal`.

use std::time::Instant;

use jieqi_rules::Notation;
use jieqi_rules::platform::TurnError;

use super::frames::{Known, reason, side_of};
use super::{Answer, Table, store_failed};
use jieqi_rules::clock::Clocks;

use crate::link::Link;
use crate::protocol::{DrawAction, ErrorCode, ServerMessage, Status};
use crate::store::Write;

impl Table {
    /// The seat `link` holds, or `not_allowed` for a spectator or a stranger.
    fn player(&self, link: &Link) -> Result<usize, (ErrorCode, String)> {
        self.seat_of(link).ok_or((
            ErrorCode::NotAllowed,
            "only a player of this game may do that (resume your seat first)".into(),
        ))
    }

    fn running(&self) -> Result<(), (ErrorCode, String)> {
        if self.ending.is_some() {
            return Err((ErrorCode::Over, "the game is over".into()));
        }
        Ok(())
    }

    fn mover(&self) -> usize {
        self.game.turn().index()
    }

    pub(super) async fn play(&mut self, link: &Link, ply: u64, text: &str) -> Answer {
        let seat = self.player(link)?;
        self.running()?;
        if self.status() == Status::Waiting {
            let message = "the game starts when the second player joins";
            return Err((ErrorCode::NotYourTurn, message.into()));
        }
        if self.mover() != seat {
            return Err((
                ErrorCode::NotYourTurn,
                "it is the other player's turn".into(),
            ));
        }
        let plies = self.game.plies() as u64;
        if ply != plies {
            let message = format!("{plies} plies have been played, not {ply}");
            return Err((ErrorCode::Stale, message));
        }
        let now = Instant::now();
        if self
            .clocks
            .as_ref()
            .is_some_and(|c| c.left_ms(now)[seat] == 0)
        {
            self.flag_fall(now).await;
            return Err((ErrorCode::Over, "your time ran out".into()));
        }
        if !self
            .game
            .legal_texts(Notation::Iccs)
            .iter()
            .any(|t| t == text)
        {
            return Err((ErrorCode::Illegal, self.refusal(text)));
        }
        let clocks_before = self.clocks.clone();
        self.game
            .play_text(text)
            .map_err(|e| (ErrorCode::Illegal, e.to_string()))?;
        if let Some(clocks) = self.clocks.as_mut() {
            // Checked above: the mover had time left.
            let _ = clocks.moved(side_of(seat), now);
        }
        let write = Write::Move {
            game: self.id.clone(),
            ply,
            text: text.to_string(),
            left_ms: self.clocks.as_ref().map(|c| c.left_ms(now)),
        };
        if let Err(e) = self.store.write(write).await {
            self.game.undo();
            self.clocks = clocks_before;
            return Err(store_failed(e));
        }
        // The opponent's time runs from the moment its `moved` goes out (§4).
        if let Some(clocks) = self.clocks.as_mut() {
            clocks.restart_running(Instant::now());
        }
        // A move answers the opponent's draw offer: declined.
        if self.draw_offer.is_some_and(|s| s != seat) {
            self.draw_offer = None;
        }
        self.announce(ply as usize);
        if let Some(outcome) = self.game.outcome() {
            self.end(self.winner_seat(outcome), reason(outcome)).await;
        }
        Ok(())
    }

    /// Sends ply `ply`'s `moved` to everyone, each as they may know it.
    fn announce(&self, ply: usize) {
        let mut known = Known::default();
        let clock = self.clock_reading(Instant::now());
        for seat in 0..2 {
            if let Some(link) = self.link_of(seat) {
                link.send(&self.moved(&mut known, Some(seat), ply, clock.clone()));
            }
        }
        if !self.spectators.is_empty() {
            let text = self.moved(&mut known, None, ply, clock).to_text();
            for spectator in &self.spectators {
                spectator.send_text(text.clone());
            }
        }
    }

    /// Why the rules refuse `text` (not one of the legal moves as the engine writes them).
    /// A text naming what a reveal turns up is refused without trying it against the deal:
    /// whether the deal holds it is the secret.
    fn refusal(&self, text: &str) -> String {
        let mut trial = self.game.boxed();
        match trial.play_text(text) {
            Ok(()) | Err(TurnError::NotTheDeal { .. }) => {
                "write the move as the engine does, without a reveal letter (h2e2): \
                 the server supplies what it turns up"
                    .into()
            }
            Err(e) => e.to_string(),
        }
    }

    pub(super) async fn resign(&mut self, link: &Link) -> Answer {
        let seat = self.player(link)?;
        self.running()?;
        if self.status() == Status::Waiting {
            return Err((ErrorCode::NotAllowed, "the game has not started".into()));
        }
        let side = side_of(seat);
        self.game
            .resign(side)
            .map_err(|e| (ErrorCode::NotAllowed, e.to_string()))?;
        self.end(Some(1 - seat), "resignation").await;
        Ok(())
    }

    pub(super) async fn draw(&mut self, link: &Link, action: DrawAction) -> Answer {
        let seat = self.player(link)?;
        self.running()?;
        if self.status() == Status::Waiting {
            return Err((ErrorCode::NotAllowed, "the game has not started".into()));
        }
        let offered_by_opponent = self.draw_offer == Some(1 - seat);
        match action {
            // Offering back what the opponent offered agrees to it.
            DrawAction::Accept | DrawAction::Offer if offered_by_opponent => {
                self.game
                    .agree_draw()
                    .map_err(|e| (ErrorCode::NotAllowed, e.to_string()))?;
                self.end(None, "agreement").await;
            }
            DrawAction::Offer => {
                if self.draw_offer != Some(seat) {
                    self.draw_offer = Some(seat);
                    self.tell_offer(1 - seat, "draw", seat);
                }
            }
            DrawAction::Decline if offered_by_opponent => {
                self.draw_offer = None;
                self.tell_offer(1 - seat, "draw_declined", seat);
            }
            DrawAction::Accept | DrawAction::Decline => {
                return Err((ErrorCode::NotAllowed, "no draw is offered to you".into()));
            }
        }
        Ok(())
    }

    fn tell_offer(&self, to: usize, kind: &str, from: usize) {
        if let Some(link) = self.link_of(to) {
            link.send(&ServerMessage::Offer {
                game: self.id.clone(),
                kind: kind.into(),
                from: self.seat_name(from).into(),
                new_game: None,
                invite: None,
            });
        }
    }

    /// After the end, a player's rematch: its new game and invite go to the other player.
    pub(super) fn rematch(&self, link: &Link, new_game: &str, invite: &str) -> Answer {
        let seat = self.player(link)?;
        if self.ending.is_none() {
            return Err((ErrorCode::NotAllowed, "the game is not over".into()));
        }
        let plausible = |text: &str| {
            !text.is_empty() && text.len() <= 64 && text.bytes().all(|b| b.is_ascii_alphanumeric())
        };
        if !crate::ids::could_be_game_id(new_game) || !plausible(invite) {
            return Err((
                ErrorCode::BadMessage,
                "a rematch names a new game's id and invite".into(),
            ));
        }
        let Some(other) = self.link_of(1 - seat) else {
            return Err((ErrorCode::NotAllowed, "your opponent has left".into()));
        };
        other.send(&ServerMessage::Offer {
            game: self.id.clone(),
            kind: "rematch".into(),
            from: self.seat_name(seat).into(),
            new_game: Some(new_game.into()),
            invite: Some(invite.into()),
        });
        Ok(())
    }

    /// The win over an opponent gone longer than the grace period, in an untimed game (§6).
    pub(super) async fn claim(&mut self, link: &Link) -> Answer {
        let seat = self.player(link)?;
        let too_early = || {
            (
                ErrorCode::NotAllowed,
                "your opponent is still here".to_string(),
            )
        };
        if self.ending.is_none() && self.clocks.is_some() {
            let message = "in a timed game the clock decides: wait for your opponent's flag";
            return Err((ErrorCode::NotAllowed, message.into()));
        }
        let away = self.seats[1 - seat]
            .taken
            .as_ref()
            .and_then(|t| t.gone_since)
            .map(|since| since.elapsed());
        match away {
            _ if self.ending.is_some() => self.running(),
            None => Err(too_early()),
            Some(away) if away < self.grace => {
                let left = (self.grace - away).as_secs_f64().ceil();
                let message = format!(
                    "your opponent has been gone less than the grace period; claim in {left} s"
                );
                Err((ErrorCode::NotAllowed, message))
            }
            Some(_) => {
                let gone = side_of(1 - seat);
                // The rules may not name a winner yet (Banqi before its first flip): the
                // server's ending stands either way.
                let _ = self.game.resign(gone);
                self.end(Some(seat), "abandoned").await;
                Ok(())
            }
        }
    }

    /// The running clock reached zero: its seat loses on time, now, not at its next message.
    pub(super) async fn flag_fall(&mut self, now: Instant) {
        let Some((loser, at)) = self.clocks.as_ref().and_then(Clocks::deadline) else {
            return;
        };
        let seat = loser.index();
        if at > now || self.ending.is_some() {
            return;
        }
        // The rules may not name a winner yet (Banqi before its first flip): the server's
        // ending stands either way.
        let _ = self.game.lose_on_time(loser);
        self.end(Some(1 - seat), "time").await;
    }
}
