//! Side lines: the alternatives to the game's moves that players study after it, nested to any
//! depth, each move with its own SAN, glyphs and comment.
//!
//! The game's main line stays the [`Record`](super::Record), untouched by anything here (its
//! result and clocks belong to it); the side lines hang off it in an arena: a `Vec` of moves
//! that name the position they were played from ([`Spot`]) and list their continuations. In a
//! side line the first continuation carries the line on, the others are alternatives to it; at
//! a main-line position every line listed is an alternative to the main-line move. Every walk
//! over the tree is a loop with a stack of its own, never recursion, so no depth of nesting can
//! exhaust the stack, and the number of moves is capped ([`MAX_VARIATION_MOVES`]).

use super::notes::Notes;
use super::numbering::MoveNumber;
use super::session::Game;
use crate::rules::{Move, Position};

/// The most side-line moves a game keeps: far more than the most annotated games of
/// publications, and a bound on the memory any file can make hotseat use.
pub const MAX_VARIATION_MOVES: usize = 20_000;

/// A position of the game tree: after `n` moves of the main line, or after a side-line move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    Main(usize),
    Var(u32),
}

/// One move of a side line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarMove {
    pub mv: Move,
    /// SAN with `+`/`#`, in the position before the move.
    pub san: String,
    pub notes: Notes,
    /// The position the move was played from.
    parent: Spot,
    /// The moves played after it: the first goes on with this line, the others are
    /// alternatives to the first.
    children: Vec<u32>,
}

/// The side lines of a game. See the module docs of `variations`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variations {
    nodes: Vec<VarMove>,
    /// Main-line move index → the lines played instead of it, by index (a sorted `Vec`: far
    /// less code than a map, and a game has few branch points).
    branches: Vec<(usize, Vec<u32>)>,
}

/// Why a side-line move was not added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyError {
    /// The game already holds [`MAX_VARIATION_MOVES`] side-line moves.
    Full,
    /// The move is not legal in the position.
    Illegal,
    /// There is no such position in the game.
    NoSpot,
}

impl std::fmt::Display for StudyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StudyError::Full => write!(
                f,
                "the game holds {MAX_VARIATION_MOVES} moves in variations, the most hotseat keeps"
            ),
            StudyError::Illegal => f.write_str("the move is not legal here"),
            StudyError::NoSpot => f.write_str("there is no such position in the game"),
        }
    }
}

/// One step of the standard order of the game's moves (see [`Variations::order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The main-line move of this index.
    Main(usize),
    /// A side-line move: `depth` 1 for a line off the main line; `start` for the first move of
    /// a line; `ply` its half-move index counted from the game's start.
    Var {
        id: u32,
        depth: usize,
        start: bool,
        ply: usize,
    },
}

impl Variations {
    fn branch(&self, ply: usize) -> Option<&Vec<u32>> {
        let i = self.branches.binary_search_by_key(&ply, |b| b.0).ok()?;
        Some(&self.branches[i].1)
    }

    fn branch_mut(&mut self, ply: usize) -> Option<&mut Vec<u32>> {
        let i = self.branches.binary_search_by_key(&ply, |b| b.0).ok()?;
        Some(&mut self.branches[i].1)
    }

    pub fn is_empty(&self) -> bool {
        self.branches.is_empty()
    }

    /// Side-line moves kept (reachable or not; deleting compacts).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn node(&self, id: u32) -> Option<&VarMove> {
        self.nodes.get(id as usize)
    }

    pub(crate) fn node_mut(&mut self, id: u32) -> Option<&mut VarMove> {
        self.nodes.get_mut(id as usize)
    }

    /// The lines that branch off at the next move from `spot`: alternatives to the move that
    /// follows it in its own line.
    pub fn alternatives(&self, spot: Spot) -> &[u32] {
        match spot {
            Spot::Main(p) => self.branch(p).map_or(&[], Vec::as_slice),
            Spot::Var(id) => self
                .node(id)
                .and_then(|n| n.children.get(1..))
                .unwrap_or(&[]),
        }
    }

    /// The side-line move after `spot` in its own line, where the line is a side line.
    pub fn continuation(&self, spot: Spot) -> Option<u32> {
        match spot {
            Spot::Main(_) => None,
            Spot::Var(id) => self.node(id)?.children.first().copied(),
        }
    }

    /// The position `id` was played from.
    pub fn parent(&self, id: u32) -> Option<Spot> {
        self.node(id).map(|n| n.parent)
    }

    /// Whether `id` is the first move of a line (an alternative), not the continuation of one.
    pub fn starts_line(&self, id: u32) -> bool {
        match self.parent(id) {
            Some(Spot::Main(_)) => true,
            Some(Spot::Var(p)) => self.continuation(Spot::Var(p)) != Some(id),
            None => false,
        }
    }

    /// The first move of the line `id` belongs to.
    pub fn line_start(&self, mut id: u32) -> u32 {
        while !self.starts_line(id) {
            match self.parent(id) {
                Some(Spot::Var(p)) => id = p,
                _ => break,
            }
        }
        id
    }

    /// The main-line ply a side-line move hangs off, and its moves from there, in order.
    pub fn path(&self, mut id: u32) -> (usize, Vec<Move>) {
        let mut moves = Vec::new();
        loop {
            let Some(node) = self.node(id) else {
                return (0, Vec::new());
            };
            moves.push(node.mv);
            match node.parent {
                Spot::Main(p) => {
                    moves.reverse();
                    return (p, moves);
                }
                Spot::Var(p) => id = p,
            }
        }
    }

    /// Adds `mv` (with its SAN) after `spot`: as the continuation of a side line that ends
    /// there, otherwise as a new line. The caller has looked for the move among those there.
    fn add(&mut self, spot: Spot, mv: Move, san: String) -> Result<u32, StudyError> {
        if self.nodes.len() >= MAX_VARIATION_MOVES {
            return Err(StudyError::Full);
        }
        let id = u32::try_from(self.nodes.len()).map_err(|_| StudyError::Full)?;
        match spot {
            Spot::Main(p) => match self.branches.binary_search_by_key(&p, |b| b.0) {
                Ok(i) => self.branches[i].1.push(id),
                Err(i) => self.branches.insert(i, (p, vec![id])),
            },
            Spot::Var(p) => self
                .nodes
                .get_mut(p as usize)
                .ok_or(StudyError::NoSpot)?
                .children
                .push(id),
        }
        self.nodes.push(VarMove {
            mv,
            san,
            notes: Notes::default(),
            parent: spot,
            children: Vec::new(),
        });
        Ok(id)
    }

    /// The side-line move `mv` after `spot`, if there is one.
    fn find(&self, spot: Spot, mv: Move) -> Option<u32> {
        let listed = match spot {
            Spot::Main(_) => self.alternatives(spot),
            Spot::Var(id) => self.node(id).map_or(&[][..], |n| n.children.as_slice()),
        };
        listed
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].mv == mv)
    }

    /// The moves in the standard order of PGN (each line's alternatives right after its move)
    /// for a main line of `plies` moves.
    pub fn order(&self, plies: usize) -> Vec<Step> {
        enum Task {
            Line(u32, usize, usize),
            Rest(u32, usize, usize),
        }
        let mut out = Vec::with_capacity(plies + self.nodes.len());
        let mut stack = Vec::new();
        for i in 0..plies {
            out.push(Step::Main(i));
            for &root in self.alternatives(Spot::Main(i)).iter().rev() {
                stack.push(Task::Line(root, 1, i));
            }
            while let Some(task) = stack.pop() {
                match task {
                    Task::Line(id, depth, ply) => {
                        out.push(Step::Var {
                            id,
                            depth,
                            start: true,
                            ply,
                        });
                        stack.push(Task::Rest(id, depth, ply));
                    }
                    Task::Rest(id, depth, ply) => {
                        let children = &self.nodes[id as usize].children;
                        let Some(&next) = children.first() else {
                            continue;
                        };
                        out.push(Step::Var {
                            id: next,
                            depth,
                            start: false,
                            ply: ply + 1,
                        });
                        stack.push(Task::Rest(next, depth, ply + 1));
                        for &alt in children[1..].iter().rev() {
                            stack.push(Task::Line(alt, depth + 1, ply + 1));
                        }
                    }
                }
            }
        }
        out
    }

    /// Forgets the lines that branch off at main-line moves from `plies` on (after a takeback).
    pub(crate) fn truncate(&mut self, plies: usize) {
        if self.branches.last().is_some_and(|b| b.0 >= plies) {
            self.branches.retain(|b| b.0 < plies);
            self.compact(&mut []);
        }
    }

    /// Rebuilds the arena from the moves still reachable, in order, renumbering `keep`.
    fn compact(&mut self, keep: &mut [&mut Spot]) {
        let mut map = vec![u32::MAX; self.nodes.len()];
        let mut order = Vec::new();
        let mut stack: Vec<u32> = self
            .branches
            .iter()
            .flat_map(|b| &b.1)
            .rev()
            .copied()
            .collect();
        while let Some(id) = stack.pop() {
            map[id as usize] = order.len() as u32;
            order.push(id);
            stack.extend(self.nodes[id as usize].children.iter().rev());
        }
        let renumber = |s: Spot| match s {
            Spot::Var(id) => Spot::Var(map[id as usize]),
            main => main,
        };
        let mut old: Vec<Option<VarMove>> = std::mem::take(&mut self.nodes)
            .into_iter()
            .map(Some)
            .collect();
        for id in order {
            if let Some(mut node) = old[id as usize].take() {
                node.parent = renumber(node.parent);
                for c in &mut node.children {
                    *c = map[*c as usize];
                }
                self.nodes.push(node);
            }
        }
        for (_, list) in &mut self.branches {
            for c in list.iter_mut() {
                *c = map[*c as usize];
            }
        }
        for spot in keep {
            **spot = renumber(**spot);
        }
    }

    /// Deletes `id` and every move after it in its line (the lines branching off them too).
    /// Returns the position it was played from, renumbered.
    pub(crate) fn delete(&mut self, id: u32) -> Option<Spot> {
        let mut parent = self.parent(id)?;
        match parent {
            Spot::Main(p) => {
                if let Some(list) = self.branch_mut(p) {
                    list.retain(|&c| c != id);
                }
                self.branches.retain(|b| !b.1.is_empty());
            }
            Spot::Var(p) => self.nodes[p as usize].children.retain(|&c| c != id),
        }
        self.compact(&mut [&mut parent]);
        Some(parent)
    }

    /// Moves the line `id` belongs to one place up among the lines at its branch point: first
    /// among the alternatives, then (in a side line) the main continuation of the line it
    /// branches from. `false` when it is first already.
    pub(crate) fn promote(&mut self, id: u32) -> bool {
        let start = self.line_start(id);
        let list = match self.parent(start) {
            Some(Spot::Main(p)) => self.branch_mut(p),
            Some(Spot::Var(p)) => Some(&mut self.nodes[p as usize].children),
            None => None,
        };
        let Some(list) = list else {
            return false;
        };
        match list.iter().position(|&c| c == start) {
            Some(i) if i > 0 => {
                list.swap(i - 1, i);
                true
            }
            _ => false,
        }
    }
}

impl Game {
    /// The side lines of the game.
    pub fn variations(&self) -> &Variations {
        &self.variations
    }

    /// The position at a spot of the game tree.
    pub fn position_at(&self, spot: Spot) -> Option<Position> {
        match spot {
            Spot::Main(p) => self.record().position_at(p).cloned(),
            Spot::Var(id) => {
                let (ply, moves) = self.variations.path(id);
                if moves.is_empty() {
                    return None;
                }
                let mut pos = self.record().position_at(ply)?.clone();
                for mv in moves {
                    pos.play_unchecked(mv);
                }
                Some(pos)
            }
        }
    }

    /// The move that led to a spot: its SAN, and its number.
    pub fn move_at(&self, spot: Spot) -> Option<(MoveNumber, &str, &Notes)> {
        match spot {
            Spot::Main(p) => {
                let i = p.checked_sub(1)?;
                let san = &self.record().moves().get(i)?.san;
                let number = MoveNumber::of_ply(self.record().start(), i);
                Some((number, san, self.notes().get(i)?))
            }
            Spot::Var(id) => {
                let node = self.variations.node(id)?;
                let (ply, moves) = self.variations.path(id);
                let number = MoveNumber::of_ply(self.record().start(), ply + moves.len() - 1);
                Some((number, node.san.as_str(), &node.notes))
            }
        }
    }

    /// The notes of the move that led to a spot (`None` at the start position).
    pub fn notes_at_mut(&mut self, spot: Spot) -> Option<&mut Notes> {
        match spot {
            Spot::Main(p) => self.notes_mut(p.checked_sub(1)?),
            Spot::Var(id) => self.variations.node_mut(id).map(|n| &mut n.notes),
        }
    }

    /// Plays `mv` from `spot` on the analysis board and says where that leads, never changing
    /// the main line: the move that follows in the line, a line that starts with it, or a new
    /// side line (the continuation of a side line that ends there). At the end of the main
    /// line, whose result belongs to it, the new line repeats the last move and goes on from
    /// there (`40... Kg8 (40... Kg8 41. Qh7)`), as PGN writes a continuation.
    pub fn study_move(&mut self, spot: Spot, mv: Move) -> Result<Spot, StudyError> {
        let pos = self.position_at(spot).ok_or(StudyError::NoSpot)?;
        if !pos.is_legal(mv) {
            return Err(StudyError::Illegal);
        }
        let plies = self.record().plies();
        let from = match spot {
            Spot::Main(p) if p < plies && self.record().moves()[p].mv == mv => {
                return Ok(Spot::Main(p + 1));
            }
            Spot::Main(0) if plies == 0 => return Err(StudyError::NoSpot),
            Spot::Main(p) if p == plies => {
                let last = &self.record().moves()[p - 1];
                let (last_mv, last_san) = (last.mv, last.san.clone());
                let start = Spot::Main(p - 1);
                match self.variations.find(start, last_mv) {
                    Some(id) => Spot::Var(id),
                    None => Spot::Var(self.variations.add(start, last_mv, last_san)?),
                }
            }
            _ => spot,
        };
        if let Some(id) = self.variations.find(from, mv) {
            return Ok(Spot::Var(id));
        }
        // `from` is `spot`, or the repeated last move, which leads to the same position: `pos`.
        let id = self.variations.add(from, mv, pos.san(mv))?;
        Ok(Spot::Var(id))
    }

    /// Adds a side-line move read from a file after `spot`, its SAN already known.
    pub(crate) fn add_variation_move(
        &mut self,
        spot: Spot,
        mv: Move,
        san: String,
    ) -> Result<u32, StudyError> {
        self.variations.add(spot, mv, san)
    }

    /// Deletes the side-line move `id` and the rest of its line; where the view goes.
    pub fn delete_variation(&mut self, id: u32) -> Option<Spot> {
        self.variations.delete(id)
    }

    /// Moves the line of `id` up one place at its branch point; `false` if it is first.
    pub fn promote_variation(&mut self, id: u32) -> bool {
        self.variations.promote(id)
    }

    pub(crate) fn truncate_variations(&mut self) {
        let plies = self.record().plies();
        self.variations.truncate(plies);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameSetup;

    fn game(moves: &str) -> Game {
        let mut g = Game::new(GameSetup::default());
        for m in moves.split_whitespace() {
            let mv = g.position().parse_move(m).unwrap();
            g.replay(mv);
        }
        g
    }

    fn play(g: &mut Game, spot: Spot, san: &str) -> Spot {
        let mv = g.position_at(spot).unwrap().parse_move(san).unwrap();
        g.study_move(spot, mv).unwrap()
    }

    #[test]
    fn the_next_main_line_move_steps_on_and_another_starts_a_line() {
        let mut g = game("e4 e5 Nf3");
        assert_eq!(play(&mut g, Spot::Main(1), "e5"), Spot::Main(2));
        let c5 = play(&mut g, Spot::Main(1), "c5");
        assert_eq!(c5, Spot::Var(0));
        assert_eq!(
            play(&mut g, Spot::Main(1), "c5"),
            c5,
            "entered, not doubled"
        );
        let nf3 = play(&mut g, c5, "Nf3");
        assert_eq!(g.variations().continuation(c5), Some(1));
        assert_eq!(nf3, Spot::Var(1));
        let nc3 = play(&mut g, c5, "Nc3");
        assert_eq!(g.variations().alternatives(c5), &[2]);
        assert!(g.variations().starts_line(2));
        assert!(!g.variations().starts_line(1));
        assert_eq!(g.variations().line_start(1), 0);
        assert_eq!(g.move_at(nc3).unwrap().1, "Nc3");
        assert_eq!(g.move_at(nc3).unwrap().0.to_string(), "2.");
        assert_eq!(g.record().plies(), 3, "the main line is untouched");
    }

    #[test]
    fn a_move_at_the_end_of_the_main_line_repeats_the_last_move_in_a_line() {
        let mut g = game("e4 e5");
        let nf3 = play(&mut g, Spot::Main(2), "Nf3");
        let Spot::Var(id) = nf3 else { panic!() };
        let first = g.variations().line_start(id);
        assert_eq!(g.variations().node(first).unwrap().san, "e5");
        assert_eq!(g.variations().parent(first), Some(Spot::Main(1)));
        assert_eq!(
            play(&mut g, Spot::Main(2), "Nf3"),
            nf3,
            "the same line again"
        );
        let e4 = Position::initial().parse_move("e4").unwrap();
        assert_eq!(
            game("").study_move(Spot::Main(0), e4),
            Err(StudyError::NoSpot),
            "no move to hang a line on"
        );
    }

    #[test]
    fn promote_moves_a_line_up_then_makes_it_the_continuation() {
        let mut g = game("e4 e5");
        let d5 = play(&mut g, Spot::Main(1), "d5");
        let c5 = play(&mut g, Spot::Main(1), "c5");
        let Spot::Var(c5_id) = c5 else { panic!() };
        assert!(g.promote_variation(c5_id));
        assert_eq!(g.variations().alternatives(Spot::Main(1)), &[c5_id, 0]);
        assert!(!g.promote_variation(c5_id), "the main line stays");
        let nf3 = play(&mut g, d5, "Nf3");
        let nc3 = play(&mut g, d5, "Nc3");
        let Spot::Var(nc3_id) = nc3 else { panic!() };
        assert!(g.promote_variation(nc3_id));
        assert_eq!(g.variations().continuation(d5), Some(nc3_id));
        let Spot::Var(nf3_id) = nf3 else { panic!() };
        assert_eq!(g.variations().alternatives(d5), &[nf3_id]);
    }

    #[test]
    fn delete_takes_the_move_and_the_rest_of_its_line_and_renumbers() {
        let mut g = game("e4 e5");
        let d5 = play(&mut g, Spot::Main(1), "d5");
        let exd5 = play(&mut g, d5, "exd5");
        let _qxd5 = play(&mut g, exd5, "Qxd5");
        let c5 = play(&mut g, Spot::Main(1), "c5");
        let Spot::Var(exd5_id) = exd5 else { panic!() };
        assert_eq!(g.delete_variation(exd5_id), Some(Spot::Var(0)));
        assert_eq!(g.variations().len(), 2);
        let Spot::Var(_) = c5 else { panic!() };
        assert_eq!(g.delete_variation(0), Some(Spot::Main(1)));
        assert_eq!(g.variations().len(), 1);
        assert_eq!(g.variations().node(0).unwrap().san, "c5");
        assert_eq!(g.delete_variation(0), Some(Spot::Main(1)));
        assert!(g.variations().is_empty());
    }

    #[test]
    fn a_takeback_forgets_the_lines_off_the_moves_taken_back() {
        let mut g = game("e4 e5 Nf3");
        play(&mut g, Spot::Main(0), "d4");
        let c5 = play(&mut g, Spot::Main(1), "c5");
        play(&mut g, c5, "Nf3");
        g.takeback(2, std::time::Duration::ZERO).unwrap();
        assert_eq!(g.variations().len(), 1);
        assert_eq!(g.variations().node(0).unwrap().san, "d4");
        assert_eq!(g.variations().order(1).len(), 2);
    }

    #[test]
    fn comments_and_glyphs_go_on_side_line_moves() {
        let mut g = game("e4");
        let c5 = play(&mut g, Spot::Main(0), "d4");
        g.notes_at_mut(c5).unwrap().add_comment("Queen's pawn");
        g.notes_at_mut(c5).unwrap().add_nag(1);
        assert_eq!(g.move_at(c5).unwrap().2.comment, "Queen's pawn");
        assert_eq!(g.move_at(c5).unwrap().2.nags, [1]);
        assert!(g.notes_at_mut(Spot::Main(0)).is_none());
    }

    #[test]
    fn the_order_puts_each_lines_alternatives_after_its_move() {
        let mut g = game("e4 e5 Nf3");
        let c5 = play(&mut g, Spot::Main(1), "c5");
        play(&mut g, c5, "Nf3");
        play(&mut g, c5, "Nc3");
        play(&mut g, Spot::Main(1), "e6");
        let order: Vec<String> = g
            .variations()
            .order(3)
            .iter()
            .map(|s| match *s {
                Step::Main(i) => g.record().moves()[i].san.clone(),
                Step::Var { id, depth, .. } => {
                    format!(
                        "{}{}",
                        "(".repeat(depth),
                        g.variations().node(id).unwrap().san
                    )
                }
            })
            .collect();
        assert_eq!(order, ["e4", "e5", "(c5", "(Nf3", "((Nc3", "(e6", "Nf3"]);
    }

    #[test]
    fn deep_lines_are_walked_without_recursion() {
        let mut g = game("e4");
        let mut spot = Spot::Main(0);
        for i in 0..5_000 {
            let san = ["Nf3", "Nf6", "Ng1", "Ng8"][i % 4];
            let mv = g.position_at(spot).unwrap().parse_move(san).unwrap();
            spot = g.study_move(spot, mv).unwrap();
        }
        assert_eq!(g.variations().len(), 5_000);
        assert_eq!(g.variations().order(1).len(), 5_001);
        let Spot::Var(last) = spot else { panic!() };
        assert_eq!(g.variations().line_start(last), 0);
        assert_eq!(g.delete_variation(0), Some(Spot::Main(0)));
    }
}
