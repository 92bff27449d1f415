//! The operation tables of the supported dialects: names (modern and legacy), operand
//! classes, and comparison predicates.

/// Which scalar types an arithmetic operation accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandClass {
    /// Signless integers and `index`.
    Integer,
    /// `f16`, `f32`, `f64`.
    Float,
}

macro_rules! op_table {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal $(| $legacy:literal)* : $class:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The modern MLIR name, e.g. `arith.addi`.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }

            /// Looks up a modern or legacy spelling.
            pub fn from_name(s: &str) -> Option<$name> {
                match s {
                    $($text $(| $legacy)* => Some($name::$variant),)*
                    _ => None,
                }
            }

            pub fn class(self) -> OperandClass {
                match self { $($name::$variant => OperandClass::$class),* }
            }
        }
    };
}

op_table! {
    /// Two operands and one result, all of the same type.
    BinaryOp {
        AddI = "arith.addi" | "addi": Integer,
        SubI = "arith.subi" | "subi": Integer,
        MulI = "arith.muli" | "muli": Integer,
        DivSI = "arith.divsi" | "divi_signed": Integer,
        DivUI = "arith.divui" | "divi_unsigned": Integer,
        CeilDivSI = "arith.ceildivsi": Integer,
        CeilDivUI = "arith.ceildivui": Integer,
        FloorDivSI = "arith.floordivsi": Integer,
        RemSI = "arith.remsi" | "remi_signed": Integer,
        RemUI = "arith.remui" | "remi_unsigned": Integer,
        AndI = "arith.andi" | "and": Integer,
        OrI = "arith.ori" | "or": Integer,
        XOrI = "arith.xori" | "xor": Integer,
        ShLI = "arith.shli" | "shift_left": Integer,
        ShRSI = "arith.shrsi" | "shift_right_signed": Integer,
        ShRUI = "arith.shrui" | "shift_right_unsigned": Integer,
        MaxSI = "arith.maxsi": Integer,
        MaxUI = "arith.maxui": Integer,
        MinSI = "arith.minsi": Integer,
        MinUI = "arith.minui": Integer,
        AddF = "arith.addf" | "addf": Float,
        SubF = "arith.subf" | "subf": Float,
        MulF = "arith.mulf" | "mulf": Float,
        DivF = "arith.divf" | "divf": Float,
        RemF = "arith.remf" | "remf": Float,
        MaximumF = "arith.maximumf": Float,
        MinimumF = "arith.minimumf": Float,
        MaxNumF = "arith.maxnumf": Float,
        MinNumF = "arith.minnumf": Float,
    }
}

op_table! {
    /// One operand and one result of the same type.
    UnaryOp {
        NegF = "arith.negf" | "negf": Float,
    }
}

op_table! {
    /// `op %x : T to U` conversions. The class is that of the operand.
    CastOp {
        ExtSI = "arith.extsi" | "sexti": Integer,
        ExtUI = "arith.extui" | "zexti": Integer,
        TruncI = "arith.trunci" | "trunci": Integer,
        SIToFP = "arith.sitofp" | "sitofp": Integer,
        UIToFP = "arith.uitofp" | "uitofp": Integer,
        FPToSI = "arith.fptosi" | "fptosi": Float,
        FPToUI = "arith.fptoui" | "fptoui": Float,
        ExtF = "arith.extf" | "fpext": Float,
        TruncF = "arith.truncf" | "fptrunc": Float,
        IndexCast = "arith.index_cast" | "index_cast": Integer,
        IndexCastUI = "arith.index_castui": Integer,
        Bitcast = "arith.bitcast": Integer,
        MemRefCast = "memref.cast" | "memref_cast": Integer,
    }
}

macro_rules! predicates {
    ($(#[$m:meta])* $name:ident { $($variant:ident = $text:literal = $num:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),* }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),* }
            }

            pub fn from_name(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$variant),)* _ => None }
            }

            /// The integer MLIR stores in the generic form's `predicate` attribute.
            pub fn from_number(n: i64) -> Option<$name> {
                match n { $($num => Some($name::$variant),)* _ => None }
            }
        }
    };
}

predicates! {
    /// `arith.cmpi` predicates.
    CmpIPredicate {
        Eq = "eq" = 0, Ne = "ne" = 1, Slt = "slt" = 2, Sle = "sle" = 3, Sgt = "sgt" = 4,
        Sge = "sge" = 5, Ult = "ult" = 6, Ule = "ule" = 7, Ugt = "ugt" = 8, Uge = "uge" = 9,
    }
}

predicates! {
    /// `arith.cmpf` predicates (ordered `o*`, unordered `u*`, and the constant ones).
    CmpFPredicate {
        False = "false" = 0, Oeq = "oeq" = 1, Ogt = "ogt" = 2, Oge = "oge" = 3, Olt = "olt" = 4,
        Ole = "ole" = 5, One = "one" = 6, Ord = "ord" = 7, Ueq = "ueq" = 8, Ugt = "ugt" = 9,
        Uge = "uge" = 10, Ult = "ult" = 11, Ule = "ule" = 12, Une = "une" = 13, Uno = "uno" = 14,
        True = "true" = 15,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for op in BinaryOp::ALL {
            assert_eq!(BinaryOp::from_name(op.name()), Some(*op));
        }
        for op in CastOp::ALL {
            assert_eq!(CastOp::from_name(op.name()), Some(*op));
        }
        assert_eq!(BinaryOp::from_name("addi"), Some(BinaryOp::AddI));
        assert_eq!(CmpFPredicate::from_number(15), Some(CmpFPredicate::True));
    }
}
