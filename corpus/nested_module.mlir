// An empty nested module, as upstream passes leave one (`convert-math-to-funcs` and
// `gpu-kernel-outlining` do): accepted and dropped, since it holds no symbol.
module {
  func.func @answer() -> i32 {
    %c = arith.constant 42 : i32
    func.return %c : i32
  }
  module {
  }
  module @empty attributes {test.kept = true} {}
}

// run: @answer
