//! Banqi as a search sees it ([`jieqi_rules::platform::SearchNode`]): what the side to move
//! knows — the public [`BanqiPosition`], the [`Options`], the face-down pool (the kinds still face
//! down, [`PieceCounts`]) and the positions since the last flip or capture (for the repetition
//! rule) — and nothing of the deal. A flip is a chance turn: one outcome per kind still face
//! down, weighted by how many of that kind lie face down (every face-down piece is as likely
//! as any other to be each of them).
//!
//! [`BanqiNode::verdict`](SearchNode::verdict) judges as the game does (rules.md §11, and
//! [`crate::Banqi::outcome`]): the player to move with no piece left, face up or face down
//! (the pool counts their face-down pieces), or no legal turn loses; then 60 plies without a
//! flip or a capture, then the third occurrence of a position since the last flip or capture,
//! draw.
//!
//! [`BanqiNode::evaluate`](SearchNode::evaluate) is Banqi's own evaluation, in centipawns for
//! the side to move (a soldier is 100):
//!
//! - **Material by rank**, with the §11 relations in mind ([`piece_value`]): the cannon,
//!   which takes anything by jumping, is worth more than its rank; a general loses value for
//!   every enemy soldier still alive (soldiers take it, it cannot take them), and a soldier
//!   gains some while the enemy general lives. Pieces still face down count for their colour
//!   at 9/10 of their value (the pool says exactly which kinds they are, only not where).
//! - **Hunting**: a face-up piece near an enemy piece it can take and that cannot take it
//!   back earns a share of that piece's value, more the nearer it is; on a 4 × 8 board the
//!   strong pieces so chase the weak ones instead of wandering until the 60-ply draw.
//! - **Threats against the side to move**: the opponent's captures as if it were its turn;
//!   two pieces attacked at once cannot both be saved (a share of the second one's value).
//! - **Progress**: past 20 plies without a flip or a capture the whole evaluation shrinks by
//!   1% a ply, so the side ahead flips or captures (resetting the count) rather than drift
//!   into the 60-ply draw.
//!
//! Keys ([`BanqiNode::key`](SearchNode::key)) hash the cells, the seat to move, the colours,
//! the face-down pool (two placements with different pools have different futures) and, past
//! 20 plies without a flip or a capture, that count in groups of four (the evaluation reads
//! it). The repetition and 60-ply draws depend on the path, not the key: a search must not
//! trust a stored draw on another path (the generic search stores no value a draw verdict
//! touched).

use std::cell::OnceCell;
use std::fmt;
use std::sync::{Arc, OnceLock};

use jieqi_rules::platform::{Chance, SearchNode, TurnCode, Verdict};
use jieqi_rules::{Piece, Role, Side};

use crate::board::{Cell, PieceCounts, Point, SQUARES, Seat};
use crate::options::{CannonCapture, ChariotMove, Options};
use crate::position::{BanqiPosition, NO_FLIP_OR_CAPTURE_PLIES};
use crate::rules::{self, Turn};
use crate::view::BanqiView;

/// One position of the repetition window: the placement and the seat to move (rules.md §11),
/// linked to the one before it since the last flip or capture.
struct Link {
    hash: u64,
    cells: [Cell; SQUARES],
    turn: Seat,
    prev: Option<Arc<Link>>,
}

/// A Banqi position as the side to move knows it, for a search (module docs).
#[derive(Clone)]
pub struct BanqiNode {
    position: BanqiPosition,
    options: Options,
    pool: PieceCounts,
    /// The positions since the last flip or capture (or since the start), this one first.
    window: Arc<Link>,
    /// The key's part for the colours and the pool (the placement's is the window's hash).
    rest: u64,
    key: u64,
    /// How often this position occurs in `window`, itself included.
    occurrences: u32,
    /// Computed once when first asked for (a search asks more than once).
    verdict: OnceCell<Option<Verdict>>,
    eval: OnceCell<i32>,
}

impl fmt::Debug for BanqiNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BanqiNode")
            .field("position", &self.position.to_text())
            .field("pool", &self.pool)
            .field("options", &self.options.to_string())
            .field("occurrences", &self.occurrences)
            .finish()
    }
}

impl BanqiNode {
    /// What a player's view says: the position now, the options, the pool, and the positions
    /// since the last flip or capture, replayed from the view's public history.
    pub fn from_view(view: &BanqiView) -> BanqiNode {
        let mut earlier = Vec::new();
        let mut pos = view.start.clone();
        for seen in &view.history {
            if seen.turn.is_flip() || seen.turn.is_capture() {
                earlier.clear();
            } else {
                earlier.push(pos.clone());
            }
            pos.apply(seen.turn, seen.revealed);
        }
        // A view whose history does not lead to its position (never from a game) starts the
        // window at the position itself.
        if pos.cells != view.position.cells || pos.turn != view.position.turn {
            earlier.clear();
        }
        BanqiNode::new(
            view.position.clone(),
            view.options,
            view.face_down,
            &earlier,
        )
    }

    /// A node from its parts: the public position, the options, the face-down pool, and the
    /// positions since the last flip or capture before this one, oldest first (empty when the
    /// window starts here). The pool must agree with the position (as many pieces as face-down
    /// squares); a view's always does.
    pub fn new(
        position: BanqiPosition,
        options: Options,
        pool: PieceCounts,
        earlier: &[BanqiPosition],
    ) -> BanqiNode {
        let mut prev: Option<Arc<Link>> = None;
        for p in earlier {
            prev = Some(Arc::new(Link {
                hash: placement_hash(&p.cells, p.turn),
                cells: p.cells,
                turn: p.turn,
                prev,
            }));
        }
        let hash = placement_hash(&position.cells, position.turn);
        let rest = rest_key(&position, &pool);
        BanqiNode::linked(position, options, pool, prev, hash, rest)
    }

    /// `hash` and `rest`: the placement's hash and the rest of the key, worked out by the
    /// caller (incrementally for a child).
    fn linked(
        position: BanqiPosition,
        options: Options,
        pool: PieceCounts,
        prev: Option<Arc<Link>>,
        hash: u64,
        rest: u64,
    ) -> BanqiNode {
        debug_assert_eq!(hash, placement_hash(&position.cells, position.turn));
        debug_assert_eq!(rest, rest_key(&position, &pool));
        let window = Arc::new(Link {
            hash,
            cells: position.cells,
            turn: position.turn,
            prev,
        });
        let mut occurrences = 0;
        let mut link = Some(&window);
        while let Some(l) = link {
            if l.hash == hash && l.turn == position.turn && l.cells == position.cells {
                occurrences += 1;
            }
            link = l.prev.as_ref();
        }
        let key = hash ^ rest ^ quiet_key(position.quiet_plies);
        BanqiNode {
            position,
            options,
            pool,
            window,
            rest,
            key,
            occurrences,
            verdict: OnceCell::new(),
            eval: OnceCell::new(),
        }
    }

    /// The public position.
    pub fn position(&self) -> &BanqiPosition {
        &self.position
    }

    /// The face-down pool.
    pub fn pool(&self) -> PieceCounts {
        self.pool
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The turn a code names (as [`SearchNode::turns`] listed it).
    pub fn turn_of(code: TurnCode) -> Turn {
        decode(code)
    }

    /// The code of a turn.
    pub fn code_of(turn: Turn) -> TurnCode {
        encode(turn)
    }

    /// The child after a turn with a known result (`revealed` for a flip).
    fn child(&self, turn: Turn, revealed: Option<Piece>) -> BanqiNode {
        let mut position = self.position.clone();
        let mut hash = self.window.hash ^ SECOND_TO_MOVE;
        let mut rest = self.rest;
        let mut pool = self.pool;
        match turn {
            Turn::Flip(p) => {
                if let Some(piece) = revealed {
                    hash ^= CELL_KEYS[p.index()][32] ^ CELL_KEYS[p.index()][piece.code() & 31];
                    let n = pool.get(piece);
                    pool.remove(piece);
                    let k = pool_kind(piece);
                    rest ^= POOL_KEYS[k][usize::from(n.min(5))]
                        ^ POOL_KEYS[k][usize::from(pool.get(piece).min(5))];
                }
            }
            Turn::Move { from, to } | Turn::Capture { from, to } => {
                if let Cell::FaceUp(piece) = position.cell(from) {
                    let code = piece.code() & 31;
                    hash ^= CELL_KEYS[from.index()][code] ^ CELL_KEYS[to.index()][code];
                }
                if let Cell::FaceUp(taken) = position.cell(to) {
                    hash ^= CELL_KEYS[to.index()][taken.code() & 31];
                }
            }
        }
        let colours_before = position.first_colour;
        position.apply(turn, revealed);
        if colours_before != position.first_colour {
            rest ^= colour_key(colours_before) ^ colour_key(position.first_colour);
        }
        // A flip or a capture starts a new window (rules.md §11: only positions since the last
        // flip or capture are compared).
        let prev = match turn {
            Turn::Move { .. } => Some(self.window.clone()),
            _ => None,
        };
        BanqiNode::linked(position, self.options, pool, prev, hash, rest)
    }

    /// The colour of the seat to move (`None` before the first flip).
    fn colour(&self) -> Option<Side> {
        self.position.colour_to_move()
    }
}

fn encode(turn: Turn) -> TurnCode {
    let (kind, from, to) = match turn {
        Turn::Flip(p) => (0, p, p),
        Turn::Move { from, to } => (1, from, to),
        Turn::Capture { from, to } => (2, from, to),
    };
    TurnCode((kind << 10) | ((from.index() as u32) << 5) | to.index() as u32)
}

fn decode(code: TurnCode) -> Turn {
    let point = |i: u32| Point::from_index((i & 31) as usize).unwrap_or(Point::new(0, 0).unwrap());
    let from = point(code.0 >> 5);
    let to = point(code.0);
    match code.0 >> 10 {
        0 => Turn::Flip(from),
        1 => Turn::Move { from, to },
        _ => Turn::Capture { from, to },
    }
}

// ---- Keys ----

const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Per square: a code per face-up piece ([`Piece::code`]), and index 32 for face down.
const CELL_KEYS: [[u64; 33]; SQUARES] = {
    let mut table = [[0u64; 33]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut c = 0;
        while c < 33 {
            table[s][c] = splitmix(0xB4A0_0000 + (s * 33 + c) as u64);
            c += 1;
        }
        s += 1;
    }
    table
};
/// Per kind (side × 7 + role − 1) and count 0–5 of the face-down pool.
const POOL_KEYS: [[u64; 6]; 14] = {
    let mut table = [[0u64; 6]; 14];
    let mut k = 0;
    while k < 14 {
        let mut n = 0;
        while n < 6 {
            table[k][n] = splitmix(0xB4A1_0000 + (k * 6 + n) as u64);
            n += 1;
        }
        k += 1;
    }
    table
};
const SECOND_TO_MOVE: u64 = splitmix(0xB4A2_0001);
const FIRST_IS_RED: u64 = splitmix(0xB4A2_0002);
const FIRST_IS_BLACK: u64 = splitmix(0xB4A2_0003);

fn placement_hash(cells: &[Cell; SQUARES], turn: Seat) -> u64 {
    let mut h = if turn == Seat::Second {
        SECOND_TO_MOVE
    } else {
        0
    };
    for (s, cell) in cells.iter().enumerate() {
        match cell {
            Cell::Empty => {}
            Cell::FaceDown => h ^= CELL_KEYS[s][32],
            Cell::FaceUp(piece) => h ^= CELL_KEYS[s][piece.code() & 31],
        }
    }
    h
}

/// Per group of 4 plies without a flip or a capture past [`SCALE_FROM`] (the evaluation
/// depends on them there).
const QUIET_KEYS: [u64; 16] = {
    let mut table = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        table[i] = splitmix(0xB4A3_0000 + i as u64);
        i += 1;
    }
    table
};

/// The pool's kinds: side × 7 + role − 1.
fn pool_kind(piece: Piece) -> usize {
    piece.side().index() * 7 + piece.role() as usize - 1
}

fn colour_key(first: Option<Side>) -> u64 {
    match first {
        None => 0,
        Some(Side::Red) => FIRST_IS_RED,
        Some(Side::Black) => FIRST_IS_BLACK,
    }
}

/// The colours and the pool.
fn rest_key(position: &BanqiPosition, pool: &PieceCounts) -> u64 {
    let mut h = colour_key(position.first_colour);
    for side in Side::ALL {
        for role in Role::ALL {
            let piece = Piece::new(side, role);
            h ^= POOL_KEYS[pool_kind(piece)][usize::from(pool.get(piece).min(5))];
        }
    }
    h
}

/// Past [`SCALE_FROM`] plies without a flip or a capture, that count in groups of four.
fn quiet_key(quiet: u32) -> u64 {
    let past = quiet.saturating_sub(SCALE_FROM as u32) as usize;
    if past > 0 {
        QUIET_KEYS[past.div_ceil(4).min(15)]
    } else {
        0
    }
}

// ---- Evaluation ----

/// From this many plies without a flip or a capture the evaluation shrinks towards the
/// 60-ply draw (by 1% a ply).
const SCALE_FROM: i32 = 20;

/// A piece's base value in centipawns (a soldier 100), before [`piece_value`]'s adjustments
/// for what the enemy still has.
pub const fn base_value(role: Role) -> i32 {
    match role {
        Role::General => 800,
        Role::Advisor => 600,
        Role::Elephant => 420,
        Role::Chariot => 300,
        Role::Horse => 220,
        Role::Cannon => 380,
        Role::Soldier => 100,
    }
}

/// What the enemy of a piece still has alive (face up or face down), for [`piece_value`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EnemyForce {
    pub soldiers: u32,
    pub general: bool,
}

/// A piece's value (rules.md §11 relations in mind): a general loses 70 for each enemy soldier
/// alive when soldiers may take it; a soldier gains 30 while the enemy general lives (and may
/// be taken by it), and loses 30 against a general that takes soldiers.
pub fn piece_value(role: Role, enemy: EnemyForce, options: &Options) -> i32 {
    let base = base_value(role);
    match role {
        Role::General if options.soldier_takes_general => base - 70 * enemy.soldiers as i32,
        Role::Soldier if enemy.general && options.soldier_takes_general => {
            base + if options.general_takes_soldier { 0 } else { 30 }
        }
        Role::Soldier if options.general_takes_soldier && enemy.general => base - 30,
        Role::Cannon if options.cannon == CannonCapture::AlsoStep => base + 30,
        _ => base,
    }
}

/// The squares from one square outwards in one direction, nearest first.
#[derive(Clone, Copy)]
struct Ray {
    squares: [u8; 7],
    len: usize,
}

/// Per square, its four rays: up, down, left, right.
const RAYS: [[Ray; 4]; SQUARES] = {
    let mut rays = [[Ray {
        squares: [0; 7],
        len: 0,
    }; 4]; SQUARES];
    let dirs: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
    let mut s = 0;
    while s < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (mut c, mut r) = ((s % 8) as i32, (s / 8) as i32);
            let mut len = 0;
            loop {
                c += dirs[d].0;
                r += dirs[d].1;
                if c < 0 || c >= 8 || r < 0 || r >= 4 {
                    break;
                }
                rays[s][d].squares[len] = (r * 8 + c) as u8;
                len += 1;
            }
            rays[s][d].len = len;
            d += 1;
        }
        s += 1;
    }
    rays
};

/// How near two squares are for hunting: 6 less their distance in steps, at least 0.
const NEARNESS: [[i32; SQUARES]; SQUARES] = {
    let mut table = [[0; SQUARES]; SQUARES];
    let mut a = 0;
    while a < SQUARES {
        let mut b = 0;
        while b < SQUARES {
            let d =
                ((a % 8) as i32 - (b % 8) as i32).abs() + ((a / 8) as i32 - (b / 8) as i32).abs();
            table[a][b] = if d < 6 { 6 - d } else { 0 };
            b += 1;
        }
        a += 1;
    }
    table
};

/// The square of an index below 32.
fn point(index: u8) -> Point {
    Point::from_index(usize::from(index)).unwrap_or(A1)
}

/// Whether a piece of one role takes a piece of another by stepping onto it (indexed by
/// `Role as usize`): by rank with the §11 exceptions and their options; a cannon only under
/// `cannon=also-step` (its jump is not this). Worked out once per set of options.
fn capture_table(options: &Options) -> &'static [[bool; 8]; 8] {
    static TABLES: OnceLock<[[[bool; 8]; 8]; 16]> = OnceLock::new();
    let index = |o: &Options| {
        usize::from(o.chariot == ChariotMove::Slide)
            | usize::from(o.soldier_takes_general) << 1
            | usize::from(o.general_takes_soldier) << 2
            | usize::from(o.cannon == CannonCapture::AlsoStep) << 3
    };
    let tables = TABLES.get_or_init(|| {
        let mut tables = [[[false; 8]; 8]; 16];
        for (i, table) in tables.iter_mut().enumerate() {
            let o = Options {
                chariot: if i & 1 != 0 {
                    ChariotMove::Slide
                } else {
                    ChariotMove::Step
                },
                soldier_takes_general: i & 2 != 0,
                general_takes_soldier: i & 4 != 0,
                cannon: if i & 8 != 0 {
                    CannonCapture::AlsoStep
                } else {
                    CannonCapture::Jump
                },
            };
            debug_assert_eq!(index(&o), i);
            for attacker in Role::ALL {
                if attacker == Role::Cannon && o.cannon == CannonCapture::Jump {
                    continue;
                }
                for target in Role::ALL {
                    table[attacker as usize][target as usize] =
                        rules::step_capture(attacker, target, &o).is_ok();
                }
            }
        }
        tables
    });
    &tables[index(options)]
}

/// The first square, for filling arrays.
const A1: Point = match Point::new(0, 0) {
    Some(p) => p,
    None => panic!("a1 is a square"),
};

impl BanqiNode {
    fn eval_for_mover(&self) -> i32 {
        let Some(me) = self.colour() else {
            // Before the first flip nobody has a colour: all is even.
            return 0;
        };
        let options = &self.options;
        let takes = capture_table(options);
        // 1 where a role takes another that cannot take it back.
        let mut hunts = [[0i32; 8]; 8];
        for a in Role::ALL {
            for t in Role::ALL {
                let (a, t) = (a as usize, t as usize);
                hunts[a][t] = i32::from(takes[a][t] && !takes[t][a]);
            }
        }
        // Face-up pieces by colour, and what each colour has alive.
        let mut pieces: [[(Point, Role); 16]; 2] = [[(A1, Role::Soldier); 16]; 2];
        let mut count = [0usize; 2];
        let mut soldiers = [0u32; 2];
        let mut general = [false; 2];
        for p in Point::all() {
            if let Cell::FaceUp(piece) = self.position.cell(p) {
                let s = piece.side().index();
                if count[s] < 16 {
                    pieces[s][count[s]] = (p, piece.role());
                    count[s] += 1;
                }
                match piece.role() {
                    Role::Soldier => soldiers[s] += 1,
                    Role::General => general[s] = true,
                    _ => {}
                }
            }
        }
        for side in Side::ALL {
            let s = side.index();
            soldiers[s] += u32::from(self.pool.get(Piece::new(side, Role::Soldier)));
            general[s] |= self.pool.get(Piece::new(side, Role::General)) > 0;
        }
        let force = |s: usize| EnemyForce {
            soldiers: soldiers[1 - s],
            general: general[1 - s],
        };
        // Values by colour and role.
        let mut values = [[0i32; 8]; 2];
        for (s, row) in values.iter_mut().enumerate() {
            for role in Role::ALL {
                row[role as usize] = piece_value(role, force(s), options);
            }
        }
        let mut score = [0i32; 2];
        for side in Side::ALL {
            let s = side.index();
            let (mine, theirs) = (&pieces[s][..count[s]], &pieces[1 - s][..count[1 - s]]);
            for &(_, role) in mine {
                score[s] += values[s][role as usize];
            }
            for role in Role::ALL {
                let n = i32::from(self.pool.get(Piece::new(side, role)));
                score[s] += n * values[s][role as usize] * 9 / 10;
            }
            // Hunting: near an enemy it takes and that cannot take it back.
            let mut hunting = 0;
            for &(q, target) in theirs {
                let (t, near) = (target as usize, &NEARNESS[q.index()]);
                let sum: i32 = mine
                    .iter()
                    .map(|&(p, role)| hunts[role as usize][t] * near[p.index()])
                    .sum();
                hunting += values[1 - s][t] * sum;
            }
            score[s] += hunting / 48;
        }
        let m = me.index();
        let mut total = score[m] - score[1 - m];
        // Threats against the side to move: of two pieces attacked, one is lost.
        let (first, second) = self.threatened(me, takes, &values[m]);
        if first > 0 && second > 0 {
            total -= second / 2;
        }
        // Towards the 60-ply draw an advantage is worth less: the side ahead flips or
        // captures (which resets the count) rather than wander.
        let quiet = self.position.quiet_plies.min(NO_FLIP_OR_CAPTURE_PLIES) as i32;
        if quiet > SCALE_FROM {
            total = total * (100 - (quiet - SCALE_FROM)) / 100;
        }
        total
    }

    /// The two largest values among `me`'s face-up pieces the opponent could capture if it
    /// were its turn (0 for none).
    fn threatened(&self, me: Side, takes: &[[bool; 8]; 8], value: &[i32; 8]) -> (i32, i32) {
        let pos = &self.position;
        let slides = self.options.chariot == ChariotMove::Slide;
        let cannon_steps = self.options.cannon == CannonCapture::AlsoStep;
        let mut hit = [false; SQUARES];
        let (mut first, mut second) = (0, 0);
        let mut mark = |to: Point, role: Role| {
            if !hit[to.index()] {
                hit[to.index()] = true;
                let v = value[role as usize];
                if v > first {
                    second = first;
                    first = v;
                } else if v > second {
                    second = v;
                }
            }
        };
        for from in Point::all() {
            let Cell::FaceUp(attacker) = pos.cell(from) else {
                continue;
            };
            if attacker.side() == me {
                continue;
            }
            let role = attacker.role();
            for ray in &RAYS[from.index()] {
                let squares = &ray.squares[..ray.len];
                // The first piece on the ray, and whether it is next door.
                let Some(i) = squares
                    .iter()
                    .position(|&q| !pos.cells[q as usize].is_empty())
                else {
                    continue;
                };
                let adjacent = i == 0;
                let at = point(squares[i]);
                let reaches = adjacent || (role == Role::Chariot && slides);
                let steps = role != Role::Cannon || cannon_steps;
                if steps
                    && reaches
                    && let Cell::FaceUp(target) = pos.cell(at)
                    && target.side() == me
                    && takes[role as usize][target.role() as usize]
                {
                    mark(at, target.role());
                }
                if role == Role::Cannon
                    && let Some(&beyond) = squares[i + 1..]
                        .iter()
                        .find(|&&q| !pos.cells[q as usize].is_empty())
                    && let beyond = point(beyond)
                    && let Cell::FaceUp(target) = pos.cell(beyond)
                    && target.side() == me
                {
                    mark(beyond, target.role());
                }
            }
        }
        (first, second)
    }

    /// What the rules say of this node (as `Banqi::judge` does for the game).
    fn judge(&self) -> Option<Verdict> {
        let pos = &self.position;
        // Before the first flip all 32 pieces lie face down: nobody can have lost yet.
        let colour = pos.colour_to_move()?;
        let has_piece = self.pool.of_side(colour) > 0
            || pos
                .cells
                .iter()
                .any(|c| c.face_up().is_some_and(|p| p.side() == colour));
        if !has_piece || !rules::has_legal_turn(pos, &self.options) {
            return Some(Verdict::MoverLoses);
        }
        if pos.quiet_plies >= NO_FLIP_OR_CAPTURE_PLIES || self.occurrences >= 3 {
            return Some(Verdict::Draw);
        }
        None
    }

    /// The value of what stands on `point` for its owner (0 for none or face down).
    fn value_at(&self, point: Point) -> i32 {
        match self.position.cell(point) {
            Cell::FaceUp(piece) => base_value(piece.role()),
            _ => 0,
        }
    }
}

impl SearchNode for BanqiNode {
    fn boxed(&self) -> Box<dyn SearchNode> {
        Box::new(self.clone())
    }

    /// The seat (Red stands for the first player, as the platform names Banqi's players).
    fn mover(&self) -> Side {
        match self.position.turn {
            Seat::First => Side::Red,
            Seat::Second => Side::Black,
        }
    }

    fn verdict(&self) -> Option<Verdict> {
        *self.verdict.get_or_init(|| self.judge())
    }

    fn turns(&self, out: &mut Vec<TurnCode>) {
        out.clear();
        if self.verdict().is_some() {
            return;
        }
        let mut turns = Vec::with_capacity(48);
        rules::legal_turns(&self.position, &self.options, &mut turns);
        out.extend(turns.into_iter().map(encode));
    }

    fn play(&self, turn: TurnCode, out: &mut Vec<Chance>) {
        out.clear();
        let turn = decode(turn);
        match turn {
            Turn::Flip(_) => {
                for (piece, n) in self.pool.iter() {
                    out.push(Chance {
                        weight: u32::from(n),
                        node: Box::new(self.child(turn, Some(piece))),
                    });
                }
            }
            _ => out.push(Chance {
                weight: 1,
                node: Box::new(self.child(turn, None)),
            }),
        }
    }

    fn is_capture(&self, turn: TurnCode) -> bool {
        decode(turn).is_capture()
    }

    /// Captures: the value taken less a tenth of the taker's (MVV-LVA). Flips and moves: 0.
    fn order_hint(&self, turn: TurnCode) -> i32 {
        match decode(turn) {
            Turn::Capture { from, to } => self.value_at(to) - self.value_at(from) / 10,
            _ => 0,
        }
    }

    fn evaluate(&self) -> i32 {
        *self.eval.get_or_init(|| self.eval_for_mover())
    }

    fn key(&self) -> u64 {
        self.key
    }

    /// `a1` (a flip, its piece unknown beforehand), `a1-a2`, `a1xb1`.
    fn turn_text(&self, turn: TurnCode) -> String {
        decode(turn).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_name_turns_both_ways() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        for turn in [
            Turn::Flip(p("a1")),
            Turn::Flip(p("h4")),
            Turn::Move {
                from: p("c2"),
                to: p("c3"),
            },
            Turn::Capture {
                from: p("h4"),
                to: p("a4"),
            },
        ] {
            assert_eq!(decode(encode(turn)), turn);
        }
    }

    /// The threats the evaluation finds are the captures the rules give the opponent.
    #[test]
    fn threats_are_the_opponents_captures_rules_11() {
        for text in [
            "",
            "chariot=slide",
            "cannon=also-step",
            "general-takes-soldier=on",
        ] {
            let options = Options::parse(text).unwrap();
            for seed in 0..40u64 {
                let mut game = crate::Banqi::from_seed(jieqi_rules::Seed(seed))
                    .under(options)
                    .unwrap();
                let mut x = seed;
                for _ in 0..(seed as usize * 5) % 150 {
                    let turns = game.legal_turns();
                    if turns.is_empty() {
                        break;
                    }
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    game.play(turns[(x >> 33) as usize % turns.len()]).unwrap();
                }
                let node = BanqiNode::from_view(&game.view(game.turn()));
                let Some(me) = node.colour() else {
                    continue;
                };
                let mut value = [0i32; 8];
                for role in Role::ALL {
                    value[role as usize] = base_value(role);
                }
                let mut theirs = node.position.clone();
                theirs.turn = theirs.turn.other();
                let mut want: Vec<i32> = theirs
                    .legal_turns(&options)
                    .into_iter()
                    .filter_map(|t| match t {
                        Turn::Capture { to, .. } => Some(to),
                        _ => None,
                    })
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .filter_map(|to| node.position.cell(to).face_up())
                    .filter(|p| p.side() == me)
                    .map(|p| value[p.role() as usize])
                    .collect();
                want.sort_unstable_by(|a, b| b.cmp(a));
                want.resize(2, 0);
                let got = node.threatened(me, capture_table(&options), &value);
                assert_eq!(got, (want[0], want[1]), "{text} seed {seed}: {node:?}");
            }
        }
    }

    #[test]
    fn values_follow_the_relations_of_rules_11() {
        let o = Options::default();
        let none = EnemyForce::default();
        let full = EnemyForce {
            soldiers: 5,
            general: true,
        };
        // The general is worth less while enemy soldiers live; soldiers more while it lives.
        assert!(piece_value(Role::General, full, &o) < piece_value(Role::General, none, &o));
        assert!(piece_value(Role::Soldier, full, &o) > piece_value(Role::Soldier, none, &o));
        // The cannon takes anything: worth more than the pieces just above it in rank.
        assert!(base_value(Role::Cannon) > base_value(Role::Chariot));
        for w in [Role::Advisor, Role::Elephant, Role::Chariot, Role::Horse].windows(2) {
            assert!(base_value(w[0]) > base_value(w[1]));
        }
    }
}
