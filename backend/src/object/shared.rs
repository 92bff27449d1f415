//! Objects shared beyond one process: a team's or a CI fleet's cache of compiled code.
//!
//! A session keeps the objects of its own last compile ([`crate::ObjectCache`]); a
//! [`SharedObjects`] store keeps them for every machine that points at it, so a unit one
//! machine compiled is not compiled again by the next. What is stored is found by a
//! [`SharedKey`]: a SHA-256 of everything that determines the bytes — what LLVM is given
//! (the pieces of LLVM IR a unit or part is linked from), the resolved target (triple, CPU and its
//! features), the optimization level, and the kiln and LLVM versions — so an entry is
//! never used for code it was not made from. How the bytes travel and how a damaged entry
//! is told from a good one is the store's (the `kiln` crate's `shared_cache` frames each
//! entry with its key and a checksum).

use super::code::FunctionCode;
use crate::target::CodegenOptions;
use sha2::{Digest, Sha256};

/// A store of objects shared beyond this process.
pub trait SharedObjects: Send + Sync {
    /// The bytes stored under `key`, if there are any and they are intact. A store that
    /// cannot be reached answers `None` (after a short timeout), never an error: a shared
    /// cache may make a compile faster, never fail it.
    fn get(&self, key: &SharedKey) -> Option<Vec<u8>>;
    /// Stores `bytes` under `key` (perhaps in the background; writers of one key store the
    /// same bytes, so any of them may win).
    fn put(&self, key: &SharedKey, bytes: &[u8]);
}

/// A content key: 64 lowercase hex digits of a SHA-256.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SharedKey(String);

impl SharedKey {
    /// The key of `fields` in the domain `domain` (`"unit"`, `"output"`).
    pub fn of(domain: &str, fields: &[&[u8]]) -> SharedKey {
        let mut key = KeyBuilder::new(domain);
        for f in fields {
            key.field(f);
        }
        key.finish()
    }

    /// The key as text: 64 hex digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for SharedKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A [`SharedKey`] made field by field. The domain and the kiln and LLVM versions come
/// first; each field is hashed with its length, so that no two lists of fields share a
/// key by running together.
pub struct KeyBuilder(Sha256);

impl KeyBuilder {
    /// A key of the domain `domain`.
    pub fn new(domain: &str) -> KeyBuilder {
        let (major, minor, patch) = crate::llvm_version();
        let versions = format!(
            "kiln {} llvm {major}.{minor}.{patch}",
            env!("CARGO_PKG_VERSION")
        );
        let mut key = KeyBuilder(Sha256::new());
        key.field(b"kiln shared object v1");
        key.field(domain.as_bytes());
        key.field(versions.as_bytes());
        key
    }

    /// Adds a field.
    pub fn field(&mut self, bytes: &[u8]) -> &mut Self {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    /// The key.
    pub fn finish(self) -> SharedKey {
        SharedKey(hex(&self.0.finalize()))
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// The target code is generated for, resolved: the host's triple when none is given, and
/// for the `native` CPU the host's CPU name and features (two machines of one triple may
/// differ there), so keys made on different machines differ exactly when the code would.
pub fn resolved_target(options: &CodegenOptions) -> String {
    use inkwell::targets::TargetMachine;
    let triple = options.triple.clone().unwrap_or_else(crate::host_triple);
    let cpu = match options.cpu.as_deref() {
        Some("native") => format!(
            "native={} {}",
            TargetMachine::get_host_cpu_name().to_string_lossy(),
            TargetMachine::get_host_cpu_features().to_string_lossy()
        ),
        Some(cpu) => cpu.to_string(),
        None => "generic".to_string(),
    };
    format!("{triple} {cpu} O{}", options.opt_level)
}

/// The key of a `-O0` unit's object: the target and every piece LLVM is given.
pub(crate) fn unit_key(options: &CodegenOptions, unit: &[&FunctionCode]) -> SharedKey {
    let mut key = KeyBuilder::new("unit");
    key.field(resolved_target(options).as_bytes());
    let entity = |key: &mut KeyBuilder, e: &super::code::Entity| {
        key.field(e.name.as_bytes())
            .field(e.signature.as_bytes())
            .field(e.text().as_bytes());
    };
    for piece in unit {
        key.field(b"definition");
        if let Some(d) = &piece.definition {
            entity(&mut key, d);
        }
        key.field(b"declarations");
        for d in &piece.declarations {
            entity(&mut key, d);
        }
        key.field(b"attributes");
        for (number, text) in &piece.attributes {
            key.field(&number.to_le_bytes()).field(text.as_bytes());
        }
    }
    key.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_sha256_hex_and_separate_their_fields() {
        let a = SharedKey::of("unit", &[b"ab", b"c"]);
        assert_eq!(a.as_str().len(), 64);
        assert!(a
            .as_str()
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
        assert_ne!(a, SharedKey::of("unit", &[b"a", b"bc"]));
        assert_ne!(a, SharedKey::of("part", &[b"ab", b"c"]));
        assert_eq!(a, SharedKey::of("unit", &[b"ab", b"c"]));
    }

    #[test]
    fn the_target_is_resolved() {
        let none = resolved_target(&CodegenOptions::default());
        assert!(none.starts_with(&crate::host_triple()), "{none}");
        assert!(none.ends_with("generic O0"), "{none}");
        let native = resolved_target(&CodegenOptions {
            cpu: Some("native".to_string()),
            ..CodegenOptions::default()
        });
        assert!(native.contains("native="), "{native}");
    }
}
