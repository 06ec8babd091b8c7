package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- records produced asynchronously outlive their poll ----

// asyncProduce is an asynchronous produce (franz-go Produce) of a record
// built from a poll's records, in the poll's function or a function of the
// package it calls with them.
type asyncProduce struct {
	call *ssa.Call
	pr   clientmodel.ProduceRef
	// site is where the poll's function makes the produce: the call
	// itself, or the call of the function making it.
	site token.Pos
}

// outliveProduces reports the records of poll f (in the loop with body
// body) produced asynchronously with no flush of the producer and no wait
// before the next poll: the next poll makes the consumed record
// committable while the record built from it may still be queued in the
// producer, so a crash before the delivery loses it. franz-go's dlq
// example produces its failed records this way.
//
// The fix flushes each producer right before the poll statement, so every
// path to the next poll (a continue included) waits for the deliveries of
// the previous iteration; a produce made in another function, whose
// producer the poll's function cannot name, is made synchronous instead
// (clientmodel.Produce.Sync).
func (c *checker) outliveProduces(k *consumer.Consumer, f *consumer.Call, poll *ssa.Call, body *ast.BlockStmt, tainted map[ssa.Value]bool) {
	var found []asyncProduce
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function, from func(ssa.Value) bool, site token.Pos, depth int)
	visit = func(fn *ssa.Function, from func(ssa.Value) bool, site token.Pos, depth int) {
		if seen[fn] || depth > 2 {
			return
		}
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				cc := call.Common()
				if pr, ok := clientmodel.Default.Produce(ssaflow.Callee(cc)); ok {
					if pr.Async && pr.Record >= 0 && pr.Flush != "" && ssaflow.Derives(ssaflow.Arg(cc, pr.Record), from) {
						at := site
						if depth == 0 {
							at = call.Pos()
						}
						found = append(found, asyncProduce{call: call, pr: pr, site: at})
					}
					continue
				}
				callee := cc.StaticCallee()
				if callee == nil || callee.Parent() != nil || !c.m.Flow.InPackage(callee) || len(callee.Blocks) == 0 {
					continue
				}
				params := map[ssa.Value]bool{}
				for i, a := range cc.Args {
					if i < len(callee.Params) && ssaflow.Derives(a, from) {
						params[callee.Params[i]] = true
					}
				}
				if len(params) > 0 {
					at := site
					if depth == 0 {
						at = call.Pos()
					}
					visit(callee, func(v ssa.Value) bool { return params[v] }, at, depth+1)
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon, from, site, depth)
		}
	}
	visit(f.Fn, func(v ssa.Value) bool { return tainted[v] }, token.NoPos, 0)
	var inLoop []asyncProduce
	for _, p := range found {
		if body.Pos() <= p.site && p.site < body.End() {
			inLoop = append(inLoop, p)
		}
	}
	if len(inLoop) == 0 || c.joined(f.Fn, poll) || c.flushedInLoop(poll, inLoop) {
		return
	}
	first := inLoop[0]
	rel := c.outliveRelated(k, f)
	if first.site != first.call.Pos() {
		rel = append(rel, related(first.site, "the record is handed here to the function that produces it"))
	}
	for _, p := range inLoop[1:] {
		rel = append(rel, related(p.call.Pos(), "another record produced asynchronously here"))
	}
	d := analysis.Diagnostic{
		Pos:      first.call.Pos(),
		End:      first.call.Pos(),
		Category: CategoryOutlivePoll,
		Message: fmt.Sprintf("record produced asynchronously while the loop polls again: %s%s's auto-commit commits every poll before the latest, so the next %s makes the record consumed committable while the one produced from it may still be queued in the producer; a crash before the delivery loses it (at-most-once)",
			c.assumption(k), k.Client.Name, clientmodel.ShortName(f.Func)),
		Related: rel,
	}
	if call, _ := edit.CallAt(c.pass, first.call.Pos()); call != nil {
		d.Pos, d.End = call.Pos(), call.Lparen
	}
	if fix, ok := c.flushBeforePoll(f, poll, body, inLoop); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else if fix, ok := c.produceSyncFix(inLoop); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else {
		d.Message += "; no automatic fix: the producer cannot be named where the loop polls, and the produce cannot be made synchronous in place (its callback may be nil, or it has no synchronous form); flush the producer before the next poll"
	}
	c.report(k, d)
}

// flushedInLoop reports whether every way round the poll's loop, from the
// poll back to it, calls the flush of a producer that makes one of the
// produces (on the same value): a flush every hundred polls leaves the
// others unflushed.
func (c *checker) flushedInLoop(poll *ssa.Call, produces []asyncProduce) bool {
	flushes := func(instr ssa.Instruction) bool {
		call, ok := instr.(*ssa.Call)
		if !ok {
			return false
		}
		fn := ssaflow.Callee(call.Common())
		for _, p := range produces {
			if fn == nil || fn.FullName() != p.pr.Flush {
				continue
			}
			a, b := ssaflow.Recv(call.Common()), ssaflow.Recv(p.call.Common())
			if a != nil && b != nil && (a == b || ssaflow.Intersects(c.m.Flow.Roots(a), c.m.Flow.Roots(b))) {
				return true
			}
		}
		return false
	}
	return !ssaflow.ReachesStopping(poll, poll, flushes)
}

// flushBeforePoll builds the fix flushing every producer of produces right
// before the statement that polls: each produce is written in the poll's
// function (its literals included), its producer an expression that means
// the same there, and the flush takes the poll's context. A failed flush
// (the context is done) returns, as the loop would at its next poll.
func (c *checker) flushBeforePoll(f *consumer.Call, poll *ssa.Call, body *ast.BlockStmt, produces []asyncProduce) (analysis.SuggestedFix, bool) {
	pollCall, pollPath := edit.CallAt(c.pass, poll.Pos())
	stmt, _ := edit.Stmt(pollPath)
	if pollCall == nil || stmt == nil || len(pollCall.Args) == 0 || stmt.Pos() < body.Pos() || stmt.End() > body.End() || !c.pure(pollCall.Args[0]) {
		return analysis.SuggestedFix{}, false
	}
	ret, ok := c.returnOnError(pollPath)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	ctx := edit.Source(c.pass, pollCall.Args[0])
	var lines []string
	done := map[string]bool{}
	for _, p := range produces {
		if !ssaflow.Within(p.call.Parent(), f.Fn) {
			return analysis.SuggestedFix{}, false
		}
		call, _ := edit.CallAt(c.pass, p.call.Pos())
		if call == nil {
			return analysis.SuggestedFix{}, false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !c.pure(sel.X) || !edit.MeansSameAt(c.pass, sel.X, stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
		recv := edit.Source(c.pass, sel.X)
		if done[recv] {
			continue
		}
		done[recv] = true
		flush := strings.NewReplacer(clientmodel.FixRecv, recv, "$0", ctx).Replace(p.pr.FlushCall)
		lines = append(lines, fmt.Sprintf("if err := %s; err != nil {\n\t%s\n}", flush, ret))
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Flush the producer before the next %s, so the records produced from a poll are delivered before it becomes committable", clientmodel.ShortName(f.Func)),
		TextEdits: []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, strings.Join(lines, "\n"))},
	}, true
}

// returnOnError spells the statement returning a flush's error err from
// the function of path: a bare return, or its results' zero values and
// err when the last is an error. False for other results.
func (c *checker) returnOnError(path []ast.Node) (string, bool) {
	sig := edit.Signature(c.pass, path)
	if sig == nil {
		return "", false
	}
	res := sig.Results()
	if res.Len() == 0 {
		return "return", true
	}
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	zeros, ok := edit.LeadingZeros(c.pass, sig, edit.File(c.pass, path[0].Pos()))
	return "return " + zeros + "err", ok
}

// produceSyncFix builds the fix making each produce synchronous in place
// (clientmodel.Produce.Sync: franz-go ProduceSync, its result handed to
// the callback the code passed), for produces whose producer the poll's
// function cannot name.
func (c *checker) produceSyncFix(produces []asyncProduce) (analysis.SuggestedFix, bool) {
	var edits []analysis.TextEdit
	for _, p := range produces {
		call, _ := edit.CallAt(c.pass, p.call.Pos())
		if call == nil {
			return analysis.SuggestedFix{}, false
		}
		text, ok := edit.SyncProduce(c.pass, call, clientmodel.FixRecv, p.pr.Sync, p.pr.SyncNoDone, p.pr.Done)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)})
	}
	return analysis.SuggestedFix{Message: "Produce synchronously, so each record is delivered before the next poll makes its source committable", TextEdits: edits}, true
}
