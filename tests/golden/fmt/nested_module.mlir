module {
  func.func @answer() -> i32 {
    %c = arith.constant 42 : i32
    func.return %c : i32
  }
}
