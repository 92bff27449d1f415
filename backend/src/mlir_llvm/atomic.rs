//! The compare-and-swap loops of the LLVM dialect, as the backend makes them:
//! `llvm.atomic.update`, and the two ends of an `llvm.atomic.loop`.

use super::*;

impl Printer {
    /// `llvm.atomic.update`: the head of a loop, the new value computed from the value the
    /// iteration starts from, and the end that `cmpxchg`es it in.
    pub(super) fn atomic_update(
        &mut self,
        lhs: &str,
        t: &Operand,
        op: &str,
        p: &Operand,
        v: &Operand,
    ) -> Result<String, PrintError> {
        let k = self.next_loop();
        let (ty, p, v) = (self.ty(t)?, self.val(p)?, self.val(v)?);
        let (old, new) = (format!("%atomic{k}_old"), format!("%atomic{k}_new"));
        Ok(format!(
            "{}\n    {new} = llvm.{op} {old}, {v} : {ty}\n    {}",
            loop_head(k, &ty, &p, &old),
            commit(k, lhs, &ty, &p, (&old, "oldbits"), &new)
        ))
    }

    /// `llvm.atomic.loop`: a load, then the loop block whose argument, `lhs`'s value, is the
    /// value the iteration starts from.
    pub(super) fn atomic_loop(
        &mut self,
        lhs: &str,
        result: Option<u32>,
        t: &Operand,
        p: &Operand,
    ) -> Result<String, PrintError> {
        let k = self.next_loop();
        if let Some(r) = result {
            self.loop_heads.insert(r, k);
        }
        let (ty, p) = (self.ty(t)?, self.val(p)?);
        Ok(loop_head(k, &ty, &p, lhs.trim_end_matches(" = ")))
    }

    /// `llvm.atomic.commit`: `cmpxchg` of the new value for the loop's value, back to loop
    /// `k` unless it stored.
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
        Ok(commit(k, lhs, &ty, &p, (&current, "curbits"), &new))
    }

    /// The number of the next loop: its labels' and values' names.
    fn next_loop(&mut self) -> usize {
        self.loops += 1;
        self.loops - 1
    }
}

/// The head of loop `k` on the `ty` at `p`: a load, a branch, and the loop block, whose
/// argument is `current`.
fn loop_head(k: usize, ty: &str, p: &str, current: &str) -> String {
    format!(
        "%atomic{k}_init = llvm.load {p} : !llvm.ptr -> {ty}\n    \
         llvm.br ^atomic{k}_loop(%atomic{k}_init : {ty})\n  \
         ^atomic{k}_loop({current}: {ty}):"
    )
}

/// The end of loop `k`: `cmpxchg` of `new` for `current` at `p` (a float by its bits, the
/// current value's named `%atomic{k}_BITS`), the value seen defined by `lhs`, and back to
/// the loop unless it stored; the code after it continues in a block of its own.
fn commit(
    k: usize,
    lhs: &str,
    ty: &str,
    p: &str,
    (current, bits_name): (&str, &str),
    new: &str,
) -> String {
    let bits = match ty {
        "f16" | "bf16" => Some("i16"),
        "f32" => Some("i32"),
        "f64" => Some("i64"),
        _ => None,
    };
    let cas = bits.unwrap_or(ty);
    let (casts, expected, stored) = match bits {
        Some(b) => (
            format!("%atomic{k}_{bits_name} = llvm.bitcast {current} : {ty} to {b}\n    %atomic{k}_newbits = llvm.bitcast {new} : {ty} to {b}\n    "),
            format!("%atomic{k}_{bits_name}"),
            format!("%atomic{k}_newbits"),
        ),
        None => (String::new(), current.to_string(), new.to_string()),
    };
    let seen = match bits {
        Some(b) => format!(
            "%atomic{k}_seenbits = llvm.extractvalue %atomic{k}_pair[0] : !llvm.struct<({b}, i1)>\n    {lhs}llvm.bitcast %atomic{k}_seenbits : {b} to {ty}"
        ),
        None => format!("{lhs}llvm.extractvalue %atomic{k}_pair[0] : !llvm.struct<({ty}, i1)>"),
    };
    let result = lhs.trim_end_matches(" = ");
    format!(
        "{casts}%atomic{k}_pair = llvm.cmpxchg {p}, {expected}, {stored} acq_rel monotonic : !llvm.ptr, {cas}\n    \
         {seen}\n    \
         %atomic{k}_stored = llvm.extractvalue %atomic{k}_pair[1] : !llvm.struct<({cas}, i1)>\n    \
         llvm.cond_br %atomic{k}_stored, ^atomic{k}_done, ^atomic{k}_loop({result} : {ty})\n  \
         ^atomic{k}_done:"
    )
}
