//! The salsa database: storage, counters of the per-function queries a session reports, and
//! an optional log of executed queries.
//!
//! The log exists so tests (and `kiln` users who want to see the incremental machinery
//! work) can count which queries re-executed after an edit, and which memos salsa checked
//! and found still valid (each one a fixed cost of every edit).

use crate::egraph::lower::CompiledRules;
use crate::rule::RuleSet;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};

/// A rule set and its compilation.
type Compiled = (Arc<RuleSet>, Arc<CompiledRules>);

/// Compiled rule sets. egg rewrites are not plain data, so they live beside the database
/// (shared by its clones), never in it; a query asks for the compiled form of the rule set
/// it read, and equal rule sets share one compilation.
#[derive(Default)]
struct CompiledCache {
    /// By content: the rule sets' hashes, then the sets themselves.
    by_content: HashMap<u64, Vec<Compiled>>,
    /// By the address of a rule set this cache holds (so no other set can take that address
    /// while the entry exists): every function lowered with one interned slice asks with the
    /// same `Arc`, and finds its compilation without hashing or comparing the rules.
    by_address: HashMap<usize, Compiled>,
}

/// Executions of the per-function queries a session reports as its work (`kiln serve`,
/// `kiln watch`), counted by the queries themselves: salsa's event log would tell as much, but
/// a database with an event callback builds an event (with the thread's handle) for every
/// memo it checks, which costs an edit about 6% of its instructions.
#[derive(Debug, Default)]
pub struct Executions {
    /// `lowered_item` executions.
    pub lowered: AtomicUsize,
    /// Executions of the per-function code generation query (`kiln::function_code`).
    pub generated: AtomicUsize,
}

/// The database as lowering queries see it.
#[salsa::db]
pub trait Db: salsa::Database {
    /// The egg rewrites of a checked rule set (compiled once per distinct set).
    fn compiled(&self, rules: &Arc<RuleSet>) -> Arc<CompiledRules>;
    /// The execution counters (shared by the database's clones).
    fn executions(&self) -> &Executions;
}

/// A log of executed queries (and of memos checked, marked by [`CHECKED`]), filled while
/// recording.
type QueryLog = Arc<Mutex<Option<Vec<String>>>>;

/// The mark of a checked memo's entry in a [`QueryLog`].
const CHECKED: &str = "checked ";

/// kiln's query database. Cheap to clone; one clone per thread for parallel work.
#[salsa::db]
#[derive(Clone)]
pub struct Database {
    storage: salsa::Storage<Self>,
    /// `None` unless made [`Database::with_query_log`].
    executed: Option<QueryLog>,
    executions: Arc<Executions>,
    compiled: Arc<Mutex<CompiledCache>>,
}

impl Default for Database {
    fn default() -> Self {
        Database {
            storage: salsa::Storage::new(None),
            executed: None,
            executions: Arc::default(),
            compiled: Arc::default(),
        }
    }
}

impl Database {
    /// An empty database, without a query log.
    pub fn new() -> Self {
        Self::default()
    }

    /// A database that can log its query executions ([`Database::record_executions`]), for
    /// tests and for seeing the incremental machinery work. Salsa then reports every memo it
    /// checks to the log's callback, which costs time: a plain [`Database::new`] has none.
    pub fn with_query_log() -> Self {
        let executed: QueryLog = Arc::default();
        let log = executed.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            let entry = match event.kind {
                salsa::EventKind::WillExecute { database_key } => format!("{database_key:?}"),
                // A memo checked (its inputs walked) and kept: see `take_checks`.
                salsa::EventKind::DidValidateMemoizedValue { database_key } => {
                    format!("{CHECKED}{database_key:?}")
                }
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
            executed: Some(executed),
            executions: Arc::default(),
            compiled: Arc::default(),
        }
    }

    /// Starts recording every query execution (`verify_function(Id(..))`, ...) and every
    /// result discarded with its entity (`discarded lowered_item(Id(..))`); does nothing on a
    /// database made without [`Database::with_query_log`].
    pub fn record_executions(&self) {
        if let Some(Ok(mut guard)) = self.executed.as_ref().map(|l| l.lock()) {
            guard.get_or_insert_with(Vec::new);
        }
    }

    /// The executions recorded since the last call (empty if recording is off).
    pub fn take_executions(&self) -> Vec<String> {
        self.take_log(false)
    }

    /// The memos salsa checked and kept since the last call (`verify_function(Id(..))`, ...):
    /// after an edit, every memo of every function that a request reads is checked again
    /// (salsa walks its inputs), so how many a function has is what an edit costs per
    /// function beyond the edited one.
    pub fn take_checks(&self) -> Vec<String> {
        self.take_log(true)
    }

    /// Takes the checks (or the other entries) out of the log, leaving the rest.
    fn take_log(&self, checks: bool) -> Vec<String> {
        let Some(Ok(mut guard)) = self.executed.as_ref().map(|l| l.lock()) else {
            return Vec::new();
        };
        let Some(entries) = guard.as_mut() else {
            return Vec::new();
        };
        let (taken, kept) = std::mem::take(entries)
            .into_iter()
            .partition(|e| e.starts_with(CHECKED) == checks);
        *entries = kept;
        taken
            .into_iter()
            .map(|e| e.strip_prefix(CHECKED).map(str::to_string).unwrap_or(e))
            .collect()
    }
}

#[salsa::db]
impl salsa::Database for Database {}

#[salsa::db]
impl Db for Database {
    fn executions(&self) -> &Executions {
        &self.executions
    }

    fn compiled(&self, rules: &Arc<RuleSet>) -> Arc<CompiledRules> {
        let address = Arc::as_ptr(rules) as usize;
        if let Ok(cache) = self.compiled.lock() {
            if let Some((_, c)) = cache.by_address.get(&address) {
                return c.clone();
            }
        }
        let mut h = rustc_hash::FxHasher::default();
        rules.hash(&mut h);
        let key = h.finish();
        let found = self.compiled.lock().ok().and_then(|cache| {
            cache
                .by_content
                .get(&key)
                .and_then(|v| v.iter().find(|(r, _)| **r == **rules))
                .map(|(_, c)| c.clone())
        });
        let c = match found {
            Some(c) => c,
            None => {
                let c = Arc::new(CompiledRules::new(rules.clone()));
                if let Ok(mut cache) = self.compiled.lock() {
                    cache
                        .by_content
                        .entry(key)
                        .or_default()
                        .push((rules.clone(), c.clone()));
                }
                c
            }
        };
        if let Ok(mut cache) = self.compiled.lock() {
            cache.by_address.insert(address, (rules.clone(), c.clone()));
        }
        c
    }
}
