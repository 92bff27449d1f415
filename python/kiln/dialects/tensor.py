"""The ``tensor`` dialect: kiln's IR holds tensor *types* (``RankedTensorType``,
``UnrankedTensorType``, dense attributes of them) but no tensor operations; kiln lowers
memrefs. Importing the module works, so code that only builds tensor types runs; naming
one of its operations raises ``AttributeError`` saying so."""


def __getattr__(name: str):
    raise AttributeError(
        f"kiln.dialects.tensor.{name}: kiln's IR has tensor types but no tensor operations "
        "(bufferize to memrefs first)"
    )
