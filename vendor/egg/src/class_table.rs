//! kiln: egg's table of classes, indexed by id (see `PATCH.md`, "the third edit").
//!
//! Upstream keeps the classes in a `HashMap<Id, EClass>`. Ids are handed out densely from
//! 0 by the union-find, so a vector with a slot per id finds a class by indexing instead of
//! hashing and probing, and iterates the classes in id order.

use crate::{EClass, Id};
use std::fmt;

/// The classes of an e-graph, one slot per id; the slot of an id that is not canonical
/// (its class was merged into another) is empty.
#[derive(Clone)]
pub(crate) struct ClassTable<L, D> {
    slots: Vec<Option<EClass<L, D>>>,
    len: usize,
}

impl<L, D> Default for ClassTable<L, D> {
    fn default() -> Self {
        ClassTable {
            slots: Vec::new(),
            len: 0,
        }
    }
}

impl<L, D> ClassTable<L, D> {
    /// Room for `additional` more slots (see `PATCH.md`, "the fifth edit").
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.slots.reserve(additional);
    }

    /// The number of classes.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn get(&self, id: &Id) -> Option<&EClass<L, D>> {
        self.slots.get(usize::from(*id))?.as_ref()
    }

    pub(crate) fn get_mut(&mut self, id: &Id) -> Option<&mut EClass<L, D>> {
        self.slots.get_mut(usize::from(*id))?.as_mut()
    }

    /// Puts `class` in the slot of `id`, returning the class that was there.
    pub(crate) fn insert(&mut self, id: Id, class: EClass<L, D>) -> Option<EClass<L, D>> {
        let i = usize::from(id);
        if i >= self.slots.len() {
            self.slots.resize_with(i + 1, || None);
        }
        let old = self.slots[i].replace(class);
        if old.is_none() {
            self.len += 1;
        }
        old
    }

    pub(crate) fn remove(&mut self, id: &Id) -> Option<EClass<L, D>> {
        let old = self.slots.get_mut(usize::from(*id))?.take();
        if old.is_some() {
            self.len -= 1;
        }
        old
    }

    /// The classes in id order.
    pub(crate) fn values(&self) -> impl ExactSizeIterator<Item = &EClass<L, D>> {
        Counted {
            inner: self.slots.iter().flatten(),
            left: self.len,
        }
    }

    /// The classes in id order.
    pub(crate) fn values_mut(&mut self) -> impl ExactSizeIterator<Item = &mut EClass<L, D>> {
        Counted {
            inner: self.slots.iter_mut().flatten(),
            left: self.len,
        }
    }

    /// The classes with their ids, in id order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&Id, &EClass<L, D>)> {
        self.values().map(|c| (&c.id, c))
    }

    /// The ids of the classes, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &Id> {
        self.values().map(|c| &c.id)
    }

    /// Each class mapped by `f`, in the same slots.
    pub(crate) fn map<L2, D2>(
        self,
        mut f: impl FnMut(EClass<L, D>) -> EClass<L2, D2>,
    ) -> ClassTable<L2, D2> {
        ClassTable {
            slots: self.slots.into_iter().map(|s| s.map(&mut f)).collect(),
            len: self.len,
        }
    }
}

impl<L, D> std::ops::Index<&Id> for ClassTable<L, D> {
    type Output = EClass<L, D>;
    fn index(&self, id: &Id) -> &EClass<L, D> {
        self.get(id)
            .unwrap_or_else(|| panic!("no class with id {}", id))
    }
}

impl<L: fmt::Debug, D: fmt::Debug> fmt::Debug for ClassTable<L, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// An iterator over the full slots that knows how many are left (the table counts them).
struct Counted<I> {
    inner: I,
    left: usize,
}

impl<I: Iterator> Iterator for Counted<I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next()?;
        self.left -= 1;
        Some(item)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<I: Iterator> ExactSizeIterator for Counted<I> {}
