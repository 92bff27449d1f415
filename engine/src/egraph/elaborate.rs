//! Elaboration: from the extracted e-graph back to an ordered function.
//!
//! Blocks are visited in dominator-tree preorder. In each block the skeleton roots are
//! emitted in order; a root's operands are elaborated first, depth-first, so a pure node is
//! placed right before its first use — unless that use is inside a loop its operands are
//! not in: a speculatable value ([`TargetOp::is_speculatable`]) goes to the dominating
//! block of the shallowest loop depth where its operands are all available (the end of a
//! loop's preheader, before its terminator), as Cranelift's elaborator hoists loop-invariant
//! values. Each placed node is memoized in the scope of the block it went to, and a block
//! sees the scopes of its dominators only, so a value is shared exactly where its
//! definition dominates the use (GVN over the e-graph). `State` operands are elaborated (which emits the effects they name, in order)
//! and then dropped: they order effects but are not LLVM operands.

use crate::egraph::analysis::OpTable;
use crate::egraph::encode::{Origin, Roots};
use crate::egraph::extract::{Extraction, Graph};
use crate::egraph::node::{text, Node};
use crate::lowered::{Inst, Lowered, LoweredBlock, Operand, TargetOp, ValueRef};
use crate::rule::ruleset::Sort;
use egg::Id;
use kiln_frontend::dominance::Dominators;
use kiln_frontend::ir::{BlockId, Function};
use std::borrow::Cow;

/// The operands placed in the blocks that dominate the current one, as one table by class
/// id with an undo list per dominator-tree level (a scoped map, as Cranelift's elaborator
/// keeps): a lookup is one read however deep the block sits, so a chain of 100,000 blocks,
/// each dominating the next, does not look through 100,000 scopes per operand. A class is
/// placed only where no dominating block has it, so nothing is ever shadowed. A table, not
/// a hash map: a function's classes are numbered densely, and elaboration reads them
/// nearly in order (a hash map placed each class at random, a miss per lookup once a large
/// function's map outgrew the caches).
struct Scopes {
    /// Per class id, where its operand is in `operands` (`NOT_PLACED` for none): four bytes
    /// per class, set and dropped at the cost of a `memset`, so that a small function pays
    /// no more for the table than a hash map cost it.
    placed: Vec<u32>,
    /// Every operand placed, in order; one forgotten by [`Scopes::truncate`] stays until
    /// the function is elaborated.
    operands: Vec<Operand>,
    /// Per operand placed, the dominator-tree level of the block it is in — kept only in
    /// a function with loops, the only kind where a value may move to another block.
    operand_levels: Vec<u32>,
    levels: Vec<Vec<Id>>,
}

const NOT_PLACED: u32 = u32::MAX;

impl Scopes {
    /// Scopes for the classes of ids below `bound`.
    fn new(bound: usize) -> Scopes {
        Scopes {
            placed: vec![NOT_PLACED; bound],
            operands: Vec::new(),
            operand_levels: Vec::new(),
            levels: Vec::new(),
        }
    }

    /// Leaves every level below `depth`, forgetting what they placed.
    fn truncate(&mut self, depth: usize) {
        while self.levels.len() > depth {
            for id in self.levels.pop().unwrap_or_default() {
                self.placed[usize::from(id)] = NOT_PLACED;
            }
        }
    }

    fn push(&mut self) {
        self.levels.push(Vec::new());
    }

    /// The operand placed for class `id`, and the level of the block it is in (the
    /// current one's, `current`, where levels are not kept).
    fn get(&self, id: Id, current: u32) -> Option<(&Operand, u32)> {
        match self.placed.get(usize::from(id)) {
            Some(&at) if at != NOT_PLACED => {
                let level = self.operand_levels.get(at as usize).copied();
                Some((self.operands.get(at as usize)?, level.unwrap_or(current)))
            }
            _ => None,
        }
    }

    /// Places class `id`'s operand in the scope of the block at dominator-tree level
    /// `level` (one on the current path), where the blocks it dominates see it.
    fn insert(&mut self, id: Id, operand: Operand, level: u32, keep_level: bool) {
        if let Some(scope) = self.levels.get_mut(level as usize) {
            let i = usize::from(id);
            if i >= self.placed.len() {
                self.placed.resize(i + 1, NOT_PLACED);
            }
            scope.push(id);
            self.placed[i] = self.operands.len() as u32;
            if keep_level {
                // Aligned with `operands` whatever was placed before levels were kept.
                self.operand_levels.resize(self.operands.len(), 0);
                self.operand_levels.push(level);
            }
            self.operands.push(operand);
        }
    }
}

struct Elaborator<'a, 'g> {
    egraph: &'g Graph,
    extractor: &'a Extraction<'g>,
    ops: &'a OpTable,
    scopes: Scopes,
    /// Classes being elaborated (on the work stack), to report a cycle: a flag per class
    /// id. A chain of a million operations has a million classes on the stack at once,
    /// and removing them one by one from a hash set would cost 2% of its lowering, 97 times
    /// what it costs a tenth of the chain.
    active: Vec<bool>,
    insts: Vec<Inst>,
    next: ValueRef,
    /// The blocks from the entry to the current one along the dominator tree.
    path: Vec<usize>,
    /// Per level of `path`, the nearest level above it in fewer loops (a "previous
    /// smaller" link): following them from a block visits each loop depth above it once,
    /// so placing a value costs the loop nesting, not the dominator tree's depth (a loop
    /// around a chain of 100,000 blocks).
    fewer_loops_above: Vec<Option<u32>>,
    /// Each block's loop depth ([`Dominators::loop_depths`]).
    loop_depth: Vec<u32>,
    /// Whether the function has a loop: without one nothing is hoisted, and where each
    /// operand is available is not worked out.
    has_loops: bool,
    /// The instructions of the blocks elaborated so far, by block: a value hoisted to a
    /// dominating block goes before its terminator.
    placed_insts: Vec<Vec<Inst>>,
    /// Per class id, the source operation that first encoded it (`Inst::NO_SOURCE` for
    /// none): where an instruction of that class comes from, for line tables.
    sources: Vec<u32>,
    /// The source operation of the skeleton root being elaborated: where an instruction
    /// of a class no operation encoded (a rule's new node) comes from.
    current: u32,
}

/// One class being elaborated: its chosen node's children are elaborated one by one (the
/// explicit work stack that replaces recursion, as Cranelift's e-graph elaborator does, so a deep
/// term needs heap, not a thread with a large stack).
struct Frame<'a, 'g> {
    id: Id,
    kind: FrameKind<'a>,
    children: Cow<'g, [Id]>,
    done: Vec<Operand>,
    /// Where every operand done is available: the deepest dominator-tree level of the
    /// blocks they are in (0 for leaves alone).
    available: u32,
}

enum FrameKind<'a> {
    /// A list: the heads of its `cons` cells, walked at once down to `nil` (a cell at a
    /// time, each cell's list copied from its tail's, made a list of N items cost N^2 / 2).
    List,
    /// A declared target operation with its children's sorts.
    Op(TargetOp, Sort, &'a [Sort]),
}

/// What entering a class gives: its operand at once (a leaf, or already placed in a
/// dominating scope), or a frame whose children must be elaborated first.
enum Entered<'a, 'g> {
    Done(Operand, u32),
    Frame(Frame<'a, 'g>),
}

/// Operand nesting elaboration follows before giving up: a bound on the work stack's
/// memory for a runaway term, not on any thread's stack.
pub const MAX_DEPTH: usize = 10_000_000;

/// A problem elaboration cannot get past (the rules produced something inconsistent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElaborationError(pub String);

/// The extracted forms of pure terms (lowered signatures), outside any function body.
pub fn elaborate_terms(
    egraph: &Graph,
    extractor: &Extraction<'_>,
    ops: &OpTable,
    roots: &[Id],
) -> Result<Vec<Operand>, ElaborationError> {
    let mut el = Elaborator::new(egraph, extractor, ops);
    let terms = roots
        .iter()
        .map(|r| el.operand(*r))
        .collect::<Result<Vec<_>, _>>()?;
    if !el.insts.is_empty() {
        return Err(ElaborationError(
            "a lowered signature holds instructions".to_string(),
        ));
    }
    Ok(terms)
}

/// Builds the lowered function from extracted roots.
pub fn elaborate(
    egraph: &Graph,
    extractor: &Extraction<'_>,
    ops: &OpTable,
    f: &Function,
    roots: &Roots,
    origins: &[Origin],
) -> Result<Lowered, ElaborationError> {
    let mut el = Elaborator::new(egraph, extractor, ops);
    el.sources = vec![Inst::NO_SOURCE; el.active.len()];
    for o in origins.iter().filter(|o| o.source != Inst::NO_SOURCE) {
        if let Some(slot) = el.sources.get_mut(usize::from(egraph.find(o.class))) {
            if *slot == Inst::NO_SOURCE {
                *slot = o.source;
            }
        }
    }
    let signature = el.operand(roots.signature)?;
    let mut blocks: Vec<LoweredBlock> = Vec::new();
    let mut order = Vec::new();
    if let Some(body) = &f.body {
        blocks = body
            .blocks
            .iter()
            .map(|b| LoweredBlock {
                label: b.label.clone(),
                params: None,
                reachable: false,
                insts: Vec::new(),
            })
            .collect();
        let doms = Dominators::compute(body);
        el.loop_depth = doms.loop_depths(body);
        el.has_loops = el.loop_depth.iter().any(|d| *d > 0);
        el.placed_insts = vec![Vec::new(); body.blocks.len()];
        for &(b, depth) in doms.preorder() {
            order.push(b.index());
            el.scopes.truncate(depth);
            el.scopes.push();
            el.enter_block(depth, b.index());
            let r = &roots.blocks[b.index()];
            let params = match r.params {
                Some(p) => Some(el.operand(p)?),
                None => None,
            };
            for root in &r.skeleton {
                el.current = el.source_of(*root);
                el.operand(*root)?;
            }
            let out = &mut blocks[b.index()];
            out.params = params;
            out.reachable = true;
            el.placed_insts[b.index()] = std::mem::take(&mut el.insts);
        }
        for (out, insts) in blocks.iter_mut().zip(std::mem::take(&mut el.placed_insts)) {
            out.insts = insts;
        }
        // Unreachable blocks keep their lowered parameters so branch arity stays checkable.
        for (i, r) in roots.blocks.iter().enumerate() {
            if !doms.is_reachable(BlockId(i as u32)) {
                el.scopes.truncate(0);
                el.scopes.push();
                el.enter_block(0, i);
                if let Some(p) = r.params {
                    blocks[i].params = Some(el.operand(p)?);
                }
                el.insts.clear();
            }
        }
    }
    Ok(Lowered {
        name: f.name.clone(),
        signature,
        blocks,
        order,
        linkage: kiln_lowered::Linkage::External,
        attrs: Default::default(),
        callee_attrs: Vec::new(),
        fn_attrs: Vec::new(),
    })
}

impl<'a, 'g> Elaborator<'a, 'g> {
    fn new(egraph: &'g Graph, extractor: &'a Extraction<'g>, ops: &'a OpTable) -> Self {
        let bound = crate::egraph::large::id_bound(egraph);
        Elaborator {
            egraph,
            extractor,
            ops,
            scopes: Scopes::new(bound),
            active: vec![false; bound],
            insts: Vec::new(),
            next: 0,
            path: Vec::new(),
            fewer_loops_above: Vec::new(),
            loop_depth: Vec::new(),
            has_loops: false,
            placed_insts: Vec::new(),
            sources: Vec::new(),
            current: Inst::NO_SOURCE,
        }
    }

    /// The source operation an instruction of class `id` comes from.
    fn source_of(&self, id: Id) -> u32 {
        match self.sources.get(usize::from(self.egraph.find(id))) {
            Some(&s) if s != Inst::NO_SOURCE => s,
            _ => self.current,
        }
    }

    fn lookup(&self, id: Id) -> Option<(&Operand, u32)> {
        self.scopes.get(id, self.level())
    }

    /// The dominator-tree level of the current block.
    fn level(&self) -> u32 {
        self.path.len().saturating_sub(1) as u32
    }

    /// The operand of class `root`, emitting the instructions it needs in post-order (each
    /// operand's instructions before its user's), with an explicit stack of frames.
    fn operand(&mut self, root: Id) -> Result<Operand, ElaborationError> {
        let mut frames = match self.enter(root)? {
            Entered::Done(o, _) => return Ok(o),
            Entered::Frame(f) => vec![f],
        };
        while let Some(top) = frames.last_mut() {
            if let Some(&child) = top.children.get(top.done.len()) {
                match self.enter(child)? {
                    Entered::Done(o, level) => {
                        top.done.push(o);
                        top.available = top.available.max(level);
                    }
                    Entered::Frame(f) => {
                        if frames.len() >= MAX_DEPTH {
                            return Err(ElaborationError(format!(
                                "the extracted term is too deep to elaborate (over {MAX_DEPTH} nested operations)"
                            )));
                        }
                        frames.push(f);
                    }
                }
                continue;
            }
            let Some(frame) = frames.pop() else { break };
            let id = frame.id;
            let (o, level) = self.finish(frame)?;
            if let Some(a) = self.active.get_mut(usize::from(id)) {
                *a = false;
            }
            self.scopes.insert(id, o.clone(), level, self.has_loops);
            match frames.last_mut() {
                Some(parent) => {
                    parent.done.push(o);
                    parent.available = parent.available.max(level);
                }
                None => return Ok(o),
            }
        }
        Err(ElaborationError(
            "elaboration's work stack emptied early".to_string(),
        ))
    }

    fn enter(&mut self, id: Id) -> Result<Entered<'a, 'g>, ElaborationError> {
        let id = self.egraph.find(id);
        if let Some((o, level)) = self.lookup(id) {
            return Ok(Entered::Done(o.clone(), level));
        }
        let extractor: &'a Extraction<'g> = self.extractor;
        let (op, children) = match extractor.find_best_node(id) {
            Node::Int(i) => return Ok(Entered::Done(Operand::Int(*i), 0)),
            Node::Float(b) => return Ok(Entered::Done(Operand::Float(*b), 0)),
            Node::Str(s) => return Ok(Entered::Done(Operand::Str(text(*s).to_string()), 0)),
            Node::Func(s) => return Ok(Entered::Done(Operand::Func(text(*s).to_string()), 0)),
            Node::Op(op, children) => (*op, children.as_slice()),
        };
        let (nil, cons) = crate::egraph::node::list_symbols();
        let (kind, children) = match op {
            _ if op == nil => return Ok(Entered::Done(Operand::List(Vec::new()), 0)),
            _ if op == cons => (FrameKind::List, Cow::Owned(self.list_heads(id, children)?)),
            _ => {
                // The table outlives `self`'s borrow, so its declaration needs no copy.
                let ops: &'a OpTable = self.ops;
                let info = ops.get(op).ok_or_else(|| {
                    ElaborationError(format!("`{op}` was extracted but is not declared"))
                })?;
                let target = ops.target(op).ok_or_else(|| {
                    ElaborationError(format!(
                        "`{op}` was extracted, but it is not a target operation the backend binds (kiln_lowered::TargetOp)"
                    ))
                })?;
                (
                    FrameKind::Op(target, info.result, &info.children),
                    Cow::Borrowed(children),
                )
            }
        };
        let Some(active) = self.active.get_mut(usize::from(id)) else {
            return Err(ElaborationError(format!(
                "class {id} is not in the e-graph being elaborated"
            )));
        };
        if std::mem::replace(active, true) {
            return Err(ElaborationError(
                "the extracted term refers to itself (a cycle in the e-graph's choice)".to_string(),
            ));
        }
        Ok(Entered::Frame(Frame {
            id,
            kind,
            done: Vec::with_capacity(children.len()),
            available: 0,
            children,
        }))
    }

    /// The heads of the list whose first `cons` cell is class `id` (with `children`), in
    /// order, following the extracted tails down to `nil`.
    fn list_heads(&self, id: Id, children: &[Id]) -> Result<Vec<Id>, ElaborationError> {
        let (nil, cons) = crate::egraph::node::list_symbols();
        let mut heads = Vec::new();
        let mut cell = children;
        // A list longer than the e-graph has classes loops through its own cells.
        for _ in 0..=self.egraph.number_of_classes() {
            let [head, tail] = cell else {
                return Err(ElaborationError(
                    "a `cons` cell without two children".into(),
                ));
            };
            heads.push(*head);
            match self.extractor.find_best_node(self.egraph.find(*tail)) {
                Node::Op(op, kids) if *op == cons => cell = kids.as_slice(),
                Node::Op(op, kids) if *op == nil && kids.is_empty() => return Ok(heads),
                other => {
                    return Err(ElaborationError(format!(
                        "a list ends in `{other}` instead of `nil`"
                    )))
                }
            }
        }
        Err(ElaborationError(format!(
            "the extracted list at class {id} refers to itself (a cycle in the e-graph's choice)"
        )))
    }

    /// Builds a class's operand once all its children are elaborated, and says at which
    /// dominator-tree level it is placed.
    fn finish(&mut self, frame: Frame<'a, 'g>) -> Result<(Operand, u32), ElaborationError> {
        // Where every operand is available (in a function without loops, where nothing
        // moves, the current block).
        let available = match self.has_loops {
            true => frame.available,
            false => self.level(),
        };
        let (op, result, sorts) = match frame.kind {
            FrameKind::List => return Ok((Operand::List(frame.done), available)),
            FrameKind::Op(op, result, sorts) => (op, result, sorts),
        };
        let stateful = sorts.contains(&Sort::State);
        // A node of an operation declared `flags` may have one operand more than its
        // sorts: the string of its LLVM flags (which the zip below leaves out).
        let flags = match frame.done.len() > sorts.len() {
            false => kiln_lowered::Flags::NONE,
            true => flags_operand(op, frame.done.last())?,
        };
        let operands: Vec<Operand> = frame
            .done
            .into_iter()
            .zip(sorts)
            .filter(|(_, s)| **s != Sort::State)
            .map(|(o, _)| o)
            .collect();
        match result {
            Sort::Value | Sort::Effect => {
                let r = (result == Sort::Value).then(|| {
                    self.next += 1;
                    self.next - 1
                });
                let inst = Inst {
                    result: r,
                    op,
                    operands,
                    source: self.source_of(frame.id),
                    flags,
                };
                // An address stays next to its use: LLVM's -O0 code generator keeps a value
                // computed outside a loop in a stack slot, and an access through a pointer
                // reloaded from one ran at half the speed of one through an address
                // computed in place from the same reloaded base and index
                // (`scripts/bench-noalias.sh`); at -O1 and above LLVM's LICM hoists it.
                let hoistable =
                    self.has_loops && result == Sort::Value && !stateful && op != TargetOp::Gep;
                let level = match hoistable && op.is_speculatable() {
                    true => self.placement(available),
                    false => self.level(),
                };
                if level == self.level() {
                    self.insts.push(inst);
                } else {
                    let block = &mut self.placed_insts[self.path[level as usize]];
                    let end = block.len().saturating_sub(1);
                    block.insert(end, inst);
                }
                let operand = match r {
                    Some(v) => Operand::Value(v),
                    // An effect has no value; its operand form only marks "already emitted".
                    None => Operand::Effect,
                };
                Ok((operand, level))
            }
            _ => Ok((Operand::Node(op, operands), available)),
        }
    }

    /// Makes `block`, at dominator-tree depth `depth`, the current block.
    fn enter_block(&mut self, depth: usize, block: usize) {
        self.path.truncate(depth);
        self.fewer_loops_above.truncate(depth);
        let loops = self.loops_at(block);
        let mut above = depth.checked_sub(1).map(|l| l as u32);
        while let Some(level) = above {
            if self.loops_at(self.path[level as usize]) < loops {
                break;
            }
            above = self.fewer_loops_above[level as usize];
        }
        self.path.push(block);
        self.fewer_loops_above.push(above);
    }

    fn loops_at(&self, block: usize) -> u32 {
        self.loop_depth.get(block).copied().unwrap_or(0)
    }

    /// The level at which a speculatable value whose operands are available from level
    /// `available` on is placed: the current block, unless a dominating block at or below
    /// `available` is in fewer loops; then the deepest such block of the fewest loops,
    /// whose instructions end in a terminator the value goes before.
    fn placement(&self, available: u32) -> u32 {
        let current = self.level();
        let mut best = current;
        let mut next = self
            .fewer_loops_above
            .get(current as usize)
            .copied()
            .flatten();
        while let Some(level) = next.filter(|l| *l >= available) {
            best = level;
            next = self.fewer_loops_above[level as usize];
        }
        let ends_in_terminator = self
            .placed_insts
            .get(self.path[best as usize])
            .and_then(|insts| insts.last())
            .is_some_and(|t| t.op.is_terminator());
        match best != current && ends_in_terminator {
            true => best,
            false => current,
        }
    }
}

/// The flags a flagged node gives its instruction: its last operand, a string of LLVM's
/// words. Apart from [`Elaborator::finish`], which runs for every node, as few have flags.
#[cold]
fn flags_operand(
    op: TargetOp,
    last: Option<&Operand>,
) -> Result<kiln_lowered::Flags, ElaborationError> {
    match last {
        Some(Operand::Str(text)) => kiln_lowered::Flags::parse(text).ok_or_else(|| {
            ElaborationError(format!(
                "`{op}` has flags `{text}`, which LLVM does not know"
            ))
        }),
        other => Err(ElaborationError(format!(
            "`{op}` has an operand more than declared, and it is not its flags: {other:?}"
        ))),
    }
}
