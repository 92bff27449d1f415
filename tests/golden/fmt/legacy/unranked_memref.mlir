module {
  func.func @foo(%arg0: memref<*xf32>) {
    "use"(%arg0) : (memref<*xf32>) -> ()
    func.return
  }
  func.func @bar() {
    %0 = "get"() : () -> memref<*xf32>
    func.call @foo(%0) : (memref<*xf32>) -> ()
    func.return
  }
}
