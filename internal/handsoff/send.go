package handsoff

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A context-aware send helper is a function, of this package or another
// (a shared pkg/tool or chanx, Kafka-free), whose whole body is
//
//	select {
//	case <-ctx.Done():
//	case ch <- v:
//	}
//
// (ctx, ch, v its parameters; generic or not, as a SafeSend[T]): it sends
// v on ch unless the context is done. A call of it hands v to the
// channel's receivers as a send would.

// SendHelper is the fact of such a helper: the indices of its context,
// channel and value parameters, and whether the Done case comes first.
type SendHelper struct {
	Ctx, Ch, Val int
	DoneFirst    bool
}

func (*SendHelper) AFact() {}
func (h *SendHelper) String() string {
	return fmt.Sprintf("sendHelper(ctx %d, ch %d, v %d)", h.Ctx, h.Ch, h.Val)
}

// SendHelperOf returns the SendHelper fact of fn (its generic origin), of
// this package or another, if it is such a helper.
func (r *Result) SendHelperOf(fn *types.Func) (*SendHelper, bool) {
	if fn == nil {
		return nil, false
	}
	var h SendHelper
	if !r.pass.ImportObjectFact(fn.Origin(), &h) {
		return nil, false
	}
	return &h, true
}

// exportSendHelper exports the SendHelper fact of fd, declaring fn, when
// fd is such a helper: a function (not a method: the fix rewriting its
// call into the select would leave the receiver unused), no results, not
// variadic, its body the select alone with empty cases.
func exportSendHelper(pass *analysis.Pass, fn *types.Func, fd *ast.FuncDecl) {
	if fd.Recv != nil || fd.Type.Results != nil && len(fd.Type.Results.List) > 0 || fn.Signature().Variadic() || len(fd.Body.List) != 1 {
		return
	}
	sel, ok := fd.Body.List[0].(*ast.SelectStmt)
	if !ok || len(sel.Body.List) != 2 {
		return
	}
	params := map[types.Object]int{}
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, id := range f.Names {
			if obj := pass.TypesInfo.Defs[id]; obj != nil {
				params[obj] = i
			}
			i++
		}
	}
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		if j, ok := params[pass.TypesInfo.Uses[id]]; ok {
			return j
		}
		return -1
	}
	h := SendHelper{Ctx: -1, Ch: -1, Val: -1}
	for k, x := range sel.Body.List {
		cc := x.(*ast.CommClause)
		if len(cc.Body) != 0 {
			return
		}
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			h.Ch, h.Val = param(comm.Chan), param(comm.Value)
		case *ast.ExprStmt:
			u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr)
			if !ok || u.Op != token.ARROW {
				return
			}
			call, ok := ast.Unparen(u.X).(*ast.CallExpr)
			if !ok {
				return
			}
			done, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			s, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if done == nil || done.Name() != "Done" || done.Pkg() == nil || done.Pkg().Path() != "context" || !isSel {
				return
			}
			h.Ctx, h.DoneFirst = param(s.X), k == 0
		default:
			return
		}
	}
	if h.Ctx < 0 || h.Ch < 0 || h.Val < 0 || h.Ch == h.Val || h.Ctx == h.Ch || h.Ctx == h.Val {
		return
	}
	pass.ExportObjectFact(fn, &h)
}
