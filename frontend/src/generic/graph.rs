//! Generic MLIR IR: operations of any name, registered or not, with operands, results,
//! attributes, successors and regions of blocks, held in one arena.
//!
//! The arena owns everything built in it; ids name its parts. An operation is detached
//! (no parent block) until it is inserted, may move between blocks, and is erased by
//! marking it (ids stay valid, so a stale handle is detected rather than reused). Values
//! are an operation's result or a block's argument; their uses are found by scanning the
//! live operations, which keeps every mutation a local edit.

use super::{Attribute, Ty};

/// An operation of a [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u32);

/// A block of a [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// A region of a [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(pub u32);

/// An SSA value: an operation's result or a block's argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValueRef {
    /// Result `.1` of operation `.0`.
    Result(OpId, u32),
    /// Argument `.1` of block `.0`.
    Argument(BlockId, u32),
}

/// `loc(unknown)`, the location of what is built without one.
pub const UNKNOWN: &str = "unknown";

/// An operation: its name, what it uses and defines, where it is.
#[derive(Clone, Debug)]
pub struct Operation {
    /// `dialect.name`.
    pub name: String,
    /// The values used, in order.
    pub operands: Vec<ValueRef>,
    /// The results' types.
    pub results: Vec<Ty>,
    /// Inherent and discardable attributes alike, in the order set (printing splits them).
    pub attributes: Vec<(String, Attribute)>,
    /// The blocks a terminator may branch to.
    pub successors: Vec<BlockId>,
    /// The regions owned.
    pub regions: Vec<RegionId>,
    /// An unregistered operation's properties (`<{...}>`), kept apart from its attributes
    /// as MLIR keeps them.
    pub properties: Option<Attribute>,
    /// The location's text inside `loc(...)`.
    pub location: String,
    /// The block holding the operation, if inserted.
    pub parent: Option<BlockId>,
    /// Whether it was erased.
    pub erased: bool,
}

/// A block: its arguments (type and location) and operations in order.
#[derive(Clone, Debug, Default)]
pub struct Block {
    /// The arguments' types and locations.
    pub arguments: Vec<(Ty, String)>,
    /// The operations in order.
    pub operations: Vec<OpId>,
    /// The region holding the block, if any.
    pub parent: Option<RegionId>,
    /// Whether it was erased.
    pub erased: bool,
}

/// A region: its blocks in order (the first is the entry block).
#[derive(Clone, Debug, Default)]
pub struct Region {
    /// The blocks in order.
    pub blocks: Vec<BlockId>,
    /// The operation owning the region.
    pub parent: Option<OpId>,
}

/// The arena.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    ops: Vec<Operation>,
    blocks: Vec<Block>,
    regions: Vec<Region>,
}

/// A structural mistake in a mutation, in words for the user.
pub type Refusal = String;

impl Graph {
    /// An empty arena.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// The operation `id`.
    pub fn op(&self, id: OpId) -> &Operation {
        &self.ops[id.0 as usize]
    }

    /// The operation `id`, to change.
    pub fn op_mut(&mut self, id: OpId) -> &mut Operation {
        &mut self.ops[id.0 as usize]
    }

    /// The block `id`.
    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.0 as usize]
    }

    /// The block `id`, to change.
    pub fn block_mut(&mut self, id: BlockId) -> &mut Block {
        &mut self.blocks[id.0 as usize]
    }

    /// The region `id`.
    pub fn region(&self, id: RegionId) -> &Region {
        &self.regions[id.0 as usize]
    }

    /// Whether `id` names an operation of this arena.
    pub fn has_op(&self, id: OpId) -> bool {
        (id.0 as usize) < self.ops.len()
    }

    /// Whether `id` names a block of this arena.
    pub fn has_block(&self, id: BlockId) -> bool {
        (id.0 as usize) < self.blocks.len()
    }

    /// Whether `id` names a region of this arena.
    pub fn has_region(&self, id: RegionId) -> bool {
        (id.0 as usize) < self.regions.len()
    }

    /// A new detached operation with `regions` empty regions, at the unknown location.
    pub fn create(
        &mut self,
        name: &str,
        operands: Vec<ValueRef>,
        results: Vec<Ty>,
        attributes: Vec<(String, Attribute)>,
        successors: Vec<BlockId>,
        regions: usize,
    ) -> OpId {
        let id = OpId(self.ops.len() as u32);
        let regions = (0..regions).map(|_| self.new_region(Some(id))).collect();
        self.ops.push(Operation {
            name: name.to_string(),
            operands,
            results,
            attributes,
            successors,
            regions,
            properties: None,
            location: UNKNOWN.to_string(),
            parent: None,
            erased: false,
        });
        id
    }

    fn new_region(&mut self, parent: Option<OpId>) -> RegionId {
        self.regions.push(Region {
            blocks: Vec::new(),
            parent,
        });
        RegionId(self.regions.len() as u32 - 1)
    }

    /// Appends an empty region to `op`.
    pub fn add_region(&mut self, op: OpId) -> RegionId {
        let r = self.new_region(Some(op));
        self.ops[op.0 as usize].regions.push(r);
        r
    }

    /// Gives `from`'s regions (and all inside them) to `to`, after its own, and erases
    /// `from`.
    pub fn move_regions(&mut self, from: OpId, to: OpId) {
        let regions = std::mem::take(&mut self.ops[from.0 as usize].regions);
        for r in &regions {
            self.regions[r.0 as usize].parent = Some(to);
        }
        self.ops[to.0 as usize].regions.extend(regions);
        self.erase(from);
    }

    /// A new block with these arguments, detached (no region).
    pub fn new_block(&mut self, arguments: Vec<(Ty, String)>) -> BlockId {
        self.blocks.push(Block {
            arguments,
            ..Block::default()
        });
        BlockId(self.blocks.len() as u32 - 1)
    }

    /// Puts a detached block into `region` at `index` (the end if past it).
    pub fn attach_block(&mut self, block: BlockId, region: RegionId, index: usize) {
        self.detach_block(block);
        let blocks = &mut self.regions[region.0 as usize].blocks;
        let index = index.min(blocks.len());
        blocks.insert(index, block);
        self.blocks[block.0 as usize].parent = Some(region);
    }

    /// Takes a block out of its region.
    pub fn detach_block(&mut self, block: BlockId) {
        if let Some(r) = self.blocks[block.0 as usize].parent.take() {
            self.regions[r.0 as usize].blocks.retain(|b| *b != block);
        }
    }

    /// Inserts a detached operation into `block` at `index` (the end if past it).
    pub fn insert(&mut self, op: OpId, block: BlockId, index: usize) -> Result<(), Refusal> {
        if self.op(op).parent.is_some() {
            return Err("the operation is already in a block: detach it first".into());
        }
        if self.is_ancestor(op, block) {
            return Err("an operation cannot be inserted into its own region".into());
        }
        let ops = &mut self.blocks[block.0 as usize].operations;
        let index = index.min(ops.len());
        ops.insert(index, op);
        self.ops[op.0 as usize].parent = Some(block);
        Ok(())
    }

    /// Whether `block` lies inside one of `op`'s regions, at any depth.
    fn is_ancestor(&self, op: OpId, block: BlockId) -> bool {
        let mut b = Some(block);
        while let Some(cur) = b {
            match self.parent_op_of_block(cur) {
                Some(o) if o == op => return true,
                Some(o) => b = self.op(o).parent,
                None => return false,
            }
        }
        false
    }

    /// The operation whose region holds `block`.
    pub fn parent_op_of_block(&self, block: BlockId) -> Option<OpId> {
        self.block(block).parent.and_then(|r| self.region(r).parent)
    }

    /// The operation holding `op` (through its block and region).
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).parent.and_then(|b| self.parent_op_of_block(b))
    }

    /// Takes an operation out of its block; it stays alive, detached.
    pub fn detach(&mut self, op: OpId) {
        if let Some(b) = self.ops[op.0 as usize].parent.take() {
            self.blocks[b.0 as usize].operations.retain(|o| *o != op);
        }
    }

    /// The position of `op` in its block.
    pub fn index_in_block(&self, op: OpId) -> Option<usize> {
        let b = self.op(op).parent?;
        self.block(b).operations.iter().position(|o| *o == op)
    }

    /// Erases an operation and everything in its regions.
    pub fn erase(&mut self, op: OpId) {
        self.detach(op);
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            self.ops[o.0 as usize].erased = true;
            for r in self.ops[o.0 as usize].regions.clone() {
                for b in self.regions[r.0 as usize].blocks.clone() {
                    self.blocks[b.0 as usize].erased = true;
                    stack.extend(self.blocks[b.0 as usize].operations.iter().copied());
                }
            }
        }
    }

    /// Erases a block and its operations.
    pub fn erase_block(&mut self, block: BlockId) {
        self.detach_block(block);
        self.blocks[block.0 as usize].erased = true;
        for o in self.blocks[block.0 as usize].operations.clone() {
            self.erase(o);
            // `erase` detached it from this block's list; keep the list empty as well.
        }
    }

    /// The type of a value.
    pub fn value_type(&self, v: ValueRef) -> &Ty {
        match v {
            ValueRef::Result(o, i) => &self.op(o).results[i as usize],
            ValueRef::Argument(b, i) => &self.block(b).arguments[i as usize].0,
        }
    }

    /// Changes the type of a value.
    pub fn set_value_type(&mut self, v: ValueRef, ty: Ty) {
        match v {
            ValueRef::Result(o, i) => self.ops[o.0 as usize].results[i as usize] = ty,
            ValueRef::Argument(b, i) => self.blocks[b.0 as usize].arguments[i as usize].0 = ty,
        }
    }

    /// Whether `v` names an existing result or argument.
    pub fn has_value(&self, v: ValueRef) -> bool {
        match v {
            ValueRef::Result(o, i) => self.has_op(o) && (i as usize) < self.op(o).results.len(),
            ValueRef::Argument(b, i) => {
                self.has_block(b) && (i as usize) < self.block(b).arguments.len()
            }
        }
    }

    /// Every live operation and operand index using `v`, in arena order.
    pub fn uses(&self, v: ValueRef) -> Vec<(OpId, usize)> {
        let mut out = Vec::new();
        for (i, op) in self.ops.iter().enumerate() {
            if op.erased {
                continue;
            }
            for (k, used) in op.operands.iter().enumerate() {
                if *used == v {
                    out.push((OpId(i as u32), k));
                }
            }
        }
        out
    }

    /// Makes every use of `old` use `new`.
    pub fn replace_all_uses(&mut self, old: ValueRef, new: ValueRef) {
        for op in self.ops.iter_mut().filter(|o| !o.erased) {
            for used in op.operands.iter_mut() {
                if *used == old {
                    *used = new;
                }
            }
        }
    }

    /// Appends an argument to a block.
    pub fn add_argument(&mut self, block: BlockId, ty: Ty, location: &str) -> ValueRef {
        let b = &mut self.blocks[block.0 as usize];
        b.arguments.push((ty, location.to_string()));
        ValueRef::Argument(block, b.arguments.len() as u32 - 1)
    }

    /// Removes argument `index` of a block, which must have no uses.
    pub fn erase_argument(&mut self, block: BlockId, index: u32) -> Result<(), Refusal> {
        let v = ValueRef::Argument(block, index);
        if !self.uses(v).is_empty() {
            return Err("the argument still has uses".into());
        }
        let n = self.block(block).arguments.len() as u32;
        // Later arguments move down one place; their uses follow.
        for k in index + 1..n {
            self.replace_all_uses(
                ValueRef::Argument(block, k),
                ValueRef::Argument(block, k - 1),
            );
        }
        self.blocks[block.0 as usize]
            .arguments
            .remove(index as usize);
        Ok(())
    }

    /// A detached deep copy of `op`; values defined inside it are remapped, values from
    /// outside are used as they are.
    pub fn clone_op(&mut self, op: OpId) -> OpId {
        let mut values = std::collections::HashMap::new();
        let mut blocks = std::collections::HashMap::new();
        let new = self.copy_op(op, &mut values, &mut blocks);
        // Operands and successors referring to copied things are remapped once all exist.
        let mut stack = vec![new];
        while let Some(o) = stack.pop() {
            let data = &mut self.ops[o.0 as usize];
            for v in data.operands.iter_mut() {
                if let Some(n) = values.get(v) {
                    *v = *n;
                }
            }
            for s in data.successors.iter_mut() {
                if let Some(n) = blocks.get(s) {
                    *s = *n;
                }
            }
            for r in data.regions.clone() {
                for b in self.regions[r.0 as usize].blocks.clone() {
                    stack.extend(self.blocks[b.0 as usize].operations.iter().copied());
                }
            }
        }
        new
    }

    fn copy_op(
        &mut self,
        op: OpId,
        values: &mut std::collections::HashMap<ValueRef, ValueRef>,
        blocks: &mut std::collections::HashMap<BlockId, BlockId>,
    ) -> OpId {
        let src = self.op(op).clone();
        let new = self.create(
            &src.name,
            src.operands.clone(),
            src.results.clone(),
            src.attributes.clone(),
            src.successors.clone(),
            src.regions.len(),
        );
        self.ops[new.0 as usize].properties = src.properties.clone();
        self.ops[new.0 as usize].location = src.location.clone();
        for i in 0..src.results.len() as u32 {
            values.insert(ValueRef::Result(op, i), ValueRef::Result(new, i));
        }
        for (k, r) in src.regions.iter().enumerate() {
            let target = self.op(new).regions[k];
            for b in self.region(*r).blocks.clone() {
                let nb = self.new_block(self.block(b).arguments.clone());
                blocks.insert(b, nb);
                for i in 0..self.block(b).arguments.len() as u32 {
                    values.insert(ValueRef::Argument(b, i), ValueRef::Argument(nb, i));
                }
                self.attach_block(nb, target, usize::MAX);
                for o in self.block(b).operations.clone() {
                    let c = self.copy_op(o, values, blocks);
                    let _ = self.insert(c, nb, usize::MAX);
                }
            }
        }
        new
    }

    /// `op` and every operation inside it, parents before children (`pre`) or after.
    pub fn walk(&self, op: OpId, pre: bool) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_into(op, pre, &mut out);
        out
    }

    fn walk_into(&self, op: OpId, pre: bool, out: &mut Vec<OpId>) {
        if pre {
            out.push(op);
        }
        for r in &self.op(op).regions {
            for b in &self.region(*r).blocks {
                for o in &self.block(*b).operations {
                    self.walk_into(*o, pre, out);
                }
            }
        }
        if !pre {
            out.push(op);
        }
    }

    /// The value of attribute `name` of `op`.
    pub fn attribute(&self, op: OpId, name: &str) -> Option<&Attribute> {
        self.op(op)
            .attributes
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, a)| a)
    }

    /// Sets (or adds, at the end) attribute `name` of `op`.
    pub fn set_attribute(&mut self, op: OpId, name: &str, value: Attribute) {
        let attrs = &mut self.ops[op.0 as usize].attributes;
        match attrs.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => attrs.push((name.to_string(), value)),
        }
    }

    /// Removes attribute `name` of `op`; whether it was there.
    pub fn remove_attribute(&mut self, op: OpId, name: &str) -> bool {
        let attrs = &mut self.ops[op.0 as usize].attributes;
        let before = attrs.len();
        attrs.retain(|(k, _)| k != name);
        attrs.len() != before
    }
}
