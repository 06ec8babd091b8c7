package autocommit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- config maps filled through a local setter closure (issue #17) ----
//
// set := func(k, v string) { _ = cfg.SetKey(k, v) }; set("group.id", g)
//
// The consumer model does not follow the closure's parameters to its
// calls: a pointer map's SetKey in the closure is not matched to the map
// (the closure's keys are ignored), a map value's makes the config opaque.
// Until it does, the settings of a consumer whose map such a closure fills
// are read here from the syntax of the function that builds it: when the
// map is a local literal used only by the constructor, direct SetKey calls
// with constant keys and setter closures only ever called, its settings
// are the literal's entries and the keys set; otherwise they are unknown
// (silent), since the model's may miss what the closure sets.

// setterSettings returns the settings of consumer k read through its
// setter closures, and whether k's map has any (otherwise k.Settings
// stands).
func (c *checker) setterSettings(k *consumer.Consumer) (*consumer.Settings, bool) {
	cfg := k.Client.Config
	if cfg.Kind != clientmodel.KeyMap || cfg.SetKey == "" {
		return nil, false
	}
	call, path := edit.CallAt(c.pass, k.Site.Pos())
	if call == nil || k.Ctor.ConfigArg >= len(call.Args) {
		return nil, false
	}
	arg := ast.Unparen(call.Args[k.Ctor.ConfigArg])
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = ast.Unparen(u.X)
	}
	x, ok := arg.(*ast.Ident)
	if !ok {
		return nil, false
	}
	m, ok := c.pass.TypesInfo.Uses[x].(*types.Var)
	if !ok || m.Parent() == nil || m.Parent() == c.pass.Pkg.Scope() || m.IsField() {
		return nil, false
	}
	_, body := edit.FuncOf(path)
	if body == nil {
		return nil, false
	}
	r := &setterReader{c: c, cl: k.Client, m: m, body: body, ctorArg: x, setters: map[types.Object]*setter{}}
	r.findSetters()
	if len(r.setters) == 0 {
		return nil, false
	}
	return r.settings(), true
}

// setter is a function literal whose one statement is m.SetKey(key, val)
// with key a parameter, val a parameter (valParam) or a constant (val).
type setter struct {
	lit      *ast.FuncLit
	keyParam types.Object
	valParam types.Object
	val      ast.Expr
}

type setterReader struct {
	c       *checker
	cl      *clientmodel.Client
	m       *types.Var
	body    *ast.BlockStmt
	ctorArg *ast.Ident
	setters map[types.Object]*setter
}

// findSetters records the `set := func(...) { m.SetKey(...) }` of body.
func (r *setterReader) findSetters() {
	ast.Inspect(r.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		id, ok1 := as.Lhs[0].(*ast.Ident)
		lit, ok2 := ast.Unparen(as.Rhs[0]).(*ast.FuncLit)
		if !ok1 || !ok2 || len(lit.Body.List) != 1 {
			return true
		}
		call := r.setKeyCall(lit.Body.List[0])
		if call == nil {
			return true
		}
		s := &setter{lit: lit}
		s.keyParam = r.paramOf(lit, call.Args[0])
		if s.valParam = r.paramOf(lit, call.Args[1]); s.valParam == nil {
			s.val = call.Args[1]
		}
		if obj := r.c.pass.TypesInfo.Defs[id]; obj != nil && s.keyParam != nil {
			r.setters[obj] = s
		}
		return true
	})
}

// setKeyCall returns the m.SetKey(k, v) call statement s makes (as an
// expression statement or `_ = m.SetKey(k, v)`), or nil.
func (r *setterReader) setKeyCall(s ast.Stmt) *ast.CallExpr {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil
		}
		if id, ok := s.Lhs[0].(*ast.Ident); !ok || id.Name != "_" {
			return nil
		}
		e = s.Rhs[0]
	default:
		return nil
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !r.isMap(sel.X) {
		return nil
	}
	if fn := calleeOf(r.c.pass, call); fn == nil || clientmodel.Default.SetKey(fn) != r.cl {
		return nil
	}
	return call
}

// isMap reports whether e is m or *m.
func (r *setterReader) isMap(e ast.Expr) bool {
	e = ast.Unparen(e)
	if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && r.c.pass.TypesInfo.Uses[id] == r.m
}

// paramOf returns the parameter of lit that e names, or nil.
func (r *setterReader) paramOf(lit *ast.FuncLit, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := r.c.pass.TypesInfo.Uses[id]
	for _, f := range lit.Type.Params.List {
		for _, n := range f.Names {
			if obj != nil && r.c.pass.TypesInfo.Defs[n] == obj {
				return obj
			}
		}
	}
	return nil
}

// settings reads the map's settings, or returns them all unknown when
// the map or a setter is used in a way not read here.
func (r *setterReader) settings() *consumer.Settings {
	s := &consumer.Settings{Set: map[clientmodel.Setting]consumer.Value{}, Unknown: map[clientmodel.Setting]bool{}, Cond: map[clientmodel.Setting]bool{}}
	unknown := func() *consumer.Settings {
		for _, kn := range r.cl.Config.Knobs {
			delete(s.Set, kn.Setting)
			s.Unknown[kn.Setting] = true
		}
		s.Opaque = true
		return s
	}
	lit := r.literal()
	if lit == nil {
		return unknown()
	}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return unknown()
		}
		if !r.setKey(s, kv.Key, kv.Value, kv.Value.Pos(), nil) {
			return unknown()
		}
	}
	ok := true
	ast.Inspect(r.body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			for _, st := range r.setters {
				if st.lit == n {
					return false // its SetKey is read at its calls
				}
			}
		case *ast.CallExpr:
			fun := ast.Unparen(n.Fun)
			if id, isID := fun.(*ast.Ident); isID {
				if st := r.setters[r.c.pass.TypesInfo.Uses[id]]; st != nil {
					ok = r.setterCall(s, st, n)
					return false
				}
			}
			if sel, isSel := fun.(*ast.SelectorExpr); isSel && r.isMap(sel.X) {
				if r.setKeyCall(&ast.ExprStmt{X: n}) == nil {
					ok = false // another method of the map: not read here
					return false
				}
				ok = r.setKey(s, n.Args[0], n.Args[1], n.Lparen, n)
				return false
			}
		case *ast.Ident:
			obj := r.c.pass.TypesInfo.Uses[n]
			if r.setters[obj] != nil {
				ok = false // a setter used other than called: its calls are unseen
			} else if obj == r.m && n != r.ctorArg {
				ok = false // the map used other than by the constructor and SetKey
			}
		}
		return ok
	})
	if !ok {
		return unknown()
	}
	return s
}

// setterCall reads one call of setter st.
func (r *setterReader) setterCall(s *consumer.Settings, st *setter, call *ast.CallExpr) bool {
	var key ast.Expr
	val := st.val
	idx := 0
	for _, f := range st.lit.Type.Params.List {
		for _, n := range f.Names {
			if idx >= len(call.Args) {
				return false
			}
			obj := r.c.pass.TypesInfo.Defs[n]
			if obj == st.keyParam {
				key = call.Args[idx]
			}
			if obj == st.valParam {
				val = call.Args[idx]
			}
			idx++
		}
	}
	if key == nil || val == nil || call.Ellipsis.IsValid() {
		return false
	}
	return r.setKey(s, key, val, call.Lparen, call)
}

// setKey records that key is set to val (at pos) in s, as the consumer
// model does: a constant boolean (or "true"/"false") sets the knob, on
// some paths only when call is nested in a statement of the function's
// body; any other value makes it unknown. A key that is not a constant
// string makes it fail.
func (r *setterReader) setKey(s *consumer.Settings, keyE, valE ast.Expr, pos token.Pos, call *ast.CallExpr) bool {
	kc := r.c.pass.TypesInfo.Types[keyE].Value
	if kc == nil || kc.Kind() != constant.String {
		return false
	}
	var kn *clientmodel.Knob
	for i := range r.cl.Config.Knobs {
		if r.cl.Config.Knobs[i].Key == constant.StringVal(kc) {
			kn = &r.cl.Config.Knobs[i]
		}
	}
	if kn == nil {
		return true
	}
	if call != nil && !r.topLevel(call) {
		s.Cond[kn.Setting] = true
	}
	on, known := boolConst(r.c.pass.TypesInfo.Types[valE].Value)
	if s.Unknown[kn.Setting] {
		return true
	}
	if old, set := s.Set[kn.Setting]; !known || set && old.On != on {
		delete(s.Set, kn.Setting)
		s.Unknown[kn.Setting] = true
		return true
	}
	if _, set := s.Set[kn.Setting]; !set {
		s.Set[kn.Setting] = consumer.Value{On: on, Pos: pos}
	}
	return true
}

// topLevel reports whether call is (in) a statement of the function's body
// itself, run on every path that reaches the constructor after it.
func (r *setterReader) topLevel(call *ast.CallExpr) bool {
	for _, st := range r.body.List {
		if st.Pos() <= call.Pos() && call.End() <= st.End() {
			switch st.(type) {
			case *ast.ExprStmt, *ast.AssignStmt:
				return true
			}
		}
	}
	return false
}

// literal returns the composite literal m is declared with (m := &T{...}
// or m := T{...}), if m is never assigned again.
func (r *setterReader) literal() *ast.CompositeLit {
	var lit *ast.CompositeLit
	assigned := 0
	ast.Inspect(r.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || r.c.pass.TypesInfo.ObjectOf(id) != r.m {
				continue
			}
			assigned++
			if as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			e := ast.Unparen(as.Rhs[i])
			if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
				e = ast.Unparen(u.X)
			}
			lit, _ = e.(*ast.CompositeLit)
		}
		return true
	})
	if assigned != 1 {
		return nil
	}
	return lit
}

// boolConst is the value of a boolean constant, or of a string constant
// librdkafka parses as a boolean.
func boolConst(v constant.Value) (bool, bool) {
	if v == nil {
		return false, false
	}
	switch v.Kind() {
	case constant.Bool:
		return constant.BoolVal(v), true
	case constant.String:
		switch strings.ToLower(constant.StringVal(v)) {
		case "true", "t", "1":
			return true, true
		case "false", "f", "0":
			return false, true
		}
	}
	return false, false
}
