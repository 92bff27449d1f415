//! What the generic IR knows of the operations kiln lowers: which attributes are inherent
//! (printed as `<{...}>` properties in generic form), which operations isolate their regions,
//! and the custom syntax family of each, so that reading and printing share one table.

use super::graph::{Graph, OpId, ValueRef};
use super::{Attribute, Ty};
use crate::ops::{BinaryOp, CastOp, CmpFPredicate, CmpIPredicate, FlagFamily, OperandClass};

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
    /// `memref.rank %m : T`.
    Rank,
    /// `memref.get_global @g : T`.
    GetGlobal,
    /// `func.constant @f : (i32) -> i32`.
    FuncConstant,
    /// `memref.global "private" constant @g : T = dense<...>`.
    Global,
    /// `arith.addui_extended %a, %b : i32, i1`, `arith.mulsi_extended %a, %b : i32`.
    Extended,
    /// `ub.poison : T`.
    Poison,
    /// `math.sqrt %x fastmath<fast> : f32`, `math.fpowi %x, %n : f32, i32`.
    Math,
    /// `index.add %a, %b`.
    IndexBinary,
    /// `index.cmp slt(%a, %b)`.
    IndexCmp,
    /// `index.constant 4`, `index.bool.constant true`.
    IndexConstant,
    /// `index.sizeof`.
    IndexSizeof,
    /// `memref.assume_alignment %m, 16 : T`.
    AssumeAlignment,
    /// `memref.atomic_rmw addf %v, %m[%i] : (f32, T) -> f32`.
    AtomicRmw,
    /// `memref.view %buf[%shift][%sizes] : T to U`.
    View,
    /// `memref.transpose %m (d0, d1) -> (d1, d0) : T to U`.
    Transpose,
    /// `memref.realloc %m(%n) : T to U`.
    Realloc,
    /// `memref.extract_strided_metadata %m : T -> memref<f32>, index, ...`.
    ExtractMetadata,
    /// `memref.extract_aligned_pointer_as_index %m : T -> index`.
    ExtractPointer,
    /// `memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : T into U`.
    ExpandShape,
    /// `memref.collapse_shape %m [[0, 1]] : T into U`.
    CollapseShape,
    /// `memref.subview %m[%o, 0] [4, %s] [1, 1] : T to U`.
    Subview,
    /// `memref.reinterpret_cast %m to offset: [0], sizes: [%n], strides: [1] : T to U`.
    ReinterpretCast,
    /// `memref.reshape %m(%shape) : (T, S) -> U`.
    Reshape,
    /// `memref.alloca_scope -> (f32) { ... }`.
    AllocaScope,
    /// `memref.generic_atomic_rmw %m[%i] : T { ^bb0(%cur: f32): ... }`.
    GenericAtomicRmw,
    /// `cf.switch %flag : i32, [default: ^bb1, 0: ^bb2]`.
    Switch,
    /// `func.call_indirect %f(%a) : (i32) -> i32`.
    CallIndirect,
}

/// `memref.atomic_rmw`'s kinds, by their number.
pub const ATOMIC_KINDS: &[&str] = &[
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf",
    "muli", "ori", "andi", "maxnumf", "minnumf",
];

/// index's binary operations.
pub const INDEX_BINARY: &[&str] = &[
    "index.add",
    "index.sub",
    "index.mul",
    "index.divs",
    "index.divu",
    "index.ceildivs",
    "index.ceildivu",
    "index.floordivs",
    "index.rems",
    "index.remu",
    "index.maxs",
    "index.maxu",
    "index.mins",
    "index.minu",
    "index.shl",
    "index.shrs",
    "index.shru",
    "index.and",
    "index.or",
    "index.xor",
];

/// math's operations on integers (no fast-math flags).
const MATH_INTEGER: &[&str] = &[
    "math.absi",
    "math.ctlz",
    "math.cttz",
    "math.ctpop",
    "math.ipowi",
];

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
        "memref.rank" => Rank,
        "memref.get_global" => GetGlobal,
        "func.constant" => FuncConstant,
        "memref.global" => Global,
        "arith.addui_extended" | "arith.mulsi_extended" | "arith.mului_extended" => Extended,
        "ub.poison" => Poison,
        "index.cmp" => IndexCmp,
        "index.constant" | "index.bool.constant" => IndexConstant,
        "index.sizeof" => IndexSizeof,
        "index.casts" | "index.castu" => Cast,
        "memref.assume_alignment" => AssumeAlignment,
        "memref.atomic_rmw" => AtomicRmw,
        "memref.view" => View,
        "memref.transpose" => Transpose,
        "memref.realloc" => Realloc,
        "memref.extract_strided_metadata" => ExtractMetadata,
        "memref.extract_aligned_pointer_as_index" => ExtractPointer,
        "memref.expand_shape" => ExpandShape,
        "memref.collapse_shape" => CollapseShape,
        "memref.subview" => Subview,
        "memref.reinterpret_cast" => ReinterpretCast,
        "memref.reshape" => Reshape,
        "memref.alloca_scope" => AllocaScope,
        "memref.generic_atomic_rmw" => GenericAtomicRmw,
        "memref.alloca_scope.return" | "memref.atomic_yield" => Return,
        "cf.switch" => Switch,
        "func.call_indirect" => CallIndirect,
        n if INDEX_BINARY.contains(&n) => IndexBinary,
        n if n.starts_with("math.") => Math,
        n if is_arith_cast(n) => Cast,
        n if arith_binary(n).is_some() => Binary,
        _ => return None,
    })
}

/// The integer binary operations with overflow flags.
pub const OVERFLOW: &[&str] = &["arith.addi", "arith.subi", "arith.muli", "arith.shli"];

/// arith's binary operation named `name`, from the frontend's table.
fn arith_binary(name: &str) -> Option<BinaryOp> {
    BinaryOp::ALL.iter().copied().find(|b| b.name() == name)
}

/// Whether `name` is one of arith's float binary operations (all take fast-math flags).
fn is_float_binary(name: &str) -> bool {
    arith_binary(name).is_some_and(|b| b.class() == OperandClass::Float)
}

/// Whether `name` is one of arith's casts (`op %x : T to U`), from the frontend's table.
fn is_arith_cast(name: &str) -> bool {
    name.starts_with("arith.") && CastOp::ALL.iter().any(|c| c.name() == name)
}

/// `arith.cmpi`'s or `arith.cmpf`'s predicate keywords, by their number (the frontend's
/// tables list them in the order of their numbers).
pub fn predicates(op: &str) -> Vec<&'static str> {
    if op == "arith.cmpi" {
        CmpIPredicate::ALL.iter().map(|p| p.name()).collect()
    } else {
        CmpFPredicate::ALL.iter().map(|p| p.name()).collect()
    }
}

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
        "func.constant" => &["value"],
        "ub.poison" => &["value"],
        "index.cmp" => &["pred"],
        "index.constant" | "index.bool.constant" => &["value"],
        "memref.assume_alignment" => &["alignment"],
        "memref.atomic_rmw" => &["kind"],
        "memref.transpose" => &["permutation"],
        "memref.expand_shape" => &["reassociation", "static_output_shape"],
        "memref.collapse_shape" => &["reassociation"],
        "memref.subview" | "memref.reinterpret_cast" => &[
            "operandSegmentSizes",
            "static_offsets",
            "static_sizes",
            "static_strides",
        ],
        "cf.switch" => &[
            "case_operand_segments",
            "case_values",
            "operandSegmentSizes",
        ],
        n if n.starts_with("math.") && !MATH_INTEGER.contains(&n) => &["fastmath"],
        n if OVERFLOW.contains(&n) => &["overflowFlags"],
        n if is_float_binary(n) || n == "arith.negf" => &["fastmath"],
        "arith.truncf" => &["roundingmode"],
        _ => &[],
    }
}

/// Adds the inherent attributes operation `name` always has, at their default values,
/// where `attributes` lacks them (as MLIR default-initialises an operation's properties).
pub fn complete(name: &str, attributes: &mut Vec<(String, Attribute)>) {
    let default = if OVERFLOW.contains(&name) {
        ("overflowFlags", "overflow<none>")
    } else if is_float_binary(name)
        || matches!(name, "arith.negf" | "arith.cmpf")
        || (name.starts_with("math.") && !MATH_INTEGER.contains(&name))
    {
        ("fastmath", "fastmath<none>")
    } else {
        return;
    };
    for (k, a) in attributes.iter_mut() {
        if k == default.0 {
            if let Attribute::Opaque { data, .. } = a {
                *data = canonical_flags(data);
            }
        }
    }
    if !attributes.iter().any(|(k, _)| k == default.0) {
        attributes.push((
            default.0.to_string(),
            Attribute::Opaque {
                dialect: "arith".into(),
                data: default.1.into(),
            },
        ));
    }
}

/// `fastmath<...>` or `overflow<...>` as MLIR prints it: the flags in its order (the
/// frontend's [`FlagFamily`]), `fastmath<fast>` for all of them, `<none>` for none; words
/// the family does not have are left out.
pub fn canonical_flags(data: &str) -> String {
    let (family, separator) = match data.split_once('<') {
        Some(("fastmath", _)) => (FlagFamily::FastMath, ","),
        Some(("overflow", _)) => (FlagFamily::Overflow, ", "),
        _ => return data.to_string(),
    };
    let known = FlagFamily::written(data).filter(|w| family.canonical([*w]).is_ok());
    match family.canonical(known) {
        Ok(Some(words)) => format!("{}<{}>", family.keyword(), words.replace(' ', separator)),
        _ => format!("{}<none>", family.keyword()),
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
        "func.return"
            | "cf.br"
            | "cf.cond_br"
            | "cf.switch"
            | "memref.alloca_scope.return"
            | "memref.atomic_yield"
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
        "memref.view" => "view",
        "memref.transpose" => "transpose",
        "memref.expand_shape" => "expand_shape",
        "memref.collapse_shape" => "collapse_shape",
        "memref.subview" => "subview",
        "memref.reinterpret_cast" => "reinterpret_cast",
        "memref.reshape" => "reshape",
        "memref.extract_aligned_pointer_as_index" => "intptr",
        "func.constant" => "f",
        _ => return None,
    })
}

/// The names MLIR's dialects give each result of a multi-result operation.
pub fn result_names(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "arith.addui_extended" => &["sum", "overflow"],
        "arith.mulsi_extended" | "arith.mului_extended" => &["low", "high"],
        "memref.extract_strided_metadata" => &["base_buffer", "offset", "sizes", "strides"],
        _ => return None,
    })
}

/// How many operands each segment of `operandSegmentSizes` holds (the first two).
pub fn segment_split(g: &Graph, op: OpId) -> (usize, usize) {
    let sizes: Vec<usize> = match g.attribute(op, "operandSegmentSizes") {
        Some(Attribute::DenseArray {
            elements: super::Elements::Ints(v),
            ..
        }) => v.iter().map(|x| *x as usize).collect(),
        _ => vec![],
    };
    if g.op(op).name == "cf.cond_br" {
        (
            sizes.get(1).copied().unwrap_or(0),
            sizes.get(2).copied().unwrap_or(0),
        )
    } else {
        (
            sizes.first().copied().unwrap_or(0),
            sizes.get(1).copied().unwrap_or(0),
        )
    }
}

fn has_symbol(g: &Graph, op: OpId, key: &str) -> bool {
    matches!(g.attribute(op, key), Some(Attribute::SymbolRef(v)) if v.len() == 1)
}

/// What is wrong with the shape of `op` for its family (operand, result, successor and
/// region counts, the attributes its custom form shows), if anything: such an operation
/// prints generically, as MLIR prints an operation that fails to verify.
pub fn shape_error(g: &Graph, op: OpId, f: Format) -> Option<String> {
    let d = g.op(op);
    let (nops, nres, nsucc, nreg) = (
        d.operands.len(),
        d.results.len(),
        d.successors.len(),
        d.regions.len(),
    );
    let same = |vs: &[ValueRef], t: &Ty| vs.iter().all(|v| g.value_type(*v) == t);
    let shaped = |t: &Ty| matches!(t, Ty::MemRef { .. });
    let base = match f {
        Format::Module => {
            nops == 0 && nres == 0 && nreg == 1 && g.region(d.regions[0]).blocks.len() == 1
        }
        Format::Function => {
            nops == 0
                && nres == 0
                && nreg == 1
                && matches!(g.attribute(op, "sym_name"), Some(Attribute::String { .. }))
                && match g.attribute(op, "function_type") {
                    Some(Attribute::Type(Ty::Function { inputs, .. })) => {
                        g.region(d.regions[0]).blocks.first().is_none_or(|b| {
                            g.block(*b).arguments.iter().map(|a| &a.0).eq(inputs.iter())
                        })
                    }
                    _ => false,
                }
        }
        Format::Return => nres == 0,
        Format::Call => {
            matches!(g.attribute(op, "callee"), Some(Attribute::SymbolRef(v)) if v.len() == 1)
        }
        Format::Constant => {
            nops == 0
                && nres == 1
                && g.attribute(op, "value").is_some_and(|a| {
                    matches!(
                        a,
                        Attribute::Integer { .. }
                            | Attribute::Float { .. }
                            | Attribute::Bool(_)
                            | Attribute::DenseElements { .. }
                    )
                })
        }
        Format::Binary => nops == 2 && nres == 1 && same(&d.operands, &d.results[0]),
        Format::Unary => nops == 1 && nres == 1 && same(&d.operands, &d.results[0]),
        Format::Compare => {
            nops == 2
                && nres == 1
                && g.value_type(d.operands[0]) == g.value_type(d.operands[1])
                && matches!(g.attribute(op, "predicate"), Some(Attribute::Integer { value, .. })
                    if (*value as usize) < predicates(&d.name).len())
        }
        Format::Cast => nops == 1 && nres == 1,
        Format::Copy => nops == 2 && nres == 0,
        Format::Select => nops == 3 && nres == 1 && same(&d.operands[1..], &d.results[0]),
        Format::Branch => nres == 0 && nsucc == 1,
        Format::CondBranch => {
            let (a, b) = segment_split(g, op);
            nres == 0 && nsucc == 2 && nops >= 1 && 1 + a + b == nops
        }
        Format::Assert => {
            nops == 1
                && nres == 0
                && matches!(g.attribute(op, "msg"), Some(Attribute::String { .. }))
        }
        Format::Alloc => {
            let (a, b) = segment_split(g, op);
            nres == 1 && a + b == nops && shaped(&d.results[0])
        }
        Format::Dealloc => nops == 1 && nres == 0 && shaped(g.value_type(d.operands[0])),
        Format::Load => nops >= 1 && nres == 1 && shaped(g.value_type(d.operands[0])),
        Format::Store => nops >= 2 && nres == 0 && shaped(g.value_type(d.operands[1])),
        Format::Dim => nops == 2 && nres == 1,
        Format::Rank | Format::ExtractPointer => nops == 1 && nres == 1,
        Format::GetGlobal => nops == 0 && nres == 1 && has_symbol(g, op, "name"),
        Format::FuncConstant => nops == 0 && nres == 1 && has_symbol(g, op, "value"),
        Format::Global => {
            nops == 0
                && nres == 0
                && matches!(g.attribute(op, "sym_name"), Some(Attribute::String { .. }))
                && matches!(g.attribute(op, "type"), Some(Attribute::Type(_)))
        }
        Format::Extended => nops == 2 && nres == 2,
        Format::Poison => nops == 0 && nres == 1,
        Format::Math => (1..=3).contains(&nops) && nres == 1,
        Format::IndexBinary | Format::IndexCmp => nops == 2 && nres == 1,
        Format::IndexConstant | Format::IndexSizeof => nops == 0 && nres == 1,
        Format::AssumeAlignment => {
            nops == 1
                && matches!(
                    g.attribute(op, "alignment"),
                    Some(Attribute::Integer { .. })
                )
        }
        Format::AtomicRmw => {
            nops >= 2
                && nres == 1
                && matches!(g.attribute(op, "kind"), Some(Attribute::Integer { value, .. }) if (*value as usize) < ATOMIC_KINDS.len())
        }
        Format::View => nops >= 2 && nres == 1,
        Format::Transpose => {
            nops == 1
                && nres == 1
                && matches!(
                    g.attribute(op, "permutation"),
                    Some(Attribute::AffineMap(_))
                )
        }
        Format::Realloc => (1..=2).contains(&nops) && nres == 1,
        Format::ExtractMetadata => nops == 1 && nres >= 2,
        Format::ExpandShape | Format::CollapseShape => {
            nops >= 1
                && nres == 1
                && matches!(g.attribute(op, "reassociation"), Some(Attribute::Array(_)))
        }
        Format::Subview | Format::ReinterpretCast => {
            let seg = super::ir_forms::array_values(g.attribute(op, "operandSegmentSizes"));
            let dynamic = |key: &str| {
                super::ir_forms::array_values(g.attribute(op, key))
                    .iter()
                    .filter(|v| **v == super::ir_forms::DYNAMIC)
                    .count()
            };
            nres == 1
                && seg.len() == 4
                && seg.iter().sum::<i128>() as usize == nops
                && dynamic("static_offsets") == seg[1] as usize
                && dynamic("static_sizes") == seg[2] as usize
                && dynamic("static_strides") == seg[3] as usize
        }
        Format::Reshape => nops == 2 && nres == 1,
        Format::CallIndirect => {
            nops >= 1
                && matches!(g.value_type(d.operands[0]), Ty::Function { inputs, results }
                    if inputs.len() == nops - 1 && *results == d.results)
        }
        Format::AllocaScope => nops == 0 && nreg == 1,
        Format::GenericAtomicRmw => nops >= 1 && nres == 1 && nreg == 1,
        Format::Switch => {
            let seg = super::ir_forms::array_values(g.attribute(op, "operandSegmentSizes"));
            let cases = super::ir_forms::array_values(g.attribute(op, "case_operand_segments"));
            nres == 0
                && seg.len() == 3
                && seg.iter().sum::<i128>() as usize == nops
                && nsucc == cases.len() + 1
                && cases.iter().sum::<i128>() == seg[2]
        }
    };
    let ok = base
        && (nreg == 0
            || matches!(
                f,
                Format::Module | Format::Function | Format::AllocaScope | Format::GenericAtomicRmw
            ))
        && (nsucc == 0 || matches!(f, Format::Branch | Format::CondBranch | Format::Switch));
    (!ok).then(|| {
        if let Some(e) = count_error(f, nops, nres, nsucc, nreg) {
            return e;
        }
        let needs = match f {
            Format::Compare => ", a `predicate` attribute",
            Format::Call => ", a `callee` attribute",
            Format::Constant => ", a `value` attribute",
            Format::Assert => ", a `msg` attribute",
            _ => "",
        };
        format!(
            "has a shape kiln does not know for it ({nops} operands, {nres} results, {nsucc} successors, {nreg} regions{needs})"
        )
    })
}

/// How many operands an operation family takes, as MLIR's traits count them.
#[derive(Clone, Copy)]
enum Operands {
    Exactly(usize),
    AtLeast(usize),
    Any,
}

/// MLIR's message for the first of its count traits `f` violates, in the order MLIR's
/// operations list them (regions, results, successors, operands), where the family's
/// counts are fixed: `requires one result`, `expected 2 operands, but found 0`.
fn count_error(f: Format, nops: usize, nres: usize, nsucc: usize, nreg: usize) -> Option<String> {
    use Format as F;
    use Operands::{Any, AtLeast, Exactly};
    // (regions, results, successors, operands); `None`: not fixed.
    let (regions, results, successors, operands) = match f {
        F::Module | F::Function => (1, Some(0), Some(0), Exactly(0)),
        F::AllocaScope => (1, None, Some(0), Exactly(0)),
        F::GenericAtomicRmw => (1, Some(1), Some(0), AtLeast(1)),
        F::Return => (0, Some(0), Some(0), Any),
        F::Call => (0, None, Some(0), Any),
        F::CallIndirect => (0, None, Some(0), AtLeast(1)),
        F::Constant | F::GetGlobal | F::FuncConstant | F::Poison => {
            (0, Some(1), Some(0), Exactly(0))
        }
        F::IndexConstant | F::IndexSizeof => (0, Some(1), Some(0), Exactly(0)),
        F::Binary | F::Compare | F::Dim | F::IndexBinary | F::IndexCmp | F::Reshape => {
            (0, Some(1), Some(0), Exactly(2))
        }
        F::Unary | F::Cast | F::Rank | F::ExtractPointer | F::Transpose => {
            (0, Some(1), Some(0), Exactly(1))
        }
        F::Select => (0, Some(1), Some(0), Exactly(3)),
        F::Extended => (0, Some(2), Some(0), Exactly(2)),
        F::Copy => (0, Some(0), Some(0), Exactly(2)),
        F::Assert | F::Dealloc => (0, Some(0), Some(0), Exactly(1)),
        F::Global => (0, Some(0), Some(0), Exactly(0)),
        F::Alloc => (0, Some(1), Some(0), Any),
        F::Load => (0, Some(1), Some(0), AtLeast(1)),
        F::Store => (0, Some(0), Some(0), AtLeast(2)),
        F::AtomicRmw | F::View => (0, Some(1), Some(0), AtLeast(2)),
        F::Branch => (0, Some(0), Some(1), Any),
        F::CondBranch => (0, Some(0), Some(2), AtLeast(1)),
        _ => return None,
    };
    if nreg != regions {
        return Some(format!(
            "requires {} region{}",
            ["zero", "one"][regions],
            ["s", ""][regions]
        ));
    }
    match results {
        Some(0) if nres != 0 => return Some("requires zero results".to_string()),
        Some(1) if nres != 1 => return Some("requires one result".to_string()),
        Some(n) if nres != n => return Some(format!("expected {n} results")),
        _ => {}
    }
    match successors {
        Some(0) if nsucc != 0 => return Some(format!("requires 0 successors but found {nsucc}")),
        Some(1) if nsucc != 1 => return Some(format!("requires 1 successor but found {nsucc}")),
        Some(n) if nsucc != n => return Some(format!("requires {n} successors but found {nsucc}")),
        _ => {}
    }
    match operands {
        Exactly(0) if nops != 0 => Some("requires zero operands".to_string()),
        Exactly(1) if nops != 1 => Some("requires a single operand".to_string()),
        Exactly(n) if nops != n => Some(format!("expected {n} operands, but found {nops}")),
        AtLeast(n) if nops < n => Some(format!("expected {n} or more operands, but found {nops}")),
        _ => None,
    }
}
