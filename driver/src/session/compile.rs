//! A session's native code: objects, assembly and LLVM IR of its files, from the shared
//! cache, the per-unit caches, or compiled anew.

use super::*;

impl Session {
    /// Every function's code (generated in parallel, reusing what nothing changed) and
    /// every diagnostic of the lowering and code generation, in file coordinates. In a
    /// file a session split, read group by group (`function_code::group_code`).
    #[allow(clippy::type_complexity)]
    pub(super) fn codes(
        &self,
        path: &str,
    ) -> Result<(SourceFile, Vec<&FunctionCodes>, Vec<Diagnostic>), Vec<FileDiagnostics>> {
        let file = self.checked(path)?;
        let groups = function_groups(&self.db, file);
        if groups.is_empty() {
            return self.run_per_function(
                path,
                None,
                |db, item| &**function_code(db, item),
                |_, c| Cow::Borrowed(&c.diagnostics),
            );
        }
        crate::map_in_chunks(&self.db, groups, |db, group| {
            group_code(db, group);
        });
        let mut codes = Vec::new();
        let mut found = Vec::new();
        for group in groups {
            let items = group.items(&self.db);
            for (item, code) in items.iter().zip(group_code(&self.db, *group)) {
                if !code.diagnostics.is_empty() {
                    let delta = kiln_engine::item_offset(&self.db, *item) as i64;
                    found.extend(code.diagnostics.iter().map(|d| d.shifted(delta)));
                }
                codes.push(&**code);
            }
        }
        Ok((file, codes, found))
    }

    /// Native code for a file: LLVM IR, assembly or an object, at an optimization level
    /// (0–3). Each function's LLVM IR is generated once and kept; after an edit only the
    /// functions lowered again are generated again, and the pieces are linked into one
    /// module (at `-O0`, LLVM IR is that linked text). An object at `-O0` is made of units
    /// of about 16 functions whose objects are kept, so only the units an edit touched are
    /// compiled again (`kiln_backend::object::units`). Assembly, optimized IR and optimized objects
    /// are made from the whole linked module, as LLVM's optimizer works across functions.
    /// Every diagnostic of the lowering and code generation comes with it (warnings too). A
    /// session that does not keep lowerings keeps no unit objects either.
    pub fn compile(
        &self,
        path: &str,
        emit: kiln_backend::Emit,
        opt_level: u8,
    ) -> Reported<Vec<u8>> {
        use kiln_backend::SharedObjects;
        // A shared cache may hold this very output: the same text, rules, options and
        // target compiled without a diagnostic (only such compiles are stored, so a hit
        // needs no diagnostics replayed).
        let shared = match (&self.shared, self.source_text(path)) {
            (Some(cache), Some(text)) => {
                let options = codegen_options(&self.db, self.config.target(&self.db), opt_level);
                let key = self.output_key(path, text, emit, &options);
                if let Some(bytes) = cache.get(&key) {
                    return Reported {
                        value: Ok(bytes),
                        diagnostics: Vec::new(),
                    };
                }
                Some((cache, key))
            }
            _ => None,
        };
        let reported = self.compile_uncached(path, emit, opt_level);
        if let (Some((cache, key)), Ok(bytes)) = (shared, &reported.value) {
            if reported.diagnostics.is_empty() {
                cache.put(&key, bytes);
            }
        }
        reported
    }

    /// [`Session::compile`] without the shared cache's whole outputs (its units
    /// and parts are still looked up and stored).
    pub(super) fn compile_uncached(
        &self,
        path: &str,
        emit: kiln_backend::Emit,
        opt_level: u8,
    ) -> Reported<Vec<u8>> {
        let (file, codes, diagnostics) = match self.codes(path) {
            Ok(r) => r,
            Err(e) => return Reported::failed(e),
        };
        if diagnostics.iter().any(Diagnostic::is_error) {
            return self.reported(path, Vec::new(), diagnostics);
        }
        let options = codegen_options(&self.db, self.config.target(&self.db), opt_level);
        let globals = match crate::globals::file_globals_code(&self.db, file) {
            Ok(g) => g,
            Err(e) => {
                let d = crate::codegen_diagnostic(&self.db, file, None, e.clone());
                return self.reported(path, Vec::new(), vec![d]);
            }
        };
        // The reflection symbols and the globals come first, as LLVM prints globals before
        // functions.
        let symbols = kiln_abi::file_symbols_code(&self.db, file);
        let parts: Vec<&kiln_backend::FunctionCode> = symbols
            .iter()
            .chain(globals)
            .chain(codes.iter().flat_map(|c| &c.code))
            .collect();
        // A session that keeps no lowering keeps no unit objects either, unless they go to
        // (and come from) a shared cache.
        let cache = self
            .objects
            .get(path)
            .map(|c| &**c)
            .filter(|c| self.keeps_lowered() || c.has_shared());
        match kiln_backend::emit_code_cached(&parts, emit, &options, cache) {
            Ok(bytes) => Reported {
                value: Ok(bytes),
                diagnostics,
            },
            Err(e) => {
                let d = crate::codegen_diagnostic(&self.db, file, e.function(), e.to_string());
                let mut all = diagnostics;
                all.push(d);
                self.reported(path, Vec::new(), all)
            }
        }
    }

    /// The file lowered to the LLVM dialect, as `kiln opt` and `kiln compile --emit
    /// mlir-llvm` print it (MLIR that `mlir-translate` reads, and kiln reads back), with
    /// every diagnostic of the lowering (warnings too).
    pub fn mlir_llvm(&self, path: &str) -> Reported<String> {
        let Reported { value, diagnostics } = self.lower(path);
        let program = match value {
            Ok(p) => p,
            Err(e) => {
                return Reported {
                    value: Err(e),
                    diagnostics,
                }
            }
        };
        let file = match self.checked(path) {
            Ok(f) => f,
            Err(e) => return Reported::failed(e),
        };
        match crate::print_mlir_llvm(&self.db, file, &program) {
            Ok(text) => Reported {
                value: Ok(text),
                diagnostics,
            },
            Err(d) => {
                let mut all = diagnostics;
                all.push(d);
                self.reported(path, String::new(), all)
            }
        }
    }
}
