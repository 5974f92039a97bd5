//! Why a pending job is not running, per entry (SEMANTICS §6).

/// The blocking reasons, in the words of SEMANTICS §6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// The entry's pool is full.
    NoCapacity,
    /// The share's own limit is in use and it may not borrow.
    ShareLimit,
    /// The share's borrow cap is reached.
    BorrowLimit,
    /// Borrowing would take more than is idle to lend.
    NoLendable,
    /// The entry's training plan has no block open for new starts.
    PlanInactive,
    /// Strict FIFO: a job ahead in the share's queue is still pending.
    BehindHigherPriority,
    /// The entry needs more than the share may ever hold, or its type is not in the limits.
    QuotaLimitExceeded,
    /// The entry needs more than its pool ever offers.
    CapacityExceeded,
}

impl Reason {
    /// Every reason, in `index` order.
    pub const ALL: [Reason; 8] = [
        Reason::NoCapacity,
        Reason::ShareLimit,
        Reason::BorrowLimit,
        Reason::NoLendable,
        Reason::PlanInactive,
        Reason::BehindHigherPriority,
        Reason::QuotaLimitExceeded,
        Reason::CapacityExceeded,
    ];

    /// The name results and the UI use (SEMANTICS §6).
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::NoCapacity => "no_capacity",
            Reason::ShareLimit => "share_limit",
            Reason::BorrowLimit => "borrow_limit",
            Reason::NoLendable => "no_lendable",
            Reason::PlanInactive => "plan_inactive",
            Reason::BehindHigherPriority => "behind_higher_priority",
            Reason::QuotaLimitExceeded => "quota_limit_exceeded",
            Reason::CapacityExceeded => "capacity_exceeded",
        }
    }

    /// A dense index, for per-reason arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether the entry can never start, whatever else happens.
    pub fn is_permanent(self) -> bool {
        matches!(self, Reason::QuotaLimitExceeded | Reason::CapacityExceeded)
    }
}
