//! The compare-and-swap loops of the LLVM dialect: `llvm.atomic.update` and the end of an
//! `llvm.atomic.loop`, as the backend makes them.

use super::*;

impl Printer {
    /// `llvm.atomic.update` as the backend makes it: a load, then a loop block that
    /// computes the new value and `cmpxchg`es it in (a float by its bits) until no other
    /// write came between; the code after it continues in a block of its own.
    pub(super) fn atomic_update(
        &mut self,
        lhs: &str,
        t: &Operand,
        op: &str,
        p: &Operand,
        v: &Operand,
    ) -> Result<String, PrintError> {
        let k = self.loops;
        self.loops += 1;
        let (ty, p, v) = (self.ty(t)?, self.val(p)?, self.val(v)?);
        let bits = match ty.as_str() {
            "f16" | "bf16" => Some("i16"),
            "f32" => Some("i32"),
            "f64" => Some("i64"),
            _ => None,
        };
        let cas = bits.unwrap_or(&ty);
        let (old, new) = match bits {
            Some(b) => (
                format!("%atomic{k}_oldbits = llvm.bitcast %atomic{k}_old : {ty} to {b}\n    %atomic{k}_newbits = llvm.bitcast %atomic{k}_new : {ty} to {b}\n    "),
                (format!("%atomic{k}_oldbits"), format!("%atomic{k}_newbits")),
            ),
            None => (String::new(), (format!("%atomic{k}_old"), format!("%atomic{k}_new"))),
        };
        let seen = match bits {
            Some(b) => format!(
                "%atomic{k}_seenbits = llvm.extractvalue %atomic{k}_pair[0] : !llvm.struct<({b}, i1)>\n    {lhs}llvm.bitcast %atomic{k}_seenbits : {b} to {ty}"
            ),
            None => format!("{lhs}llvm.extractvalue %atomic{k}_pair[0] : !llvm.struct<({ty}, i1)>"),
        };
        let result = lhs.trim_end_matches(" = ");
        Ok(format!(
            "%atomic{k}_init = llvm.load {p} : !llvm.ptr -> {ty}\n    \
             llvm.br ^atomic{k}_loop(%atomic{k}_init : {ty})\n  \
             ^atomic{k}_loop(%atomic{k}_old: {ty}):\n    \
             %atomic{k}_new = llvm.{op} %atomic{k}_old, {v} : {ty}\n    \
             {old}%atomic{k}_pair = llvm.cmpxchg {p}, {}, {} acq_rel monotonic : !llvm.ptr, {cas}\n    \
             {seen}\n    \
             %atomic{k}_stored = llvm.extractvalue %atomic{k}_pair[1] : !llvm.struct<({cas}, i1)>\n    \
             llvm.cond_br %atomic{k}_stored, ^atomic{k}_done, ^atomic{k}_loop({result} : {ty})\n  \
             ^atomic{k}_done:",
            new.0, new.1
        ))
    }

    /// `llvm.atomic.commit` as the backend makes it: `cmpxchg` of the new value for the
    /// loop's value (a float by its bits), back to loop `k` unless it stored; the code after
    /// it continues in a block of its own.
    pub(super) fn atomic_commit(
        &mut self,
        lhs: &str,
        k: usize,
        t: &Operand,
        p: &Operand,
        current: &Operand,
        new: &Operand,
    ) -> Result<String, PrintError> {
        let (ty, p) = (self.ty(t)?, self.val(p)?);
        let (current, new) = (self.val(current)?, self.val(new)?);
        let bits = match ty.as_str() {
            "f16" | "bf16" => Some("i16"),
            "f32" => Some("i32"),
            "f64" => Some("i64"),
            _ => None,
        };
        let cas = bits.unwrap_or(&ty);
        let (casts, expected, stored) = match bits {
            Some(b) => (
                format!("%atomic{k}_curbits = llvm.bitcast {current} : {ty} to {b}\n    %atomic{k}_newbits = llvm.bitcast {new} : {ty} to {b}\n    "),
                format!("%atomic{k}_curbits"),
                format!("%atomic{k}_newbits"),
            ),
            None => (String::new(), current, new),
        };
        let seen = match bits {
            Some(b) => format!(
                "%atomic{k}_seenbits = llvm.extractvalue %atomic{k}_pair[0] : !llvm.struct<({b}, i1)>\n    {lhs}llvm.bitcast %atomic{k}_seenbits : {b} to {ty}"
            ),
            None => format!("{lhs}llvm.extractvalue %atomic{k}_pair[0] : !llvm.struct<({ty}, i1)>"),
        };
        let result = lhs.trim_end_matches(" = ");
        Ok(format!(
            "{casts}%atomic{k}_pair = llvm.cmpxchg {p}, {expected}, {stored} acq_rel monotonic : !llvm.ptr, {cas}\n    \
             {seen}\n    \
             %atomic{k}_stored = llvm.extractvalue %atomic{k}_pair[1] : !llvm.struct<({cas}, i1)>\n    \
             llvm.cond_br %atomic{k}_stored, ^atomic{k}_done, ^atomic{k}_loop({result} : {ty})\n  \
             ^atomic{k}_done:"
        ))
    }
}
