package handsoff

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A registry of handlers in a package with no Kafka client (Register(topic,
// h) keeping h in a map field, Dispatch calling h.Handle with what it is
// given) hands its callers' records to whatever handlers the wiring
// registers: the consumer's package sees only the call of Dispatch, and
// only the wiring says what the handlers are (hunt 43f/D2, D13: a handler
// logging its failure and returning nil, at-least-once).

// DispatchesFact is the fact of a method that hands what it is given at
// Params (signature indices, receiver excluded) to method Method of a
// handler of interface type Iface that its receiver keeps in a field,
// filled by the method Register of the same type from its parameter Index
// (a map by topic: r.byTopic[topic] = h; a list: r.subs = append(r.subs,
// h); a single handler: r.h = h).
type DispatchesFact struct {
	Params        []int
	Method, Iface string
	Register      string
	Index         int
}

func (*DispatchesFact) AFact() {}
func (f *DispatchesFact) String() string {
	return fmt.Sprintf("dispatches%v to %s.%s registered by %s#%d", f.Params, f.Iface, f.Method, f.Register, f.Index)
}

// Dispatches returns the DispatchesFact of fn, a function of the package
// or of one it imports.
func (r *Result) Dispatches(fn *types.Func) (*DispatchesFact, bool) {
	var f DispatchesFact
	if fn == nil || !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil, false
	}
	return &f, true
}

// registration is a method's parameter a field of its receiver keeps.
type registration struct {
	method string
	index  int
	iface  types.Type
}

// exportDispatches exports the DispatchesFact of the package's methods
// (decls).
func exportDispatches(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	info := pass.TypesInfo
	kept := map[*types.Var]registration{} // a receiver's field → the parameter it keeps
	for fn, fd := range decls {
		recv := receiverObj(info, fd)
		if recv == nil || fn.Type().(*types.Signature).TypeParams().Len() > 0 {
			continue
		}
		params := paramIndexes(info, fd)
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			field := heldField(info, as.Lhs[0], recv)
			if field == nil {
				return true
			}
			rhs := ast.Unparen(as.Rhs[0])
			if call, ok := rhs.(*ast.CallExpr); ok && len(call.Args) == 2 && isBuiltin(info, call.Fun, "append") {
				rhs = ast.Unparen(call.Args[1]) // r.subs = append(r.subs, h)
			}
			id, ok := rhs.(*ast.Ident)
			if !ok {
				return true
			}
			if i, ok := params[info.Uses[id]]; ok && types.IsInterface(info.Uses[id].Type()) {
				kept[field] = registration{method: fn.Name(), index: i, iface: info.Uses[id].Type()}
			}
			return true
		})
	}
	if len(kept) == 0 {
		return
	}
	for fn, fd := range decls {
		recv := receiverObj(info, fd)
		if recv == nil {
			continue
		}
		params := paramIndexes(info, fd)
		// The locals holding a kept handler: h, ok := r.byTopic[t]; for
		// _, h := range r.subs.
		from := map[types.Object]*types.Var{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) >= 1 {
					if id, ok := n.Lhs[0].(*ast.Ident); ok {
						if field := heldField(info, n.Rhs[0], recv); field != nil {
							from[info.ObjectOf(id)] = field
						}
					}
				}
			case *ast.RangeStmt:
				if id, ok := n.Value.(*ast.Ident); ok && n.Value != nil {
					if field := heldField(info, n.X, recv); field != nil {
						from[info.ObjectOf(id)] = field
					}
				}
			}
			return true
		})
		var f *DispatchesFact
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || f != nil {
				return f == nil
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return true
			}
			field := heldField(info, sel.X, recv)
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && field == nil {
				field = from[info.Uses[id]]
			}
			reg, ok := kept[field]
			if field == nil || !ok || !types.Identical(info.TypeOf(sel.X), reg.iface) {
				return true
			}
			var handed []int
			for _, a := range call.Args {
				for obj, i := range params {
					if isContext(obj.Type()) {
						continue // the call's context, not what it hands on
					}
					if mentions(info, a, map[types.Object]bool{obj: true}) && !slices.Contains(handed, i) {
						handed = append(handed, i)
					}
				}
			}
			if len(handed) > 0 {
				slices.Sort(handed)
				f = &DispatchesFact{Params: handed, Method: sel.Sel.Name, Iface: types.TypeString(reg.iface, (*types.Package).Name), Register: reg.method, Index: reg.index}
			}
			return true
		})
		if f != nil {
			pass.ExportObjectFact(fn, f)
		}
	}
}

// receiverObj returns the receiver of fd, nil for a function.
func receiverObj(info *types.Info, fd *ast.FuncDecl) types.Object {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	return info.Defs[fd.Recv.List[0].Names[0]]
}

// paramIndexes maps fd's parameters to their signature indices.
func paramIndexes(info *types.Info, fd *ast.FuncDecl) map[types.Object]int {
	out := map[types.Object]int{}
	i := 0
	for _, field := range fd.Type.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, n := range field.Names {
			if obj := info.Defs[n]; obj != nil {
				out[obj] = i
			}
			i++
		}
	}
	return out
}

// heldField returns the field of recv that e is, or an element of
// (r.h, r.byTopic[t]); nil otherwise.
func heldField(info *types.Info, e ast.Expr, recv types.Object) *types.Var {
	e = ast.Unparen(e)
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ast.Unparen(ix.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[id] != recv {
		return nil
	}
	v, _ := info.Selections[sel].Obj().(*types.Var)
	return v
}

// isBuiltin reports whether fun names the builtin name.
func isBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}
