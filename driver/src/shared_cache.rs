//! A shared cache of compiled code on a team's storage (`--cache URL`).
//!
//! The store is any of [`object_store`]'s: a local directory (`/path` or `file:///path`),
//! an HTTP server that stores what is `PUT` and returns it on `GET` (`http://` or
//! `https://`: WebDAV as nginx's module serves it, a Bazel remote cache's action cache with
//! validation off), or an S3-compatible bucket (`s3://bucket/prefix`, credentials from the
//! environment as AWS tools read them). Each entry is one object, `PREFIX/KEY`, where the
//! key is 64 hex digits ([`SharedKey`]): a session's whole outputs, and the objects of
//! `-O0` units and optimized parts ([`kiln_backend::object::shared`]).
//!
//! An entry is framed — a magic line, the key it was stored under, the payload's length
//! and SHA-256, then the payload — and checked on every read: a corrupt, truncated or
//! foreign entry (one stored under another key) is ignored with a warning and compiled
//! again, never linked. A store that cannot be reached costs one short timeout, then the
//! cache is off for the rest of the process, with one warning; it never fails a build.
//! Entries are written in the background and waited for by [`SharedCache::flush`]; writers
//! of one key write the same bytes, and the stores replace an object whole, so concurrent
//! writers are safe.

use kiln_backend::{SharedKey, SharedObjects};
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The first line of every entry.
const MAGIC: &[u8] = b"kiln shared cache entry v1\n";

/// How long one request may take before the store counts as unreachable.
const TIMEOUT: Duration = Duration::from_secs(5);
/// How long connecting may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// What a cache did, for `--cache-stats` and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Entries found intact.
    pub hits: usize,
    /// Keys looked up and not found (or found damaged).
    pub misses: usize,
    /// Entries written.
    pub stored: usize,
    /// Entries found damaged (corrupt, truncated or foreign) and ignored.
    pub rejected: usize,
}

/// A shared cache: a store, the runtime its requests run on, and what it did.
pub struct SharedCache {
    url: String,
    store: Arc<dyn ObjectStore>,
    prefix: StorePath,
    runtime: tokio::runtime::Runtime,
    /// Set after a request failed for another reason than a missing entry: the store is
    /// unreachable (or refuses), and the rest of the process compiles without it.
    down: AtomicBool,
    writes: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    warnings: Mutex<Vec<String>>,
    hits: AtomicUsize,
    misses: AtomicUsize,
    stored: Arc<AtomicUsize>,
    rejected: AtomicUsize,
}

impl std::fmt::Debug for SharedCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SharedCache({})", self.url)
    }
}

impl SharedCache {
    /// The cache at `url` (see the module's documentation). Fails only when the URL is not
    /// one (or names a local directory that cannot be made); a store that cannot be
    /// reached is found out by the first request.
    pub fn open(url: &str) -> Result<SharedCache, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("kiln-cache")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the cache's runtime: {e}"))?;
        let (store, prefix) = store_of(url)?;
        Ok(SharedCache {
            url: url.to_string(),
            store,
            prefix,
            runtime,
            down: AtomicBool::new(false),
            writes: Mutex::new(Vec::new()),
            warnings: Mutex::new(Vec::new()),
            hits: AtomicUsize::new(0),
            misses: AtomicUsize::new(0),
            stored: Arc::new(AtomicUsize::new(0)),
            rejected: AtomicUsize::new(0),
        })
    }

    /// The URL the cache was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// What the cache did so far.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            stored: self.stored.load(Ordering::Relaxed),
            rejected: self.rejected.load(Ordering::Relaxed),
        }
    }

    /// The warnings since the last call (damaged entries, an unreachable store).
    pub fn take_warnings(&self) -> Vec<String> {
        self.warnings
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default()
    }

    /// Waits (at most `limit`) for the entries being written in the background.
    pub fn flush(&self, limit: Duration) {
        let writes = self
            .writes
            .lock()
            .map(|mut w| std::mem::take(&mut *w))
            .unwrap_or_default();
        if writes.is_empty() {
            return;
        }
        let all = async {
            for w in writes {
                let _ = w.await;
            }
        };
        if self
            .runtime
            .block_on(async { tokio::time::timeout(limit, all).await })
            .is_err()
        {
            self.warn(format!(
                "the cache {}: entries still being written after {limit:?} are dropped",
                self.url
            ));
        }
    }

    fn warn(&self, message: String) {
        if let Ok(mut w) = self.warnings.lock() {
            w.push(message);
        }
    }

    fn location(&self, key: &SharedKey) -> StorePath {
        self.prefix.clone().join(key.as_str())
    }

    /// The store failed other than by a missing entry: off for the rest of the process.
    fn unreachable(&self, e: impl std::fmt::Display) {
        if !self.down.swap(true, Ordering::SeqCst) {
            self.warn(format!(
                "the cache {} cannot be used ({e}); compiling without it",
                self.url
            ));
        }
    }
}

impl SharedObjects for SharedCache {
    fn get(&self, key: &SharedKey) -> Option<Vec<u8>> {
        if self.down.load(Ordering::Relaxed) {
            return None;
        }
        let location = self.location(key);
        let store = self.store.clone();
        let fetched = self.runtime.block_on(async move {
            let got =
                tokio::time::timeout(TIMEOUT, async { store.get(&location).await?.bytes().await })
                    .await;
            match got {
                Ok(result) => result.map(Some).or_else(|e| match e {
                    object_store::Error::NotFound { .. } => Ok(None),
                    e => Err(e.to_string()),
                }),
                Err(_) => Err(format!("no answer within {TIMEOUT:?}")),
            }
        });
        let entry = match fetched {
            Ok(Some(entry)) => entry,
            Ok(None) => {
                self.misses.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            Err(e) => {
                self.unreachable(e);
                return None;
            }
        };
        match unframe(key, &entry) {
            Ok(payload) => {
                self.hits.fetch_add(1, Ordering::Relaxed);
                Some(payload.to_vec())
            }
            Err(why) => {
                self.misses.fetch_add(1, Ordering::Relaxed);
                self.rejected.fetch_add(1, Ordering::Relaxed);
                self.warn(format!(
                    "the cache {}: entry {key} is {why}; it is ignored and compiled again",
                    self.url
                ));
                None
            }
        }
    }

    fn put(&self, key: &SharedKey, bytes: &[u8]) {
        if self.down.load(Ordering::Relaxed) {
            return;
        }
        let location = self.location(key);
        let store = self.store.clone();
        let payload = PutPayload::from(frame(key, bytes));
        let stored = self.stored.clone();
        // A failed write loses only that entry; reads find the store unreachable.
        let write = self.runtime.spawn(async move {
            if let Ok(Ok(_)) = tokio::time::timeout(TIMEOUT, store.put(&location, payload)).await {
                stored.fetch_add(1, Ordering::Relaxed);
            }
        });
        if let Ok(mut w) = self.writes.lock() {
            w.push(write);
        }
    }
}

impl Drop for SharedCache {
    fn drop(&mut self) {
        self.flush(Duration::from_secs(30));
    }
}

/// `bytes` framed as an entry of `key`.
pub fn frame(key: &SharedKey, bytes: &[u8]) -> Vec<u8> {
    let mut entry = Vec::with_capacity(MAGIC.len() + 64 + 8 + 32 + bytes.len());
    entry.extend_from_slice(MAGIC);
    entry.extend_from_slice(key.as_str().as_bytes());
    entry.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    entry.extend_from_slice(&Sha256::digest(bytes));
    entry.extend_from_slice(bytes);
    entry
}

/// The payload of an entry read under `key`, or why it cannot be used.
pub fn unframe<'a>(key: &SharedKey, entry: &'a [u8]) -> Result<&'a [u8], &'static str> {
    let rest = entry.strip_prefix(MAGIC).ok_or("not a kiln cache entry")?;
    if rest.len() < 64 + 8 + 32 {
        return Err("truncated");
    }
    let (stored_key, rest) = rest.split_at(64);
    if stored_key != key.as_str().as_bytes() {
        return Err("foreign (stored under another key)");
    }
    let (length, rest) = rest.split_at(8);
    let (checksum, payload) = rest.split_at(32);
    let length = u64::from_le_bytes(length.try_into().map_err(|_| "truncated")?);
    if payload.len() as u64 != length {
        return Err("truncated");
    }
    if Sha256::digest(payload).as_slice() != checksum {
        return Err("corrupt (its checksum does not match)");
    }
    Ok(payload)
}

/// The store and the path prefix of a cache URL.
fn store_of(url: &str) -> Result<(Arc<dyn ObjectStore>, StorePath), String> {
    use object_store::{ClientOptions, RetryConfig};
    let client = ClientOptions::new()
        .with_timeout(TIMEOUT)
        .with_connect_timeout(CONNECT_TIMEOUT)
        .with_allow_http(true);
    // One try: a cache that does not answer at once is not worth waiting for.
    let retry = RetryConfig {
        max_retries: 0,
        retry_timeout: TIMEOUT,
        ..RetryConfig::default()
    };
    let bad = |e: &dyn std::fmt::Display| format!("`{url}` is not a cache URL: {e}");
    if url.starts_with("http://") || url.starts_with("https://") {
        // The HTTP store takes the URL as its root; keys go right under it.
        let store = object_store::http::HttpBuilder::new()
            .with_url(url.trim_end_matches('/'))
            .with_client_options(client)
            .with_retry(retry)
            .build()
            .map_err(|e| bad(&e))?;
        return Ok((Arc::new(store), StorePath::default()));
    }
    if let Some(rest) = url.strip_prefix("s3://") {
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        let store = object_store::aws::AmazonS3Builder::from_env()
            .with_bucket_name(bucket)
            .with_client_options(client)
            .with_retry(retry)
            .build()
            .map_err(|e| bad(&e))?;
        return Ok((Arc::new(store), StorePath::from(prefix)));
    }
    let dir = url.strip_prefix("file://").unwrap_or(url);
    if url.contains("://") && !url.starts_with("file://") {
        return Err(bad(
            &"the schemes are http://, https://, s3:// and file:// (or a directory)",
        ));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot make the cache directory `{dir}`: {e}"))?;
    let store = object_store::local::LocalFileSystem::new_with_prefix(dir).map_err(|e| bad(&e))?;
    Ok((Arc::new(store), StorePath::default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_checked_when_read() {
        let key = SharedKey::of("unit", &[b"x"]);
        let entry = frame(&key, b"object bytes");
        assert_eq!(unframe(&key, &entry), Ok(&b"object bytes"[..]));
        let other = SharedKey::of("unit", &[b"y"]);
        assert_eq!(
            unframe(&other, &entry),
            Err("foreign (stored under another key)")
        );
        assert_eq!(unframe(&key, &entry[..entry.len() - 1]), Err("truncated"));
        let mut corrupt = entry.clone();
        *corrupt.last_mut().expect("bytes") ^= 1;
        assert_eq!(
            unframe(&key, &corrupt),
            Err("corrupt (its checksum does not match)")
        );
        assert_eq!(unframe(&key, b"garbage"), Err("not a kiln cache entry"));
    }

    #[test]
    fn a_directory_cache_keeps_what_it_is_given() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = dir.path().join("c").to_string_lossy().into_owned();
        let key = SharedKey::of("unit", &[b"x"]);
        {
            let cache = SharedCache::open(&url).expect("a cache");
            assert_eq!(cache.get(&key), None);
            cache.put(&key, b"bytes");
            cache.flush(Duration::from_secs(10));
            assert_eq!(cache.stats().stored, 1);
        }
        let cache = SharedCache::open(&format!("file://{url}")).expect("a cache");
        assert_eq!(cache.get(&key), Some(b"bytes".to_vec()));
        assert_eq!(cache.stats().hits, 1);
        assert!(SharedCache::open("ftp://example.com/x").is_err());
    }

    #[test]
    fn an_unreachable_store_is_a_warning_once() {
        // Port 9 (discard) on loopback: nothing listens there.
        let cache = SharedCache::open("http://127.0.0.1:9/kiln/").expect("a URL");
        let key = SharedKey::of("unit", &[b"x"]);
        let start = std::time::Instant::now();
        assert_eq!(cache.get(&key), None);
        assert_eq!(cache.get(&key), None);
        assert!(
            start.elapsed() < Duration::from_secs(6),
            "{:?}",
            start.elapsed()
        );
        let warnings = cache.take_warnings();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].contains("cannot be used"), "{warnings:?}");
    }
}
