"""Op classes of the dialects kiln knows: ``func``, ``arith``, ``cf``, ``memref``."""
