package handsoff

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/observe"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// KeepsFact is the fact of a function that keeps its parameters at Params
// (signature indices, receiver excluded), or values made from them, beyond
// the call: it assigns them to a field of its receiver or to a package
// variable (b.pending = append(b.pending, v), s.last[k] = v), where they
// outlive it (a buffer flushed on a size or a timer). Where names the
// place ("field pending of Batcher"). The report of a consumer that gives
// such a function a record's data cannot follow the record to its
// processing, as for a buffer of its own package.
type KeepsFact struct {
	Params []int
	Where  string
}

func (*KeepsFact) AFact()           {}
func (f *KeepsFact) String() string { return fmt.Sprintf("keeps%v in %s", f.Params, f.Where) }

// Keeps returns the KeepsFact of fn, a function of the package or of one
// it imports.
func (r *Result) Keeps(fn *types.Func) (*KeepsFact, bool) {
	var f KeepsFact
	if fn == nil || !r.pass.ImportObjectFact(fn, &f) {
		return nil, false
	}
	return &f, true
}

// exportKeeps exports the KeepsFact of each function of the package that
// keeps a parameter: in a field of its pointer receiver or a package
// variable, itself or through a keeping function of the package or
// another it gives the parameter to (b.add(v), which appends v to
// b.pending; p.B.Add(v) or b.Add(v) on a value its receiver's fields or
// a parameter hold, unless it then calls another method on that value, a
// Flush). Errors are not record data (t.lastErr = err); a value
// receiver's fields are a copy's.
func exportKeeps(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	facts := map[*types.Func]*KeepsFact{}
	for fn, fd := range decls {
		if f := keeps(pass, fd, nil); len(f.Params) > 0 {
			facts[fn] = f
		}
	}
	// Through helpers of the package, a few calls deep.
	for range 3 {
		changed := false
		for fn, fd := range decls {
			f := keeps(pass, fd, facts)
			if old := facts[fn]; len(f.Params) > 0 && (old == nil || len(f.Params) > len(old.Params)) {
				facts[fn], changed = f, true
			}
		}
		if !changed {
			break
		}
	}
	for fn, f := range facts {
		pass.ExportObjectFact(fn, f)
	}
}

// keeps returns what fd keeps, directly or through the calls of helpers
// whose facts are known.
func keeps(pass *analysis.Pass, fd *ast.FuncDecl, helpers map[*types.Func]*KeepsFact) *KeepsFact {
	info := pass.TypesInfo
	var recv types.Object
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		recv = info.Defs[fd.Recv.List[0].Names[0]]
		if recv != nil {
			if _, ptr := recv.Type().Underlying().(*types.Pointer); !ptr {
				recv = nil // a value receiver: its fields are a copy's
			}
		}
	}
	params := paramIndexes(info, fd)
	maps.DeleteFunc(params, func(obj types.Object, _ int) bool { return isErrorType(obj.Type()) })
	f := &KeepsFact{}
	// Locals holding a pointer that a kept place holds too (a :=
	// s.aggs[k], or a = &agg{} then s.aggs[k] = a): what is assigned
	// through them is kept there (trial 46a/D4, window aggregates).
	aliases := map[types.Object]string{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) && len(as.Rhs) != 1 {
			return true
		}
		for j, lhs := range as.Lhs {
			rhs := as.Rhs[0]
			if len(as.Rhs) == len(as.Lhs) {
				rhs = as.Rhs[j]
			}
			if _, ptr := types.Unalias(info.TypeOf(lhs)).(*types.Pointer); !ptr {
				continue
			}
			if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && (j == 0 || len(as.Rhs) == len(as.Lhs)) {
				if where := keptIn(info, rhs, recv, pass.Pkg); where != "" {
					aliases[info.ObjectOf(id)] = where // a := s.aggs[k]
				}
			}
			if id, ok := ast.Unparen(rhs).(*ast.Ident); ok {
				if where := keptIn(info, lhs, recv, pass.Pkg); where != "" {
					aliases[info.ObjectOf(id)] = where // s.aggs[k] = a
				}
			}
		}
		return true
	})
	keptAt := func(lhs ast.Expr) string {
		if where := keptIn(info, lhs, recv, pass.Pkg); where != "" {
			return where
		}
		if _, isIdent := ast.Unparen(lhs).(*ast.Ident); isIdent {
			return "" // (the local itself rebound, not what it points to)
		}
		if id := rootIdent(lhs); id != nil {
			return aliases[info.Uses[id]]
		}
		return ""
	}
	add := func(e ast.Node, where string) {
		ast.Inspect(e, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if p, isParam := params[info.Uses[id]]; isParam && !slices.Contains(f.Params, p) {
					f.Params = append(f.Params, p)
					if f.Where == "" {
						f.Where = where
					}
				}
			}
			return true
		})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for j, lhs := range n.Lhs {
				t := info.TypeOf(lhs)
				if t == nil || isErrorType(t) {
					continue
				}
				if _, basic := t.Underlying().(*types.Basic); basic {
					continue // a count or an offset kept: no record data
				}
				if where := keptAt(lhs); where != "" {
					add(n.Rhs[j], where)
				}
			}
		case *ast.CallExpr:
			callee, ok := typeutil.Callee(info, n).(*types.Func)
			if !ok {
				return true
			}
			h := helpers[callee]
			if h == nil && callee.Pkg() != pass.Pkg {
				// Another package's (p.batch.Add(v), a batcher of
				// another package the pipeline holds).
				var f KeepsFact
				if pass.ImportObjectFact(callee.Origin(), &f) {
					h = &f
				}
			}
			if h == nil {
				return true
			}
			if sel, isSel := ast.Unparen(n.Fun).(*ast.SelectorExpr); isSel && callee.Type().(*types.Signature).Recv() != nil {
				// A method keeping in its receiver's fields: ours only
				// when called on our receiver or on a value its fields
				// hold (p.B.Add(v)), which outlives the call with it.
				// Or on a value a parameter gives (enqueue(b, m) calling
				// b.Add(m)), which the caller holds beyond the call.
				id := rootIdent(sel.X)
				_, param := params[info.Uses[id]]
				if id == nil || (recv == nil || info.Uses[id] != recv) && !param {
					if !strings.HasPrefix(h.Where, "package variable") {
						return true
					}
				}
				if laterMethodCall(fd.Body, sel.X, callee.Name(), n.End()) {
					return true // p.B.Add(v), then p.B.Flush(): written out before it returns
				}
			}
			for _, k := range h.Params {
				if k < len(n.Args) {
					add(n.Args[k], h.Where)
				}
			}
		}
		return true
	})
	slices.Sort(f.Params)
	return f
}

// laterMethodCall reports whether body calls, after pos, a method other
// than name on the value x spells (a Flush after the Add).
func laterMethodCall(body *ast.BlockStmt, x ast.Expr, name string, pos token.Pos) bool {
	want := types.ExprString(x)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Pos() >= pos {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name != name && types.ExprString(sel.X) == want {
				found = true
			}
		}
		return !found
	})
	return found
}

// rootIdent returns the variable a selector, index or dereference chain
// starts from (p in p.B, p.lanes[k], *p.q), or nil.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// keptIn describes lhs when it is a field of recv (at any depth, an
// element of one too) or a package variable of pkg: a place the value
// assigned outlives the call in. "" otherwise.
func keptIn(info *types.Info, lhs ast.Expr, recv types.Object, pkg *types.Package) string {
	for {
		switch e := ast.Unparen(lhs).(type) {
		case *ast.IndexExpr:
			lhs = e.X
			continue
		case *ast.StarExpr:
			lhs = e.X
			continue
		case *ast.SelectorExpr:
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.IsField() {
				if id, ok := ast.Unparen(e.X).(*ast.Ident); ok && recv != nil && info.Uses[id] == recv {
					owner := types.TypeString(ssaflow.Deref(recv.Type()), func(*types.Package) string { return "" })
					return "field " + v.Name() + " of " + owner
				}
				lhs = e.X
				continue
			}
			if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.Parent() == v.Pkg().Scope() && v.Pkg() == pkg {
				return "package variable " + v.Name()
			}
			return ""
		case *ast.Ident:
			if v, ok := info.Uses[e].(*types.Var); ok && v.Pkg() == pkg && v.Parent() == pkg.Scope() {
				return "package variable " + v.Name()
			}
			return ""
		default:
			return ""
		}
	}
}

// KeptBy describes why a position written after call may pass the record
// data call is given (gives reports the arguments carrying it), or ""
// when call can be taken for its processing: the function keeps that data
// beyond the call (its KeepsFact: a batcher's Add appending it to a
// field); or it is a method of an interface, one of whose implementations
// in sight keeps it, or whose implementations are all out of sight (in a
// package this one does not import) while the method reports no failure
// (no error result), so that nothing shows the data is done with when it
// returns (consumer.Appender.Add, wired to a buffer in main). A fix
// placing a commit or a store after such a call keeps the bug.
//
// With seen set, only the code in sight counts (no guess for a method
// out of sight): the ordering analyzer's findings name such a call as
// the processing a commit must follow, and moving the commit after it is
// their fix.
func (r *Result) KeptBy(call *ast.CallExpr, gives func(ast.Expr) bool, seen bool) string {
	fn, ok := typeutil.Callee(r.pass.TypesInfo, call).(*types.Func)
	if !ok || !slices.ContainsFunc(call.Args, gives) {
		return ""
	}
	kept := func(m *types.Func) string {
		f, ok := r.Keeps(m)
		if !ok {
			return ""
		}
		for _, p := range f.Params {
			if p < len(call.Args) && gives(call.Args[p]) {
				return fmt.Sprintf("%s keeps it in %s for later", ssaflow.ShortFunc(m), f.Where)
			}
		}
		return ""
	}
	if w := kept(fn); w != "" {
		return w
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return ""
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok || sig.Results().Len() == 0 && observe.LoggerMethod(fn.Name()) {
		return "" // a logger's (c.log.Infof("...", m.Offset)): it only observes
	}
	// Numbers and strings (a metric's h.M.Received(msg.Topic, msg.Partition))
	// are no record data an implementation could keep for later work.
	if !slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		_, basic := r.pass.TypesInfo.TypeOf(a).Underlying().(*types.Basic)
		return gives(a) && !basic
	}) {
		return ""
	}
	impls := r.implementations(iface)
	for _, impl := range impls {
		if m := MethodOf(impl, fn.Name()); m != nil {
			if w := kept(m); w != "" {
				return w
			}
		}
	}
	if len(impls) > 0 || seen {
		return ""
	}
	for v := range sig.Results().Variables() {
		if isErrorType(v.Type()) {
			return ""
		}
	}
	return fmt.Sprintf("%s, an interface method whose implementations are out of this package's sight, reports no failure and may keep it for later (a buffer's Add)", ssaflow.ShortFunc(fn))
}
