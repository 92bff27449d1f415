//! The salsa database: storage, and an optional log of executed queries.
//!
//! The log exists so tests (and `kiln` users who want to see the incremental machinery
//! work) can count which queries re-executed after an edit.

use std::sync::{Arc, Mutex};

/// kiln's query database. Cheap to clone; one clone per thread for parallel work.
#[salsa::db]
#[derive(Clone)]
pub struct Database {
    storage: salsa::Storage<Self>,
    executed: Arc<Mutex<Option<Vec<String>>>>,
}

impl Default for Database {
    fn default() -> Self {
        let executed: Arc<Mutex<Option<Vec<String>>>> = Arc::default();
        let log = executed.clone();
        let storage = salsa::Storage::new(Some(Box::new(move |event: salsa::Event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                if let Ok(mut guard) = log.lock() {
                    if let Some(entries) = guard.as_mut() {
                        entries.push(format!("{database_key:?}"));
                    }
                }
            }
        })));
        Database { storage, executed }
    }
}

impl Database {
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts recording every query execution (`function_ir(Id(..))`, ...).
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
