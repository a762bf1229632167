//! The search tree of [`Mcts`](super::Mcts) and [`IsMcts`](super::IsMcts): nodes in one arena,
//! over sequences of actions (open loop), each with a value per seat.
//!
//! A node stands for the actions taken from the root to reach it, not for a state: chance
//! and what the searching seat cannot see are drawn anew by each iteration, so the same
//! sequence may lead to different states, and an action may be legal in some of them only.
//! A child is therefore added the first time its action is legal, and counts how often it was
//! legal when its parent was passed through (its *availability*, Cowling, Powley and
//! Whitehouse 2012): the selection weighs each child against the passes in which it could
//! have been chosen, which for a game of full information is its parent's visits.

use crate::engine::Seat;

/// No node: the end of a list of children.
const NONE: u32 = u32::MAX;

/// One node: the action that led here from its parent, who chose it, and what it is worth.
#[derive(Clone, Debug)]
pub(super) struct Node<A> {
    /// The action taken from the parent (the root's is never read).
    pub action: Option<A>,
    /// The seat that chose `action`.
    pub seat: Seat,
    /// The passes through this node.
    pub visits: u32,
    /// The passes through the parent in which `action` was legal.
    pub available: u32,
    /// The rules refused the action in some state of the search (a card script failed): it
    /// is never chosen again.
    pub refused: bool,
    first_child: u32,
    next_sibling: u32,
}

/// The tree: nodes in one vector, children as linked lists of indices, and the value sums
/// of every node for every seat in one more.
#[derive(Clone, Debug)]
pub(super) struct Tree<A> {
    nodes: Vec<Node<A>>,
    /// `seats` sums per node: node `i`'s sum for seat `s` is at `i * seats + s`.
    sums: Vec<f64>,
    seats: usize,
}

impl<A: Copy + PartialEq> Tree<A> {
    /// A tree of one node, the root, for a game of `seats` seats.
    pub fn new(seats: usize) -> Self {
        let mut tree = Tree {
            nodes: Vec::new(),
            sums: Vec::new(),
            seats: seats.max(1),
        };
        tree.push(None, 0);
        tree
    }

    pub const ROOT: usize = 0;

    fn push(&mut self, action: Option<A>, seat: Seat) -> usize {
        self.nodes.push(Node {
            action,
            seat,
            visits: 0,
            available: 0,
            refused: false,
            first_child: NONE,
            next_sibling: NONE,
        });
        self.sums.extend(std::iter::repeat_n(0.0, self.seats));
        self.nodes.len() - 1
    }

    pub fn node(&self, i: usize) -> &Node<A> {
        &self.nodes[i]
    }

    pub fn node_mut(&mut self, i: usize) -> &mut Node<A> {
        &mut self.nodes[i]
    }

    /// The children of `parent`, newest first.
    pub fn children(&self, parent: usize) -> Children<'_, A> {
        Children {
            tree: self,
            next: self.nodes[parent].first_child,
        }
    }

    /// The child of `parent` reached by `action`, if it was ever added.
    pub fn child(&self, parent: usize, action: A) -> Option<usize> {
        self.children(parent)
            .find(|&c| self.nodes[c].action == Some(action))
    }

    /// Adds the child of `parent` reached by `action`, chosen by `seat`.
    pub fn add_child(&mut self, parent: usize, action: A, seat: Seat) -> usize {
        let child = self.push(Some(action), seat);
        self.nodes[child].next_sibling = self.nodes[parent].first_child;
        self.nodes[parent].first_child = child as u32;
        child
    }

    /// The mean value of node `i` for `seat` (0 before any visit).
    pub fn mean(&self, i: usize, seat: Seat) -> f64 {
        let visits = self.nodes[i].visits;
        if visits == 0 || seat >= self.seats {
            return 0.0;
        }
        self.sums[i * self.seats + seat] / f64::from(visits)
    }

    /// Counts a pass through node `i` that ended with `values` (one per seat).
    pub fn record(&mut self, i: usize, values: &[f64]) {
        self.nodes[i].visits = self.nodes[i].visits.saturating_add(1);
        let start = i * self.seats;
        for (sum, value) in self.sums[start..start + self.seats].iter_mut().zip(values) {
            *sum += value;
        }
    }

    /// The subtree under node `i` as a tree of its own, `i` its root (what is kept of a
    /// search once the game has moved on to `i`).
    pub fn subtree(&self, i: usize) -> Tree<A> {
        let mut tree = Tree {
            nodes: Vec::new(),
            sums: Vec::new(),
            seats: self.seats,
        };
        let root = tree.push(None, self.nodes[i].seat);
        tree.copy_stats(root, self, i);
        let mut stack = vec![(i, root)];
        while let Some((from, to)) = stack.pop() {
            // Children are re-added oldest first, so that each list keeps its order.
            let mut children: Vec<usize> = self.children(from).collect();
            children.reverse();
            for child in children {
                let node = &self.nodes[child];
                let Some(action) = node.action else {
                    continue;
                };
                let copy = tree.add_child(to, action, node.seat);
                tree.copy_stats(copy, self, child);
                stack.push((child, copy));
            }
        }
        tree
    }

    fn copy_stats(&mut self, to: usize, from_tree: &Tree<A>, from: usize) {
        let node = &from_tree.nodes[from];
        self.nodes[to].visits = node.visits;
        self.nodes[to].available = node.available;
        self.nodes[to].refused = node.refused;
        let (a, b) = (to * self.seats, from * self.seats);
        self.sums[a..a + self.seats].copy_from_slice(&from_tree.sums[b..b + self.seats]);
    }
}

/// The children of a node, by index.
pub(super) struct Children<'a, A> {
    tree: &'a Tree<A>,
    next: u32,
}

impl<A> Iterator for Children<'_, A> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.next == NONE {
            return None;
        }
        let i = self.next as usize;
        self.next = self.tree.nodes[i].next_sibling;
        Some(i)
    }
}
