module {
  llvm.func @rounding(%arg0: f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32)> attributes {kiln.abi = "{\22name\22:\22rounding\22,\22a\22:[\22f32\22],\22r\22:[\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v2 = llvm.call_intrinsic "llvm.fabs.f32"(%arg0) : (f32) -> f32
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v4 = llvm.call_intrinsic "llvm.ceil.f32"(%arg0) : (f32) -> f32
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v6 = llvm.call_intrinsic "llvm.floor.f32"(%arg0) : (f32) -> f32
    %v7 = llvm.insertvalue %v6, %v5[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v8 = llvm.call_intrinsic "llvm.round.f32"(%arg0) : (f32) -> f32
    %v9 = llvm.insertvalue %v8, %v7[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v10 = llvm.call_intrinsic "llvm.roundeven.f32"(%arg0) : (f32) -> f32
    %v11 = llvm.insertvalue %v10, %v9[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v12 = llvm.call_intrinsic "llvm.trunc.f32"(%arg0) : (f32) -> f32
    %v13 = llvm.insertvalue %v12, %v11[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    llvm.return %v13 : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
  }
  llvm.func @powers(%arg0: f64, %arg1: f64, %arg2: i32) -> !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)> attributes {kiln.abi = "{\22name\22:\22powers\22,\22a\22:[\22f64\22,\22f64\22,\22i32\22],\22r\22:[\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v2 = llvm.call_intrinsic "llvm.sqrt.f64"(%arg0) : (f64) -> f64
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v4 = llvm.mlir.constant(1.0e0 : f64) : f64
    %v5 = llvm.fdiv %v4, %v2 : f64
    %v6 = llvm.insertvalue %v5, %v3[1] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v7 = llvm.call @cbrt(%arg0) : (f64) -> f64
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v10 = llvm.call_intrinsic "llvm.pow.f64"(%arg0, %arg1) : (f64, f64) -> f64
    %v11 = llvm.insertvalue %v10, %v8[3] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v13 = llvm.call_intrinsic "llvm.powi.f64.i32"(%arg0, %arg2) : (f64, i32) -> f64
    %v14 = llvm.insertvalue %v13, %v11[4] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v15 = llvm.call_intrinsic "llvm.fma.f64"(%arg0, %arg1, %arg0) : (f64, f64, f64) -> f64
    %v16 = llvm.insertvalue %v15, %v14[5] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v17 = llvm.call_intrinsic "llvm.copysign.f64"(%arg0, %arg1) : (f64, f64) -> f64
    %v18 = llvm.insertvalue %v17, %v16[6] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    %v19 = llvm.call @atan2(%arg1, %arg0) : (f64, f64) -> f64
    %v20 = llvm.insertvalue %v19, %v18[7] : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
    llvm.return %v20 : !llvm.struct<(f64, f64, f64, f64, f64, f64, f64, f64)>
  }
  llvm.func @exponentials(%arg0: f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32)> attributes {kiln.abi = "{\22name\22:\22exponentials\22,\22a\22:[\22f32\22],\22r\22:[\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v2 = llvm.call_intrinsic "llvm.exp.f32"(%arg0) : (f32) -> f32
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v4 = llvm.call_intrinsic "llvm.exp2.f32"(%arg0) : (f32) -> f32
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v6 = llvm.call_intrinsic "llvm.log.f32"(%arg0) : (f32) -> f32
    %v7 = llvm.insertvalue %v6, %v5[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v8 = llvm.call_intrinsic "llvm.log2.f32"(%arg0) : (f32) -> f32
    %v9 = llvm.insertvalue %v8, %v7[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v10 = llvm.call_intrinsic "llvm.log10.f32"(%arg0) : (f32) -> f32
    %v11 = llvm.insertvalue %v10, %v9[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v12 = llvm.call @erff(%arg0) : (f32) -> f32
    %v13 = llvm.insertvalue %v12, %v11[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    llvm.return %v13 : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
  }
  llvm.func @near_zero(%arg0: f32, %arg1: f64) -> !llvm.struct<(f32, f32, f64, f64)> attributes {kiln.abi = "{\22name\22:\22near_zero\22,\22a\22:[\22f32\22,\22f64\22],\22r\22:[\22f32\22,\22f32\22,\22f64\22,\22f64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f32, f32, f64, f64)>
    %v2 = llvm.call @expm1f(%arg0) : (f32) -> f32
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f32, f32, f64, f64)>
    %v4 = llvm.call @log1pf(%arg0) : (f32) -> f32
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f32, f32, f64, f64)>
    %v7 = llvm.call @expm1(%arg1) : (f64) -> f64
    %v8 = llvm.insertvalue %v7, %v5[2] : !llvm.struct<(f32, f32, f64, f64)>
    %v9 = llvm.call @log1p(%arg1) : (f64) -> f64
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(f32, f32, f64, f64)>
    llvm.return %v10 : !llvm.struct<(f32, f32, f64, f64)>
  }
  llvm.func @trigonometry(%arg0: f64) -> !llvm.struct<(f64, f64, f64, f64, f64, f64)> attributes {kiln.abi = "{\22name\22:\22trigonometry\22,\22a\22:[\22f64\22],\22r\22:[\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22,\22f64\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    %v2 = llvm.call_intrinsic "llvm.sin.f64"(%arg0) : (f64) -> f64
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    %v4 = llvm.call_intrinsic "llvm.cos.f64"(%arg0) : (f64) -> f64
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    %v6 = llvm.call @tan(%arg0) : (f64) -> f64
    %v7 = llvm.insertvalue %v6, %v5[2] : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    %v8 = llvm.call @asin(%arg0) : (f64) -> f64
    %v9 = llvm.insertvalue %v8, %v7[3] : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    %v10 = llvm.call @acos(%arg0) : (f64) -> f64
    %v11 = llvm.insertvalue %v10, %v9[4] : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    %v12 = llvm.call @atan(%arg0) : (f64) -> f64
    %v13 = llvm.insertvalue %v12, %v11[5] : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
    llvm.return %v13 : !llvm.struct<(f64, f64, f64, f64, f64, f64)>
  }
  llvm.func @hyperbolic(%arg0: f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32)> attributes {kiln.abi = "{\22name\22:\22hyperbolic\22,\22a\22:[\22f32\22],\22r\22:[\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22,\22f32\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v2 = llvm.call @sinhf(%arg0) : (f32) -> f32
    %v3 = llvm.insertvalue %v2, %v0[0] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v4 = llvm.call @coshf(%arg0) : (f32) -> f32
    %v5 = llvm.insertvalue %v4, %v3[1] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v6 = llvm.call @tanhf(%arg0) : (f32) -> f32
    %v7 = llvm.insertvalue %v6, %v5[2] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v8 = llvm.call @asinhf(%arg0) : (f32) -> f32
    %v9 = llvm.insertvalue %v8, %v7[3] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v10 = llvm.mlir.constant(2.0e0 : f32) : f32
    %v11 = llvm.fadd %arg0, %v10 : f32
    %v12 = llvm.call @acoshf(%v11) : (f32) -> f32
    %v13 = llvm.insertvalue %v12, %v9[4] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    %v14 = llvm.mlir.constant(3.0e0 : f32) : f32
    %v15 = llvm.fdiv %arg0, %v14 : f32
    %v16 = llvm.call @atanhf(%v15) : (f32) -> f32
    %v17 = llvm.insertvalue %v16, %v13[5] : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
    llvm.return %v17 : !llvm.struct<(f32, f32, f32, f32, f32, f32)>
  }
  llvm.func @bits(%arg0: i16) -> !llvm.struct<(i16, i16, i16, i16)> attributes {kiln.abi = "{\22name\22:\22bits\22,\22a\22:[\22i16\22],\22r\22:[\22i16\22,\22i16\22,\22i16\22,\22i16\22],\22v\22:1}"} {
    %v0 = llvm.mlir.undef : !llvm.struct<(i16, i16, i16, i16)>
    %v2 = llvm.mlir.constant(false) : i1
    %v3 = llvm.call_intrinsic "llvm.abs.i16"(%arg0, %v2) : (i16, i1) -> i16
    %v4 = llvm.insertvalue %v3, %v0[0] : !llvm.struct<(i16, i16, i16, i16)>
    %v5 = llvm.call_intrinsic "llvm.ctlz.i16"(%arg0, %v2) : (i16, i1) -> i16
    %v6 = llvm.insertvalue %v5, %v4[1] : !llvm.struct<(i16, i16, i16, i16)>
    %v7 = llvm.call_intrinsic "llvm.cttz.i16"(%arg0, %v2) : (i16, i1) -> i16
    %v8 = llvm.insertvalue %v7, %v6[2] : !llvm.struct<(i16, i16, i16, i16)>
    %v9 = llvm.call_intrinsic "llvm.ctpop.i16"(%arg0) : (i16) -> i16
    %v10 = llvm.insertvalue %v9, %v8[3] : !llvm.struct<(i16, i16, i16, i16)>
    llvm.return %v10 : !llvm.struct<(i16, i16, i16, i16)>
  }
  llvm.func @cbrt(f64) -> f64
  llvm.func @atan2(f64, f64) -> f64
  llvm.func @erff(f32) -> f32
  llvm.func @expm1f(f32) -> f32
  llvm.func @log1pf(f32) -> f32
  llvm.func @expm1(f64) -> f64
  llvm.func @log1p(f64) -> f64
  llvm.func @tan(f64) -> f64
  llvm.func @asin(f64) -> f64
  llvm.func @acos(f64) -> f64
  llvm.func @atan(f64) -> f64
  llvm.func @sinhf(f32) -> f32
  llvm.func @coshf(f32) -> f32
  llvm.func @tanhf(f32) -> f32
  llvm.func @asinhf(f32) -> f32
  llvm.func @acoshf(f32) -> f32
  llvm.func @atanhf(f32) -> f32
}
