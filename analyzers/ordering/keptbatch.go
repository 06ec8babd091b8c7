package ordering

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A record whose position is written as it is appended to a batch that
// the function keeps across records and processes later (when full, on
// a tick) is processed after its position: session.MarkMessage(m, "");
// msgs = append(msgs, m); ... later, consumeFn(msgs). The position call
// does not dominate the batch's processing (a tick reaches it too), but
// the record reaches that processing only through what is done with it
// around the call (in its block before it, or after it: taintApart). The fix marks each record of the batch once the batch
// is processed, on its success path, and drops the early call.

// keptBatch is the batch a record is appended to after its position is
// written, and the statement processing it.
type keptBatch struct {
	site ssa.Instruction
}

// keptForLater returns the batch p's record (o, taken by def) is kept in
// for a later processing at site, which p does not dominate, or nil: the
// record reaches site only through values made around p (taintApart),
// and no processing of it in place precedes p.
func (c *checker) keptForLater(p *position, o ssa.Value, site, def ssa.Instruction) *keptBatch {
	if p.arg == nil || p.helper || p.marked || p.row != nil || p.closure != nil || p.nth != nil || site.Parent() != p.fn {
		return nil
	}
	if !fromCurrent(p.arg, o, 0) || def == nil || def.Parent() != p.fn || !c.inPlace(site) || !takesKept(site.(*ssa.Call)) {
		return nil
	}
	if c.processes_(site, c.taintApart(o, p.instr), 0) {
		return nil // the record reaches it directly too: on some paths only
	}
	if c.processedInPlace(p, o, def, nil, true) {
		return nil
	}
	return &keptBatch{site: site}
}

// takesKept reports whether call takes a slice a loop keeps across its
// iterations (a phi of its header: the batch).
func takesKept(call *ssa.Call) bool {
	for _, a := range call.Call.Args {
		if phi, ok := a.(*ssa.Phi); ok {
			if _, isSlice := phi.Type().Underlying().(*types.Slice); isSlice && ssaflow.InLoop(phi.Block()) {
				return true
			}
		}
	}
	return false
}

// keptFix builds the fix for a record kept in a batch: the position call
// (a statement of its own) goes, and after the statement processing the
// batch (its failure check leaving: an if whose init makes the call, or
// the call's statement followed by such a check, or a call returning
// nothing) a loop writes the position of each record of the batch, the
// batch being the local slice the processing takes.
func (c *checker) keptFix(p *position, name string) (analysis.SuggestedFix, bool) {
	ce, path := edit.CallAt(c.pass, p.instr.Pos())
	if ce == nil || len(ce.Args) == 0 {
		return analysis.SuggestedFix{}, false
	}
	markStmt, _ := edit.Stmt(path)
	if _, ok := markStmt.(*ast.ExprStmt); !ok {
		return analysis.SuggestedFix{}, false
	}
	argID, ok := ast.Unparen(ce.Args[p.client.Record]).(*ast.Ident)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	site, _ := edit.CallAt(c.pass, p.kept.site.Pos())
	if site == nil {
		return analysis.SuggestedFix{}, false
	}
	// The batch: the one argument of the processing call that is a local
	// slice of the record's type.
	var batch types.Object
	for _, a := range site.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			continue
		}
		obj, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
		sl, isSlice := types.Unalias(c.pass.TypesInfo.TypeOf(id)).(*types.Slice)
		if obj == nil || !isSlice || !types.Identical(sl.Elem(), c.pass.TypesInfo.TypeOf(argID)) || obj.Parent() == c.pass.Pkg.Scope() {
			continue
		}
		if batch != nil {
			return analysis.SuggestedFix{}, false
		}
		batch = obj
	}
	if batch == nil {
		return analysis.SuggestedFix{}, false
	}
	after, ok := edit.AfterSuccess(c.pass, site, noreturn.Of(c.pass).EndsWithLeave)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	_, cut, ok := c.cutLines(markStmt, markStmt)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	cut.NewText = nil
	v := edit.FreeName(c.pass, after.End(), argID.Name)
	call := c.raw(ce)
	lo, hi := argID.Pos()-ce.Pos(), argID.End()-ce.Pos()
	call = call[:lo] + v + call[hi:]
	text := fmt.Sprintf("for _, %s := range %s {\n\t%s\n}", v, batch.Name(), call)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Move %s after the batch is processed, for each of its %ss", name, p.client.Client.RecordNoun),
		TextEdits: []analysis.TextEdit{cut, edit.InsertAfter(c.pass, after, text)},
	}, true
}

// perClaim reports whether fn runs once per claim of a consumer group
// session, concurrently with the other claims: the consume method of a
// group handler h (sarama ConsumeClaim, taking the session), or a
// function of the package called only from such functions.
func (c *checker) perClaim(fn *ssa.Function, h *clientmodel.Handler, depth int) bool {
	if fn == nil || h == nil || depth > 3 {
		return false
	}
	if fn.Signature.Recv() != nil && fn.Name() == h.Consume && fn.Signature.Params().Len() > 0 &&
		types.TypeString(fn.Signature.Params().At(0).Type(), nil) == h.Session {
		return true
	}
	sites := c.flow.Callers(fn)
	for _, s := range sites {
		if !c.perClaim(s.Parent(), h, depth+1) {
			return false
		}
	}
	return len(sites) > 0
}
