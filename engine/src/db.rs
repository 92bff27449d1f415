//! The salsa database: storage, and an optional log of executed queries.
//!
//! The log exists so tests (and `kiln` users who want to see the incremental machinery
//! work) can count which queries re-executed after an edit.

use crate::egraph::lower::CompiledRules;
use crate::rule::RuleSet;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

/// Compiled rule sets by content. egg rewrites are not plain data, so they live beside the
/// database (shared by its clones), never in it; a query asks for the compiled form of the
/// rule set it read, and equal rule sets share one compilation.
type CompiledCache = Arc<Mutex<HashMap<u64, Vec<(RuleSet, Arc<CompiledRules>)>>>>;

/// The database as lowering queries see it.
#[salsa::db]
pub trait Db: salsa::Database {
    /// The egg rewrites of a checked rule set (compiled once per distinct set).
    fn compiled(&self, rules: &RuleSet) -> Result<Arc<CompiledRules>, String>;
}

/// kiln's query database. Cheap to clone; one clone per thread for parallel work.
#[salsa::db]
#[derive(Clone)]
pub struct Database {
    storage: salsa::Storage<Self>,
    executed: Arc<Mutex<Option<Vec<String>>>>,
    compiled: CompiledCache,
}

impl Default for Database {
    fn default() -> Self {
        let executed: Arc<Mutex<Option<Vec<String>>>> = Arc::default();
        let log = executed.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            let entry = match event.kind {
                salsa::EventKind::WillExecute { database_key } => format!("{database_key:?}"),
                // A result dropped with the entity it was computed for.
                salsa::EventKind::DidDiscard { key } => format!("discarded {key:?}"),
                _ => return,
            };
            if let Ok(mut guard) = log.lock() {
                if let Some(entries) = guard.as_mut() {
                    entries.push(entry);
                }
            }
        })));
        Database {
            storage,
            executed,
            compiled: CompiledCache::default(),
        }
    }
}

impl Database {
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts recording every query execution (`verify_function(Id(..))`, ...) and every
    /// result discarded with its entity (`discarded lowered_item(Id(..))`).
    pub fn record_executions(&self) {
        if let Ok(mut guard) = self.executed.lock() {
            guard.get_or_insert_with(Vec::new);
        }
    }

    /// The executions recorded since the last call (empty if recording is off).
    pub fn take_executions(&self) -> Vec<String> {
        match self.executed.lock() {
            Ok(mut guard) => guard.as_mut().map(std::mem::take).unwrap_or_default(),
            Err(_) => Vec::new(),
        }
    }
}

#[salsa::db]
impl salsa::Database for Database {}

#[salsa::db]
impl Db for Database {
    fn compiled(&self, rules: &RuleSet) -> Result<Arc<CompiledRules>, String> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        rules.hash(&mut h);
        let key = h.finish();
        if let Ok(cache) = self.compiled.lock() {
            if let Some((_, c)) = cache
                .get(&key)
                .and_then(|v| v.iter().find(|(r, _)| r == rules))
            {
                return Ok(c.clone());
            }
        }
        let c = Arc::new(CompiledRules::new(Arc::new(rules.clone()))?);
        if let Ok(mut cache) = self.compiled.lock() {
            cache
                .entry(key)
                .or_default()
                .push((rules.clone(), c.clone()));
        }
        Ok(c)
    }
}
