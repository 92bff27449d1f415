//! Calling a lowered function in-process through LLVM's JIT.
//!
//! Rust cannot call a function whose signature it learns at run time, so kiln adds a
//! wrapper `void __kiln_call(ptr args, ptr results)` to the module: it loads each argument
//! from an 8-byte slot, calls the entry, and stores each result (each field of a packed
//! struct) into a slot. Rust then calls the wrapper through one fixed signature.
//!
//! Beside the engine here: [`calls`] (values, programs and errors), [`caller`] (the
//! calling thread's stack, or a thread of its own), [`runtime`] (the C runtime's symbols),
//! and the process-level machinery, libc's fork and signals kept out of code generation:
//! [`overflow`] (a stack overflow reported, not a crash) and [`isolate`] (a call run in a
//! child process).

pub mod caller;
pub mod calls;
pub mod isolate;
pub mod overflow;
mod packed;
pub mod runtime;

use crate::codegen::build_module;
use caller::{resolve_caller, Caller};
use calls::Built;
pub use calls::{int_slot, JitError, Kind, Program, Value};
use inkwell::context::Context;
use inkwell::targets::{InitializationConfig, Target};
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::BasicMetadataValueEnum;
use inkwell::values::BasicValue;
use inkwell::{AddressSpace, OptimizationLevel};
use kiln_lowered::Lowered;
use packed::{add_packed_wrapper, HostInterface};

/// The leaves of an aggregate result, depth first (a memref descriptor's fields in order).
fn leaf_kinds(t: BasicTypeEnum, out: &mut Vec<Kind>) -> Option<()> {
    match t {
        BasicTypeEnum::StructType(s) => {
            for f in s.get_field_types() {
                leaf_kinds(f, out)?;
            }
        }
        BasicTypeEnum::ArrayType(a) => {
            for _ in 0..a.len() {
                leaf_kinds(a.get_element_type(), out)?;
            }
        }
        t => out.push(Kind::of_llvm(t)?),
    }
    Some(())
}

/// Parameter kinds and result leaf kinds of an LLVM function, if every one is a scalar or
/// pointer (results may be structs and arrays of those).
fn llvm_kinds(f: inkwell::values::FunctionValue) -> Option<(Vec<Kind>, Vec<Kind>)> {
    let ty = f.get_type();
    let params = ty
        .get_param_types()
        .into_iter()
        .map(|p| BasicTypeEnum::try_from(p).ok().and_then(Kind::of_llvm))
        .collect::<Option<Vec<_>>>()?;
    let mut results = Vec::new();
    if let Some(r) = ty.get_return_type() {
        leaf_kinds(r, &mut results)?;
    }
    Some((params, results))
}

fn wrapper_name(entry: &str) -> String {
    format!("__kiln_call.{entry}")
}

/// Adds `void __kiln_call.F(ptr args, ptr results)`: it loads each parameter from its slot
/// and stores each leaf of the result (struct fields and array elements, depth first).
fn add_wrapper<'ctx>(
    ctx: &'ctx Context,
    module: &inkwell::module::Module<'ctx>,
    entry: &str,
) -> Result<(), JitError> {
    let err = |e: inkwell::builder::BuilderError| {
        JitError::Call(format!("building the call wrapper of `@{entry}`: {e}"))
    };
    let target = module
        .get_function(entry)
        .ok_or_else(|| JitError::Call(format!("no function `@{entry}`")))?;
    if module.get_function(&wrapper_name(entry)).is_some() {
        return Err(JitError::Call(format!(
            "the program defines `@{}`, the name of kiln's call wrapper",
            wrapper_name(entry)
        )));
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i64t = ctx.i64_type();
    let wrapper = module.add_function(
        &wrapper_name(entry),
        ctx.void_type().fn_type(&[ptr.into(), ptr.into()], false),
        None,
    );
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(wrapper, "entry"));
    let (args_ptr, results_ptr) = match (wrapper.get_nth_param(0), wrapper.get_nth_param(1)) {
        (Some(a), Some(r)) => (a.into_pointer_value(), r.into_pointer_value()),
        _ => return Err(JitError::Call("wrapper has no parameters".to_string())),
    };
    // SAFETY (of the LLVM instruction): slot `i` of an array the caller sized.
    let slot =
        |base, i: usize| unsafe { b.build_gep(i64t, base, &[i64t.const_int(i as u64, false)], "") };
    // An integer wider than 64 bits takes two slots, read and written whole: LLVM stores
    // an `i128` low half first.
    let slots_of = |t: BasicTypeEnum| Kind::of_llvm(t).map_or(1, Kind::slots);
    // The slots are the caller's `u64`s, 8-byte aligned: an `i128`'s type alignment (16)
    // would let optimised code read or write them with aligned vector moves, which fault.
    let aligned = |i: Option<inkwell::values::InstructionValue>| {
        i.map_or(Ok(()), |i| i.set_alignment(8))
            .map_err(|e| JitError::Call(format!("cannot align a slot: {e}")))
    };
    let mut call_args: Vec<BasicMetadataValueEnum> = Vec::new();
    let mut k = 0;
    for p in target.get_param_iter() {
        let at = slot(args_ptr, k).map_err(err)?;
        let ty: BasicTypeEnum = p.get_type();
        k += slots_of(ty);
        let value = b.build_load(ty.as_basic_type_enum(), at, "").map_err(err)?;
        aligned(value.as_instruction_value())?;
        call_args.push(value.into());
    }
    let result = b.build_call(target, &call_args, "").map_err(err)?;
    if let Some(r) = result.try_as_basic_value().basic() {
        let mut leaves = Vec::new();
        flatten(&b, r, &mut leaves).map_err(err)?;
        let mut k = 0;
        for leaf in leaves {
            let at = slot(results_ptr, k).map_err(err)?;
            k += slots_of(leaf.get_type());
            aligned(Some(b.build_store(at, leaf).map_err(err)?))?;
        }
    }
    b.build_return(None).map_err(err)?;
    Ok(())
}

/// The scalar leaves of a value, depth first.
fn flatten<'ctx>(
    b: &inkwell::builder::Builder<'ctx>,
    v: inkwell::values::BasicValueEnum<'ctx>,
    out: &mut Vec<inkwell::values::BasicValueEnum<'ctx>>,
) -> Result<(), inkwell::builder::BuilderError> {
    match v {
        inkwell::values::BasicValueEnum::StructValue(s) => {
            for i in 0..s.get_type().count_fields() {
                flatten(b, b.build_extract_value(s, i, "")?, out)?;
            }
        }
        inkwell::values::BasicValueEnum::ArrayValue(a) => {
            for i in 0..a.get_type().len() {
                flatten(b, b.build_extract_value(a, i, "")?, out)?;
            }
        }
        v => out.push(v),
    }
    Ok(())
}

type Reply = std::sync::mpsc::Sender<Result<Vec<Value>, JitError>>;

/// A job run in a child process with a program's [`Caller`] (see [`Jit::run_isolated`]).
pub type Job = Box<dyn FnOnce(&Caller) -> Vec<u8> + Send>;

/// What each isolated job gave.
type Answers = Vec<Result<Vec<u8>, JitError>>;

/// What the worker is asked to do.
enum Request {
    /// Call program `.0`'s entry `.1` with the arguments; the results go to `.3`.
    Call(usize, String, Vec<Value>, Reply),
    /// Run each job on its program in child processes, each killed after `.0`.
    Isolated(
        std::time::Duration,
        Vec<(usize, Job)>,
        std::sync::mpsc::Sender<Answers>,
    ),
    /// Program `.0`'s callable functions, for calls on another thread.
    Direct(
        usize,
        std::sync::mpsc::Sender<Result<self::caller::Direct, JitError>>,
    ),
    /// The address of program `.0`'s function `.1` (its name before renaming apart).
    Address(
        usize,
        String,
        std::sync::mpsc::Sender<Result<usize, JitError>>,
    ),
}

/// The CPU JIT-compiled code is generated for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JitCpu {
    /// The target's baseline (`generic`).
    Generic,
    /// The host's CPU and its features (each function's `target-cpu` and
    /// `target-features`, which MCJIT's code generator reads per function).
    Host,
}

/// The stack of the thread that runs JIT-compiled code, unless given.
pub const DEFAULT_STACK: usize = 64 << 20;

/// A JIT-compiled program (or several) that can be called many times.
///
/// LLVM's context and execution engine are neither `Send` nor free of lifetimes, so they
/// live on a worker thread owned by the handle; [`Jit::call`] sends the request there.
/// Compilation happens once, in [`Jit::new`]. Dropping the handle stops the worker.
///
/// ```
/// use kiln_backend::{Jit, Value};
/// use kiln_lowered::{Inst, Linkage, Lowered, LoweredBlock, Operand, TargetOp as Op};
///
/// // `@axpb(a: i64, x: i64) -> i64` returning `a * x + 3`, as lowering would produce it.
/// let i64t = || Operand::Node(Op::I64, vec![]);
/// let inst = |result, op, operands| Inst::new(result, op, operands);
/// let f = Lowered {
///     name: "axpb".to_string(),
///     // `(llvm.sig RESULT [PARAMS])`
///     signature: Operand::Node(Op::Sig, vec![i64t(), Operand::List(vec![i64t(), i64t()])]),
///     blocks: vec![LoweredBlock {
///         label: String::new(),
///         params: None,
///         reachable: true,
///         insts: vec![
///             inst(Some(0), Op::Arg, vec![i64t(), Operand::Int(0)]),
///             inst(Some(1), Op::Arg, vec![i64t(), Operand::Int(1)]),
///             inst(Some(2), Op::Mul, vec![i64t(), Operand::Value(0), Operand::Value(1)]),
///             inst(Some(3), Op::Constant, vec![i64t(), Operand::Int(3)]),
///             inst(Some(4), Op::Add, vec![i64t(), Operand::Value(2), Operand::Value(3)]),
///             inst(None, Op::Return, vec![Operand::Value(4)]),
///         ],
///     }],
///     order: vec![0],
///     linkage: Linkage::External,
///     attrs: Default::default(),
///     callee_attrs: Vec::new(),
///     fn_attrs: Vec::new(),
/// };
///
/// let jit = Jit::new(vec![f])?;
/// let int = |value| Value::Int { bits: 64, value };
/// // Compiled once, called as often as needed.
/// assert_eq!(jit.call("axpb", &[int(4), int(5)])?, vec![int(23)]);
/// assert_eq!(jit.call("axpb", &[int(-2), int(7)])?, vec![int(-11)]);
/// // The arguments are checked against the signature.
/// assert!(jit.call("axpb", &[int(1)]).is_err());
/// # Ok::<(), kiln_backend::JitError>(())
/// ```
pub struct Jit {
    requests: Option<std::sync::mpsc::Sender<Request>>,
    worker: Option<std::thread::JoinHandle<()>>,
}

impl Jit {
    /// Compiles `functions` (every defined function whose parameters are scalars or
    /// pointers becomes callable; results may be structs of those).
    pub fn new(functions: Vec<Lowered>) -> Result<Jit, JitError> {
        Jit::compile(Program::Lowered(functions))
    }

    /// Compiles a program (kiln's lowering or LLVM IR text).
    pub fn compile(program: Program) -> Result<Jit, JitError> {
        Jit::compile_at(program, 0)
    }

    /// Compiles a program after LLVM's `default<On>` pipeline (`opt_level` 0 to 3).
    pub fn compile_at(program: Program, opt_level: u8) -> Result<Jit, JitError> {
        Jit::compile_with_stack(program, opt_level, DEFAULT_STACK)
    }

    /// [`Jit::compile_at`] with a stack of `stack` bytes for the calls (and compilation).
    /// Running out of it ends the process with a diagnostic (see [`self::overflow`]).
    ///
    /// The code is generated for the host's CPU and its features, as code that runs where
    /// it is compiled should be (MLIR's `ExecutionEngine` does the same); objects written
    /// to files stay for the target's generic CPU unless asked.
    pub fn compile_with_stack(
        program: Program,
        opt_level: u8,
        stack: usize,
    ) -> Result<Jit, JitError> {
        Jit::compile_programs_for(vec![(program, opt_level)], stack, JitCpu::Host)
    }

    /// [`Jit::compile_at`] with the interface MLIR's `ExecutionEngine` gives its host:
    /// every defined function `F` gets a packed wrapper `void _mlir_F(ptr args)` (`args[i]`
    /// points to argument `i`, `args[n]` to where the result goes; see [`Jit::address`]),
    /// and `symbols` (name, address) define functions the program declares (the host's
    /// callbacks, called as any external function is). A declared function neither
    /// `symbols` nor the process defines gets the recording stub as usual.
    pub fn compile_for_host(
        program: Program,
        opt_level: u8,
        symbols: Vec<(String, usize)>,
    ) -> Result<Jit, JitError> {
        let host = HostInterface {
            packed: true,
            symbols,
        };
        Jit::start(
            vec![(program, opt_level)],
            DEFAULT_STACK,
            JitCpu::Host,
            host,
        )
    }

    /// Compiles several independent programs, each after its own `default<On>` pipeline,
    /// into one execution engine; [`Jit::call_program`] calls into program `i` of them.
    ///
    /// Much of a small program's compilation is LLVM setting up — a target machine, its
    /// subtarget, the code generator's pass pipeline — so one engine for many programs
    /// costs much less than one each (`kiln verify` compiles its cases this way). Each
    /// program keeps its own symbols: those each defines are renamed apart (`NAME.kilnI`)
    /// before the modules are linked — all of them, so a program's declaration of `malloc`
    /// never binds to another program's definition of it — and each has its own stubs for
    /// what the process lacks.
    /// Any program failing to build fails the whole compilation. The code is for the
    /// target's generic CPU (a host's long feature list makes each engine dearer to set
    /// up, and `kiln verify` sets up thousands); [`Jit::compile_programs_for`] chooses.
    pub fn compile_programs(programs: Vec<(Program, u8)>, stack: usize) -> Result<Jit, JitError> {
        Jit::compile_programs_for(programs, stack, JitCpu::Generic)
    }

    /// [`Jit::compile_programs`] for the CPU `cpu`.
    pub fn compile_programs_for(
        programs: Vec<(Program, u8)>,
        stack: usize,
        cpu: JitCpu,
    ) -> Result<Jit, JitError> {
        Jit::start(programs, stack, cpu, HostInterface::default())
    }

    /// Starts the JIT's thread on `programs`, with the interface `host` asks for.
    fn start(
        programs: Vec<(Program, u8)>,
        stack: usize,
        cpu: JitCpu,
        host: HostInterface,
    ) -> Result<Jit, JitError> {
        let (req_tx, req_rx) = std::sync::mpsc::channel::<Request>();
        let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<(), JitError>>();
        let worker = std::thread::Builder::new()
            .name("kiln-jit".to_string())
            .stack_size(stack)
            .spawn(move || {
                let _registered = self::overflow::guard_this_thread();
                serve(programs, req_rx, ready_tx, cpu, host)
            })
            .map_err(|e| JitError::Call(format!("cannot start the JIT thread: {e}")))?;
        match ready_rx.recv() {
            Ok(Ok(())) => Ok(Jit {
                requests: Some(req_tx),
                worker: Some(worker),
            }),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(JitError::Call(
                "the JIT thread stopped while compiling".to_string(),
            )),
        }
    }

    /// Calls `entry` with `args`; returns its results in order.
    pub fn call(&self, entry: &str, args: &[Value]) -> Result<Vec<Value>, JitError> {
        self.call_program(0, entry, args)
    }

    /// Calls `entry` of program `program` (its index in [`Jit::compile_programs`]).
    pub fn call_program(
        &self,
        program: usize,
        entry: &str,
        args: &[Value],
    ) -> Result<Vec<Value>, JitError> {
        let (tx, rx) = std::sync::mpsc::channel();
        let sent = self
            .requests
            .as_ref()
            .map(|r| r.send(Request::Call(program, entry.to_string(), args.to_vec(), tx)));
        if !matches!(sent, Some(Ok(()))) {
            return Err(JitError::Call("the JIT thread has stopped".to_string()));
        }
        rx.recv().unwrap_or_else(|_| {
            Err(JitError::Call(
                "the JIT thread stopped during a call".to_string(),
            ))
        })
    }

    /// The address of the machine code of `name`, a function program `program` defines
    /// (by its name in that program, before [`Jit::compile_programs`] renamed it apart),
    /// for a host that calls it directly: through its C interface (`_mlir_ciface_NAME`)
    /// or with the calling convention of its LLVM signature. The address stays valid
    /// while the `Jit` lives; the code may run on any thread.
    pub fn address(&self, program: usize, name: &str) -> Result<usize, JitError> {
        let (tx, rx) = std::sync::mpsc::channel();
        let sent = self
            .requests
            .as_ref()
            .map(|r| r.send(Request::Address(program, name.to_string(), tx)));
        if !matches!(sent, Some(Ok(()))) {
            return Err(JitError::Call("the JIT thread has stopped".to_string()));
        }
        rx.recv()
            .unwrap_or_else(|_| Err(JitError::Call("the JIT thread has stopped".to_string())))
    }

    /// Program `program`'s callable functions resolved for calls on the calling thread
    /// ([`self::caller::Direct`]), which skip the hop to the JIT's thread (most of a
    /// small call's cost) but run on the caller's stack.
    pub fn direct(&self, program: usize) -> Result<self::caller::Direct, JitError> {
        let (tx, rx) = std::sync::mpsc::channel();
        let sent = self
            .requests
            .as_ref()
            .map(|r| r.send(Request::Direct(program, tx)));
        if !matches!(sent, Some(Ok(()))) {
            return Err(JitError::Call("the JIT thread has stopped".to_string()));
        }
        rx.recv()
            .unwrap_or_else(|_| Err(JitError::Call("the JIT thread has stopped".to_string())))
    }

    /// Runs each job with its program's [`Caller`] (`(program, job)`), in order, in a child
    /// process forked from the JIT's thread ([`self::isolate`]); returns what each
    /// returned. Native code that crashes, exits or runs past `timeout` ends only the
    /// child, and its job's answer is [`JitError::Ended`] (the jobs after it run in a new
    /// child). What the code changed in memory stays in the child, so a job returns
    /// everything its caller needs to know.
    pub fn run_isolated(&self, timeout: std::time::Duration, jobs: Vec<(usize, Job)>) -> Answers {
        let n = jobs.len();
        let stopped = |why: &str| {
            (0..n)
                .map(|_| Err(JitError::Call(why.to_string())))
                .collect()
        };
        let (tx, rx) = std::sync::mpsc::channel();
        let sent = self
            .requests
            .as_ref()
            .map(|r| r.send(Request::Isolated(timeout, jobs, tx)));
        if !matches!(sent, Some(Ok(()))) {
            return stopped("the JIT thread has stopped");
        }
        rx.recv()
            .unwrap_or_else(|_| stopped("the JIT thread stopped during a call"))
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        self.requests.take();
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

/// Builds program `index` into a module of its own: call wrappers, stubs, stack probes,
/// LLVM's verifier and pipeline, then (with `rename`) every symbol it exports renamed
/// apart, so its module links beside the others'.
fn build_program<'ctx>(
    ctx: &'ctx Context,
    tm: &inkwell::targets::TargetMachine,
    host: Option<(
        inkwell::attributes::Attribute,
        inkwell::attributes::Attribute,
    )>,
    program: &Program,
    opt_level: u8,
    interface: &HostInterface,
    rename: Option<usize>,
) -> Result<(inkwell::module::Module<'ctx>, Built), JitError> {
    let module = match program {
        Program::Lowered(functions) => build_module(ctx, "kiln", functions, &[], None, tm)?,
        Program::WithGlobals(functions, globals) => {
            build_module(ctx, "kiln", functions, globals, None, tm)?
        }
        Program::LlvmIr(text) => {
            let buffer = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(
                text.as_bytes(),
                "input.ll",
            );
            ctx.create_module_from_ir(buffer).map_err(|e| {
                JitError::Call(format!("LLVM cannot read the IR: {}", e.to_string_lossy()))
            })?
        }
    };
    let bfloat = match program {
        Program::Lowered(functions) | Program::WithGlobals(functions, _) => {
            crate::bf16::uses_bf16(functions)
        }
        Program::LlvmIr(text) => text.contains("bfloat"),
    };
    if bfloat {
        crate::bf16::define_truncations(ctx, &module)?;
    }
    let mut kinds = Vec::new();
    let defined: Vec<_> = module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
        .collect();
    for f in defined {
        let name = f.get_name().to_string_lossy().into_owned();
        if interface.packed {
            add_packed_wrapper(ctx, &module, f)?;
        }
        if let Some(k) = llvm_kinds(f) {
            add_wrapper(ctx, &module, &name)?;
            kinds.push((name, k));
        }
    }
    let unresolved = stub_unresolved(ctx, &module, &interface.symbols)?;
    // Stack probes: a frame larger than a page touches its pages in order, so running out
    // of stack always faults in the guard page, where `overflow` recognizes it.
    let probe = ctx.create_string_attribute("probe-stack", "inline-asm");
    for f in module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
    {
        f.add_attribute(inkwell::attributes::AttributeLoc::Function, probe);
        if let Some((cpu, features)) = host {
            f.add_attribute(inkwell::attributes::AttributeLoc::Function, cpu);
            f.add_attribute(inkwell::attributes::AttributeLoc::Function, features);
        }
    }
    module
        .verify()
        .map_err(|e| JitError::Call(format!("LLVM rejected the module: {e}")))?;
    if opt_level > 0 {
        module
            .run_passes(
                &format!("default<O{}>", opt_level.min(3)),
                tm,
                inkwell::passes::PassBuilderOptions::create(),
            )
            .map_err(|e| JitError::Call(format!("LLVM's pipeline failed: {e}")))?;
    }
    // The wrappers and the probe are found after the pipeline (which may replace what was
    // built) and named after the renaming, so their names are the combined module's.
    let found = |name: &str| {
        module
            .get_function(name)
            .ok_or_else(|| JitError::Call(format!("LLVM's pipeline removed `@{name}`")))
    };
    let wrappers = kinds
        .into_iter()
        .map(|(name, k)| Ok((found(&wrapper_name(&name))?, name, k)))
        .collect::<Result<Vec<_>, JitError>>()?;
    let probe = match unresolved.is_empty() {
        true => None,
        false => Some(found(PROBE)?),
    };
    if let Some(index) = rename {
        rename_apart(&module, index);
    }
    let name_of = |f: inkwell::values::FunctionValue| f.get_name().to_string_lossy().into_owned();
    let callable = wrappers
        .into_iter()
        .map(|(w, name, (params, results))| (name, (name_of(w), params, results)))
        .collect();
    let probe = probe.map(name_of);
    Ok((
        module,
        Built {
            callable,
            unresolved,
            probe,
        },
    ))
}

/// Makes the helpers LLVM's code generation calls (the half-precision conversions
/// `__extendhfsf2` and `__truncsfhf2` where the target has no half instructions) visible
/// to the JIT's symbol lookup. They are libgcc's, which every Rust program loads, but a
/// process that loaded kiln as a library with local symbols (Python's extension modules)
/// does not expose them to that lookup; LLVM's list of permanently loaded libraries does.
fn runtime_helpers() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        #[cfg(target_os = "linux")]
        {
            // A machine without it (another C library) simply keeps the process's lookup.
            let _ =
                inkwell::support::load_library_permanently(std::path::Path::new("libgcc_s.so.1"));
        }
    });
}

/// Renames every symbol `module` defines and exports (functions, global variables) to
/// `NAME.kilnINDEX`. Declarations keep their names: after `stub_unresolved` they are only
/// what the process provides and LLVM's intrinsics. Local symbols the linker renames itself.
fn rename_apart(module: &inkwell::module::Module<'_>, index: usize) {
    use inkwell::module::Linkage;
    let local = |l: Linkage| matches!(l, Linkage::Private | Linkage::Internal);
    for f in module.get_functions() {
        if f.count_basic_blocks() > 0 && !local(f.get_linkage()) {
            let name = format!("{}.kiln{index}", f.get_name().to_string_lossy());
            f.as_global_value().set_name(&name);
        }
    }
    for g in module.get_globals() {
        if !g.is_declaration() && !local(g.get_linkage()) {
            let name = format!("{}.kiln{index}", g.get_name().to_string_lossy());
            g.set_name(&name);
        }
    }
}

/// The worker: builds the programs' modules with one wrapper per callable function, links
/// them into one, then answers calls.
fn serve(
    programs: Vec<(Program, u8)>,
    requests: std::sync::mpsc::Receiver<Request>,
    ready: std::sync::mpsc::Sender<Result<(), JitError>>,
    cpu: JitCpu,
    interface: HostInterface,
) {
    let ctx = Context::create();
    type Ready<'c> = (inkwell::execution_engine::ExecutionEngine<'c>, Vec<Built>);
    let setup = || -> Result<Ready<'_>, JitError> {
        Target::initialize_native(&InitializationConfig::default())
            .map_err(|e| JitError::Call(format!("cannot initialize the native target: {e}")))?;
        // The baseline CPU, as MCJIT's own code generator uses (`EngineBuilder` picks no
        // CPU): the pipeline then optimises for the machine the code is generated for,
        // and a target machine without the host's long feature list is cheap to make.
        let options = crate::target::CodegenOptions {
            cpu: (cpu == JitCpu::Host).then(|| "native".to_string()),
            ..crate::target::CodegenOptions::default()
        };
        let tm = crate::target::target_machine(&options)?;
        // MCJIT's code generator takes no CPU of its own: it reads each function's.
        let host = (cpu == JitCpu::Host).then(|| {
            (
                ctx.create_string_attribute(
                    "target-cpu",
                    &inkwell::targets::TargetMachine::get_host_cpu_name().to_string_lossy(),
                ),
                ctx.create_string_attribute(
                    "target-features",
                    &inkwell::targets::TargetMachine::get_host_cpu_features().to_string_lossy(),
                ),
            )
        });
        let mut combined: Option<inkwell::module::Module<'_>> = None;
        let mut built = Vec::with_capacity(programs.len());
        for (i, (program, opt_level)) in programs.iter().enumerate() {
            let (module, b) = build_program(
                &ctx,
                &tm,
                host,
                program,
                *opt_level,
                &interface,
                (programs.len() > 1).then_some(i),
            )?;
            built.push(b);
            match &combined {
                None => combined = Some(module),
                Some(c) => crate::codegen::link_into(&ctx, c, module).map_err(|e| {
                    JitError::Call(format!("cannot link program {i} beside the others: {e}"))
                })?,
            }
        }
        let module = combined.ok_or_else(|| JitError::Call("no program to compile".to_string()))?;
        runtime_helpers();
        // The code generator works at the programs' optimisation level, as MLIR's
        // `ExecutionEngine` passes its `opt_level` to both the pipeline and `jitCodeGenOptLevel`:
        // at `None` the fast register allocator spills every value of an optimised loop.
        let codegen_level = match programs.iter().map(|(_, o)| *o).max().unwrap_or(0) {
            0 => OptimizationLevel::None,
            1 => OptimizationLevel::Less,
            2 => OptimizationLevel::Default,
            _ => OptimizationLevel::Aggressive,
        };
        let engine = module
            .create_jit_execution_engine(codegen_level)
            .map_err(|e| JitError::Call(format!("cannot create the JIT: {e}")))?;
        for f in module.get_functions() {
            let name = f.get_name().to_string_lossy();
            let given = interface.address(&name);
            if let Some(address) = given.or_else(|| runtime_function(&name)) {
                if f.count_basic_blocks() == 0 {
                    engine.add_global_mapping(&f, address);
                }
            }
        }
        Ok((engine, built))
    };
    let (engine, built) = match setup() {
        Ok(x) => {
            let _ = ready.send(Ok(()));
            x
        }
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    // Each program's caller, made on its first call.
    let mut callers: Vec<Option<Caller<'_>>> = built.iter().map(|_| None).collect();
    while let Ok(request) = requests.recv() {
        match request {
            Request::Call(index, entry, args, reply) => {
                let result = resolve_caller(&mut callers, &engine, &built, &programs, index)
                    .and_then(|()| match &callers[index] {
                        Some(c) => c.call(&entry, &args),
                        None => Err(JitError::Call(format!("no program {index}"))),
                    });
                // What the program wrote through C's `stdio` (`printf`) comes out before
                // the caller prints its results, as from a program that ran on its own.
                // SAFETY: `fflush(NULL)` flushes every open output stream; it takes no
                // pointer of ours.
                unsafe { fflush(std::ptr::null_mut()) };
                let _ = reply.send(result);
            }
            Request::Direct(index, reply) => {
                let result = resolve_caller(&mut callers, &engine, &built, &programs, index)
                    .and_then(|()| match &callers[index] {
                        Some(c) => Ok(c.direct()),
                        None => Err(JitError::Call(format!("no program {index}"))),
                    });
                let _ = reply.send(result);
            }
            Request::Address(index, name, reply) => {
                let linked = match built.len() > 1 {
                    true => format!("{name}.kiln{index}"),
                    false => name.clone(),
                };
                let defined = index < built.len()
                    && engine
                        .get_function_value(&linked)
                        .is_ok_and(|f| f.count_basic_blocks() > 0);
                let result = match defined {
                    true => engine
                        .get_function_address(&linked)
                        .map_err(|e| JitError::Call(format!("cannot find `@{name}`: {e}"))),
                    false => Err(JitError::Call(format!(
                        "the program defines no function `@{name}`"
                    ))),
                };
                let _ = reply.send(result);
            }
            Request::Isolated(timeout, jobs, reply) => {
                // Every address is resolved here, before the fork: the child must not
                // need LLVM.
                let resolved: Vec<Result<(), JitError>> = jobs
                    .iter()
                    .map(|(i, _)| resolve_caller(&mut callers, &engine, &built, &programs, *i))
                    .collect();
                let mut answers: Vec<Option<Result<Vec<u8>, JitError>>> = Vec::new();
                let mut runnable: Vec<self::isolate::Job<'_>> = Vec::new();
                for ((index, job), ok) in jobs.into_iter().zip(resolved) {
                    match (ok, &callers[index]) {
                        (Ok(()), Some(c)) => {
                            runnable.push(Box::new(move || job(c)));
                            answers.push(None);
                        }
                        (Err(e), _) => answers.push(Some(Err(e))),
                        (Ok(()), None) => {
                            answers.push(Some(Err(JitError::Call(format!("no program {index}")))))
                        }
                    }
                }
                let mut ran = self::isolate::run_forked_each(timeout, runnable).into_iter();
                let answers = answers
                    .into_iter()
                    .map(|a| match a {
                        Some(a) => a,
                        None => match ran.next() {
                            Some(r) => r.map_err(JitError::Ended),
                            None => Err(JitError::Call("no answer".to_string())),
                        },
                    })
                    .collect();
                let _ = reply.send(answers);
            }
        }
    }
}

extern "C" {
    fn fflush(stream: *mut std::ffi::c_void) -> std::ffi::c_int;
    fn dlsym(
        handle: *mut std::ffi::c_void,
        symbol: *const std::ffi::c_char,
    ) -> *mut std::ffi::c_void;
}

/// Whether the running process provides a symbol (libc's `malloc`, a host's callback).
fn process_has(name: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(name) else {
        return false;
    };
    // SAFETY: `RTLD_DEFAULT` (null on glibc) searches the global symbols; `c` is valid.
    !unsafe { dlsym(std::ptr::null_mut(), c.as_ptr()) }.is_null()
}

/// The address of kiln's own runtime function `name` ([`self::runtime`]) where the
/// process provides none of that name: a loaded MLIR runtime is preferred.
fn runtime_function(name: &str) -> Option<usize> {
    self::runtime::address(name).filter(|_| !process_has(name))
}

const FLAG: &str = "__kiln_unresolved";
const PROBE: &str = "__kiln_unresolved_probe";

/// Gives each external function the process does not provide a body that records it was
/// reached (and returns zero), so a call that reaches one fails with its name instead of
/// jumping to address 0. Returns their names; `PROBE` reads and clears the record.
fn stub_unresolved<'ctx>(
    ctx: &'ctx Context,
    module: &inkwell::module::Module<'ctx>,
    symbols: &[(String, usize)],
) -> Result<Vec<String>, JitError> {
    let err = |e: inkwell::builder::BuilderError| JitError::Call(format!("building a stub: {e}"));
    let missing: Vec<_> = module
        .get_functions()
        .filter(|f| f.count_basic_blocks() == 0)
        .filter(|f| {
            let n = f.get_name().to_string_lossy();
            !n.starts_with("llvm.")
                && !process_has(&n)
                && runtime_function(&n).is_none()
                && !symbols.iter().any(|(s, _)| *s == n)
        })
        .collect();
    if missing.is_empty() {
        return Ok(Vec::new());
    }
    if module.get_function(PROBE).is_some() || module.get_global(FLAG).is_some() {
        return Err(JitError::Call(format!(
            "the program defines `@{PROBE}` or `@{FLAG}`, names kiln's JIT uses"
        )));
    }
    let i32t = ctx.i32_type();
    let flag = module.add_global(i32t, None, FLAG);
    flag.set_initializer(&i32t.const_zero());
    let b = ctx.create_builder();
    let mut names = Vec::new();
    for (i, f) in missing.into_iter().enumerate() {
        names.push(f.get_name().to_string_lossy().into_owned());
        b.position_at_end(ctx.append_basic_block(f, "entry"));
        b.build_store(flag.as_pointer_value(), i32t.const_int(i as u64 + 1, false))
            .map_err(err)?;
        match f.get_type().get_return_type() {
            Some(t) => b.build_return(Some(&t.const_zero())).map_err(err)?,
            None => b.build_return(None).map_err(err)?,
        };
    }
    let probe = module.add_function(PROBE, i32t.fn_type(&[], false), None);
    b.position_at_end(ctx.append_basic_block(probe, "entry"));
    let v = b
        .build_load(i32t, flag.as_pointer_value(), "")
        .map_err(err)?;
    b.build_store(flag.as_pointer_value(), i32t.const_zero())
        .map_err(err)?;
    b.build_return(Some(&v)).map_err(err)?;
    Ok(names)
}

/// JIT-compiles `functions` and calls `entry` with `args` once (see [`Jit`] to call many
/// times without recompiling).
pub fn call(functions: &[Lowered], entry: &str, args: &[Value]) -> Result<Vec<Value>, JitError> {
    Jit::new(functions.to_vec())?.call(entry, args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(value: i64) -> Value {
        Value::Int { bits: 64, value }
    }

    /// A program of LLVM IR whose `@f` computes `op`, reading a global of its own.
    fn program(op: &str) -> Program {
        Program::LlvmIr(format!(
            "@k = global i64 1\n\
             declare i64 @missing(i64)\n\
             define i64 @f(i64 %x) {{\n  %k = load i64, ptr @k\n  %y = {op} i64 %x, %k\n  ret i64 %y\n}}\n\
             define i64 @g(i64 %x) {{\n  %y = call i64 @missing(i64 %x)\n  ret i64 %y\n}}\n\
             declare i64 @labs(i64)\n\
             define i64 @h(i64 %x) {{\n  %y = call i64 @labs(i64 %x)\n  ret i64 %y\n}}\n\
             define i64 @crash(i64 %x) {{\n  store i64 %x, ptr null\n  ret i64 %x\n}}\n\
             define i64 @spin(i64 %x) {{\nentry:\n  br label %loop\nloop:\n  br label %loop\n}}\n"
        ))
    }

    #[test]
    fn programs_compiled_together_keep_their_own_symbols() {
        // The first defines what the others declare: `@missing`, which the process lacks
        // (their calls must reach their own stubs), and `@labs`, which the C library has
        // (their calls must reach the library's).
        let defines = Program::LlvmIr(
            "define i64 @missing(i64 %x) {\n  ret i64 %x\n}\n\
             define i64 @labs(i64 %x) {\n  %y = add i64 %x, 100\n  ret i64 %y\n}\n"
                .into(),
        );
        let jit = Jit::compile_programs(
            vec![(defines, 0), (program("add"), 0), (program("sub"), 2)],
            DEFAULT_STACK,
        )
        .expect("compiles");
        assert_eq!(jit.call("missing", &[int(7)]).expect("calls"), vec![int(7)]);
        assert_eq!(jit.call("labs", &[int(-5)]).expect("calls"), vec![int(95)]);
        assert_eq!(
            jit.call_program(1, "h", &[int(-5)]).expect("calls"),
            vec![int(5)]
        );
        assert_eq!(
            jit.call_program(1, "f", &[int(5)]).expect("calls"),
            vec![int(6)]
        );
        assert_eq!(
            jit.call_program(2, "f", &[int(5)]).expect("calls"),
            vec![int(4)]
        );
        for p in [1, 2] {
            let e = jit.call_program(p, "g", &[int(1)]).expect_err("unresolved");
            assert!(e.to_string().contains("reached `@missing`"), "{e}");
        }
        assert!(jit.call_program(3, "f", &[int(1)]).is_err());
    }

    #[test]
    fn isolated_jobs_survive_a_crash() {
        let jit = Jit::compile_programs(
            vec![(program("add"), 0), (program("mul"), 0)],
            DEFAULT_STACK,
        )
        .expect("compiles");
        let job = |entry: &'static str| -> Job {
            Box::new(move |c: &Caller| format!("{:?}", c.call(entry, &[int(3)])).into_bytes())
        };
        let answers = jit.run_isolated(
            std::time::Duration::from_secs(20),
            vec![(0, job("f")), (1, job("crash")), (1, job("f"))],
        );
        assert_eq!(answers.len(), 3);
        assert_eq!(
            answers[0].as_deref().ok(),
            Some(b"Ok([Int { bits: 64, value: 4 }])".as_slice())
        );
        let crashed = answers[1].as_ref().expect_err("crashes").to_string();
        assert_eq!(crashed, "the native code crashed (SIGSEGV)");
        assert_eq!(
            answers[2].as_deref().ok(),
            Some(b"Ok([Int { bits: 64, value: 3 }])".as_slice())
        );
        // A call that never returns ends its child at the time limit.
        let answers = jit.run_isolated(
            std::time::Duration::from_millis(300),
            vec![(0, job("spin"))],
        );
        let spun = answers[0].as_ref().expect_err("spins").to_string();
        assert_eq!(spun, "the native code did not return within 0.3 s");
        // The parent is unharmed, and calls in process still work.
        assert_eq!(
            jit.call_program(1, "f", &[int(2)]).expect("calls"),
            vec![int(2)]
        );
    }
}
