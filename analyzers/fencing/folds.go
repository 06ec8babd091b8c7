package fencing

import "go/ast"

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
