package ordering

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
)

// checkWorkerCommits reports a commit of everything polled (franz-go's
// CommitUncommittedOffsets) made by a worker in the body of its loop over
// a channel of records (for recs := range ch) that a fetching function
// of the package sends the poll's records on (audit 36b/D5: a lane per
// partition, each committing after its records: 9 of 300 lost). The
// loop goes on polling while the workers process: the commit writes the
// positions of every record polled so far, those still queued for this
// worker or another included, and a crash before they are processed
// loses them. The fix commits the records the worker processed instead
// (CommitRecords(ctx, recs...)): per partition, the highest of them.
func (c *checker) checkWorkerCommits() {
	for _, call := range c.m.Calls {
		if _, ok := call.Instr.(*ssa.Call); !ok || call.Role != clientmodel.Commit || call.Scope != clientmodel.ScopePolled {
			continue
		}
		report.Guard(c.pass, call.Pos(), func() { c.checkWorkerCommit(call) })
	}
}

// checkWorkerCommit reports call when it is such a worker's commit, or
// a chunk's (heldChunk).
func (c *checker) checkWorkerCommit(call *consumer.Call) {
	if c.checkChunkCommit(call) {
		return
	}
	ce, path := edit.CallAt(c.pass, call.Pos())
	if ce == nil {
		return
	}
	var loop *ast.RangeStmt
	for _, n := range path {
		if _, isLit := n.(*ast.FuncLit); isLit {
			break
		}
		if _, isDecl := n.(*ast.FuncDecl); isDecl {
			break
		}
		if rs, ok := n.(*ast.RangeStmt); ok {
			if t, ok := c.pass.TypesInfo.TypeOf(rs.X).Underlying().(*types.Chan); ok && c.isRecordish(t.Elem()) {
				loop = rs
				break
			}
		}
	}
	if loop == nil {
		return
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || v.Name == "_" {
		return
	}
	ch := c.chanObject(loop.X)
	if ch == nil {
		return
	}
	send := c.fetchingSend(ch, call.Client)
	if send == nil {
		return
	}
	noun := call.Client.RecordNoun
	name := clientmodel.ShortName(call.Func)
	d := analysis.Diagnostic{
		Pos:      ce.Pos(),
		End:      ce.Lparen,
		Category: CategoryCommitBefore,
		Message: fmt.Sprintf("call to %s from a worker receiving %ss on a channel: it commits every %s polled, those still queued for this worker or others included, while the poll loop goes on, so a crash before they are processed loses them (at-most-once)",
			name, noun, noun),
		Related: []analysis.RelatedInformation{{Pos: send.Pos(), Message: noun + "s sent to the workers here, by the loop that polls"}},
	}
	if fix, ok := c.processedCommitFix(call, ce, c.pass.TypesInfo.Defs[v], "the worker"); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else {
		d.Message += "; no automatic fix: the call cannot be rewritten here; commit the " + noun + "s the worker processed instead"
	}
	report.Report(c.pass, d)
}

// chanObject returns the variable a channel expression names: a local
// variable, or a field (s.queue).
func (c *checker) chanObject(x ast.Expr) types.Object {
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		if sel := c.pass.TypesInfo.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			return sel.Obj()
		}
	}
	return nil
}

// fetchingSend returns a send statement on the channel ch in a function
// declaration of the package that also fetches from a client cl (a call
// of the consumer model's with the Fetch role), or nil.
func (c *checker) fetchingSend(ch types.Object, cl *clientmodel.Client) *ast.SendStmt {
	for _, f := range c.pass.Files {
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fetches := false
			for _, k := range c.m.Calls {
				if k.Role == clientmodel.Fetch && k.Client == cl && fd.Pos() <= k.Pos() && k.Pos() < fd.End() {
					fetches = true
				}
			}
			if !fetches {
				continue
			}
			var found *ast.SendStmt
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if s, ok := n.(*ast.SendStmt); ok && found == nil && c.chanObject(s.Chan) == ch {
					found = s
				}
				return found == nil
			})
			if found != nil {
				return found
			}
		}
	}
	return nil
}

// processedCommitFix replaces the commit of everything polled, call (ce),
// by a commit of what who processed, obj (the records a worker's loop
// received, a chunk a helper was given): CommitRecords(ctx, v...) for a
// slice, CommitRecords(ctx, v) for one record.
func (c *checker) processedCommitFix(call *consumer.Call, ce *ast.CallExpr, obj types.Object, who string) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != clientmodel.BareName(call.Func) {
		return analysis.SuggestedFix{}, false
	}
	// The client's commit of the records given, taking them after the
	// arguments the commit of everything takes (ctx).
	var records *clientmodel.Call
	for i := range call.Client.Calls {
		if k := &call.Client.Calls[i]; k.Role == clientmodel.Commit && k.Scope == clientmodel.ScopeArgs && k.Record == len(ce.Args) && k.Sync {
			records = k
			break
		}
	}
	if records == nil {
		return analysis.SuggestedFix{}, false
	}
	name := clientmodel.BareName(records.Func)
	if obj == nil || edit.ObjectAt(c.pass, ce.Pos(), obj.Name()) != obj {
		return analysis.SuggestedFix{}, false
	}
	arg := obj.Name()
	if _, isSlice := obj.Type().Underlying().(*types.Slice); isSlice {
		arg += "..."
	}
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Commit the %ss %s processed (%s), not every %s polled", call.Client.RecordNoun, who, name, call.Client.RecordNoun),
		TextEdits: []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(name)},
			{Pos: ce.Rparen, End: ce.Rparen, NewText: []byte(", " + arg)},
		},
	}, true
}
