//! The objects of the last compile, kept by content so that the next compile of the same
//! program after an edit makes again only what the edit changed.
//!
//! What is kept is the object of each group of pieces of LLVM IR — `-O0` code units
//! ([`super::units`]) and the parts of a large optimized program ([`super::thin`]) — by
//! the pieces it was linked from. It is checked against them on every hit, never trusted
//! on its hash alone, so a cached object is always the one a compile of the same input
//! makes.
//!
//! A cache may also have a [`SharedObjects`] store beyond the process: what it does not
//! keep itself it looks up there (by a [`super::shared`] content key) before compiling,
//! and what it compiles it stores there too.

use super::code::FunctionCode;
use super::shared::SharedObjects;
use crate::target::CodegenOptions;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// One unit's object, with what it was made from, so a hit is checked exactly.
struct Unit {
    options: CodegenOptions,
    parts: Vec<FunctionCode>,
    object: Arc<Vec<u8>>,
}

/// The objects of the units and parts of the last compile, by content. A session keeps
/// one across edits; each compile drops the units (or parts) it no longer has.
#[derive(Default)]
pub struct ObjectCache {
    units: Mutex<HashMap<u64, Unit>>,
    compiled: AtomicUsize,
    parts_compiled: AtomicUsize,
    shared: Option<Arc<dyn SharedObjects>>,
    shared_hits: AtomicUsize,
}

impl ObjectCache {
    /// An empty cache.
    pub fn new() -> Self {
        Self::default()
    }

    /// Looks up what this cache does not keep in `store` (and stores there what it
    /// compiles), or stops doing so (`None`).
    pub fn set_shared(&mut self, store: Option<Arc<dyn SharedObjects>>) {
        self.shared = store;
    }

    /// Whether the cache has a shared store.
    pub fn has_shared(&self) -> bool {
        self.shared.is_some()
    }

    /// How many units and parts were found in the shared store (not compiled) so far.
    pub fn shared_hits(&self) -> usize {
        self.shared_hits.load(Ordering::Relaxed)
    }

    /// How many `-O0` units have been compiled (not found) so far: what an edit cost.
    pub fn units_compiled(&self) -> usize {
        self.compiled.load(Ordering::Relaxed)
    }

    /// How many parts of optimized objects have been compiled (not found) so far.
    pub fn parts_compiled(&self) -> usize {
        self.parts_compiled.load(Ordering::Relaxed)
    }

    /// How many units are kept.
    pub fn len(&self) -> usize {
        self.units.lock().map_or(0, |u| u.len())
    }

    /// Whether no unit is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub(crate) fn get(
        &self,
        key: u64,
        options: &CodegenOptions,
        parts: &[&FunctionCode],
    ) -> Option<Arc<Vec<u8>>> {
        let kept = {
            let units = self.units.lock().ok()?;
            units
                .get(&key)
                .filter(|c| {
                    c.options == *options
                        && c.parts.len() == parts.len()
                        && c.parts.iter().zip(parts).all(|(a, b)| a == *b)
                })
                .map(|c| c.object.clone())
        };
        if kept.is_some() {
            return kept;
        }
        let store = self.shared.as_ref()?;
        let object = Arc::new(store.get(&super::shared::unit_key(options, parts))?);
        self.shared_hits.fetch_add(1, Ordering::Relaxed);
        self.keep_unit(key, options, parts, object.clone());
        Some(object)
    }

    fn keep_unit(
        &self,
        key: u64,
        options: &CodegenOptions,
        parts: &[&FunctionCode],
        object: Arc<Vec<u8>>,
    ) {
        if let Ok(mut units) = self.units.lock() {
            units.insert(
                key,
                Unit {
                    options: options.clone(),
                    parts: parts.iter().map(|p| (*p).clone()).collect(),
                    object,
                },
            );
        }
    }

    pub(crate) fn put(
        &self,
        key: u64,
        options: &CodegenOptions,
        parts: &[&FunctionCode],
        object: Arc<Vec<u8>>,
    ) {
        // An optimized group of pieces is a part ([`super::thin`]), and counted as one.
        if options.opt_level > 0 {
            self.parts_compiled.fetch_add(1, Ordering::Relaxed);
        } else {
            self.compiled.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(store) = &self.shared {
            store.put(&super::shared::unit_key(options, parts), &object);
        }
        self.keep_unit(key, options, parts, object);
    }

    /// Drops the units compiled with these options whose key is none of these (the units
    /// of the last compile); units compiled with other options (`-O0` units beside an
    /// optimized compile's parts) stay, for the next compile with those.
    pub(crate) fn keep_only(&self, options: &CodegenOptions, keys: &[u64]) {
        if let Ok(mut units) = self.units.lock() {
            let keep: std::collections::HashSet<u64> = keys.iter().copied().collect();
            units.retain(|k, u| u.options != *options || keep.contains(k));
        }
    }
}
