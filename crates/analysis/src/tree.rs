//! A move tree with variations, every turn told as it was seen and checked by the rules.
//!
//! The root is a start position (the variant's public start, or a position's text); each
//! other node is one turn as its teller knew it ([`KnownTurn`]: its text in the variant's
//! engine notation — ICCS with the reveal's letter for Xiangqi and Jieqi, `a3a4C` — and the
//! identity of a face-down piece it took, where the teller knew it). A node's children are
//! ordered: the first is the main line, the others are variations.
//!
//! There is never a deal behind the tree: the game at a node is the variant's told game
//! ([`Variant::told_game`](jieqi_rules::platform::Variant::told_game)) from the start, then each turn on the path with
//! [`PlayedGame::play_known`], so the game knows exactly what was told and nothing more, and
//! a refused turn comes back with the rules' own one-line reason, the tree unchanged.

use std::fmt;

use jieqi_rules::platform::{KnownTurn, PlayedGame, Receiver, Spot, VariantRef};

pub use crate::error::TreeError;
use crate::reveal::{self, Question};

/// A node of a [`Tree`]: stable for as long as the node lives (a deleted node's id is never
/// given to another).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

#[derive(Clone, Debug)]
struct Node {
    turn: Option<KnownTurn>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    comment: String,
}

/// A move tree of one variant from one start position, with the game at the current node.
pub struct Tree {
    variant: VariantRef,
    start: Option<String>,
    rules: String,
    nodes: Vec<Option<Node>>,
    current: NodeId,
    game: Box<dyn PlayedGame>,
}

impl fmt::Debug for Tree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tree")
            .field("variant", &self.variant)
            .field("start", &self.start)
            .field("rules", &self.rules)
            .field("nodes", &self.nodes.iter().flatten().count())
            .field("current", &self.current)
            .finish()
    }
}

/// The root's id: the first slot, never freed.
const ROOT: NodeId = NodeId(0);

impl Tree {
    /// A tree of `variant` from `start` (its position text, as [`Variant::position`] reads
    /// it; `None`: the variant's public start) under `rules` (the house rules as rule sets
    /// write them; empty for the defaults).
    ///
    /// [`Variant::position`]: jieqi_rules::platform::Variant::position
    pub fn new(variant: VariantRef, start: Option<&str>, rules: &str) -> Result<Tree, TreeError> {
        let game = variant
            .told_game(start, &[], rules)
            .map_err(|e| TreeError::Refused(e.to_string()))?;
        Ok(Tree {
            variant,
            start: start.map(str::to_string),
            rules: rules.to_string(),
            nodes: vec![Some(Node {
                turn: None,
                parent: None,
                children: Vec::new(),
                comment: String::new(),
            })],
            current: ROOT,
            game,
        })
    }

    /// The variant.
    pub fn variant(&self) -> VariantRef {
        self.variant
    }

    /// The start position's text as given (`None`: the variant's public start).
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The house rules, as rule sets write them (empty: the defaults).
    pub fn rules(&self) -> &str {
        &self.rules
    }

    /// The start position's node.
    pub fn root(&self) -> NodeId {
        ROOT
    }

    /// The node shown.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The game at the current node: its table, legal turns, outcome, engine node.
    pub fn game(&self) -> &dyn PlayedGame {
        &*self.game
    }

    /// The position text at the current node as its teller knows it (for Jieqi the FEN
    /// with the pool of the unseen and what the teller learned): what an engine is given.
    pub fn position_text(&self) -> String {
        self.game
            .knowledge(Receiver::Player(self.game.turn()))
            .position
    }

    fn node(&self, id: NodeId) -> Result<&Node, TreeError> {
        self.nodes
            .get(id.0)
            .and_then(Option::as_ref)
            .ok_or(TreeError::NoSuchNode)
    }

    fn node_mut(&mut self, id: NodeId) -> Result<&mut Node, TreeError> {
        self.nodes
            .get_mut(id.0)
            .and_then(Option::as_mut)
            .ok_or(TreeError::NoSuchNode)
    }

    /// Whether `id` is a node of this tree.
    pub fn contains(&self, id: NodeId) -> bool {
        self.node(id).is_ok()
    }

    /// The turn that leads to `id` (`None` for the root or a node not in the tree).
    pub fn turn(&self, id: NodeId) -> Option<&KnownTurn> {
        self.node(id).ok()?.turn.as_ref()
    }

    /// The node `id` follows (`None` for the root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).ok()?.parent
    }

    /// The turns played from `id`, the main line's first.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).map_or(&[], |n| &n.children)
    }

    /// The comment on `id` (empty if none).
    pub fn comment(&self, id: NodeId) -> &str {
        self.node(id).map_or("", |n| &n.comment)
    }

    /// Sets the comment on `id`.
    pub fn set_comment(&mut self, id: NodeId, comment: &str) -> Result<(), TreeError> {
        self.node_mut(id)?.comment = comment.to_string();
        Ok(())
    }

    /// The nodes from the root's first turn down to `id` (empty for the root).
    pub fn path(&self, id: NodeId) -> Result<Vec<NodeId>, TreeError> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.node(at)?.parent {
            path.push(at);
            at = parent;
        }
        path.reverse();
        Ok(path)
    }

    /// The turns from the start to `id`, as told.
    pub fn turns_to(&self, id: NodeId) -> Result<Vec<KnownTurn>, TreeError> {
        self.path(id)?
            .into_iter()
            .map(|n| self.turn(n).cloned().ok_or(TreeError::NoSuchNode))
            .collect()
    }

    /// The main line: from the root, each node's first child.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = ROOT;
        while let Some(&next) = self.children(at).first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// Whether `id` is on the main line (the root is).
    pub fn is_main_line(&self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            if self.children(parent).first() != Some(&at) {
                return false;
            }
            at = parent;
        }
        at == ROOT
    }

    /// Every node, the root first, each before its children (main line first).
    pub fn nodes(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![ROOT];
        while let Some(id) = stack.pop() {
            out.push(id);
            stack.extend(self.children(id).iter().rev());
        }
        out
    }

    /// The game at `id`, built afresh from the start: the told game and every turn on the
    /// path.
    pub fn game_at(&self, id: NodeId) -> Result<Box<dyn PlayedGame>, TreeError> {
        let refused = |e: &dyn fmt::Display| TreeError::Refused(e.to_string());
        let mut game = self
            .variant
            .told_game(self.start.as_deref(), &[], &self.rules)
            .map_err(|e| refused(&e))?;
        for turn in self.turns_to(id)? {
            game.play_known(&turn).map_err(|e| refused(&e))?;
        }
        Ok(game)
    }

    /// Plays `text` (any notation the variant reads; a face-down piece's move names what it
    /// turned up) at the current node: see [`Tree::play_known`].
    pub fn play(&mut self, text: &str) -> Result<NodeId, TreeError> {
        self.play_known(&KnownTurn {
            text: text.to_string(),
            captured: None,
        })
    }

    /// Plays `turn` at the current node, checked by the rules, and goes to it: a child with
    /// the same turn is reused, else a new child is added (after the others: a turn played
    /// where a line goes on starts a variation). The turn is kept as the rules write it
    /// back (ICCS with the reveal's letter), its captured identity only where the game took
    /// it in. A refused turn leaves the tree as it was and gives the rules' reason.
    pub fn play_known(&mut self, turn: &KnownTurn) -> Result<NodeId, TreeError> {
        let mut next = self.game.boxed();
        let mover = next.turn();
        next.play_known(turn)
            .map_err(|e| TreeError::Refused(e.to_string()))?;
        let told = next
            .knowledge(Receiver::Player(mover))
            .turns
            .pop()
            .ok_or_else(|| TreeError::Refused("the turn was not kept".into()))?;
        let existing = self
            .children(self.current)
            .iter()
            .copied()
            .find(|&c| self.turn(c) == Some(&told));
        let id = match existing {
            Some(id) => id,
            None => {
                let id = NodeId(self.nodes.len());
                self.nodes.push(Some(Node {
                    turn: Some(told),
                    parent: Some(self.current),
                    children: Vec::new(),
                    comment: String::new(),
                }));
                self.node_mut(self.current)?.children.push(id);
                id
            }
        };
        self.current = id;
        self.game = next;
        Ok(id)
    }

    /// What playing the click `from` → `to` (a turn in place: `to` `None`) at the current
    /// node needs told: see [`reveal::ask`].
    pub fn ask(&self, from: Spot, to: Option<Spot>) -> Result<Question, TreeError> {
        reveal::ask(&*self.game, from, to)
    }

    /// One turn back; `false` at the start.
    pub fn go_back(&mut self) -> bool {
        let Some(parent) = self.parent(self.current) else {
            return false;
        };
        if self.game.undo() {
            self.current = parent;
            true
        } else {
            self.go_to(parent).is_ok()
        }
    }

    /// One turn forward along the main line from here; `false` at a line's end.
    pub fn go_forward(&mut self) -> bool {
        let Some(&next) = self.children(self.current).first() else {
            return false;
        };
        let Some(turn) = self.turn(next).cloned() else {
            return false;
        };
        if self.game.play_known(&turn).is_ok() {
            self.current = next;
            true
        } else {
            self.go_to(next).is_ok()
        }
    }

    /// To the start position.
    pub fn go_to_start(&mut self) {
        while self.go_back() {}
    }

    /// To the end of the line from here (each first child).
    pub fn go_to_end(&mut self) {
        while self.go_forward() {}
    }

    /// To any node: its game is built from the start.
    pub fn go_to(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.game = self.game_at(id)?;
        self.current = id;
        Ok(())
    }

    /// Moves `id` one place up among its siblings (towards the main line); `false` when it
    /// is first already.
    pub fn promote(&mut self, id: NodeId) -> Result<bool, TreeError> {
        let parent = self.node(id)?.parent.ok_or(TreeError::Root)?;
        let siblings = &mut self.node_mut(parent)?.children;
        let at = siblings
            .iter()
            .position(|&c| c == id)
            .ok_or(TreeError::NoSuchNode)?;
        if at == 0 {
            return Ok(false);
        }
        siblings.swap(at, at - 1);
        Ok(true)
    }

    /// Makes the line through `id` the main line: `id` and each node above it become their
    /// parent's first child.
    pub fn promote_to_main(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.node(id)?.parent.ok_or(TreeError::Root)?;
        for node in self.path(id)? {
            while self.promote(node)? {}
        }
        Ok(())
    }

    /// Deletes `id` and every turn after it; the current node, if among them, becomes
    /// `id`'s parent.
    pub fn delete(&mut self, id: NodeId) -> Result<(), TreeError> {
        let parent = self.node(id)?.parent.ok_or(TreeError::Root)?;
        let doomed = self.subtree(id);
        if doomed.contains(&self.current) {
            self.go_to(parent)?;
        }
        self.node_mut(parent)?.children.retain(|&c| c != id);
        for node in doomed {
            self.nodes[node.0] = None;
        }
        Ok(())
    }

    /// `id` and every node below it.
    fn subtree(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            out.push(n);
            stack.extend_from_slice(self.children(n));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jieqi_rules::platform::{JIEQI, XIANGQI};

    fn xiangqi() -> Tree {
        Tree::new(VariantRef(&XIANGQI), None, "").unwrap()
    }

    #[test]
    fn plays_and_reuses_a_child_with_the_same_turn() {
        let mut tree = xiangqi();
        let a = tree.play("h2e2").unwrap();
        let b = tree.play("h9g7").unwrap();
        assert_eq!(tree.path(b).unwrap(), vec![a, b]);
        tree.go_to_start();
        // WXF for the same turn: the same node, kept as ICCS.
        assert_eq!(tree.play("C2=5").unwrap(), a);
        assert_eq!(tree.turn(a).unwrap().text, "h2e2");
        assert_eq!(tree.children(tree.root()), &[a]);
    }

    #[test]
    fn a_turn_from_an_earlier_position_starts_a_variation() {
        let mut tree = xiangqi();
        let a = tree.play("h2e2").unwrap();
        let b = tree.play("h9g7").unwrap();
        assert!(tree.go_back());
        let c = tree.play("b9c7").unwrap();
        assert_eq!(tree.children(a), &[b, c]);
        assert_eq!(tree.main_line(), vec![a, b]);
        assert!(!tree.is_main_line(c));
        assert!(tree.promote(c).unwrap());
        assert_eq!(tree.main_line(), vec![a, c]);
        assert!(!tree.promote(c).unwrap());
    }

    #[test]
    fn a_refused_turn_gives_the_rules_reason_and_changes_nothing() {
        let mut tree = xiangqi();
        tree.play("h2e2").unwrap();
        let before = (tree.current(), tree.nodes());
        let err = tree.play("a0a5").unwrap_err();
        assert!(matches!(err, TreeError::Refused(_)), "{err}");
        assert!(!err.to_string().contains('\n'));
        assert_eq!((tree.current(), tree.nodes()), before);
        assert!(tree.play("nonsense").is_err());
    }

    #[test]
    fn navigation_and_promotion_to_the_main_line() {
        let mut tree = xiangqi();
        for t in ["h2e2", "h9g7", "h0g2"] {
            tree.play(t).unwrap();
        }
        tree.go_to_start();
        assert_eq!(tree.current(), tree.root());
        assert!(!tree.go_back());
        tree.go_to_end();
        assert_eq!(tree.current(), *tree.main_line().last().unwrap());
        assert_eq!(tree.game().plies(), 3);
        // A variation two deep, promoted to the main line.
        tree.go_to_start();
        tree.play("b2e2").unwrap();
        let deep = tree.play("b9c7").unwrap();
        tree.promote_to_main(deep).unwrap();
        assert_eq!(tree.main_line().last(), Some(&deep));
        assert!(tree.is_main_line(deep));
        assert_eq!(tree.promote(tree.root()), Err(TreeError::Root));
    }

    #[test]
    fn deleting_a_node_removes_its_subtree_and_moves_off_it() {
        let mut tree = xiangqi();
        let a = tree.play("h2e2").unwrap();
        let b = tree.play("h9g7").unwrap();
        let c = tree.play("h0g2").unwrap();
        tree.delete(b).unwrap();
        assert_eq!(tree.current(), a);
        assert_eq!(tree.game().plies(), 1);
        assert!(!tree.contains(c));
        assert_eq!(tree.go_to(c), Err(TreeError::NoSuchNode));
        assert_eq!(tree.delete(tree.root()), Err(TreeError::Root));
        assert_eq!(tree.nodes(), vec![tree.root(), a]);
    }

    #[test]
    fn a_jieqi_tree_checks_reveals_against_the_pool_rules_7() {
        let mut tree = Tree::new(VariantRef(&JIEQI), None, "").unwrap();
        // A face-down move must say what it turned up.
        assert!(tree.play("a3a4").is_err());
        tree.play("a3a4C").unwrap();
        tree.play("a6a5c").unwrap();
        tree.play("c3c4C").unwrap();
        tree.play("i6i5p").unwrap();
        // Both red cannons have turned up: no third.
        assert!(tree.play("e3e4C").is_err());
        tree.play("e3e4P").unwrap();
        assert_eq!(tree.game().plies(), 5);
    }

    #[test]
    fn a_told_capture_is_kept_and_its_identity_left_the_pool_rules_7() {
        let mut tree = Tree::new(VariantRef(&JIEQI), None, "").unwrap();
        let id = tree
            .play_known(&KnownTurn {
                text: "b2b9C".into(),
                captured: Some('r'),
            })
            .unwrap();
        assert_eq!(tree.turn(id).unwrap().captured, Some('r'));
        assert!(tree.position_text().ends_with("r1a2c2p5n2b2 r1 0 1"));
        // Unknown: the same move without it is another node.
        tree.go_back();
        let unknown = tree.play("b2b9C").unwrap();
        assert_ne!(unknown, id);
        assert_eq!(tree.turn(unknown).unwrap().captured, None);
    }

    #[test]
    fn a_captured_identity_a_game_cannot_take_is_not_kept() {
        // Xiangqi has no face-down pieces: nothing is claimed.
        let mut tree = xiangqi();
        let id = tree
            .play_known(&KnownTurn {
                text: "h2e2".into(),
                captured: Some('r'),
            })
            .unwrap();
        assert_eq!(tree.turn(id).unwrap().captured, None);
    }
}
