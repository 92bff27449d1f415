// bfloat16: kiln's LLVM dialect and IR carry `bfloat` as MLIR 19's conversion does, the
// object defines the conversions LLVM's code generation calls (no runtime library needed),
// and both pipelines compute the same.
// RUN: %kiln opt %s --convert-to-llvm | %mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// RUN: %kiln compile %s --emit obj -o %t.o && nm %t.o | FileCheck %s --check-prefix=SYM
// RUN: %kiln cpu-runner %s -e main --entry-point-result=f32 | FileCheck %s --check-prefix=OUT
// MLIR 19's own lowering, run by kiln's JIT: mlir-cpu-runner would need the conversions from
// the C runtime, which libgcc before GCC 13 lacks (where the CPU has no bfloat16 instructions).
// RUN: %kiln run %s --entry main --via-mlir | FileCheck %s --check-prefix=VIA

// IR-LABEL: define bfloat @scale(bfloat %0, bfloat %1)
// IR: fmul bfloat
// IR-LABEL: define float @main()
// IR: fptrunc double {{.*}} to bfloat
// SYM: t __truncdfbf2
// SYM: t __truncsfbf2
// SYM-NOT: U __trunc
// 1.0039062500009095 rounds once to 1.0078125 (through f32 it would tie and round to 1.0,
// giving 3.0); times 3.0 is 3.0234375, a tie in bf16, to even: 3.03125.
// OUT: 3.031250e+00
// VIA: 3.03125
func.func @scale(%x: bf16, %k: bf16) -> bf16 {
  %y = arith.mulf %x, %k : bf16
  return %y : bf16
}

func.func @main() -> f32 {
  %m = memref.alloca() : memref<1xf64>
  %c0 = arith.constant 0 : index
  %d0 = arith.constant 1.0039062500009095 : f64
  memref.store %d0, %m[%c0] : memref<1xf64>
  %d = memref.load %m[%c0] : memref<1xf64>
  %x = arith.truncf %d : f64 to bf16
  %three = arith.constant 3.0 : bf16
  %y = call @scale(%x, %three) : (bf16, bf16) -> bf16
  %r = arith.extf %y : bf16 to f32
  return %r : f32
}
