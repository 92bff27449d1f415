//! Turning a stack overflow in JIT-compiled code into a reported error.
//!
//! Native code that recurses too deeply runs off the end of its thread's stack into the
//! guard page below it, and the kernel sends `SIGSEGV`. Nothing can continue after that:
//! the faulting code has no way back (unwinding through JIT frames is not possible, and
//! jumping out of a signal handler past them would leave LLVM's and the program's state
//! inconsistent). What kiln can do is say what happened: the JIT thread registers its stack
//! here, and a `SIGSEGV`/`SIGBUS` handler running on the alternate signal stack recognizes a
//! fault in (or just below) that stack's guard region, writes a diagnostic prepared in
//! advance to standard error and ends the process with exit code 1. Any other fault is
//! handed to the handler that was installed before (Rust's own, or the default action).
//!
//! JIT-compiled functions get LLVM's `probe-stack` attribute, so a frame larger than a page
//! touches each page in turn and always faults in the guard page instead of jumping past it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Stacks of live JIT threads: `(lowest address, highest address)`, 0 when free.
const SLOTS: usize = 64;
static LOW: [AtomicUsize; SLOTS] = [const { AtomicUsize::new(0) }; SLOTS];
static HIGH: [AtomicUsize; SLOTS] = [const { AtomicUsize::new(0) }; SLOTS];

/// A fault this far below a registered stack still counts as its overflow (a frame that
/// skipped the guard page in code without stack probes).
const BELOW: usize = 1 << 20;

/// The diagnostic written on an overflow (set by the embedding program, e.g. in JSON).
static MESSAGE: OnceLock<Vec<u8>> = OnceLock::new();

/// The actions that were installed before ours, called for faults that are not ours.
static PREVIOUS: OnceLock<(libc::sigaction, libc::sigaction)> = OnceLock::new();

/// Set in a child of [`super::isolate`]: a fault that is not an overflow ends the child by
/// its signal at once, without the host's own crash handlers (Python's `faulthandler`,
/// a C++ host's crash reporter), for which a crash of test code in a child is not news.
static IN_CHILD: AtomicBool = AtomicBool::new(false);

/// Makes the calling process (a freshly forked child running native code) end by the
/// signal itself on any crash other than a stack overflow: the default action for faults,
/// aborts, arithmetic and illegal-instruction traps, whatever the host installed.
pub(crate) fn default_crash_actions_in_child() {
    IN_CHILD.store(true, Ordering::SeqCst);
    // SAFETY: sigaction with SIG_DFL on signals whose default ends the process; called in
    // the child right after fork, before any job runs.
    unsafe {
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        libc::sigemptyset(&mut default.sa_mask);
        for signal in [libc::SIGABRT, libc::SIGFPE, libc::SIGILL, libc::SIGTRAP] {
            libc::sigaction(signal, &default, std::ptr::null_mut());
        }
    }
}

/// Sets the text written to standard error when JIT-run code overflows its stack (once;
/// later calls are ignored). Without it, a plain sentence is written.
pub fn set_overflow_message(text: String) {
    let _ = MESSAGE.set(text.into_bytes());
}

/// The default diagnostic.
pub const DEFAULT_MESSAGE: &str =
    "error[run.stack-overflow]: stack overflow in native code (recursion too deep?); the call's thread used all of its stack\n";

/// Registers the calling thread's stack, installing the handler the first time. The
/// returned guard unregisters it when dropped (when the thread ends).
pub fn guard_this_thread() -> Option<Registration> {
    install();
    let (low, high) = stack_bounds()?;
    let alt = ensure_alt_stack();
    let _lock = REGISTER.lock().ok()?;
    for i in 0..SLOTS {
        if LOW[i].load(Ordering::SeqCst) == 0 {
            HIGH[i].store(high, Ordering::SeqCst);
            LOW[i].store(low, Ordering::SeqCst);
            return Some(Registration { slot: i, _alt: alt });
        }
    }
    None
}

static REGISTER: Mutex<()> = Mutex::new(());

/// A registered stack; dropping it frees the slot (and the alternate signal stack given
/// to the thread, if one was).
pub struct Registration {
    slot: usize,
    _alt: Option<AltStack>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        LOW[self.slot].store(0, Ordering::SeqCst);
        HIGH[self.slot].store(0, Ordering::SeqCst);
    }
}

/// The calling thread's stack, from glibc's record of it.
fn stack_bounds() -> Option<(usize, usize)> {
    // SAFETY: plain libc queries on the calling thread with a local attribute object.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        libc::pthread_attr_destroy(&mut attr);
        ok.then(|| (addr as usize, addr as usize + size))
    }
}

/// An alternate signal stack this module gave the calling thread: dropped on that thread
/// (with its [`Registration`]), it is disabled and freed, so a process that starts many
/// JIT threads (a host embedding the library) does not leak one per thread.
struct AltStack {
    /// The stack's memory, freed after `drop` disabled it.
    _buffer: Box<[u8]>,
}

impl Drop for AltStack {
    fn drop(&mut self) {
        let disable = libc::stack_t {
            ss_sp: std::ptr::null_mut(),
            ss_flags: libc::SS_DISABLE,
            ss_size: 0,
        };
        // SAFETY: the calling thread installed `buffer` as its alternate stack and is not
        // running a handler on it (a handler never returns into code that drops this).
        unsafe {
            libc::sigaltstack(&disable, std::ptr::null_mut());
        }
    }
}

/// Gives the thread an alternate signal stack when it has none (Rust gives its threads one
/// when it handles overflows itself; a handler cannot run on the stack that overflowed).
fn ensure_alt_stack() -> Option<AltStack> {
    // SAFETY: sigaltstack with a query, then with a buffer kept until the thread
    // unregisters.
    unsafe {
        let mut current: libc::stack_t = std::mem::zeroed();
        if libc::sigaltstack(std::ptr::null(), &mut current) != 0 {
            return None;
        }
        if current.ss_flags & libc::SS_DISABLE == 0 {
            return None;
        }
        let size = 64 * 1024;
        let mut buffer = vec![0u8; size].into_boxed_slice();
        let stack = libc::stack_t {
            ss_sp: buffer.as_mut_ptr().cast(),
            ss_flags: 0,
            ss_size: size,
        };
        match libc::sigaltstack(&stack, std::ptr::null_mut()) {
            0 => Some(AltStack { _buffer: buffer }),
            _ => None,
        }
    }
}

fn install() {
    PREVIOUS.get_or_init(|| {
        // SAFETY: installing a handler with SA_SIGINFO | SA_ONSTACK; the old actions are
        // kept for faults that are not stack overflows of a registered thread.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as *const () as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            let mut segv: libc::sigaction = std::mem::zeroed();
            let mut bus: libc::sigaction = std::mem::zeroed();
            libc::sigaction(libc::SIGSEGV, &action, &mut segv);
            libc::sigaction(libc::SIGBUS, &action, &mut bus);
            (segv, bus)
        }
    });
}

/// Whether `addr` is in, or just below, the lowest page of a registered stack.
fn in_guard(addr: usize) -> bool {
    (0..SLOTS).any(|i| {
        let low = LOW[i].load(Ordering::SeqCst);
        // The guard page lies at the low end of the mapping glibc reports (or just below).
        low != 0 && addr < low.saturating_add(64 * 1024) && addr >= low.saturating_sub(BELOW)
    })
}

extern "C" fn handler(signal: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers; only
    // async-signal-safe calls (write, _exit, sigaction) are made.
    unsafe {
        let addr = (*info).si_addr() as usize;
        if in_guard(addr) {
            let text = MESSAGE
                .get()
                .map(Vec::as_slice)
                .unwrap_or(DEFAULT_MESSAGE.as_bytes());
            libc::write(2, text.as_ptr().cast(), text.len());
            libc::_exit(1);
        }
        let Some((segv, bus)) = PREVIOUS.get() else {
            return;
        };
        if IN_CHILD.load(Ordering::SeqCst) {
            // Returning re-runs the faulting instruction under the default action.
            let mut default: libc::sigaction = std::mem::zeroed();
            default.sa_sigaction = libc::SIG_DFL;
            libc::sigaction(signal, &default, std::ptr::null_mut());
            return;
        }
        let previous = if signal == libc::SIGBUS { bus } else { segv };
        if previous.sa_flags & libc::SA_SIGINFO != 0
            && previous.sa_sigaction != libc::SIG_DFL
            && previous.sa_sigaction != libc::SIG_IGN
        {
            let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
                std::mem::transmute(previous.sa_sigaction);
            f(signal, info, context);
        } else if previous.sa_flags & libc::SA_SIGINFO == 0
            && previous.sa_sigaction != libc::SIG_DFL
            && previous.sa_sigaction != libc::SIG_IGN
        {
            let f: extern "C" fn(libc::c_int) = std::mem::transmute(previous.sa_sigaction);
            f(signal);
        } else {
            // Restore the default action: returning re-runs the faulting instruction,
            // which then ends the process as it would have without kiln's handler.
            libc::sigaction(signal, previous, std::ptr::null_mut());
        }
    }
}
