//! The shared cache of compiled code (`--cache URL`) against real stores: nginx's WebDAV
//! module on loopback (a config written into a temporary directory, the server started and
//! stopped by the test) and a local directory. A second "machine" (a new process with no
//! local state) compiles from the warm cache to the same bytes; poisoned, truncated and
//! foreign entries are caught and compiled again; an unreachable cache is one warning;
//! concurrent writers leave a cache every later compile hits.
//!
//! nginx comes from Debian (`nginx-light`); the README's test command installs it and sets
//! `KILN_REQUIRE_NGINX=1`, which makes its absence a failure instead of a skip.

mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

/// An nginx serving WebDAV under `/kiln/` from a temporary directory; killed on drop.
struct Nginx {
    child: Child,
    dir: tempfile::TempDir,
    port: u16,
}

impl Nginx {
    fn start() -> Option<Nginx> {
        let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"]
            .into_iter()
            .find(|p| Path::new(p).exists());
        let Some(nginx) = nginx else {
            assert!(
                std::env::var_os("KILN_REQUIRE_NGINX").is_none(),
                "KILN_REQUIRE_NGINX is set but nginx is not installed (apt install nginx-light)"
            );
            eprintln!("skipped: nginx is not installed");
            return None;
        };
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path().display();
        std::fs::create_dir_all(dir.path().join("www/kiln")).expect("www");
        std::fs::create_dir_all(dir.path().join("tmp")).expect("tmp");
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let conf = format!(
            "daemon off;\nmaster_process off;\nworker_processes 1;\npid {d}/nginx.pid;\n\
             error_log {d}/error.log;\nevents {{ worker_connections 256; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {d}/tmp;\n\
               proxy_temp_path {d}/tmp;\n  fastcgi_temp_path {d}/tmp;\n\
               server {{\n    listen 127.0.0.1:{port};\n    root {d}/www;\n\
                 client_max_body_size 0;\n    location /kiln/ {{\n\
                   dav_methods PUT DELETE MKCOL;\n      create_full_put_path on;\n\
                   dav_access user:rw;\n    }}\n  }}\n}}\n"
        );
        std::fs::write(dir.path().join("nginx.conf"), conf).expect("nginx.conf");
        let child = Command::new(nginx)
            .arg("-e")
            .arg(dir.path().join("error.log"))
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .spawn()
            .expect("nginx starts");
        let server = Nginx { child, dir, port };
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "nginx did not listen: {}",
                std::fs::read_to_string(server.dir.path().join("error.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(server)
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/kiln/", self.port)
    }

    /// The entries the server holds.
    fn entries(&self) -> Vec<PathBuf> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(self.dir.path().join("www/kiln"))
            .expect("the cache directory")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        entries
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A memref-heavy module of `n` functions (`scripts/gen_memref_module.py`).
fn module(dir: &Path, n: usize) -> PathBuf {
    let out = Command::new("python3")
        .arg(common::root().join("scripts/gen_memref_module.py"))
        .arg(n.to_string())
        .output()
        .expect("python3 runs the generator");
    assert!(out.status.success());
    let path = dir.join(format!("m{n}.mlir"));
    std::fs::write(&path, out.stdout).expect("the module");
    path
}

/// `kiln compile FILE -o OUT ARGS...`, which must succeed: its output and the stats line.
fn compile(file: &Path, out: &Path, args: &[&str]) -> (Vec<u8>, String) {
    let o: Output = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("compile")
        .arg(file)
        .arg("-o")
        .arg(out)
        .args(args)
        .output()
        .expect("kiln runs");
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{stderr}");
    (std::fs::read(out).expect("the output"), stderr)
}

/// The numbers of a `--cache-stats` line: hits, misses, stored, rejected.
fn stats(stderr: &str) -> [usize; 4] {
    let line = stderr
        .lines()
        .find(|l| l.starts_with("cache "))
        .unwrap_or_else(|| panic!("no stats line in {stderr}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    let n = numbers.len();
    [
        numbers[n - 4],
        numbers[n - 3],
        numbers[n - 2],
        numbers[n - 1],
    ]
}

#[test]
fn a_second_machine_compiles_from_a_warm_webdav_cache_to_the_same_bytes() {
    let Some(server) = Nginx::start() else {
        return;
    };
    let work = tempfile::tempdir().expect("temp dir");
    let file = module(work.path(), 120);
    let url = server.url();
    let (plain, _) = compile(&file, &work.path().join("plain.o"), &[]);
    let cached = ["--cache", url.as_str(), "--cache-stats"];
    let (first, stderr) = compile(&file, &work.path().join("first.o"), &cached);
    let [hits, misses, stored, rejected] = stats(&stderr);
    assert_eq!((hits, rejected), (0, 0), "{stderr}");
    assert!(misses > 1 && stored == misses, "{stderr}");
    assert_eq!(server.entries().len(), stored);
    // Another process: nothing but the shared cache in common.
    let (second, stderr) = compile(&file, &work.path().join("second.o"), &cached);
    assert_eq!(stats(&stderr), [1, 0, 0, 0], "{stderr}");
    assert!(first == plain && second == plain, "cached objects differ");

    // An edited module misses the whole output but finds the units it shares.
    let edited =
        std::fs::read_to_string(&file)
            .expect("module")
            .replacen("arith.remui", "arith.divui", 1);
    let edited_file = work.path().join("edited.mlir");
    std::fs::write(&edited_file, edited).expect("edited");
    let (from_units, stderr) = compile(&edited_file, &work.path().join("e1.o"), &cached);
    let [hits, misses, _, _] = stats(&stderr);
    assert!(hits > 1 && misses <= 3, "{stderr}");
    let (uncached, _) = compile(&edited_file, &work.path().join("e2.o"), &[]);
    assert!(
        from_units == uncached,
        "an object made of cached units differs"
    );

    // Optimized objects share their parts.
    let o2 = ["--cache", url.as_str(), "--cache-stats", "-O2"];
    compile(&file, &work.path().join("o2a.o"), &o2);
    let (o2_units, stderr) = compile(&edited_file, &work.path().join("o2b.o"), &o2);
    let (o2_plain, _) = compile(&edited_file, &work.path().join("o2c.o"), &["-O2"]);
    assert!(
        o2_units == o2_plain,
        "an -O2 object made of cached parts differs: {stderr}"
    );
}

#[test]
fn poisoned_truncated_and_foreign_entries_are_caught_and_replaced() {
    let Some(server) = Nginx::start() else {
        return;
    };
    let work = tempfile::tempdir().expect("temp dir");
    let file = module(work.path(), 40);
    let url = server.url();
    let cached = ["--cache", url.as_str(), "--cache-stats"];
    let (good, _) = compile(&file, &work.path().join("good.o"), &cached);
    let entries = server.entries();
    assert!(entries.len() >= 3, "{entries:?}");
    // One entry corrupt (a flipped byte), one truncated, one another key's.
    let mut corrupt = std::fs::read(&entries[0]).expect("entry");
    let last = corrupt.len() - 1;
    corrupt[last] ^= 0x40;
    std::fs::write(&entries[0], corrupt).expect("poison");
    let truncated = std::fs::read(&entries[1]).expect("entry");
    std::fs::write(&entries[1], &truncated[..truncated.len() / 2]).expect("truncate");
    std::fs::copy(&entries[0], &entries[2]).expect("foreign");
    for e in &entries[3..] {
        std::fs::remove_file(e).expect("remove");
    }
    // Without the whole output, every unit is looked up: the three damaged ones are
    // rejected with a warning each and compiled again, to the same bytes.
    let (again, stderr) = compile(&file, &work.path().join("again.o"), &cached);
    assert!(again == good, "a damaged entry reached the object");
    let [_, _, _, rejected] = stats(&stderr);
    assert_eq!(rejected, 3, "{stderr}");
    for why in ["corrupt", "truncated", "foreign"] {
        assert!(
            stderr.contains(&format!("warning[cache]: the cache {url}: entry"))
                && stderr.contains(why),
            "{why}: {stderr}"
        );
    }
    // They were written again: the next compile finds everything intact.
    let (third, stderr) = compile(&file, &work.path().join("third.o"), &cached);
    assert_eq!(stats(&stderr), [1, 0, 0, 0], "{stderr}");
    assert!(third == good);
}

#[test]
fn an_unreachable_cache_is_one_warning_and_no_failure() {
    let work = tempfile::tempdir().expect("temp dir");
    let file = module(work.path(), 20);
    let start = Instant::now();
    // Port 9 on loopback: nothing listens there.
    let (object, stderr) = compile(
        &file,
        &work.path().join("a.o"),
        &["--cache", "http://127.0.0.1:9/kiln/"],
    );
    let (plain, _) = compile(&file, &work.path().join("b.o"), &[]);
    assert!(object == plain);
    assert_eq!(stderr.matches("warning[cache]").count(), 1, "{stderr}");
    assert!(stderr.contains("compiling without it"), "{stderr}");
    assert!(start.elapsed() < Duration::from_secs(60));
    // A URL that is none is a usage error.
    let o = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["compile", "--cache", "ftp://example.com/x", "-o"])
        .arg(work.path().join("c.o"))
        .arg(&file)
        .output()
        .expect("kiln runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(!work.path().join("c.o").exists());
}

#[test]
fn concurrent_writers_leave_a_cache_every_later_compile_hits() {
    let work = tempfile::tempdir().expect("temp dir");
    let file = module(work.path(), 60);
    let cache = work.path().join("cache");
    let url = cache.to_string_lossy().into_owned();
    let writers: Vec<Child> = (0..3)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_kiln"))
                .arg("compile")
                .arg(&file)
                .arg("-o")
                .arg(work.path().join(format!("w{i}.o")))
                .args(["--cache", url.as_str()])
                .spawn()
                .expect("kiln runs")
        })
        .collect();
    for mut w in writers {
        assert!(w.wait().expect("kiln ends").success());
    }
    let objects: Vec<Vec<u8>> = (0..3)
        .map(|i| std::fs::read(work.path().join(format!("w{i}.o"))).expect("object"))
        .collect();
    assert!(objects.windows(2).all(|w| w[0] == w[1]));
    let (after, stderr) = compile(
        &file,
        &work.path().join("after.o"),
        &["--cache", url.as_str(), "--cache-stats"],
    );
    assert_eq!(stats(&stderr), [1, 0, 0, 0], "{stderr}");
    assert!(after == objects[0]);
}

#[test]
fn a_session_and_serve_use_the_cache() {
    use kiln::backend::Emit;
    let work = tempfile::tempdir().expect("temp dir");
    let url = work.path().join("cache").to_string_lossy().into_owned();
    let text = std::fs::read_to_string(module(work.path(), 30)).expect("module");
    let open = || {
        let mut s = kiln::Session::new();
        let cache = kiln::shared_cache::SharedCache::open(&url).expect("a cache");
        s.set_shared_cache(Some(std::sync::Arc::new(cache)));
        s.set_source("m.mlir", text.as_str());
        s
    };
    let first = open();
    let a = first
        .compile("m.mlir", Emit::Obj, 0)
        .into_result()
        .expect("compiles");
    let shared = first.shared_cache().expect("set").clone();
    shared.flush(Duration::from_secs(30));
    assert!(shared.stats().stored > 1);
    let second = open();
    let (b, work_done) = second.counting(|s| s.compile("m.mlir", Emit::Obj, 0).into_result());
    assert!(b.expect("compiles") == a);
    // The whole output came from the cache: nothing was lowered or generated.
    assert_eq!((work_done.lowered, work_done.generated), (0, 0));
    assert_eq!(second.shared_cache().expect("set").stats().hits, 1);

    // `kiln serve --cache`: a compile request answered from the same cache.
    let request =
        serde_json::json!({"id": 1, "method": "open", "params": {"path": "m.mlir", "text": text}});
    let compile = serde_json::json!({"id": 2, "method": "compile", "params": {"path": "m.mlir", "emit": "obj", "output_path": work.path().join("s.o")}});
    let input = format!("{request}\n{compile}\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["serve", "--cache", url.as_str(), "--cache-stats"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("kiln serve");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("requests");
    let o = child.wait_with_output().expect("serve ends");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert_eq!(
        stats(&stderr)[0],
        1,
        "{stderr}\n{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

#[test]
fn kiln_watch_fills_the_cache_a_compile_then_hits() {
    let work = tempfile::tempdir().expect("temp dir");
    let file = module(work.path(), 20);
    let url = work.path().join("cache").to_string_lossy().into_owned();
    let o = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("watch")
        .arg(&file)
        .arg("-o")
        .arg(work.path().join("w.o"))
        .args([
            "--max-builds",
            "1",
            "--cache",
            url.as_str(),
            "--cache-stats",
        ])
        .output()
        .expect("kiln watch runs");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let [_, _, stored, _] = stats(&stderr);
    assert!(stored > 1, "{stderr}");
    let (object, stderr) = compile(
        &file,
        &work.path().join("c.o"),
        &["--cache", url.as_str(), "--cache-stats"],
    );
    assert_eq!(stats(&stderr), [1, 0, 0, 0], "{stderr}");
    assert!(object == std::fs::read(work.path().join("w.o")).expect("watch's object"));
}
