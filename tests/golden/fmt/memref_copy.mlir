module {
  func.func @copy2d(%src: memref<2x?xf32>, %dst: memref<2x?xf32>) {
    memref.copy %src, %dst : memref<2x?xf32> to memref<2x?xf32>
    func.return
  }
  func.func @scratch(%src: memref<4xi32>) -> (i32, i32) {
    %tmp = memref.alloc() : memref<4xi32>
    memref.copy %src, %tmp : memref<4xi32> to memref<4xi32>
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %x = memref.load %tmp[%c3] : memref<4xi32>
    %c9 = arith.constant 9 : i32
    memref.store %c9, %tmp[%c0] : memref<4xi32>
    %y = memref.load %tmp[%c0] : memref<4xi32>
    memref.dealloc %tmp : memref<4xi32>
    func.return %x, %y : i32, i32
  }
  func.func @scalar(%src: memref<f64>, %dst: memref<f64>) {
    memref.copy %src, %dst : memref<f64> to memref<f64>
    func.return
  }
  func.func @gather(%src: memref<4xf32, strided<[2]>>, %dst: memref<4xf32>) {
    memref.copy %src, %dst : memref<4xf32, strided<[2]>> to memref<4xf32>
    func.return
  }
  func.func @row(%src: memref<1x3xi32, strided<[3, 1], offset: ?>>, %dst: memref<1x3xi32>) {
    memref.copy %src, %dst : memref<1x3xi32, strided<[3, 1], offset: ?>> to memref<1x3xi32>
    func.return
  }
  func.func @through_unranked(%src: memref<2x2xf64, strided<[1, 2]>>, %dst: memref<2x2xf64>) {
    %u = memref.cast %src : memref<2x2xf64, strided<[1, 2]>> to memref<*xf64>
    %v = memref.cast %dst : memref<2x2xf64> to memref<*xf64>
    memref.copy %u, %v : memref<*xf64> to memref<*xf64>
    func.return
  }
}
