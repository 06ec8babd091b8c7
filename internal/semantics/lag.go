package semantics

import (
	"fmt"
	"slices"
	"strings"

	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// What the group's broker lag measures: the first word(s) of Row.Lag,
// followed by why in parentheses. Lag is computed from the committed
// offset, so it measures commits, not completed work.
const (
	// LagProcessing: positions are committed after the records' effects,
	// so lag follows completed work.
	LagProcessing = "processing"
	// LagFetching: positions are committed when records are handed over
	// (before processing, or by a timer that commits what was handed
	// over): lag looks fine while records are lost.
	LagFetching = "fetching"
	// LagEvery: positions are committed after processing, but only every
	// N records or seconds: lag overstates the backlog by up to N.
	LagEvery = "commits every"
	// LagNothing: nothing is committed to the broker: its lag for the
	// group is blind (it only grows, or there is no group).
	LagNothing = "nothing"
	// LagUnknown: the commit strategy is not known.
	LagUnknown = "unknown"
)

// lag says what the broker's lag for the consumer's group reflects.
func (c *classifier) lag(has func(category.Category) bool) string {
	r, ev := c.r, c.ev
	if (r.Strategy == StrategySink || r.Strategy == StrategyOwnStore) && ev.groupless() {
		return c.sinkLag() // no broker lag to mislead
	}
	if slices.ContainsFunc(category.Loses, has) {
		if r.Strategy == StrategyUnknown {
			// Whether it commits at all is open (a GroupID set on
			// some paths only).
			return LagUnknown + " (the commit strategy is not known; where the consumer commits, positions can pass records not yet processed)"
		}
		return LagFetching + " (positions can pass records not yet processed: lag looks fine while records are lost)"
	}
	if ev.SharedFetch && r.Strategy != StrategyNone {
		return LagUnknown + " (several goroutines commit, each its own records: the committed position can pass records another still holds)"
	}
	if r.Strategy != StrategyNone && slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Returned }) {
		return LagUnknown + " (positions are committed before the polled records are returned to a caller)"
	}
	if r.Strategy != StrategyNone && slices.ContainsFunc(ev.Calls, func(pc *PositionCall) bool { return pc.Handed }) {
		return LagUnknown + " (positions are committed by a function literal handed on to other code)"
	}
	if r.Guarantee == GuaranteeUnk && (r.Strategy == StrategyTimer || r.Strategy == StrategyEachRecord || r.Strategy == StrategyEachBatch || r.Strategy == StrategyOnReturn || r.Strategy == StrategyTracked) {
		// The cadence is known, not whether the records are processed
		// by then: lag may follow processing, or hide records lost.
		return LagUnknown + " (positions are committed after the calls the analysis sees, but whether after the records' processing is not known)"
	}
	switch r.Strategy {
	case StrategyBefore:
		return LagFetching + " (positions are committed before the records are processed: lag looks fine while records are lost)"
	case StrategyTimer:
		if r.Guarantee == Neither || r.Guarantee == AtMostOnce {
			return LagFetching + " (the timer commits what was handed over: lag looks fine while records are lost)"
		}
		return c.every()
	case StrategyEachRecord:
		return LagProcessing + " (each record is committed after its effect)"
	case StrategyEachBatch, StrategyOnReturn:
		return c.every()
	case StrategyTracked:
		return LagProcessing + " (the low-water mark is committed: lag also counts the records in flight)"
	case StrategyTransactions:
		return LagProcessing + " (offsets commit with each transaction)"
	case StrategySink, StrategyOwnStore:
		return c.sinkLag()
	case StrategyNone:
		if ev.groupless() {
			return LagNothing + " (not a group member: the broker keeps no lag for it)"
		}
		return LagNothing + " (nothing is committed: the broker's lag only grows)"
	}
	return LagUnknown + " (the committed position is not known)"
}

// every says that lag overstates the backlog by the duplicate window: the
// records processed since the last commit.
func (c *classifier) every() string {
	if c.r.Window == "unknown" {
		return LagEvery + " " + c.period() + " (lag overstates the backlog by the records processed since the last commit)"
	}
	w, _, _ := strings.Cut(c.r.Window, lastPartitions)
	return LagEvery + " " + c.period() + " (lag overstates the backlog by up to " + strings.TrimSuffix(w, ", also at every rebalance") + ")"
}

// period is how often positions are committed, for LagEvery.
func (c *classifier) period() string {
	r := c.r
	for _, pc := range c.commitCalls() {
		if pc.Batch > 0 {
			return fmt.Sprintf("%d records", pc.Batch)
		}
	}
	switch {
	case r.Strategy == StrategyOnReturn:
		return "claim (when the handler returns)"
	case r.Strategy == StrategyTimer || c.ev.Is(clientmodel.AsyncCommit) == On:
		return c.interval()
	}
	return "batch"
}

// sinkLag says what lag reflects for a consumer that keeps its position in
// its own database.
func (c *classifier) sinkLag() string {
	store := c.ev.Sink.Store
	if c.ev.groupless() {
		return LagNothing + " (not a group member: the broker keeps no lag for it; positions are only in " + store + ")"
	}
	switch c.brokerCommits() {
	case Off:
		return LagNothing + " (positions only in " + store + ": the broker's lag for the group is blind; commit to the broker too, after the transaction, and keep reading positions from " + store + ")"
	case Unknown:
		return LagUnknown + " (whether positions are also committed to the broker is not known)"
	}
	commits := c.commitCalls()
	if len(commits) > 0 && !slices.ContainsFunc(commits, func(pc *PositionCall) bool { return pc.Grain != GrainRecord }) {
		return LagProcessing + " (the broker commit follows each transaction)"
	}
	return LagEvery + " " + c.period() + " (the broker commit trails the transactions: lag overstates the backlog by the records since)"
}

// brokerCommits says whether the consumer also commits positions to the
// broker: commit calls, or an auto-commit timer with something to commit.
func (c *classifier) brokerCommits() Tri {
	ev := c.ev
	if ev.groupless() {
		return Off
	}
	if c.has(clientmodel.Commit) || c.commitsOnRead() {
		return On
	}
	auto := ev.Is(clientmodel.AutoCommit)
	if ev.Client.Timer == clientmodel.TimerNone {
		auto = Off
	}
	switch {
	case auto == Unknown:
		return Unknown
	case auto == Off:
		return Off
	case c.timerCommitsPolled() || c.has(clientmodel.Mark) || c.has(clientmodel.Store):
		return On
	}
	return Off
}

// CommitsToBroker says whether the consumer also commits positions to the
// broker (commit calls, or an auto-commit timer with something to commit),
// as the report judges it.
func (ev *Evidence) CommitsToBroker() Tri {
	return (&classifier{ev: ev, r: &Row{}}).brokerCommits()
}
