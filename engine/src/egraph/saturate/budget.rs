//! A phase's budget: its limits, the work and time spent against them, and the stop reason
//! when one is reached (as egg's runner keeps its limits apart from its loop).

use super::{Graph, Limits};
use crate::egraph::lower::Stop;
use std::time::{Duration, Instant};

/// How many units of work (classes searched, matches found, matches applied) are done
/// between two checks of the node and time limits: a check reads the clock and the
/// e-graph's size, too dear for every match, and a phase that explodes still stops close to
/// its limit.
const CHECK_EVERY: usize = 64;

/// What a phase may still spend.
pub(super) struct Budget {
    limits: Limits,
    start: Instant,
    /// Work done since the last check.
    since_check: usize,
    /// Seconds per e-graph node of the last rebuild (see [`Budget::check`]).
    rebuild_per_node: f64,
}

impl Budget {
    /// The budget of a phase starting now.
    pub(super) fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            start: Instant::now(),
            since_check: 0,
            rebuild_per_node: 0.0,
        }
    }

    /// The phase's limits.
    pub(super) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Stops early enough for the rebuild an interrupted pass still needs: 95% of the time
    /// limit, less the time a rebuild of an e-graph this size took last (a pass may grow
    /// the e-graph tenfold, and its rebuild then takes as long as the pass).
    pub(super) fn check(&self, egraph: &Graph) -> Result<(), Stop> {
        let size = egraph.total_size();
        let rebuild = Duration::from_secs_f64(self.rebuild_per_node * size as f64 * 1.5);
        if self.start.elapsed() + rebuild > self.limits.time.mul_f64(0.95) {
            return Err(Stop::TimeLimit(self.limits.time));
        }
        if size > self.limits.nodes {
            return Err(Stop::NodeLimit(size));
        }
        Ok(())
    }

    /// Counts `work` units done, and checks the limits once every [`CHECK_EVERY`].
    pub(super) fn spend(&mut self, work: usize, egraph: &Graph) -> Result<(), Stop> {
        self.since_check += work;
        if self.since_check < CHECK_EVERY {
            return Ok(());
        }
        self.since_check = 0;
        self.check(egraph)
    }

    /// Records that a rebuild leaving `size` nodes took `took`, for [`Budget::check`].
    pub(super) fn rebuilt(&mut self, took: Duration, size: usize) {
        self.rebuild_per_node = took.as_secs_f64() / size.max(1) as f64;
    }
}
