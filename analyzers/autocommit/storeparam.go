package autocommit

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- a fetch passed on to a loop function: the store is passed too ----

// passedFetchCalls returns, for the method value v of k's fetch passed as
// argument j of a call of g, a function of the package (loop(c.ReadMessage)),
// the calls of g's parameter, each with the store function's name in g
// and, on the first, the edits that give g that parameter (the store's
// method value type, as g's file spells it) and pass the consumer's store
// method value at each call of g. It is built when g is not exported and
// named by no interface (its calls are all in sight), every call of g
// passes a method value of k's fetch there, and every use of the
// parameter is a call.
func (c *checker) passedFetchCalls(k *consumer.Consumer, v methodValue) ([]valueCall, bool) {
	path := edit.Path(c.pass, v.sel.Sel.Pos())
	if len(path) < 3 {
		return nil, false
	}
	ce, ok := path[2].(*ast.CallExpr)
	if !ok || ce.Fun == path[1] {
		return nil, false
	}
	j := -1
	for n, a := range ce.Args {
		if a == path[1] {
			j = n
		}
	}
	g := typeutil.StaticCallee(c.pass.TypesInfo, ce)
	if j < 0 || g == nil || g.Pkg() != c.pass.Pkg || g.Exported() || c.interfaceMethodNamed(g.Name()) {
		return nil, false
	}
	gsig := g.Type().(*types.Signature)
	if gsig.Variadic() || j >= gsig.Params().Len() {
		return nil, false
	}
	fd, ok := declOf(c.pass, g)
	if !ok {
		return nil, false
	}
	field := paramField(fd, j)
	if field == nil || len(field.Names) != 1 {
		return nil, false
	}
	// The store method's type, as g's file spells it.
	storeName := k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs)
	sm, _, _ := types.LookupFieldOrMethod(v.mc.Bindings[0].Type(), true, v.fn.Pkg(), storeName)
	sfn, ok := sm.(*types.Func)
	if !ok {
		return nil, false
	}
	ssig := sfn.Type().(*types.Signature)
	file := edit.File(c.pass, fd.Pos())
	stype := types.TypeString(types.NewSignatureType(nil, nil, nil, unnamed(ssig.Params()), unnamed(ssig.Results()), ssig.Variadic()),
		func(p *types.Package) string { return edit.Qualifier(c.pass, file, p) })
	name := edit.FreeName(c.pass, fd.Body.Lbrace+1, "storeOffset")
	if c.usesName(fd.Body, name) {
		return nil, false
	}
	extra := []analysis.TextEdit{{Pos: field.End(), End: field.End(), NewText: []byte(fmt.Sprintf(", %s %s", name, stype))}}
	// Every call of g passes a method value of k's fetch there.
	calls := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != g {
			continue
		}
		gc := callOf(edit.Path(c.pass, id.Pos()))
		if gc == nil || j >= len(gc.Args) || !c.fetchValueOf(k, gc.Args[j]) {
			return nil, false
		}
		se := ast.Unparen(gc.Args[j]).(*ast.SelectorExpr)
		extra = append(extra, analysis.TextEdit{Pos: gc.Args[j].End(), End: gc.Args[j].End(), NewText: []byte(", " + edit.Source(c.pass, se.X) + "." + storeName)})
		calls++
	}
	dcs, ok := c.directCalls(gsig.Params().At(j))
	if !ok || calls == 0 {
		return nil, false
	}
	var out []valueCall
	for i, dc := range dcs {
		vc := valueCall{v: v, call: dc.call, path: dc.path, store: name}
		if i == 0 {
			vc.extra = extra
		}
		out = append(out, vc)
	}
	return out, true
}

// fetchValueOf reports whether e is a method value of k's fetch.
func (c *checker) fetchValueOf(k *consumer.Consumer, e ast.Expr) bool {
	se, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	for _, v := range c.valuesOf(clientmodel.Fetch) {
		if v.sel == se {
			return v.ref.Client == k.Client && c.m.Is(k, v.mc.Bindings[0])
		}
	}
	return false
}

// storeThrough is storeAfterCall for a fetch through a loop function's
// parameter (passedFetchCalls), where the consumer is out of sight: the
// store is a call of the parameter storeFn, after the processing of a
// message processed in the list that fetches it, or handed to goroutines
// of its own (run in place).
func (c *checker) storeThrough(call *ast.CallExpr, path []ast.Node, storeFn string) ([]analysis.TextEdit, bool) {
	if stmt, listp := edit.Stmt(path); stmt == nil || c.messageReturned(call, stmt, *listp) {
		return nil, false
	}
	msg, list, stmt := c.messageScope(call, path)
	var extra []analysis.TextEdit
	if msg == "" {
		m, l, st, gs := c.goScope(path)
		if m == "" {
			return nil, false
		}
		msg, list, stmt = m, l, st
		extra = inPlace(gs)
	}
	body, imp := c.storeFailed(call.Pos())
	text := fmt.Sprintf("if _, err := %s(%s); err != nil {\n%s\n}", storeFn, msg, body)
	e, ok := c.appendAfterUses(list, stmt, msg, text)
	if !ok {
		return nil, false
	}
	return append(append(extra, imp...), e...), true
}

// unnamed returns t with its variables' names dropped.
func unnamed(t *types.Tuple) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}
