//! Jieqi (揭棋) as a [`FamilyGame`] (rules.md §7): face-down pieces that move as their start point,
//! reveal when they move, freed advisors and elephants, and capturer-only knowledge.
//!
//! This type is the one place that holds the deal. Everything it gives out to players goes
//! through [`Jieqi::view`], which is built from what that player has seen.

use std::fmt;

use crate::deal::{Deal, DealError, DealStream, Seed, split_full_fen};
use crate::game::{Game, GameError};
use crate::kind::Family;
use crate::outcome::Outcome;
use crate::position::{MoveRules, Position, PositionError};
use crate::repetition::Notice;
use crate::rule_set::{RuleSet, RuleSetError};
use crate::setup::{ParseFenError, Pool, START_COUNTS, Setup, write_placement};
use crate::types::{Move, Piece, Role, Side, Square};
use crate::variant::FamilyGame;
use crate::view::{FinalReveal, PlayerView, SeenMove, SeenPiece};

/// A Jieqi game with its deal.
#[derive(Clone, PartialEq, Eq)]
pub struct Jieqi {
    game: Game,
    rules: RuleSet,
    seed: Option<Seed>,
    /// The identity of each face-down piece at the start, by point.
    start_identities: [Option<Role>; 90],
    /// The identity of each face-down piece now, by point (face-down pieces never move).
    identities: [Option<Role>; 90],
    /// Per ply: the identity a face-down piece showed when it moved.
    revealed: Vec<Option<Role>>,
    /// Per ply: the identity of a face-down piece captured on that ply (its capturer's secret).
    captured_identity: Vec<Option<Role>>,
    /// Face-down pieces captured before the start position (from a full FEN's pool): unseen
    /// by both players as far as this game knows.
    captured_before: Pool,
}

/// The deal must not reach a log: `Debug` shows only what everyone sees.
impl fmt::Debug for Jieqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Jieqi")
            .field("position", &self.game.position().to_fen())
            .field("moves", &self.game.moves())
            .field("outcome", &self.game.outcome())
            .finish_non_exhaustive()
    }
}

/// Why a Jieqi position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JieqiError {
    #[error("bad full-knowledge FEN: {0}")]
    FullFen(#[from] DealError),
    #[error("bad FEN: {0}")]
    Fen(#[from] ParseFenError),
    #[error("illegal position: {0}")]
    Position(#[from] PositionError),
    #[error("the hidden piece at {0} has no identity (write X or x followed by its letter)")]
    MissingIdentity(Square),
    #[error("{side} would have more {role}s than a side starts with")]
    TooMany { side: Side, role: Role },
    #[error("the pool lacks the identity of {0}'s hidden piece; it must count every hidden piece")]
    PoolTooSmall(Side),
    #[error(transparent)]
    Rules(#[from] RuleSetError),
}

/// The keystream tag of [`Jieqi::redealt`]: a re-deal from a seed is unrelated to the deal of
/// the same seed.
pub const REDEAL_KEY_TAG: [u8; 24] = *b"JIEQI REDEAL KEY VERS. 1";

impl Jieqi {
    /// The game dealt by `seed` (rules.md §8).
    pub fn from_seed(seed: Seed) -> Jieqi {
        let mut game = Jieqi::from_deal(&Deal::from_seed(seed));
        game.seed = Some(seed);
        game
    }

    /// A game from a deal (no seed recorded).
    pub fn from_deal(deal: &Deal) -> Jieqi {
        let setup = deal.setup();
        let mut identities = [None; 90];
        for sq in Square::all() {
            if setup.piece_at(sq).is_some_and(Piece::is_hidden) {
                identities[sq.index()] = deal.identity(sq);
            }
        }
        Jieqi::from_parts(&setup, identities).expect("a deal's start is a legal Jieqi position")
    }

    /// A game from a full-knowledge FEN of any Jieqi position: a hidden piece is `X`/`x`
    /// followed by its identity letter in the same case (`XN`: a face-down Red horse). The pool
    /// field, if any, may count more than the hidden pieces on the board: the rest are pieces
    /// captured face-down earlier, unseen by both players here.
    pub fn from_full_fen(fen: &str) -> Result<Jieqi, JieqiError> {
        let (public, identities) = split_full_fen(fen)?;
        let setup = Setup::parse_fen(&public)?;
        Jieqi::from_parts(&setup, identities)
    }

    fn from_parts(setup: &Setup, identities: [Option<Role>; 90]) -> Result<Jieqi, JieqiError> {
        let start = Position::from_setup(setup, MoveRules::JIEQI)?;
        let mut counts = [[0u8; 8]; 2];
        for (sq, piece) in start.board().pieces() {
            let role = if piece.is_hidden() {
                identities[sq.index()].ok_or(JieqiError::MissingIdentity(sq))?
            } else {
                piece.role()
            };
            let n = &mut counts[piece.side().index()][role as usize];
            *n += 1;
            if *n > START_COUNTS[role as usize] {
                return Err(JieqiError::TooMany {
                    side: piece.side(),
                    role,
                });
            }
        }
        let mut known = [None; 90];
        for (sq, piece) in start.board().pieces() {
            if piece.is_hidden() {
                known[sq.index()] = identities[sq.index()];
            }
        }
        let on_board = pool_of(&start, &known, std::iter::empty());
        let mut captured_before = Pool::default();
        // An empty pool (`-`) says nothing was captured face down: the same as none given.
        if let Some(pool) = setup.pool.filter(|p| !p.is_empty()) {
            for side in Side::ALL {
                for role in Role::ALL {
                    let extra = pool
                        .count(side, role)
                        .checked_sub(on_board.count(side, role))
                        .ok_or(JieqiError::PoolTooSmall(side))?;
                    let n = &mut counts[side.index()][role as usize];
                    *n += extra;
                    if *n > START_COUNTS[role as usize] {
                        return Err(JieqiError::TooMany { side, role });
                    }
                    captured_before.set(side, role, extra);
                }
            }
        }
        let rules = RuleSet::standard(Family::Jieqi);
        Ok(Jieqi {
            captured_before,
            game: Game::with_rules(start, rules.repetition()),
            rules,
            seed: None,
            start_identities: known,
            identities: known,
            revealed: Vec::new(),
            captured_identity: Vec::new(),
        })
    }

    /// A new game from `view`'s position with its face-down pieces dealt again from `seed`:
    /// each side's face-down pieces get identities drawn at random from those `view`'s player
    /// has not seen (its pool), so the new game agrees with everything that player knew and
    /// with nothing else of the old deal ("play on from here", issue 21). What the pool holds
    /// beyond the pieces on the board stays captured, unseen by both. Played under the view's
    /// rule set; the same view and seed give the same game.
    pub fn redealt(view: &PlayerView, seed: Seed) -> Result<Jieqi, JieqiError> {
        let mut stream = DealStream::new(seed, &REDEAL_KEY_TAG);
        let mut identities = [None; 90];
        for side in Side::ALL {
            let mut unseen: Vec<Role> = Role::ALL
                .into_iter()
                .flat_map(|role| {
                    std::iter::repeat_n(role, usize::from(view.pool.count(side, role)))
                })
                .collect();
            stream.shuffle(&mut unseen);
            let face_down = view
                .position
                .board()
                .pieces()
                .filter(|(_, p)| p.is_hidden() && p.side() == side)
                .map(|(sq, _)| sq);
            let mut drawn = unseen.into_iter();
            for sq in face_down {
                identities[sq.index()] = Some(drawn.next().ok_or(JieqiError::PoolTooSmall(side))?);
            }
        }
        let mut setup = view.position.to_setup();
        setup.pool = Some(view.pool);
        setup.learned = None;
        let game = Jieqi::from_parts(&setup, identities)?;
        Ok(game.under(view.rules)?)
    }

    /// The same game, not yet begun, under `rules` (rules.md §10). Confined advisors and
    /// elephants must stand on their usual points at the start.
    pub fn under(self, rules: RuleSet) -> Result<Jieqi, RuleSetError> {
        if rules.variant() != Family::Jieqi {
            return Err(RuleSetError::WrongVariant {
                wanted: rules.variant(),
                game: Family::Jieqi,
            });
        }
        if !self.game.moves().is_empty() {
            return Err(RuleSetError::AlreadyStarted);
        }
        let start = Position::from_setup(&self.game.start().to_setup(), rules.move_rules())?;
        Ok(Jieqi {
            game: Game::with_rules(start, rules.repetition()),
            rules,
            ..self
        })
    }

    /// The seed of the deal, if the game came from one. Only the app's own records (saves)
    /// may use it while the game runs; players see it in the final reveal (rules.md §8).
    pub fn seed(&self) -> Option<Seed> {
        self.seed
    }

    /// The public start position.
    pub fn start(&self) -> &Position {
        self.game.start()
    }

    /// The full-knowledge FEN of the start (for saves and tests, never for players).
    pub fn start_full_fen(&self) -> String {
        full_fen(
            self.game.start(),
            &self.start_identities,
            self.public_pool_at_start(),
        )
    }

    /// The full-knowledge FEN of the position now (for saves and tests, never for players).
    pub fn to_full_fen(&self) -> String {
        full_fen(self.game.position(), &self.identities, self.public_pool())
    }

    fn public_pool_at_start(&self) -> Pool {
        pool_of(
            self.game.start(),
            &self.start_identities,
            std::iter::empty(),
        )
    }

    /// Identities not everyone has seen: face-down pieces on the board and face-down pieces
    /// captured (known to their capturer only) (rules.md §9).
    pub fn public_pool(&self) -> Pool {
        // Shown to both (rules.md §10), a captured identity is nobody's secret.
        let secret = !self.rules.captured_shown_to_both();
        let captured = self
            .captured_identity
            .iter()
            .zip(self.game.captures())
            .filter(|_| secret)
            .filter_map(|(id, piece)| Some((piece.as_ref()?.side(), (*id)?)));
        pool_of(
            self.game.position(),
            &self.identities,
            captured.chain(self.captured_before.iter()),
        )
    }

    /// The side that played ply `i`.
    fn mover(&self, ply: usize) -> Side {
        if ply.is_multiple_of(2) {
            self.game.start().turn()
        } else {
            self.game.start().turn().other()
        }
    }

    /// Counts the leaves of the legal move tree with the true identities: a reveal is one
    /// node, and the revealed piece then moves as what it is.
    pub fn perft(&self, depth: u32) -> u64 {
        perft(self.game.position(), &self.identities, depth)
    }

    /// What `side` knows as if the game were still being played, once it is over too: no
    /// final reveal, no seed, no face-down piece the opponent took. Game 1 of a duplicate
    /// match ends so online (spec/online.md, docs/protocol.md): game 2 deals the same pieces.
    pub fn sealed_view(&self, side: Side) -> PlayerView {
        self.view_as(side, false)
    }

    /// `side`'s view; `end_shown`: once over, with everything the end shows (rules.md §7).
    fn view_as(&self, side: Side, end_shown: bool) -> PlayerView {
        let over = end_shown && self.game.is_over();
        let shown_to_both = self.rules.captured_shown_to_both();
        let mut learned = Pool::default();
        let moves = (0..self.game.moves().len())
            .map(|i| {
                let captured = self.game.captures()[i].map(|piece| {
                    if !piece.is_hidden() {
                        return SeenPiece::Known {
                            side: piece.side(),
                            role: piece.role(),
                        };
                    }
                    match self.captured_identity[i] {
                        // The capturer's own secret (unless the rules show it to both).
                        Some(role)
                            if self.mover(i) == side
                                && !shown_to_both
                                && self.rules.captured_shown_to_capturer() =>
                        {
                            learned.set(piece.side(), role, learned.count(piece.side(), role) + 1);
                            SeenPiece::Known {
                                side: piece.side(),
                                role,
                            }
                        }
                        Some(role) if shown_to_both || over => SeenPiece::Known {
                            side: piece.side(),
                            role,
                        },
                        _ => SeenPiece::Unknown { side: piece.side() },
                    }
                });
                SeenMove {
                    mv: self.game.moves()[i],
                    revealed: self.revealed[i],
                    captured,
                }
            })
            .collect();
        let mut pool = self.public_pool();
        for s in Side::ALL {
            for role in Role::ALL {
                pool.set(
                    s,
                    role,
                    pool.count(s, role).saturating_sub(learned.count(s, role)),
                );
            }
        }
        let reveal = over.then(|| FinalReveal {
            seed: self.seed,
            hidden: Square::all()
                .filter_map(|sq| Some((sq, self.identities[sq.index()]?)))
                .collect(),
        });
        PlayerView {
            viewer: side,
            variant: Family::Jieqi,
            rules: self.rules,
            start: self.game.start().clone(),
            position: self.game.position().clone(),
            moves,
            hashes: self.game.hashes(),
            legal_moves: self.legal_moves().to_vec(),
            pool,
            learned,
            notices: self.game.notices().to_vec(),
            outcome: self.game.outcome(),
            reveal,
        }
    }
}

fn perft(pos: &Position, identities: &[Option<Role>; 90], depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = pos.clone();
                let piece = pos.piece_at(m.from).expect("legal moves start on a piece");
                let arriving = match identities[m.from.index()] {
                    Some(role) if piece.is_hidden() => Piece::new(piece.side(), role),
                    _ => piece,
                };
                next.play_unchecked_as(m, arriving);
                let mut ids = *identities;
                ids[m.from.index()] = None;
                ids[m.to.index()] = None;
                perft(&next, &ids, depth - 1)
            })
            .sum(),
    }
}

fn pool_of(
    pos: &Position,
    identities: &[Option<Role>; 90],
    captured: impl Iterator<Item = (Side, Role)>,
) -> Pool {
    let mut pool = Pool::default();
    let hidden = pos.board().pieces().filter(|(_, p)| p.is_hidden());
    let on_board = hidden.filter_map(|(sq, p)| Some((p.side(), identities[sq.index()]?)));
    for (side, role) in on_board.chain(captured) {
        pool.set(side, role, pool.count(side, role) + 1);
    }
    pool
}

fn full_fen(pos: &Position, identities: &[Option<Role>; 90], pool: Pool) -> String {
    let mut setup = pos.to_setup();
    setup.pool = Some(pool);
    let public = setup.to_fen();
    let rest = public.split_once(' ').map_or("", |(_, rest)| rest);
    let placement = write_placement(|sq| {
        let piece = pos.piece_at(sq)?;
        let identity = identities[sq.index()]
            .filter(|_| piece.is_hidden())
            .map(|role| {
                let c = role.fen_char();
                if piece.side() == Side::Red {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            });
        Some((piece.fen_char(), identity))
    });
    format!("{placement} {rest}")
}

impl FamilyGame for Jieqi {
    fn kind(&self) -> Family {
        Family::Jieqi
    }
    fn rules(&self) -> RuleSet {
        self.rules
    }
    fn position(&self) -> &Position {
        self.game.position()
    }
    fn moves(&self) -> &[Move] {
        self.game.moves()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn notices(&self) -> &[Notice] {
        self.game.notices()
    }

    fn play(&mut self, m: Move) -> Result<Vec<Notice>, GameError> {
        let reveal = self
            .game
            .position()
            .piece_at(m.from)
            .filter(|p| p.is_hidden())
            .and_then(|_| self.identities[m.from.index()]);
        let target_identity = self.identities[m.to.index()];
        let captured = self.game.play_as(m, |piece| match reveal {
            Some(role) => Piece::new(piece.side(), role),
            None => piece,
        })?;
        self.identities[m.from.index()] = None;
        let captured_identity = match captured {
            Some(piece) if piece.is_hidden() => target_identity,
            _ => None,
        };
        if captured.is_some() {
            self.identities[m.to.index()] = None;
        }
        self.revealed.push(reveal);
        self.captured_identity.push(captured_identity);
        Ok(self.game.notices().to_vec())
    }

    fn undo(&mut self) -> Option<Move> {
        let m = self.game.undo()?;
        if let Some(role) = self.revealed.pop().flatten() {
            self.identities[m.from.index()] = Some(role);
        }
        if let Some(role) = self.captured_identity.pop().flatten() {
            self.identities[m.to.index()] = Some(role);
        }
        Some(m)
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.game.resign(side)
    }
    fn lose_on_time(&mut self, side: Side) -> Result<Outcome, GameError> {
        self.game.lose_on_time(side)
    }

    fn agree_draw(&mut self) -> Result<Outcome, GameError> {
        self.game.agree_draw()
    }

    fn view(&self, side: Side) -> PlayerView {
        self.view_as(side, true)
    }
}
