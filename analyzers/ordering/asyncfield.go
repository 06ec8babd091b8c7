package ordering

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// isAsync reports whether the produce call cc returns before its records
// are delivered: always for an asynchronous call, and for one made
// asynchronous by a field of its receiver (clientmodel.Produce.AsyncField,
// kafka-go Writer.Async) when asyncSetters finds the field set.
func (c *checker) isAsync(cc *ssa.CallCommon, pr clientmodel.ProduceRef) bool {
	if pr.Async {
		return true
	}
	_, ok := c.asyncSetters(cc, pr)
	return ok
}

// asyncSetters returns the stores of true into the AsyncField of the
// receiver of cc, one for each value the receiver may come from
// (ssaflow.Roots: through locals, fields and globals of the package),
// when every such value is a struct the package allocates (a composite
// literal) whose field is set, once, to the constant true. A receiver
// from elsewhere (a parameter of an exported function, another package's
// constructor), or whose field is set to anything else, is not known to
// be asynchronous.
func (c *checker) asyncSetters(cc *ssa.CallCommon, pr clientmodel.ProduceRef) ([]*ssa.FieldAddr, bool) {
	recv := ssaflow.Recv(cc)
	if pr.AsyncField == "" || recv == nil {
		return nil, false
	}
	roots := c.flow.Roots(recv)
	if len(roots) == 0 {
		return nil, false
	}
	var out []*ssa.FieldAddr
	for _, r := range roots {
		al, ok := r.(*ssa.Alloc)
		if !ok {
			return nil, false
		}
		var set *ssa.FieldAddr
		for _, ref := range *al.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != ssa.Value(al) {
				continue
			}
			if v := ssaflow.FieldVar(fa); v == nil || v.Name() != pr.AsyncField {
				continue
			}
			for _, rr := range *fa.Referrers() {
				st, ok := rr.(*ssa.Store)
				if !ok || st.Addr != ssa.Value(fa) {
					continue
				}
				k, isConst := st.Val.(*ssa.Const)
				if !isConst || k.Value == nil || k.Value.Kind() != constant.Bool || !constant.BoolVal(k.Value) || set != nil {
					return nil, false
				}
				set = fa
			}
		}
		if set == nil {
			return nil, false
		}
		out = append(out, set)
	}
	return out, true
}

// syncFieldFix builds the fix of a position call made after (or before)
// a produce that is asynchronous because its receiver's AsyncField is set
// (kafka-go `&kafka.Writer{..., Async: true}`): the setting is removed,
// from the literal or with its assignment, so the produce returns once
// the records are written, and a position call made before it moves after
// it. Async is removed rather than a wait built on the Writer's
// Completion: Completion is called per partition batch, with messages
// that are not the consumer's, and the Writer may serve other callers;
// without Async every WriteMessages reports its own delivery.
func (c *checker) syncFieldFix(p *position, h *handOff, path []ast.Node) (analysis.SuggestedFix, bool) {
	call, ok := h.instr.(*ssa.Call)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	setters, ok := c.asyncSetters(call.Common(), *h.produce)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	for _, fa := range setters {
		e, ok := c.removeSetting(fa)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e)
	}
	pcall, ppath := edit.CallAt(c.pass, call.Pos())
	if pcall == nil {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ast.Unparen(pcall.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	title := fmt.Sprintf("Remove %s so that %s waits for the delivery", h.produce.AsyncField, sel.Sel.Name)
	return c.commitAfterProduce(p, h, path, ppath, title, edits)
}

// removeSetting returns the edit removing the store fa's referrer makes:
// the keyed element of the composite literal allocated by fa.X, or the
// statement `x.Field = true`.
func (c *checker) removeSetting(fa *ssa.FieldAddr) (analysis.TextEdit, bool) {
	field := ssaflow.FieldVar(fa)
	al := fa.X.(*ssa.Alloc)
	var lit *ast.CompositeLit
	var kv *ast.KeyValueExpr
	for _, f := range c.pass.Files {
		if f.Pos() > al.Pos() || al.Pos() > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if l, ok := n.(*ast.CompositeLit); ok && l.Lbrace == al.Pos() {
				for _, e := range l.Elts {
					if x, ok := e.(*ast.KeyValueExpr); ok && c.pass.TypesInfo.Uses[keyIdent(x.Key)] == field {
						lit, kv = l, x
					}
				}
			}
			return lit == nil
		})
	}
	if lit != nil {
		return edit.RemoveElement(c.pass, lit, kv)
	}
	if !fa.Pos().IsValid() {
		return analysis.TextEdit{}, false
	}
	for _, n := range edit.Path(c.pass, fa.Pos()) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		if as.Tok != token.ASSIGN || len(as.Lhs) != 1 {
			return analysis.TextEdit{}, false
		}
		s, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
		if !ok || c.pass.TypesInfo.Uses[s.Sel] != field {
			return analysis.TextEdit{}, false
		}
		return edit.RemoveStmt(c.pass, as)
	}
	return analysis.TextEdit{}, false
}
