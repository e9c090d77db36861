//! The search tree of information-set MCTS.
//!
//! Nodes live in one arena vector that is reused from decision to decision (cleared, not
//! freed). A node's edges are the (seat, action) pairs tried from it, kept sorted by a stable
//! hash of the pair so that finding an action's edge is a binary search, not a scan. The
//! seat is part of the key because which seat decides next can depend on hidden
//! information (a defender with no Defense card may never be asked).

use squadsight_core::Seat;
use squadsight_core::hash::stable_hash;
use std::hash::Hash;

/// One (seat, action) tried from a node, with its statistics.
#[derive(Clone, Debug)]
pub(crate) struct Edge<A> {
    key: u64,
    /// The seat that took the action; rewards are from its point of view.
    pub seat: Seat,
    /// The action, compared by value.
    pub action: A,
    /// The node the action leads to.
    pub child: u32,
    /// Playouts through this edge.
    pub visits: u32,
    /// Times this edge was legal when its node was passed (ISMCTS availability count).
    pub available: u32,
    /// Sum of the playouts' values for `seat`.
    pub reward: f64,
}

impl<A> Edge<A> {
    /// Mean value of the playouts through this edge, 0 when never visited.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

/// One information set reached by a sequence of actions.
#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    /// Edges sorted by key.
    pub edges: Vec<Edge<A>>,
}

/// The node arena.
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    nodes: Vec<Node<A>>,
    used: usize,
}

/// The key an edge is sorted and found by.
pub(crate) fn edge_key<A: Hash>(seat: Seat, action: &A) -> u64 {
    stable_hash(&(seat.0, action))
}

impl<A: Clone + Eq + Hash> Tree<A> {
    /// An empty arena.
    pub fn new() -> Tree<A> {
        Tree {
            nodes: Vec::new(),
            used: 0,
        }
    }

    /// Forgets every node (keeping the memory) and returns a fresh root.
    pub fn reset(&mut self) -> u32 {
        self.used = 0;
        self.alloc()
    }

    /// Nodes in use.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.used
    }

    fn alloc(&mut self) -> u32 {
        if self.used < self.nodes.len() {
            self.nodes[self.used].edges.clear();
        } else {
            self.nodes.push(Node { edges: Vec::new() });
        }
        self.used += 1;
        u32::try_from(self.used - 1).unwrap_or(u32::MAX)
    }

    /// A node by index.
    pub fn node(&self, node: u32) -> &Node<A> {
        &self.nodes[node as usize]
    }

    /// One edge, for updating its statistics.
    pub fn edge_mut(&mut self, node: u32, edge: usize) -> &mut Edge<A> {
        &mut self.nodes[node as usize].edges[edge]
    }

    /// The index of the edge for `(seat, action)` under `node`, if it was tried.
    pub fn find(&self, node: u32, seat: Seat, action: &A, key: u64) -> Option<usize> {
        let edges = &self.nodes[node as usize].edges;
        let start = edges.partition_point(|e| e.key < key);
        edges[start..]
            .iter()
            .take_while(|e| e.key == key)
            .position(|e| e.seat == seat && e.action == *action)
            .map(|i| start + i)
    }

    /// Adds an untried `(seat, action)` under `node` with a new child, already counted as
    /// available once; returns the edge's index (indices of later edges shift by one).
    pub fn add(&mut self, node: u32, seat: Seat, action: A, key: u64) -> usize {
        let child = self.alloc();
        let edges = &mut self.nodes[node as usize].edges;
        let at = edges.partition_point(|e| e.key <= key);
        edges.insert(
            at,
            Edge {
                key,
                seat,
                action,
                child,
                visits: 0,
                available: 1,
                reward: 0.0,
            },
        );
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_are_found_by_seat_and_value_after_reset() {
        let mut tree: Tree<u32> = Tree::new();
        let root = tree.reset();
        for a in [7u32, 3, 11, 3] {
            let seat = Seat(u8::from(a == 3 && tree.node(root).edges.len() == 3));
            let key = edge_key(seat, &a);
            if tree.find(root, seat, &a, key).is_none() {
                tree.add(root, seat, a, key);
            }
        }
        assert_eq!(tree.node(root).edges.len(), 4);
        assert_eq!(tree.len(), 5);
        for (seat, a) in [(Seat(0), 7u32), (Seat(0), 3), (Seat(0), 11), (Seat(1), 3)] {
            let e = tree
                .find(root, seat, &a, edge_key(seat, &a))
                .expect("edge present");
            let edge = &tree.node(root).edges[e];
            assert_eq!((edge.seat, edge.action), (seat, a));
        }
        assert!(
            tree.find(root, Seat(1), &7, edge_key(Seat(1), &7))
                .is_none()
        );
        let root = tree.reset();
        assert_eq!(tree.len(), 1);
        assert!(tree.node(root).edges.is_empty());
    }
}
