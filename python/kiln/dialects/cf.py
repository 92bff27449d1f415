"""``cf`` operations: ``BranchOp``, ``CondBranchOp``, ``SwitchOp`` (MLIR's argument
order)."""

from __future__ import annotations

from typing import Optional, Sequence

from ..ir import Block, InsertionPoint, Location, OpView, Value, _create, register_op_class
from ._ods_common import adopt

__all__ = ["BranchOp", "CondBranchOp", "SwitchOp"]


@register_op_class
class BranchOp(OpView):
    """``cf.br``: ``BranchOp(dest_operands, dest)``."""

    OPERATION_NAME = "cf.br"

    def __init__(
        self,
        dest_operands: Sequence[Value],
        dest: Block,
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        adopt(self, _create(self.OPERATION_NAME, [], [], {}, [(dest, list(dest_operands))], ip, loc))

    @property
    def dest(self) -> Block:
        return self.successors[0]


@register_op_class
class CondBranchOp(OpView):
    """``cf.cond_br``: ``CondBranchOp(condition, true_dest_operands, false_dest_operands,
    true_dest, false_dest)``."""

    OPERATION_NAME = "cf.cond_br"

    def __init__(
        self,
        condition: Value,
        true_dest_operands: Sequence[Value],
        false_dest_operands: Sequence[Value],
        true_dest: Block,
        false_dest: Block,
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        succ = [(true_dest, list(true_dest_operands)), (false_dest, list(false_dest_operands))]
        adopt(self, _create(self.OPERATION_NAME, [condition], [], {}, succ, ip, loc))

    @property
    def condition(self) -> Value:
        return self.operands[0]

    @property
    def true_dest(self) -> Block:
        return self.successors[0]

    @property
    def false_dest(self) -> Block:
        return self.successors[1]


@register_op_class
class SwitchOp(OpView):
    """``cf.switch``: ``SwitchOp(flag, default_destination, default_operands, case_values,
    case_destinations, case_operands)``."""

    OPERATION_NAME = "cf.switch"

    def __init__(
        self,
        flag: Value,
        default_destination: Block,
        default_operands: Sequence[Value],
        case_values: Sequence[int],
        case_destinations: Sequence[Block],
        case_operands: Sequence[Sequence[Value]],
        *,
        loc: Optional[Location] = None,
        ip: Optional[InsertionPoint] = None,
    ) -> None:
        if not (len(case_values) == len(case_destinations) == len(case_operands)):
            raise ValueError("case_values, case_destinations and case_operands differ in length")
        succ = [(default_destination, list(default_operands))]
        succ += [(b, list(ops)) for b, ops in zip(case_destinations, case_operands)]
        cases = "[" + ", ".join(str(int(c)) for c in case_values) + "]"
        adopt(self, _create(self.OPERATION_NAME, [flag], [], {"case_values": cases}, succ, ip, loc))

    @property
    def case_values(self) -> list:
        """The case values, in order."""
        if "case_values" not in self.attributes:
            return []
        text = str(self.attributes["case_values"])
        body = text[text.index("<") + 1 : text.index(">")].strip("[]")
        values = [int(c) for c in body.split(",") if c.strip()]
        # Equal values are held as a splat: one value for the vector's length.
        count = int(text.rsplit("vector<", 1)[1].split("x", 1)[0])
        return values * count if len(values) == 1 else values
