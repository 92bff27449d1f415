//! The LLVM dialect's types as kiln reads them: what `llvm.getelementptr` steps over, what
//! an `llvm.mlir.global` holds and what a variadic `llvm.call` states
//! (`!llvm.array<4 x i32>`, `!llvm.struct<(ptr, i64)>`, `!llvm.func<i32 (ptr, ...)>`).
//!
//! The lexer hands a dialect type over as one token of text; [`parse`] reads it. Inside an
//! LLVM type MLIR writes nested LLVM types without the `!llvm.` prefix (`array<2 x ptr>`),
//! and kiln reads both spellings.

use crate::ast;
pub use crate::types::LlvmType;
use crate::types::Scalar;
use std::fmt;

/// `!llvm.func<R (P, ...)>`: the signature of a variadic callee.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LlvmFuncType {
    /// The result; `None` for `void`.
    pub result: Option<LlvmType>,
    /// The fixed parameters.
    pub params: Vec<LlvmType>,
    /// Whether `...` ends the parameters.
    pub vararg: bool,
}

impl fmt::Display for LlvmFuncType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "!llvm.func<")?;
        match &self.result {
            Some(t) => t.write(f, "")?,
            None => write!(f, "void")?,
        }
        write!(f, " (")?;
        for (i, t) in self.params.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            t.write(f, "")?;
        }
        if self.vararg {
            if !self.params.is_empty() {
                write!(f, ", ")?;
            }
            write!(f, "...")?;
        }
        write!(f, ")>")
    }
}

/// A dialect type's text (`!llvm.array<4 x i32>`) read as an LLVM type.
pub fn parse(text: &str) -> Result<LlvmType, String> {
    let mut r = Reader { text, pos: 0 };
    let t = r.ty()?;
    r.end()?;
    Ok(t)
}

/// A dialect type's text (`!llvm.func<i32 (ptr, ...)>`) read as a function type.
pub fn parse_func(text: &str) -> Result<LlvmFuncType, String> {
    let mut r = Reader { text, pos: 0 };
    r.skip_ws();
    r.word_prefixed("func")?;
    r.expect("<")?;
    r.skip_ws();
    let result = if r.eat_word("void") {
        None
    } else {
        Some(r.ty()?)
    };
    r.expect("(")?;
    let mut params = Vec::new();
    let mut vararg = false;
    if !r.eat(")") {
        loop {
            if r.eat("...") {
                vararg = true;
                r.expect(")")?;
                break;
            }
            params.push(r.ty()?);
            if r.eat(")") {
                break;
            }
            r.expect(",")?;
        }
    }
    r.expect(">")?;
    r.end()?;
    Ok(LlvmFuncType {
        result,
        params,
        vararg,
    })
}

/// A cursor over a type's text.
struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        let rest = &self.text[self.pos..];
        self.pos += rest.len() - rest.trim_start().len();
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, s: &str) -> Result<(), String> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(format!("expected `{s}` at `{}`", self.rest()))
        }
    }

    fn rest(&self) -> &str {
        let r = self.text[self.pos..].trim();
        if r.is_empty() {
            "the end"
        } else {
            r
        }
    }

    fn end(&mut self) -> Result<(), String> {
        self.skip_ws();
        if self.pos == self.text.len() {
            Ok(())
        } else {
            Err(format!("unexpected `{}`", self.rest()))
        }
    }

    /// The identifier at the cursor (letters, digits, `_`, `.`, `!`).
    fn word(&mut self) -> &str {
        self.skip_ws();
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len()
            && (bytes[self.pos].is_ascii_alphanumeric()
                || matches!(bytes[self.pos], b'_' | b'.' | b'!'))
        {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let save = self.pos;
        if self.word() == w {
            true
        } else {
            self.pos = save;
            false
        }
    }

    /// `!llvm.NAME` or `NAME`.
    fn word_prefixed(&mut self, name: &str) -> Result<(), String> {
        let w = self.word().to_string();
        if w.strip_prefix("!llvm.").unwrap_or(&w) == name {
            Ok(())
        } else {
            Err(format!("expected `{name}`, found `{w}`"))
        }
    }

    fn ty(&mut self) -> Result<LlvmType, String> {
        let w = self.word().to_string();
        let name = w.strip_prefix("!llvm.").unwrap_or(&w);
        match name {
            "ptr" => {
                if self.eat("<") {
                    return Err(
                        "pointers of address spaces other than 0 are not supported".to_string()
                    );
                }
                Ok(LlvmType::Ptr)
            }
            "array" => {
                self.expect("<")?;
                self.skip_ws();
                let digits = self.text[self.pos..]
                    .bytes()
                    .take_while(u8::is_ascii_digit)
                    .count();
                let n: u64 = self.text[self.pos..self.pos + digits]
                    .parse()
                    .map_err(|_| format!("expected an array's length at `{}`", self.rest()))?;
                self.pos += digits;
                self.skip_ws();
                if !self.eat("x") {
                    return Err(format!("expected `x` at `{}`", self.rest()));
                }
                let t = self.ty()?;
                self.expect(">")?;
                Ok(LlvmType::Array(n, Box::new(t)))
            }
            "struct" => {
                self.expect("<")?;
                if self.eat("packed") {
                    return Err("packed structs are not supported".to_string());
                }
                self.expect("(")?;
                let mut fields = Vec::new();
                if !self.eat(")") {
                    loop {
                        fields.push(self.ty()?);
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                self.expect(">")?;
                Ok(LlvmType::Struct(fields))
            }
            "" => Err(format!("expected a type at `{}`", self.rest())),
            other => match Scalar::from_name(other) {
                Some(Scalar::Index) => Err("`index` is not an LLVM type (write `i64`)".to_string()),
                Some(s) => Ok(LlvmType::Scalar(s)),
                None => Err(format!(
                    "`{other}` is not an LLVM type kiln reads (scalars, `ptr`, `array`, `struct`)"
                )),
            },
        }
    }
}

/// An LLVM type as written: a scalar's name or a dialect type.
pub fn llvm_type(ty: &ast::Type) -> Result<LlvmType, String> {
    match ty {
        ast::Type::Named(n) => match Scalar::from_name(&n.node) {
            Some(Scalar::Index) => Err("`index` is not an LLVM type (write `i64`)".to_string()),
            Some(s) => Ok(LlvmType::Scalar(s)),
            None => Err(format!("unknown type `{}`", n.node)),
        },
        ast::Type::Dialect(d) => parse(&d.node),
        other => Err(format!(
            "`{}` is not an LLVM type",
            match other {
                ast::Type::MemRef(_) | ast::Type::UnrankedMemRef { .. } => "a memref",
                _ => "a function type",
            }
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_prints_the_types_mlir_prints() {
        for (text, printed) in [
            ("!llvm.ptr", "!llvm.ptr"),
            ("!llvm.array<14 x i8>", "!llvm.array<14 x i8>"),
            (
                "!llvm.array<2 x !llvm.array<3 x f32>>",
                "!llvm.array<2 x array<3 x f32>>",
            ),
            (
                "!llvm.struct<(ptr, i64, array<2 x i64>)>",
                "!llvm.struct<(ptr, i64, array<2 x i64>)>",
            ),
        ] {
            assert_eq!(parse(text).map(|t| t.to_string()), Ok(printed.to_string()));
        }
        let f = parse_func("!llvm.func<i32 (ptr, ...)>").unwrap();
        assert_eq!(f.to_string(), "!llvm.func<i32 (ptr, ...)>");
        assert!(f.vararg && f.params == [LlvmType::Ptr]);
        assert_eq!(
            parse_func("!llvm.func<void (...)>").unwrap().to_string(),
            "!llvm.func<void (...)>"
        );
        assert!(parse("!llvm.ptr<1>").is_err());
        assert!(parse("!llvm.array<4 x index>").is_err());
        assert!(parse("!llvm.array<4 i8>").is_err());
    }
}
