package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- marks discarded with auto-commit off (TimerMarked) ----

func (c *checker) marked(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.IsNot(cl, clientmodel.AutoCommit) {
		return
	}
	marks := allCallsWith(k, clientmodel.Mark)
	if len(marks) == 0 {
		return
	}
	// Commits behind a counter only (if n%100 == 0 { sess.Commit() })
	// leave the marks made since the last one to be discarded at session
	// end, unless something flushes them (a deferred Commit, one after the
	// loop, one in Cleanup).
	commits := allCallsWith(k, clientmodel.Commit)
	batch, onOffset, batched := batchedOnly(commits)
	if len(commits) > 0 && !batched {
		return
	}
	// A commit in the package on the same session type that is not known
	// to be another consumer's may be the handler's (a commit ticker, a
	// helper): stay silent then. A commit bound to another consumer's
	// handler still counts if k's handlers reach it too (a shared handler).
	for _, call := range c.m.Calls {
		if call.Client != cl || call.Role != clientmodel.Commit {
			continue
		}
		if call.Consumer == k && batched {
			continue // judged above
		}
		if call.Consumer == k || call.Consumer == nil && !c.othersCall(k, call) {
			return
		}
		for _, h := range k.Handlers {
			if h.Reach[call.Fn] {
				return
			}
		}
	}
	if c.sessionEscapes(k) {
		return // a helper of another package given the session may commit
	}
	var edits []analysis.TextEdit
	why := ""
	for _, h := range k.Handlers {
		e, ok := c.deferCommit(h)
		if !ok {
			why = "the handler's " + cl.Handler.Consume + " has no named session parameter or body to commit from"
			break
		}
		edits = append(edits, e...)
	}
	if why == "" && len(edits) == 0 {
		why = "no handler of this consumer is in sight to commit from"
	}
	var pos token.Pos
	switch v := s.Set[clientmodel.AutoCommit]; {
	case v.Pos.IsValid():
		pos = v.Pos
	case k.Site != nil:
		pos = k.Site.Pos()
	default:
		pos = marks[0].Pos() // a session received from the group's package (sessionHyps)
	}
	rel := []analysis.RelatedInformation{related(marks[0].Pos(), "marked here, never committed")}
	commit, consume := cl.CallName(clientmodel.Commit, clientmodel.ScopeMarked), cl.Handler.Consume
	msg := fmt.Sprintf("auto-commit is off and the handler never calls %s: %s discards marks at session end, so nothing is committed and a restart replays everything, or with %s skips what was produced while the group was down",
		commit, cl.Name, cl.Prose.InitialOffset)
	if batched {
		rel = []analysis.RelatedInformation{
			related(marks[0].Pos(), "marked here"),
			related(commits[0].Pos(), fmt.Sprintf("committed only every %d marks", batch)),
		}
		msg = fmt.Sprintf("auto-commit is off and the handler commits only every %d marks, with nothing to commit the rest when %s returns: %s discards the marks made since the last %s at session end, so every rebalance and every deploy makes the partition's next owner replay up to %d messages (duplicates)",
			batch, consume, cl.Name, commit, batch-1)
		if onOffset {
			// The guard tests the record's offset, not a count: offsets
			// with gaps can skip the multiples of N.
			rel[1] = related(commits[0].Pos(), fmt.Sprintf("committed only when a record's offset is a multiple of %d", batch))
			msg = fmt.Sprintf("auto-commit is off and the handler commits only when a record's offset is a multiple of %d, with nothing to commit the rest when %s returns: %s discards the marks made since the last %s at session end, so every rebalance and every deploy makes the partition's next owner replay them (duplicates), and offsets with gaps (compaction, transaction markers) can skip every multiple of %d, so a partition may never be committed at all",
				batch, consume, cl.Name, commit, batch)
		}
	}
	switch {
	case k.From != nil:
		rel = append(rel, related(k.Site.Pos(), fmt.Sprintf("consumer group built by %s (%s), with auto-commit off", ssaflow.ShortFunc(k.From), k.BuiltAt)))
	case k.Site != nil && pos != k.Site.Pos():
		rel = append(rel, related(k.Site.Pos(), "consumer group created here"))
	}
	d := analysis.Diagnostic{Pos: pos, Category: CategoryMarksDiscard, Message: msg, Related: rel}
	if title := "Commit marks when " + consume + " returns"; why != "" {
		d.Message += "; no automatic fix: " + why + "; " + report.LowerFirst(title)
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: dedupe(edits)}}
	}
	c.report(k, d)
}

// commitsSession is the object fact of an exported function (not a
// method) given a handler's session (sarama's ConsumerGroupSession) that
// commits it, directly or through what it calls in its package: a shared
// library's offsets.Flush(sess).
type commitsSession struct{}

func (*commitsSession) AFact()         {}
func (*commitsSession) String() string { return "commitsSession" }

// exportCommitsSession exports commitsSession for each exported function
// of the package with a session parameter that it commits.
func (c *checker) exportCommitsSession() {
	isSession := func(t types.Type) bool {
		return slices.ContainsFunc(clientmodel.Clients, func(cl *clientmodel.Client) bool {
			return cl.Handler != nil && types.TypeString(t, nil) == cl.Handler.Session
		})
	}
	for _, fn := range c.m.SSA.SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || fn.Signature.Recv() != nil || !obj.Exported() || !slices.ContainsFunc(fn.Params, func(p *ssa.Parameter) bool { return isSession(p.Type()) }) {
			continue
		}
		set := map[*ssa.Function]bool{}
		c.m.Flow.Reach(fn, set)
		for _, call := range c.m.Calls {
			if call.Role != clientmodel.Commit || !set[call.Fn] {
				continue
			}
			recv := ssaflow.Recv(call.Instr.Common())
			if recv != nil && slices.ContainsFunc(c.m.Flow.Roots(recv), func(r ssa.Value) bool {
				p, ok := r.(*ssa.Parameter)
				return ok && p.Parent() == fn
			}) {
				c.pass.ExportObjectFact(obj, &commitsSession{})
				break
			}
		}
	}
}

// sessionEscapes reports whether code of k's handlers in the package gives
// the session to a function of another package (not a client's) that
// commits it (commitsSession: a shared library's offsets.Flush(sess)), or
// to an interface's method, which may.
func (c *checker) sessionEscapes(k *consumer.Consumer) bool {
	for _, h := range k.Handlers {
		if h.Consume == nil || len(h.Consume.Params) < 2 || !c.m.Flow.InPackage(h.Consume) {
			continue
		}
		sess := h.Consume.Params[1].Type()
		fns := map[*ssa.Function]bool{}
		c.m.Flow.Reach(h.Consume, fns)
		if h.Cleanup != nil && c.m.Flow.InPackage(h.Cleanup) {
			c.m.Flow.Reach(h.Cleanup, fns)
		}
		for fn := range fns {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					ci, ok := in.(ssa.CallInstruction)
					if !ok {
						continue
					}
					callee := ssaflow.Callee(ci.Common())
					if callee == nil || callee.Pkg() == nil || callee.Pkg() == c.pass.Pkg || clientmodel.Default.IsClientPath(callee.Pkg().Path()) {
						continue
					}
					if !slices.ContainsFunc(ci.Common().Args, func(a ssa.Value) bool { return types.Identical(a.Type(), sess) }) {
						continue
					}
					if ci.Common().IsInvoke() || c.pass.ImportObjectFact(callee.Origin(), new(commitsSession)) {
						return true
					}
				}
			}
		}
	}
	return false
}

// othersCall reports whether call, bound to no consumer built in the
// package, is one of the calls of a consumer the package receives or
// obtains from another package's constructor (its handler's session),
// other than k's.
func (c *checker) othersCall(k *consumer.Consumer, call *consumer.Call) bool {
	if slices.Contains(k.Calls, call) {
		return false
	}
	for _, o := range slices.Concat(c.m.Imported, c.m.Received) {
		if o != k && slices.Contains(o.Calls, call) {
			return true
		}
	}
	return false
}

// batchedOnly reports whether every commit call runs behind a counter (the
// same constant N for all) inside a loop, with none deferred, none outside
// a loop (a flush after it) and none in Cleanup; it returns N, and whether
// every guard tests a value computed from a record (msg.Offset%N == 0: an
// offset, not a count). It is false for no calls.
func batchedOnly(commits []*consumer.Call) (n int64, onOffset, ok bool) {
	onOffset = true
	for _, call := range commits {
		ci, isCall := call.Instr.(*ssa.Call)
		if !isCall || !ssaflow.InLoop(ci.Block()) || call.Client.Handler != nil && call.Fn.Name() == call.Client.Handler.Cleanup {
			return 0, false, false
		}
		m, x, guarded := ssaflow.GuardOperand(ci)
		if !guarded || n != 0 && m != n {
			return 0, false, false
		}
		n = m
		onOffset = onOffset && ssaflow.DerivedFrom(x, func(t types.Type) bool { return clientmodel.Default.Record(t) != nil })
	}
	return n, onOffset && n > 0, n > 0
}

// deferCommit inserts `defer session.Commit()` at the top of the handler's
// ConsumeClaim, which runs on every path out of it, for both rebalance
// strategies.
func (c *checker) deferCommit(h *consumer.Handler) ([]analysis.TextEdit, bool) {
	if h.Consume == nil || h.Consume.Syntax() == nil {
		return nil, false
	}
	fd, ok := h.Consume.Syntax().(*ast.FuncDecl)
	if !ok || fd.Body == nil || len(fd.Type.Params.List) == 0 {
		return nil, false
	}
	p := fd.Type.Params.List[0]
	if len(p.Names) == 0 || p.Names[0].Name == "_" {
		return nil, false
	}
	e, ok := edit.PrependToBody(c.pass, fd.Body, "defer "+p.Names[0].Name+".Commit()")
	return []analysis.TextEdit{e}, ok
}
