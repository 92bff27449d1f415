// error: 3:3: a nested module with 1 function is not supported: kiln lowers one symbol table
module {
  module @m {
    func.func @g() {
      func.return
    }
  }
}
