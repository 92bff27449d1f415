//! kiln: the hash-consing memo, keyed by [`Language::memo_hash`].
//!
//! Upstream keeps the memo in a `HashMap<L, Id>` hashed by egg's hasher through `L`'s
//! `Hash`. Here it is a hash table of `(node, id)` whose hash is the one the language gives,
//! so a language can choose where its nodes land: one whose nodes are made in the order of
//! their children's ids can keep them in nearby buckets, which a large e-graph's memo, past
//! the caches, needs. The default hash is egg's hasher over `Hash`, as upstream's.

use crate::{Id, Language};
use hashbrown::HashTable;
use std::fmt;
use std::iter::FromIterator;

/// A node's class, by the node.
#[derive(Clone)]
pub(crate) struct Memo<L> {
    table: HashTable<(L, Id)>,
}

impl<L> Default for Memo<L> {
    fn default() -> Self {
        Memo {
            table: HashTable::new(),
        }
    }
}

impl<L: Language> Memo<L> {
    pub fn get(&self, node: &L) -> Option<&Id> {
        self.table
            .find(node.memo_hash(), |(n, _)| n == node)
            .map(|(_, id)| id)
    }

    /// Files `node` under `id`, returning the id it was filed under before, if any.
    pub fn insert(&mut self, node: L, id: Id) -> Option<Id> {
        let hash = node.memo_hash();
        match self.table.find_mut(hash, |(n, _)| *n == node) {
            Some((_, old)) => Some(std::mem::replace(old, id)),
            None => {
                self.table
                    .insert_unique(hash, (node, id), |(n, _)| n.memo_hash());
                None
            }
        }
    }

    pub fn reserve(&mut self, additional: usize) {
        self.table.reserve(additional, |(n, _)| n.memo_hash());
    }

    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

impl<L> IntoIterator for Memo<L> {
    type Item = (L, Id);
    type IntoIter = hashbrown::hash_table::IntoIter<(L, Id)>;

    fn into_iter(self) -> Self::IntoIter {
        self.table.into_iter()
    }
}

impl<L: Language> FromIterator<(L, Id)> for Memo<L> {
    fn from_iter<I: IntoIterator<Item = (L, Id)>>(iter: I) -> Self {
        let mut memo = Memo::default();
        for (node, id) in iter {
            memo.insert(node, id);
        }
        memo
    }
}

impl<L: fmt::Debug> fmt::Debug for Memo<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.table.iter().map(|(n, id)| (n, id)))
            .finish()
    }
}
