//! MLIR's builtin attributes and types as typed values: every kind the builtin dialect
//! defines that kiln reads (integers of any width and signedness, floats, `index`, `none`,
//! memrefs, tensors, vectors, complex, tuples, function types; unit, bool, integer, float,
//! string, type, symbol-reference, array, dictionary, dense-elements, dense-array,
//! strided-layout and affine-map attributes), with dialect attributes and types kept as
//! written. They are parsed from MLIR's syntax ([`parse_attribute`], [`parse_type`]) and
//! printed back in `mlir-opt`'s form (`Display`), so one model serves `kiln.ir`'s typed
//! attribute and type classes and every tool that reads or writes them.

mod affine;
pub mod formats;
pub mod graph;
mod ir_custom;
mod ir_forms;
mod ir_print;
mod ir_print_forms;
mod ir_read;
mod ir_scan;
mod ir_verify;
mod model;
mod print;
mod read;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, missing_docs, unused)]
    syntax,
    "/generic/syntax.rs"
);

pub use affine::{AffineOp, IntegerSet};
pub use ir_print::{print_operation, value_name, PrintOptions};
pub use ir_read::{read_module, read_operation};
pub use ir_verify::{in_language, verify};
pub use model::*;
pub use print::{float_text, quoted};
pub use read::{fit_float, fit_int};

/// A syntax or typing error of an attribute or a type, at a byte offset of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The byte offset the error is at.
    pub offset: usize,
    /// What is wrong, in MLIR's words where MLIR has them.
    pub message: String,
}

impl SyntaxError {
    /// `FILE:LINE:COL: message` and the line with a caret under the column, for a file.
    pub fn in_file(&self, file: &str, text: &str) -> String {
        let offset = self.offset.min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[start..].chars().count() + 1;
        let source = text[start..].lines().next().unwrap_or("");
        format!(
            "{file}:{line}:{col}: error: {}\n{source}\n{}^",
            self.message,
            " ".repeat(col - 1)
        )
    }

    /// `"TEXT":1:COL: message`, the form MLIR's diagnostics take for a parsed string.
    pub fn located(&self, text: &str) -> String {
        let before = &text[..self.offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{}:{line}:{col}: {}", quoted(text), self.message)
    }
}

fn error<T: std::fmt::Display>(
    e: lalrpop_util::ParseError<usize, T, (usize, String)>,
    text: &str,
    what: &str,
) -> SyntaxError {
    use lalrpop_util::ParseError::*;
    match e {
        InvalidToken { location } => SyntaxError {
            offset: location,
            message: format!("unexpected character in {what}"),
        },
        UnrecognizedEof { .. } => SyntaxError {
            offset: text.len(),
            message: format!("unexpected end of {what}"),
        },
        UnrecognizedToken {
            token: (l, _, _), ..
        } if l == text.len() - text.trim_start().len() => SyntaxError {
            offset: l,
            message: format!("expected {what} value"),
        },
        UnrecognizedToken {
            token: (l, t, _), ..
        } => SyntaxError {
            offset: l,
            message: format!("unexpected `{t}` in {what}"),
        },
        ExtraToken { token: (l, t, _) } => SyntaxError {
            offset: l,
            message: format!("unexpected `{t}` after the {what}"),
        },
        User {
            error: (offset, message),
        } => SyntaxError { offset, message },
    }
}

/// Parses one attribute, e.g. `dense<[1, 2]> : tensor<2xi32>`.
pub fn parse_attribute(text: &str) -> Result<Attribute, SyntaxError> {
    syntax::AttributeParser::new()
        .parse(&read::Aliases::default(), text)
        .map_err(|e| {
            let mut e = error(e, text, "attribute");
            // A bare word that is no type, where an attribute starts: MLIR's words for it.
            let start = text.len() - text.trim_start().len();
            if e.offset == start && e.message.starts_with("expected non-function type") {
                let word = text
                    .trim()
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or("");
                e.message = format!(
                    "expected attribute value (`{word}` is neither an attribute nor a type)"
                );
            }
            e
        })
}

/// Parses one type, e.g. `memref<4x?xf32, strided<[?, 1]>>`.
pub fn parse_type(text: &str) -> Result<Ty, SyntaxError> {
    syntax::TypeParser::new()
        .parse(&read::Aliases::default(), text)
        .map_err(|e| error(e, text, "type"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        match parse_attribute(text) {
            Ok(a) => a.to_string(),
            Err(e) => format!("error: {}", e.located(text)),
        }
    }

    #[test]
    fn attributes_print_as_mlir_prints_them() {
        let cases = [
            ("42", "42 : i64"),
            ("42 : i32", "42 : i32"),
            ("255 : i8", "-1 : i8"),
            ("255 : ui8", "255 : ui8"),
            ("-1 : si8", "-1 : si8"),
            ("1 : i1", "true"),
            ("42.0 : f32", "4.200000e+01 : f32"),
            ("1.0", "1.000000e+00 : f64"),
            ("3.14", "3.140000e+00 : f64"),
            ("3.14159265 : f64", "3.1415926500000002 : f64"),
            ("1.234567891e-20 : f64", "1.2345678909999999E-20 : f64"),
            ("123456789.0 : f64", "0x419D6F3454000000 : f64"),
            ("0.1 : f32", "1.000000e-01 : f32"),
            ("1.234567 : f32", "1.23456705 : f32"),
            ("1.5e-39 : bf16", "1.469370e-39 : bf16"),
            ("0x7FC00000 : f32", "0x7FC00000 : f32"),
            ("0x97FC00000 : f32", "error: \"0x97FC00000 : f32\":1:1: hexadecimal float literal 0x97FC00000 has more bits than `f32`"),
            ("\"hello\"", "\"hello\""),
            ("\"a\\22b\\0A\" : i32", "\"a\\22b\\0A\" : i32"),
            ("@symbol1::@symbol2", "@symbol1::@symbol2"),
            ("@\"@sym\"", "@\"@sym\""),
            ("[42, \"x\", unit, 1.5, 2 : i32]", "[42, \"x\", unit, 1.500000e+00, 2 : i32]"),
            ("{b = 1 : i32, a, \"c d\" = f32}", "{a, b = 1 : i32, \"c d\" = f32}"),
            ("dense<[[0,1,2],[3,4,5]]> : vector<2x3xi32>", "dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>"),
            ("dense<1.5> : tensor<4xf32>", "dense<1.500000e+00> : tensor<4xf32>"),
            ("dense<[true, false]> : tensor<2xi1>", "dense<[true, false]> : tensor<2xi1>"),
            ("dense<[[2, 2], [2, 2]]> : tensor<2x2xi8>", "dense<2> : tensor<2x2xi8>"),
            ("array<i32: 1, 2>", "array<i32: 1, 2>"),
            ("array<f64>", "array<f64>"),
            ("array<i1: false, true>", "array<i1: false, true>"),
            ("tensor<2xf8E4M3FN>", "tensor<2xf8E4M3FN>"),
            ("strided<[?, 1], offset: ?>", "strided<[?, 1], offset: ?>"),
            ("strided<[4, 1], offset: 0>", "strided<[4, 1]>"),
            ("affine_map<(d0, d1)[s0] -> (d0 + s0 * 2, d1 - 1, -d0)>", "affine_map<(d0, d1)[s0] -> (d0 + s0 * 2, d1 - 1, -d0)>"),
            ("affine_map<(d0, d1) -> (d0 - d1 * 2, d0 + -3, d0 * -1)>", "affine_map<(d0, d1) -> (d0 - d1 * 2, d0 - 3, -d0)>"),
            ("-0.0 : f16", "-0.000000e+00 : f16"),
            (
                "affine_map<(d0, d1) -> ((d0 + d1) * -1, d0 - d1 * 3, -(d0 ceildiv 4), 2 + d0, d0 * -2 + d1)>",
                "affine_map<(d0, d1) -> (-(d0 + d1), d0 - d1 * 3, -(d0 ceildiv 4), d0 + 2, d0 * -2 + d1)>",
            ),
            ("affine_map<(d0, d1) -> ((d0 + d1) floordiv 4)>", "affine_map<(d0, d1) -> ((d0 + d1) floordiv 4)>"),
            ("#pytest_dummy.dummyattr<>", "#pytest_dummy.dummyattr<>"),
            ("#llvm.linkage<internal>", "#llvm.linkage<internal>"),
            ("memref<2x?xf32, strided<[?, 1], offset: ?>, 1>", "memref<2x?xf32, strided<[?, 1], offset: ?>, 1>"),
            ("tensor<*xf32>", "tensor<*xf32>"),
            ("complex<f64>", "complex<f64>"),
            ("tuple<i32, f32>", "tuple<i32, f32>"),
            ("(i32, f32) -> ((i32) -> i32)", "(i32, f32) -> ((i32) -> i32)"),
            ("() -> (i32, i32)", "() -> (i32, i32)"),
            ("!llvm.ptr", "!llvm.ptr"),
            ("BAD_ATTR_DOES_NOT_EXIST", "error: \"BAD_ATTR_DOES_NOT_EXIST\":1:1: expected attribute value (`BAD_ATTR_DOES_NOT_EXIST` is neither an attribute nor a type)"),
            ("dense<[1, 2, 3]> : tensor<2xi32>", "error: \"dense<[1, 2, 3]> : tensor<2xi32>\":1:1: a dense literal of shape [3] for the type `tensor<2xi32>`"),
            ("[1, ", "error: \"[1, \":1:5: unexpected end of attribute"),
        ];
        for (text, want) in cases {
            assert_eq!(round(text), want, "{text}");
        }
    }

    #[test]
    fn printed_attributes_read_back_the_same() {
        for text in [
            "0.1 : f32",
            "1.0e-10",
            "-0.0",
            "6.5e+300",
            "dense<[0.1, 0.2]> : tensor<2xf16>",
        ] {
            let a = parse_attribute(text).expect(text);
            let back = parse_attribute(&a.to_string()).expect("reads back");
            assert_eq!(a, back, "{text} printed as {a}");
        }
    }
}
