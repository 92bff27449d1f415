; [lower.unlowered] Error: corpus/load_store.mlir:5:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/load_store.mlir:6:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/load_store.mlir:11:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/load_store.mlir:12:3: no rule lowers `memref.store`
; [lower.unlowered] Error: corpus/load_store.mlir:17:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/load_store.mlir:18:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/load_store.mlir:23:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/load_store.mlir:24:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/load_store.mlir:29:11: no rule lowers `lower-type` (needed to lower `func.sig`)
; [lower.unlowered] Error: corpus/load_store.mlir:30:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/load_store.mlir:31:3: no rule lowers `memref.store`
; [lower.unlowered] Error: corpus/load_store.mlir:37:3: no rule lowers `memref.alloc`
; [lower.unlowered] Error: corpus/load_store.mlir:38:3: no rule lowers `memref.alloca`
; [lower.unlowered] Error: corpus/load_store.mlir:40:3: no rule lowers `memref.store`
; [lower.unlowered] Error: corpus/load_store.mlir:41:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/load_store.mlir:42:3: no rule lowers `memref.store`
; [lower.unlowered] Error: corpus/load_store.mlir:43:3: no rule lowers `memref.load`
; [lower.unlowered] Error: corpus/load_store.mlir:44:3: no rule lowers `memref.dealloc`
