//! What the generic IR knows of the operations kiln lowers: which attributes are inherent
//! (printed as `<{...}>` properties in generic form), which operations isolate their regions,
//! and the custom syntax family of each, so that reading and printing share one table.

/// The custom syntax family of an operation the reader and printer know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `module @name attributes {...} { ... }`.
    Module,
    /// `func.func private @f(%arg0: i32) -> i32 attributes {...} { ... }`.
    Function,
    /// `return %a, %b : i32, f32`.
    Return,
    /// `func.call @f(%a) : (i32) -> i32`.
    Call,
    /// `arith.constant 1 : i32`.
    Constant,
    /// `arith.addi %a, %b overflow<nsw> : i32`, `arith.addf %a, %b fastmath<fast> : f32`.
    Binary,
    /// `arith.negf %a : f32`.
    Unary,
    /// `arith.cmpi slt, %a, %b : i32`.
    Compare,
    /// `arith.extsi %a : i32 to i64`, `memref.cast %m : T to U`.
    Cast,
    /// `arith.select %c, %a, %b : i32`.
    Select,
    /// `cf.br ^bb1(%a : i32)`.
    Branch,
    /// `cf.cond_br %c, ^bb1(%a : i32), ^bb2`.
    CondBranch,
    /// `cf.assert %c, "message"`.
    Assert,
    /// `memref.alloc(%d)[%s] : memref<?xf32>`.
    Alloc,
    /// `memref.dealloc %m : memref<?xf32>`.
    Dealloc,
    /// `memref.load %m[%i] : memref<?xf32>`.
    Load,
    /// `memref.store %v, %m[%i] : memref<?xf32>`.
    Store,
    /// `memref.dim %m, %c0 : memref<?xf32>`.
    Dim,
    /// `memref.copy %a, %b : T to U`.
    Copy,
}

/// The custom syntax family of operation `name`, if the reader and printer know it.
pub fn format_of(name: &str) -> Option<Format> {
    use Format::*;
    Some(match name {
        "builtin.module" => Module,
        "func.func" => Function,
        "func.return" => Return,
        "func.call" => Call,
        "arith.constant" => Constant,
        "arith.negf" => Unary,
        "arith.cmpi" | "arith.cmpf" => Compare,
        "arith.select" => Select,
        "cf.br" => Branch,
        "cf.cond_br" => CondBranch,
        "cf.assert" => Assert,
        "memref.alloc" | "memref.alloca" => Alloc,
        "memref.dealloc" => Dealloc,
        "memref.load" => Load,
        "memref.store" => Store,
        "memref.dim" => Dim,
        "memref.copy" => Copy,
        "memref.cast" => Cast,
        n if CASTS.contains(&n) => Cast,
        n if INT_BINARY.contains(&n) || FLOAT_BINARY.contains(&n) => Binary,
        _ => return None,
    })
}

/// arith's integer binary operations.
pub const INT_BINARY: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.divsi",
    "arith.divui",
    "arith.remsi",
    "arith.remui",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.floordivsi",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "arith.maxsi",
    "arith.maxui",
    "arith.minsi",
    "arith.minui",
];

/// The integer binary operations with overflow flags.
pub const OVERFLOW: &[&str] = &["arith.addi", "arith.subi", "arith.muli", "arith.shli"];

/// arith's float binary operations (all take fast-math flags).
pub const FLOAT_BINARY: &[&str] = &[
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.remf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
];

/// arith's casts.
pub const CASTS: &[&str] = &[
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.extf",
    "arith.truncf",
    "arith.bitcast",
    "arith.index_cast",
    "arith.index_castui",
];

/// `arith.cmpi`'s predicates, by their number.
pub const CMPI: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// `arith.cmpf`'s predicates, by their number.
pub const CMPF: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// The inherent attributes of operation `name` (its properties), in the order MLIR sorts
/// them.
pub fn inherent(name: &str) -> &'static [&'static str] {
    match name {
        "builtin.module" => &["sym_name", "sym_visibility"],
        "func.func" => &[
            "arg_attrs",
            "function_type",
            "res_attrs",
            "sym_name",
            "sym_visibility",
        ],
        "func.call" => &["callee"],
        "arith.constant" => &["value"],
        "arith.cmpi" | "arith.cmpf" => &["fastmath", "predicate"],
        "cf.cond_br" => &["operandSegmentSizes"],
        "cf.assert" => &["msg"],
        "memref.alloc" | "memref.alloca" => &["alignment", "operandSegmentSizes"],
        "memref.load" | "memref.store" => &["nontemporal"],
        "memref.global" => &[
            "alignment",
            "constant",
            "initial_value",
            "sym_name",
            "sym_visibility",
            "type",
        ],
        "memref.get_global" => &["name"],
        n if OVERFLOW.contains(&n) => &["overflowFlags"],
        n if FLOAT_BINARY.contains(&n) || n == "arith.negf" => &["fastmath"],
        "arith.truncf" => &["roundingmode"],
        _ => &[],
    }
}

/// Adds the inherent attributes operation `name` always has, at their default values,
/// where `attributes` lacks them (as MLIR default-initialises an operation's properties).
pub fn complete(name: &str, attributes: &mut Vec<(String, super::Attribute)>) {
    let default = if OVERFLOW.contains(&name) {
        ("overflowFlags", "overflow<none>")
    } else if FLOAT_BINARY.contains(&name) || matches!(name, "arith.negf" | "arith.cmpf") {
        ("fastmath", "fastmath<none>")
    } else {
        return;
    };
    if !attributes.iter().any(|(k, _)| k == default.0) {
        attributes.push((
            default.0.to_string(),
            super::Attribute::Opaque {
                dialect: "arith".into(),
                data: default.1.into(),
            },
        ));
    }
}

/// Whether operation `name` is registered with kiln (its dialect is one kiln reads and the
/// operation is one of that dialect's).
pub fn is_registered(name: &str) -> bool {
    format_of(name).is_some()
        || matches!(
            name,
            "memref.global"
                | "memref.get_global"
                | "memref.subview"
                | "memref.reinterpret_cast"
                | "memref.atomic_rmw"
                | "memref.expand_shape"
                | "memref.collapse_shape"
                | "memref.transpose"
                | "memref.view"
                | "memref.reshape"
                | "memref.realloc"
                | "memref.extract_strided_metadata"
                | "memref.extract_aligned_pointer_as_index"
                | "memref.assume_alignment"
                | "memref.alloca_scope"
                | "memref.alloca_scope.return"
                | "memref.rank"
                | "cf.switch"
                | "func.call_indirect"
                | "func.constant"
                | "arith.addui_extended"
                | "arith.mulsi_extended"
                | "arith.mului_extended"
        )
}

/// Whether operation `name` isolates its regions from values defined outside (and so
/// numbers its values afresh when printed).
pub fn is_isolated(name: &str) -> bool {
    matches!(name, "builtin.module" | "func.func")
}

/// The dialect whose operations may be written without their prefix inside operation
/// `name`'s regions.
pub fn default_dialect(name: &str) -> &'static str {
    match name {
        "func.func" => "func",
        _ => "builtin",
    }
}

/// Whether operation `name` ends a block (its block may end without one otherwise only in
/// a module).
pub fn is_terminator(name: &str) -> bool {
    matches!(
        name,
        "func.return" | "cf.br" | "cf.cond_br" | "cf.switch" | "memref.alloca_scope.return"
    )
}

/// The name MLIR's dialects suggest for operation `name`'s single result (`%dim`,
/// `%alloc`), besides `arith.constant`'s, which depends on its value.
pub fn result_name(name: &str) -> Option<&'static str> {
    Some(match name {
        "memref.dim" => "dim",
        "memref.alloc" => "alloc",
        "memref.alloca" => "alloca",
        "memref.cast" => "cast",
        _ => return None,
    })
}
