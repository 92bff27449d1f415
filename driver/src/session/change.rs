//! A batch of changes to a session, applied together or not at all (rust-analyzer's
//! `Change`): whole texts, byte-range edits, removed files and new rules, in order.
//!
//! Every step is checked first, against the texts the earlier steps of the batch leave, so
//! a batch with one bad edit changes nothing. Then each file's final text is written once
//! (an edit alone by its range, so the session splits only around it), so snapshots are
//! cancelled once and no read of the session sees part of the batch.

use super::*;

/// One step of a [`Change`].
#[derive(Clone, Debug)]
enum Step {
    Set(String, String),
    Edit(String, std::ops::Range<usize>, String),
    Remove(String),
    Rules(Vec<RuleSource>),
}

/// Changes to apply to a [`Session`] at once ([`Session::apply_change`]).
///
/// ```
/// let mut s = kiln_driver::Session::new();
/// s.set_source("a.mlir", "func.func @f(%a: i32) -> i32 {\n  func.return %a : i32\n}\n");
/// let mut change = kiln_driver::Change::default();
/// change
///     .edit_source("a.mlir", 11..12, "g")
///     .set_source("b.mlir", "func.func @h() {\n  func.return\n}\n");
/// s.apply_change(change).unwrap();
/// assert_eq!(s.function_names("a.mlir"), ["g"]);
/// assert_eq!(s.function_names("b.mlir"), ["h"]);
///
/// // A bad step: nothing of the batch is applied.
/// let mut bad = kiln_driver::Change::default();
/// bad.remove_source("b.mlir").edit_source("a.mlir", 5..1000, "x");
/// let err = s.apply_change(bad).unwrap_err();
/// assert_eq!(err.step, 1);
/// assert!(s.has_source("b.mlir"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Change {
    steps: Vec<Step>,
}

impl Change {
    /// Sets (or adds) a source file's text, as [`Session::set_source`].
    pub fn set_source(&mut self, path: impl Into<String>, text: impl Into<String>) -> &mut Self {
        self.steps.push(Step::Set(path.into(), text.into()));
        self
    }

    /// Replaces bytes `range` of a file's text as the earlier steps leave it, as
    /// [`Session::edit_source`].
    pub fn edit_source(
        &mut self,
        path: impl Into<String>,
        range: std::ops::Range<usize>,
        text: impl Into<String>,
    ) -> &mut Self {
        self.steps.push(Step::Edit(path.into(), range, text.into()));
        self
    }

    /// Removes a source file (nothing, if there is none), as [`Session::remove_source`].
    pub fn remove_source(&mut self, path: impl Into<String>) -> &mut Self {
        self.steps.push(Step::Remove(path.into()));
        self
    }

    /// Sets the rule files, as [`Session::set_rules`].
    pub fn set_rules(&mut self, sources: Vec<RuleSource>) -> &mut Self {
        self.steps.push(Step::Rules(sources));
        self
    }

    /// Whether the change has no step.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

/// Why a [`Change`] was not applied: its step `step` (counted from 0) could not be.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("step {step} of the change: {error}")]
pub struct ChangeError {
    /// The index of the step that failed.
    pub step: usize,
    /// What was wrong with it.
    pub error: EditError,
}

/// What a batch leaves of one file.
struct Outcome {
    /// Its final text (`None`: removed).
    text: Option<String>,
    /// The one step that touched it, when that step is an edit (which is then applied by
    /// its range).
    only_edit: Option<usize>,
}

impl Session {
    /// Applies every step of `change`, or none when one of them cannot be applied (an edit
    /// of a file that is not open at that step, or a range that is not between characters
    /// of its text as the earlier steps leave it).
    pub fn apply_change(&mut self, change: Change) -> Result<(), ChangeError> {
        let mut files: BTreeMap<String, Outcome> = BTreeMap::new();
        let mut order: Vec<String> = Vec::new();
        let mut rules = None;
        for (i, step) in change.steps.iter().enumerate() {
            let path = match step {
                Step::Set(path, _) | Step::Edit(path, ..) | Step::Remove(path) => path,
                Step::Rules(_) => {
                    rules = Some(i);
                    continue;
                }
            };
            let touched = files.contains_key(path);
            let current: Option<String> = match files.get(path) {
                Some(o) => o.text.clone(),
                None => self.source_text(path).map(str::to_string),
            };
            let text = match step {
                Step::Set(_, text) => Some(text.clone()),
                Step::Remove(_) => None,
                Step::Edit(_, range, text) => {
                    let Some(old) = current else {
                        let error = EditError::UnknownFile(path.clone());
                        return Err(ChangeError { step: i, error });
                    };
                    if let Err(error) = check_range(&old, range) {
                        return Err(ChangeError { step: i, error });
                    }
                    let mut edited = old;
                    edited.replace_range(range.clone(), text);
                    Some(edited)
                }
                Step::Rules(_) => continue,
            };
            let only_edit = (!touched && matches!(step, Step::Edit(..))).then_some(i);
            if !touched {
                order.push(path.clone());
            }
            files.insert(path.clone(), Outcome { text, only_edit });
        }
        for path in order {
            let Some(outcome) = files.remove(&path) else {
                continue;
            };
            match (outcome.text, outcome.only_edit.map(|i| &change.steps[i])) {
                (Some(_), Some(Step::Edit(_, range, text))) => {
                    // Checked above against the same text.
                    let _ = self.edit_source(&path, range.clone(), text);
                }
                (Some(text), _) => self.set_source(&path, text),
                (None, _) => {
                    self.remove_source(&path);
                }
            }
        }
        if let Some(Step::Rules(sources)) = rules.map(|i| &change.steps[i]) {
            self.set_rules(sources.clone());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &str, body: &str) -> String {
        format!("func.func @{name}(%x: i32) -> i32 {{\n  {body}\n  func.return %0 : i32\n}}\n")
    }

    /// A batch leaves the session as its steps one by one would, and as a fresh session
    /// given the final texts lowers them.
    #[test]
    fn a_change_is_its_steps_in_order() {
        let a = function("f", "%0 = arith.addi %x, %x : i32")
            + &function("g", "%0 = arith.muli %x, %x : i32");
        let mut s = Session::new();
        s.set_source("a.mlir", a.clone());
        s.set_source("c.mlir", function("c", "%0 = arith.addi %x, %x : i32"));
        let at = a.find("addi").unwrap_or(0);
        let mut change = Change::default();
        change
            .edit_source("a.mlir", at..at + 4, "subi")
            .edit_source("a.mlir", at..at + 4, "xori")
            .set_source("b.mlir", function("b", "%0 = arith.ori %x, %x : i32"))
            .remove_source("c.mlir")
            .edit_source("b.mlir", 11..12, "d");
        assert!(!change.is_empty());
        s.apply_change(change).expect("every step applies");
        let mut fresh = Session::new();
        fresh.set_source("a.mlir", a.replacen("addi", "xori", 1));
        fresh.set_source("b.mlir", function("d", "%0 = arith.ori %x, %x : i32"));
        for path in ["a.mlir", "b.mlir"] {
            assert_eq!(s.source_text(path), fresh.source_text(path));
            assert_eq!(
                s.lowered_text(path, None).into_result().ok(),
                fresh.lowered_text(path, None).into_result().ok()
            );
        }
        assert!(!s.has_source("c.mlir"));
    }

    /// One bad step, and nothing of the batch is applied.
    #[test]
    fn a_change_with_a_bad_step_changes_nothing() {
        let mut s = Session::new();
        let a = function("f", "%0 = arith.addi %x, %x : i32");
        s.set_source("a.mlir", a.clone());
        let mut change = Change::default();
        change
            .set_source("b.mlir", function("b", "%0 = arith.ori %x, %x : i32"))
            .edit_source("a.mlir", 0..3, "")
            .edit_source("a.mlir", 0..10_000, "x");
        let err = s
            .apply_change(change)
            .expect_err("the range is past the end");
        assert_eq!(err.step, 2);
        assert!(matches!(err.error, EditError::BadRange { .. }));
        let mut change = Change::default();
        change
            .remove_source("a.mlir")
            .edit_source("a.mlir", 0..1, "x");
        let err = s
            .apply_change(change)
            .expect_err("a.mlir is removed by then");
        assert_eq!(err.error, EditError::UnknownFile("a.mlir".into()));
        assert_eq!(s.source_text("a.mlir"), Some(a.as_str()));
        assert!(!s.has_source("b.mlir"));
    }
}
