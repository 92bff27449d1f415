"""Conveniences on top of ``kiln.ir``, as ``mlir.extras`` has them (``types``)."""
