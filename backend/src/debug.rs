//! Line tables (`kiln compile -g`): a compile unit per module, a subprogram per function
//! with [`FunctionDebug`], and each instruction located at the source operation it comes
//! from ([`Inst::source`]), as MLIR 19's `ensure-debug-info-scope-on-llvm-func` and
//! `mlir-translate` make them (`LineTablesOnly`, language C, no variables or types).

use inkwell::context::Context;
use inkwell::debug_info::{
    AsDIScope, DIFlags, DIFlagsConstants, DIScope, DWARFEmissionKind, DWARFSourceLanguage,
    DebugInfoBuilder,
};
use inkwell::module::{FlagBehavior, Module};
use inkwell::values::FunctionValue;
use kiln_lowered::{FunctionDebug, Inst};

/// The version of the debug metadata's format LLVM 19 reads (its `DEBUG_METADATA_VERSION`).
const DEBUG_METADATA_VERSION: u64 = 3;

/// The debug information builder of one module.
pub(crate) struct LineTables<'ctx> {
    builder: DebugInfoBuilder<'ctx>,
}

impl<'ctx> LineTables<'ctx> {
    /// Starts the module's compile unit, for the file `debug` names, and flags the module
    /// as carrying debug metadata.
    pub(crate) fn new(ctx: &'ctx Context, module: &Module<'ctx>, debug: &FunctionDebug) -> Self {
        let (builder, _unit) = module.create_debug_info_builder(
            true,
            DWARFSourceLanguage::C,
            &debug.file,
            &debug.directory,
            "kiln",
            true,
            "",
            0,
            "",
            DWARFEmissionKind::LineTablesOnly,
            0,
            false,
            false,
            "",
            "",
        );
        module.add_basic_value_flag(
            "Debug Info Version",
            FlagBehavior::Warning,
            ctx.i32_type().const_int(DEBUG_METADATA_VERSION, false),
        );
        LineTables { builder }
    }

    /// Gives `function` its subprogram and returns the scope its instructions are in.
    pub(crate) fn subprogram(
        &self,
        function: FunctionValue<'ctx>,
        name: &str,
        debug: &FunctionDebug,
    ) -> FunctionScope<'ctx> {
        // A function's own `loc(...)` may name another file than the compile unit's.
        let file = match &debug.scope_file {
            Some((name, directory)) => self.builder.create_file(name, directory),
            None => self.builder.create_file(&debug.file, &debug.directory),
        };
        let ty = self
            .builder
            .create_subroutine_type(file, None, &[], DIFlags::ZERO);
        let sp = self.builder.create_function(
            file.as_debug_info_scope(),
            name,
            Some(name),
            file,
            debug.line,
            ty,
            false,
            true,
            debug.line,
            DIFlags::ZERO,
            true,
        );
        function.set_subprogram(sp);
        FunctionScope {
            scope: sp.as_debug_info_scope(),
            line: debug.line,
        }
    }

    /// The location of an instruction from source operation `source` of a function.
    pub(crate) fn location(
        &self,
        ctx: &'ctx Context,
        scope: &FunctionScope<'ctx>,
        debug: &FunctionDebug,
        source: u32,
    ) -> inkwell::debug_info::DILocation<'ctx> {
        // An instruction no operation gives (the signature's) is at the function's line,
        // as MLIR places what its function conversion makes at the arguments'.
        let (line, column) = match source {
            Inst::NO_SOURCE => (scope.line, 0),
            s => debug
                .locations
                .get(s as usize)
                .copied()
                .unwrap_or((scope.line, 0)),
        };
        self.builder
            .create_debug_location(ctx, line, column, scope.scope, None)
    }

    /// Resolves what the module's metadata refers to; the module prints complete after.
    pub(crate) fn finish(self) {
        self.builder.finalize();
    }
}

/// The scope of one function's instructions.
pub(crate) struct FunctionScope<'ctx> {
    scope: DIScope<'ctx>,
    line: u32,
}
