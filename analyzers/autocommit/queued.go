package autocommit

import (
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
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- records handed to a function that only queues them ----

// queuedRecord is a record of a poll handed, in the poll loop, to a
// function that only queues it for work done later (a handsoff.Fact: a
// pipeline's push sending a copy on a field channel its workers drain):
// called with it (p.push(r)), or passed to a call given the poll's
// records (fetches.EachRecord(p.push)).
type queuedRecord struct {
	fact *handsoff.Fact
	fn   *types.Func
	pos  token.Pos // the call, or the function value passed
	end  token.Pos
}

// outliveQueues reports the records of poll f (in the loop with body body)
// handed to a function that only queues them, with no join before the next
// poll: the next poll makes them committable while they wait in the queue,
// so a crash loses them. The fix makes the function process in place what
// it queues (the fact's edits, queuefix.go), so the next poll follows the
// processing, when one worker takes them (it processes them one at a time
// already); where several do (a pool, whose work in place would be
// serial), the function cannot be made to, or its files are not loaded,
// the finding says why.
func (c *checker) outliveQueues(k *consumer.Consumer, f *consumer.Call, poll *ssa.Call, body *ast.BlockStmt, tainted map[ssa.Value]bool) {
	var found []queuedRecord
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Pos() < body.Pos() || call.Pos() >= body.End() {
					continue
				}
				if q, ok := c.queuedRecord(call.Common(), tainted); ok {
					found = append(found, q)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	visit(f.Fn)
	if len(found) == 0 || c.joined(f.Fn, poll) {
		return
	}
	done := map[*types.Func]bool{}
	for _, q := range found {
		if done[q.fn] {
			continue
		}
		done[q.fn] = true
		name := ssaflow.ShortFunc(q.fn)
		d := analysis.Diagnostic{
			Pos:      q.pos,
			End:      q.end,
			Category: CategoryOutlivePoll,
			Message: fmt.Sprintf("record handed to %s, which only queues it for later work, while the loop polls again: %s%s's auto-commit commits every poll before the latest, so the next %s makes this record committable while it may still wait in the queue; a crash loses it (at-most-once)",
				name, c.assumption(k), k.Client.Name, clientmodel.ShortName(f.Func)),
			Related: append(c.outliveRelated(k, f), related(q.fn.Pos(), name+" queues the record here for workers that process it after the loop may have polled again")),
		}
		if q.fact.Pool {
			// In place, the pool's work would run one record at a time:
			// no fix a senior engineer would write.
			d.Message += "; no automatic fix: " + name + "'s workers are a pool, which processing in place would make serial; count the records in flight (Add before the send, Done once a worker has processed one) and wait for them before the loop calls " + clientmodel.ShortName(f.Func) + " again"
		} else if edits, ok := edit.Resolve(c.pass.Fset, q.fact.Fix); ok && len(edits) > 0 {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Make %s process the record in place of queueing it, so the next %s follows the processing", name, clientmodel.ShortName(f.Func)),
				TextEdits: edits,
			}}
		} else {
			why := q.fact.Why
			if why == "" {
				why = "the fix cannot make " + name + " process in place what it queues (its queue or workers are not ones the fix can run in place of the send, or its files are not loaded)"
			}
			d.Message += "; no automatic fix: " + why + "; make the loop wait until the records are processed before it calls " + clientmodel.ShortName(f.Func) + " again"
		}
		c.report(k, d)
	}
}

// queuedRecord returns the record handed by call cc (in the poll loop) to a
// function that only queues it: cc calls such a function with a value
// derived from the poll's records at a parameter the fact names, or cc is
// given the records (its receiver or an argument derives from the poll)
// and passes such a function, or a method value of one, whose first
// parameter the fact names (EachRecord(p.push)).
func (c *checker) queuedRecord(cc *ssa.CallCommon, tainted map[ssa.Value]bool) (queuedRecord, bool) {
	call, _ := edit.CallAt(c.pass, cc.Pos())
	if call == nil {
		return queuedRecord{}, false
	}
	if fact, fn := c.ho.Call(cc); fact != nil && !handsoff.TakesChannel(fn) {
		args := cc.Args
		if !cc.IsInvoke() && fn.Signature().Recv() != nil && len(args) > 0 {
			args = args[1:]
		}
		if slices.ContainsFunc(fact.Params, func(p int) bool { return p < len(args) && tainted[args[p]] }) {
			return queuedRecord{fact: fact, fn: fn, pos: call.Pos(), end: call.Lparen}, true
		}
		return queuedRecord{}, false
	}
	given := cc.Value != nil && tainted[cc.Value]
	for _, a := range cc.Args {
		given = given || tainted[a]
	}
	if !given {
		return queuedRecord{}, false
	}
	for i, a := range cc.Args {
		var fn *types.Func
		switch v := a.(type) {
		case *ssa.MakeClosure: // a method value, bound to its receiver
			fn, _ = v.Fn.(*ssa.Function).Object().(*types.Func)
			if fn == nil || fn.Signature().Recv() == nil {
				continue
			}
		case *ssa.Function:
			fn, _ = v.Object().(*types.Func)
		}
		if fn == nil {
			continue
		}
		fact, ok := c.ho.Of(fn)
		if !ok || !slices.Contains(fact.Params, 0) || handsoff.TakesChannel(fn) {
			continue
		}
		j := i
		if !cc.IsInvoke() && cc.Signature().Recv() != nil {
			j-- // the receiver is Args[0]
		}
		if j < 0 || j >= len(call.Args) {
			continue
		}
		arg := call.Args[j]
		return queuedRecord{fact: fact, fn: fn, pos: arg.Pos(), end: arg.End()}, true
	}
	return queuedRecord{}, false
}
