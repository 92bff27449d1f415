//! Running native code in a child process, so that code which crashes or never returns
//! is reported instead of taking the caller down with it.
//!
//! A rule that computes a wrong stride makes native code store outside its buffers; in
//! process, that corrupts the heap and ends `kiln verify` with a segmentation fault and no
//! counterexample. [`run_forked`] forks the calling thread: the child runs the job and
//! writes its answer to a pipe, the parent reads it, and a child that dies by a signal,
//! exits early or outlives its time is described as an [`Ended`].
//!
//! The child of a multi-threaded process has only the forking thread, so the job must not
//! need another thread or a lock another thread may hold: it calls already compiled code
//! through addresses resolved before the fork (never LLVM) and allocates (mimalloc's
//! per-thread heaps). The parent never waits for end of file, which another child forked
//! meanwhile could hold open: it reads a length-prefixed answer while polling the child.

use std::fmt;
use std::time::{Duration, Instant};

/// How a child ended without answering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Killed by this signal (`SIGSEGV` for an access outside mapped memory).
    Signal(i32),
    /// Exited with this code before answering; what it wrote to standard error.
    Exit(i32, String),
    /// Still running after this long; killed.
    Timeout(Duration),
    /// No child could be made (the system's error).
    Fork(String),
}

impl fmt::Display for Ended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ended::Signal(s) => write!(f, "the native code crashed ({})", signal_name(*s)),
            Ended::Exit(code, err) if err.trim().is_empty() => {
                write!(f, "the native code exited with code {code}")
            }
            Ended::Exit(code, err) => {
                write!(f, "the native code exited with code {code}: {}", err.trim())
            }
            Ended::Timeout(t) => write!(
                f,
                "the native code did not return within {:.1} s",
                t.as_secs_f64()
            ),
            Ended::Fork(e) => write!(f, "cannot start a process for the native code: {e}"),
        }
    }
}

fn signal_name(s: i32) -> String {
    match s {
        libc::SIGSEGV => "SIGSEGV".to_string(),
        libc::SIGBUS => "SIGBUS".to_string(),
        libc::SIGFPE => "SIGFPE".to_string(),
        libc::SIGILL => "SIGILL".to_string(),
        libc::SIGABRT => "SIGABRT".to_string(),
        libc::SIGKILL => "SIGKILL".to_string(),
        libc::SIGTRAP => "SIGTRAP".to_string(),
        n => format!("signal {n}"),
    }
}

/// A pipe whose ends close on `exec` (other threads' subprocesses never inherit them);
/// the read end does not block.
fn pipe() -> Result<(i32, i32), Ended> {
    let mut fds = [0i32; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(Ended::Fork(std::io::Error::last_os_error().to_string()));
    }
    // SAFETY: `fds[0]` is the read end just made.
    unsafe {
        let flags = libc::fcntl(fds[0], libc::F_GETFL);
        libc::fcntl(fds[0], libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    Ok((fds[0], fds[1]))
}

/// Reads what is available from a non-blocking descriptor into `into`.
fn drain(fd: i32, into: &mut Vec<u8>) {
    let mut buf = [0u8; 16 << 10];
    loop {
        // SAFETY: `buf` is valid for its length.
        let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        if n <= 0 {
            return;
        }
        into.extend_from_slice(&buf[..n as usize]);
    }
}

/// Writes all of `bytes` to `fd`, retrying short writes; false on error.
fn write_all(fd: i32, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is valid for its length.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        bytes = &bytes[n as usize..];
    }
    true
}

/// Takes every complete length-prefixed answer off the front of `bytes`.
fn answers(bytes: &mut Vec<u8>, into: &mut Vec<Vec<u8>>) -> usize {
    let mut at = 0;
    let mut n = 0;
    while let Some(len) = bytes
        .get(at..at + 8)
        .and_then(|b| b.try_into().ok())
        .map(|b| u64::from_le_bytes(b) as usize)
    {
        let Some(body) = (at + 8)
            .checked_add(len)
            .and_then(|end| bytes.get(at + 8..end))
        else {
            break;
        };
        into.push(body.to_vec());
        at += 8 + len;
        n += 1;
    }
    bytes.drain(..at);
    n
}

/// A job for a child: what it computes, as bytes for the pipe.
pub type Job<'a> = Box<dyn FnOnce() -> Vec<u8> + 'a>;

/// Runs `job` in a child process forked from this thread and returns what it returned, or
/// how the child ended if it did not return within `timeout`.
pub fn run_forked(timeout: Duration, job: impl FnOnce() -> Vec<u8>) -> Result<Vec<u8>, Ended> {
    run_forked_each(timeout, vec![Box::new(job)])
        .pop()
        .unwrap_or_else(|| Err(Ended::Fork("no answer".to_string())))
}

/// Runs `jobs` in order in child processes forked from this thread: one child for all of
/// them while none fails (a fork per job would cost more than small jobs do), then a new
/// child for those after a job that crashed, exited or ran past `timeout`. One result per
/// job, in order.
pub fn run_forked_each(timeout: Duration, jobs: Vec<Job<'_>>) -> Vec<Result<Vec<u8>, Ended>> {
    let mut jobs: Vec<Option<Job<'_>>> = jobs.into_iter().map(Some).collect();
    let mut results = Vec::with_capacity(jobs.len());
    while results.len() < jobs.len() {
        let from = results.len();
        let (done, end) = one_child(timeout, &mut jobs[from..]);
        // The child ran these (and the one that ended it) on its copies; the parent's
        // copies are dropped unrun.
        let ran = done.len() + usize::from(end.is_some());
        for j in &mut jobs[from..from + ran] {
            j.take();
        }
        results.extend(done.into_iter().map(Ok));
        match end {
            Some(Ended::Fork(e)) => {
                // No child can be made: every job left fails alike.
                results.push(Err(Ended::Fork(e.clone())));
                while results.len() < jobs.len() {
                    results.push(Err(Ended::Fork(e.clone())));
                }
            }
            Some(e) => results.push(Err(e)),
            None => {}
        }
    }
    results
}

/// One child for `jobs`: the answers it gave, and how it ended if before the last.
fn one_child(timeout: Duration, jobs: &mut [Option<Job<'_>>]) -> (Vec<Vec<u8>>, Option<Ended>) {
    let (out_r, out_w) = match pipe() {
        Ok(p) => p,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let (err_r, err_w) = match pipe() {
        Ok(p) => p,
        Err(e) => {
            // SAFETY: closing the descriptors made above.
            unsafe {
                libc::close(out_r);
                libc::close(out_w);
            }
            return (Vec::new(), Some(e));
        }
    };
    // SAFETY: the child runs only the jobs (see the module's comment), then `_exit`s.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // The child: standard error into the pipe (the stack-overflow handler reports
        // there), each answer length-prefixed, and never a return into the parent's code.
        // SAFETY: descriptors of this process; `_exit` ends it without unwinding.
        unsafe {
            super::overflow::default_crash_actions_in_child();
            libc::dup2(err_w, 2);
            libc::close(out_r);
            libc::close(err_r);
            for job in jobs.iter_mut() {
                let Some(job) = job.take() else {
                    libc::_exit(4);
                };
                let bytes = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)) {
                    Ok(b) => b,
                    Err(_) => libc::_exit(101),
                };
                if !(write_all(out_w, &(bytes.len() as u64).to_le_bytes())
                    && write_all(out_w, &bytes))
                {
                    libc::_exit(3);
                }
            }
            libc::_exit(0);
        }
    }
    // SAFETY: the parent closes the child's ends.
    unsafe {
        libc::close(out_w);
        libc::close(err_w);
    }
    if pid < 0 {
        let e = std::io::Error::last_os_error().to_string();
        // SAFETY: the parent's read ends, no longer needed.
        unsafe {
            libc::close(out_r);
            libc::close(err_r);
        }
        return (Vec::new(), Some(Ended::Fork(e)));
    }
    // The child's end wakes the wait through a pidfd (Linux 5.3): the pipes' end of file
    // does not, while a child another thread forked meanwhile holds their write ends.
    // Without one, the wait is a short poll.
    // SAFETY: `pid` is this thread's child; the descriptor is closed by `close`.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    let close = || {
        // SAFETY: the parent's read ends and the pidfd, closed once when done.
        unsafe {
            libc::close(out_r);
            libc::close(err_r);
            if pidfd >= 0 {
                libc::close(pidfd);
            }
        }
    };
    let mut since = Instant::now();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut done = Vec::new();
    let status = loop {
        let mut fds = [out_r, err_r, pidfd].map(|fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        });
        let (n, wait) = if pidfd >= 0 { (3, 100) } else { (2, 2) };
        // SAFETY: `fds` is valid for `n` entries.
        unsafe { libc::poll(fds.as_mut_ptr(), n, wait) };
        drain(out_r, &mut out);
        drain(err_r, &mut err);
        if answers(&mut out, &mut done) > 0 {
            // The time limit is each job's.
            since = Instant::now();
        }
        let mut status = 0;
        // SAFETY: `pid` is this thread's child.
        let waited = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if waited == pid {
            drain(out_r, &mut out);
            drain(err_r, &mut err);
            answers(&mut out, &mut done);
            break Some(status);
        }
        if waited < 0 {
            break None;
        }
        if since.elapsed() > timeout {
            // SAFETY: killing and reaping this thread's child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, &mut status, 0);
            }
            close();
            return (done, Some(Ended::Timeout(timeout)));
        }
    };
    close();
    let end = match status {
        _ if done.len() == jobs.len() => None,
        Some(s) if libc::WIFSIGNALED(s) => Some(Ended::Signal(libc::WTERMSIG(s))),
        Some(s) if libc::WIFEXITED(s) => Some(Ended::Exit(
            libc::WEXITSTATUS(s),
            String::from_utf8_lossy(&err).into_owned(),
        )),
        _ => Some(Ended::Fork("the child could not be waited for".to_string())),
    };
    (done, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_comes_back() {
        let big = vec![7u8; 200_000];
        let expect = big.clone();
        assert_eq!(run_forked(Duration::from_secs(20), move || big), Ok(expect));
    }

    #[test]
    fn a_crash_is_reported_with_its_signal() {
        let r = run_forked(Duration::from_secs(20), || {
            // SAFETY: none; the child is meant to fault here, as a wild store would.
            let byte = unsafe { std::ptr::read_volatile(std::ptr::without_provenance::<u8>(8)) };
            vec![byte]
        });
        assert_eq!(r, Err(Ended::Signal(libc::SIGSEGV)));
        assert_eq!(
            r.unwrap_err().to_string(),
            "the native code crashed (SIGSEGV)"
        );
    }

    #[test]
    fn an_early_exit_brings_its_message() {
        let r = run_forked(Duration::from_secs(20), || {
            // As the overflow handler reports: straight to descriptor 2, then `_exit`.
            let text = b"out of stack\n";
            // SAFETY: `text` is valid for its length; `_exit` ends the child.
            unsafe {
                libc::write(2, text.as_ptr().cast(), text.len());
                libc::_exit(1)
            }
        });
        assert_eq!(r, Err(Ended::Exit(1, "out of stack\n".to_string())));
    }

    #[test]
    fn jobs_after_a_crash_run_in_a_new_child() {
        let parent = std::process::id();
        let job = |crash: bool| -> Job<'static> {
            Box::new(move || {
                if crash {
                    // SAFETY: none; the child is meant to fault here.
                    unsafe { std::ptr::read_volatile(std::ptr::without_provenance::<u8>(8)) };
                }
                std::process::id().to_le_bytes().to_vec()
            })
        };
        let r = run_forked_each(
            Duration::from_secs(20),
            vec![job(false), job(false), job(true), job(false)],
        );
        assert_eq!(r.len(), 4);
        assert_eq!(r[0], r[1], "the first two share a child");
        assert_eq!(r[2], Err(Ended::Signal(libc::SIGSEGV)));
        let (Ok(a), Ok(b)) = (&r[0], &r[3]) else {
            panic!("{r:?}");
        };
        assert_ne!(a, b, "the last runs in a new child");
        assert_ne!(a.as_slice(), parent.to_le_bytes().as_slice());
    }

    #[test]
    fn a_child_that_never_answers_is_killed() {
        let r = run_forked(Duration::from_millis(200), || loop {
            std::thread::sleep(Duration::from_millis(50));
        });
        assert_eq!(r, Err(Ended::Timeout(Duration::from_millis(200))));
    }
}
