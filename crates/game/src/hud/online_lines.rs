//! What the side panel says about an online table: where it is played, the players' names
//! as the server gives them (marked while one is away), "Reconnecting…" while this screen's
//! connection comes back, and whether the win over an opponent gone long enough may be
//! claimed. Built from [`Online`] (the connection's public facts) and [`Shown`].

use jieqi_rules::Side;

use crate::i18n::{Language, Phrase, Text, side_label};
use crate::online::{Connection, Online};
use crate::session::Shown;

/// The online part of the side panel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineLines {
    /// "Online at 192.168.1.5:7878, game 7k2m9q0x4hbe", or "Watching" first.
    pub status: String,
    /// "Reconnecting…" while this screen's connection is down; what could not be done.
    pub trouble: Option<String>,
    /// The opponent has been gone for the server's grace period in an untimed game.
    pub can_claim: bool,
    /// "Bo offers a rematch, colours swapped" (after game 1 of a duplicate match: "Bo is
    /// ready for game 2"), to accept.
    pub rematch_offer: Option<String>,
    /// The button that accepts it: "Accept the rematch", or "Play game 2 — swap colours".
    pub accept: String,
}

/// The lines for an online table (`None` at a local one).
pub fn lines(online: &Online, shown: &Shown, lang: Language) -> Option<OnlineLines> {
    let game = online.game.as_ref()?;
    if online.connection == Connection::Offline {
        return None;
    }
    let at = Phrase::new(Text::OnlineAt)
        .with("address", online.address.clone())
        .with("game", game.clone())
        .say(lang);
    let status = match online.seat {
        Some(_) => at,
        None => format!("{} — {at}", Text::OnlineWatching.get(lang)),
    };
    let running = shown.live.as_ref().is_some_and(|t| t.outcome.is_none());
    let (offer, accept) = match online.in_first_game() {
        true => (Text::OnlineSecondGameOffer, Text::PlayGameTwo),
        false => (Text::OnlineRematchOffer, Text::AcceptRematch),
    };
    Some(OnlineLines {
        status,
        trouble: match online.connection {
            Connection::Reconnecting => Some(Text::OnlineReconnecting.get(lang).to_string()),
            // What this screen asked that could not be done ("game 2 has not begun yet").
            _ => online.error.as_ref().map(|why| why.say(lang)),
        },
        can_claim: running && shown.clocks.is_none() && online.claimable,
        rematch_offer: online.rematch_offer.as_ref().map(|(by, _)| {
            let name = online.players[by.index()]
                .as_ref()
                .map_or_else(|| Text::Opponent.get(lang).to_string(), |p| p.name.clone());
            Phrase::new(offer).with("name", name).say(lang)
        }),
        accept: accept.get(lang).to_string(),
    })
}

/// The line of `side`'s player (its colour `colour`, if shown yet) as the server names them:
/// "Ann — Red 紅", "(away)" while gone; `None` for a seat nobody has taken.
pub fn player_name(
    online: &Online,
    side: Side,
    colour: Option<Side>,
    lang: Language,
) -> Option<String> {
    let player = online.players[side.index()].as_ref()?;
    let name = if player.connected {
        player.name.clone()
    } else {
        Phrase::new(Text::OnlinePlayerAway)
            .with("name", player.name.clone())
            .say(lang)
    };
    let colour = colour.map_or(Text::ColourNotYet, side_label);
    Some(format!("{name} — {}", colour.get(lang)))
}

/// The result card's "who was who" with the server's names ("Ann played Red, Bo played
/// Black"); `colours` is each seat's colour (Banqi's comes with the first flip).
pub fn who_played(online: &Online, colours: [Option<Side>; 2], lang: Language) -> Option<String> {
    let name_of = |colour: Side| {
        let seat = Side::ALL
            .into_iter()
            .find(|s| colours[s.index()] == Some(colour))
            .unwrap_or(colour);
        online.players[seat.index()]
            .as_ref()
            .map(|p| p.name.clone())
    };
    Some(
        Phrase::new(Text::WhoPlayed)
            .with("red", name_of(Side::Red)?)
            .with("black", name_of(Side::Black)?)
            .say(lang),
    )
}
