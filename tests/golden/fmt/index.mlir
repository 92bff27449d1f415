module {
  func.func @arithmetic(%a: index, %b: index) -> (index, index, index, index, index, index, index, index, index, index) {
    %0 = index.add %a, %b
    %1 = index.sub %a, %b
    %2 = index.mul %a, %b
    %3 = index.divs %a, %b
    %4 = index.divu %a, %b
    %5 = index.ceildivs %a, %b
    %6 = index.ceildivu %a, %b
    %7 = index.floordivs %a, %b
    %8 = index.rems %a, %b
    %9 = index.remu %a, %b
    func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : index, index, index, index, index, index, index, index, index, index
  }
  func.func @bitwise(%a: index, %b: index) -> (index, index, index, index, index, index, index, index, index, index) {
    %0 = index.maxs %a, %b
    %1 = index.maxu %a, %b
    %2 = index.mins %a, %b
    %3 = index.minu %a, %b
    %c3 = arith.constant 3 : index
    %4 = index.shl %a, %c3
    %5 = index.shrs %a, %c3
    %6 = index.shru %a, %c3
    %7 = index.and %a, %b
    %8 = index.or %a, %b
    %9 = index.xor %a, %b
    func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : index, index, index, index, index, index, index, index, index, index
  }
}
