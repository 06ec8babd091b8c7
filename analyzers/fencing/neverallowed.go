package fencing

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- rebalances blocked on poll and never allowed ----

// neverAllowed reports each franz-go client built in this package with
// BlockRebalanceOnPoll, polled here, on which nothing in the package
// calls AllowRebalance: every poll that returns records holds rebalances
// back until AllowRebalance releases it, so the first rebalance waits
// for good. The group's partitions stall until the rebalance timeout
// removes the member, whose commits are refused from then on (the
// records since its last commit are replayed by their next owner). The
// fix allows rebalances at the top of each poll loop, once the previous
// poll's records are done.
func (c *checker) neverAllowed() {
	for _, k := range c.m.Consumers {
		cl := k.Client
		if cl.AllowRebalance == "" || k.Site == nil || k.From != nil || k.Settings == nil {
			continue
		}
		v, set := k.Settings.Set[clientmodel.BlockRebalance]
		if !set || !v.On || !v.Pos.IsValid() || k.Settings.Cond[clientmodel.BlockRebalance] {
			continue
		}
		polls := slices.IndexFunc(k.Calls, func(call *consumer.Call) bool { return call.Role == clientmodel.Fetch })
		if polls < 0 || c.callsMethod(k, clientmodel.ShortName(cl.AllowRebalance)) {
			continue
		}
		report.Guard(c.pass, v.Pos, func() {
			poll := k.Calls[polls]
			allow := clientmodel.ShortName(cl.AllowRebalance)
			d := analysis.Diagnostic{
				Pos:      v.Pos,
				Category: CategoryNeverAllowed,
				Message: fmt.Sprintf("%s without %s: each poll that returns records holds rebalances back until %s is called, and nothing calls it, so the first rebalance never proceeds: the group's partitions stall until the rebalance timeout removes this member, whose commits then fail (the records since its last commit are replayed)",
					cl.Spell(clientmodel.BlockRebalance), allow, allow),
				Related: []analysis.RelatedInformation{{Pos: poll.Pos(), Message: "the poll whose records hold rebalances back"}},
			}
			if edits, ok := c.allowRebalanceEdits(k); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Call " + allow + " at the top of the poll loop, once the previous poll's records are done", TextEdits: edits}}
			}
			report.Report(c.pass, d)
		})
	}
}

// callsMethod reports whether a function of the package calls a method
// named name on k, or on a value of an interface (a test fake or another
// client may stand behind it, or k), or takes it as a value (a method
// value cl.AllowRebalance handed to the processing, a method
// expression): then it may be called anywhere.
func (c *checker) callsMethod(k *consumer.Consumer, name string) bool {
	named := func(v ssa.Value) bool {
		var fn *ssa.Function
		switch x := v.(type) {
		case *ssa.MakeClosure:
			// A method value binds its receiver: k's, or another's.
			if len(x.Bindings) == 0 || !types.IsInterface(x.Bindings[0].Type()) && !c.m.Is(k, x.Bindings[0]) {
				return false
			}
			fn, _ = x.Fn.(*ssa.Function)
		case *ssa.Function:
			fn = x
		}
		if fn == nil {
			return false
		}
		obj, ok := fn.Object().(*types.Func)
		return ok && obj.Name() == name
	}
	for _, fn := range c.m.Flow.Funcs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if _, mc := in.(*ssa.MakeClosure); mc {
					continue // its function is a bound method's wrapper: the closure is the value
				}
				var ops []*ssa.Value
				for _, op := range in.Operands(ops) {
					if op == nil || *op == nil || !named(*op) {
						continue
					}
					if _, static := (*op).(*ssa.Function); static {
						if ci, isCall := in.(ssa.CallInstruction); isCall && ci.Common().Value == *op {
							continue // a direct call: judged by its receiver below
						}
					}
					return true // a method value of k (called or handed on), or a method expression
				}
				call, ok := in.(ssa.CallInstruction)
				if !ok {
					continue
				}
				f := ssaflow.Callee(call.Common())
				if f == nil || f.Name() != name {
					continue
				}
				if call.Common().IsInvoke() || c.m.Is(k, ssaflow.Receiver(call.Common())) {
					return true
				}
			}
		}
	}
	return false
}
