package fencing

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// foldedCall returns the source of s's call made through the model's
// folding method instead (adm.CommitAllOffsets(ctx, g, offs) for
// adm.CommitOffsets(ctx, g, offs)): the same receiver and arguments, one
// error that also reports what the other results would have. ok is false
// when the call has no folding method or is not a method call on a
// selector.
func (c *checker) foldedCall(s *site) (string, bool) {
	sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
	if s.ref.Folds == "" || !ok {
		return "", false
	}
	tf := c.pass.Fset.File(s.call.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	args := string(content[tf.Offset(s.call.Lparen):tf.Offset(s.call.End())])
	return c.text(sel.X) + "." + s.ref.Folds + args, true
}

// responsesDropped reports a call with a folding method whose error is
// read but whose other result, the per-partition responses, is assigned
// to the blank identifier (_, err := adm.CommitOffsets(ctx, g, offs)): a
// partition whose commit failed is reported only there. The fix calls
// the folding method, whose one error covers them (err :=
// adm.CommitAllOffsets(ctx, g, offs)), and the code's check of err then
// handles them as it handles the rest.
func (c *checker) responsesDropped(s *site) {
	as, ok := s.stmt.(*ast.AssignStmt)
	sel, isSel := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
	if !ok || !isSel || s.ref.Folds == "" || s.nres != 2 || s.errObj == nil {
		return
	}
	other := 1 - s.ref.Err
	if id, ok := as.Lhs[other].(*ast.Ident); !ok || id.Name != "_" {
		return // read, or kept: not followed
	}
	// Remove the blank and its comma, whichever side it is on.
	var drop analysis.TextEdit
	if other == 0 {
		drop = analysis.TextEdit{Pos: as.Lhs[0].Pos(), End: as.Lhs[1].Pos()}
	} else {
		drop = analysis.TextEdit{Pos: as.Lhs[0].End(), End: as.Lhs[1].End()}
	}
	name := clientmodel.ShortName(s.ref.Func)
	c.reportSwallowedAt(s.call,
		fmt.Sprintf("the responses of %s are discarded: a partition whose commit failed (the group rebalancing, a member it does not know) is reported only there, not in its error, so the code goes on as if the offsets were committed and a restart replays from the older ones", name),
		nil, "Commit with "+s.ref.Folds+", whose error reports every partition's failure",
		[]analysis.TextEdit{drop, {Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(s.ref.Folds)}})
}
