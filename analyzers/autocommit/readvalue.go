package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- a fetch that commits first, taken as a value ----

// methodValue is a modelled call taken as a value (read :=
// r.ReadMessage, loop(ctx, r.ReadMessage)): the model sees no call of it,
// only the closure binding the client.
type methodValue struct {
	sel *ast.SelectorExpr
	fn  *types.Func
	ref clientmodel.CallRef
	mc  *ssa.MakeClosure
}

// fetchCommitValues returns the method values of the package whose method
// is a fetch that commits first.
func (c *checker) fetchCommitValues() []methodValue {
	return c.valuesOf(clientmodel.FetchCommit)
}

// valuesOf returns the method values of the package whose method is a
// modelled call with the given role (all of them memoised per pass).
func (c *checker) valuesOf(role clientmodel.Role) []methodValue {
	var out []methodValue
	for _, v := range c.methodValues() {
		if v.ref.Role == role {
			out = append(out, v)
		}
	}
	return out
}

// methodValues returns the method values of the package whose method is
// a modelled call (memoised per pass).
func (c *checker) methodValues() []methodValue {
	if c.values != nil {
		return *c.values
	}
	closures := map[token.Pos]*ssa.MakeClosure{}
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if mc, ok := in.(*ssa.MakeClosure); ok && len(mc.Bindings) == 1 {
					closures[mc.Pos()] = mc
				}
			}
		}
	}
	var out []methodValue
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			se, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			s := c.pass.TypesInfo.Selections[se]
			if s == nil || s.Kind() != types.MethodVal {
				return true
			}
			fn, ok := s.Obj().(*types.Func)
			if !ok {
				return true
			}
			ref, ok := clientmodel.Default.Call(fn)
			if !ok {
				return true
			}
			if mc := closures[se.Sel.Pos()]; mc != nil {
				out = append(out, methodValue{sel: se, fn: fn, ref: ref, mc: mc})
			}
			return true
		})
	}
	c.values = &out
	return out
}

// readCommitsFirstValues reports each method value of k's fetch that
// commits first, on a consumer whose settings make it commit (a group
// reader): every call of the value commits its message before returning
// it. Fix: take the fetch that does not commit instead, and commit after
// processing at every call: through a variable bound to the value (the
// reader is in sight), or through the parameter of a function of the
// package the value is passed to, which gains a parameter for the
// commit (the reader's commit method value, passed at each call).
func (c *checker) readCommitsFirstValues(k *consumer.Consumer) {
	fetch, commit := fetchName(k.Client), commitName(k.Client)
	if fetch == "" || commit == "" {
		return
	}
	for _, v := range c.fetchCommitValues() {
		if v.ref.Client != k.Client || !c.m.Is(k, v.mc.Bindings[0]) {
			continue
		}
		if on, known := k.Settings.Get(k.Client, v.ref.NeedsSetting); !known || on != v.ref.NeedsValue {
			continue
		}
		d := analysis.Diagnostic{
			Pos:      v.sel.Sel.Pos(),
			End:      v.sel.End(),
			Category: CategoryReadCommits,
			Message: fmt.Sprintf("group reader's %s, taken as a value here, commits each message before returning it: a crash while it is processed loses it (at-most-once)",
				v.sel.Sel.Name),
			Related: []analysis.RelatedInformation{c.origin(k, "group reader created here")},
		}
		if edits, ok := c.valueCommits(k, v, fetch, commit); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   fmt.Sprintf("Take %s instead and commit after processing", fetch),
				TextEdits: edits,
			}}
		} else if edits, ok := c.valueWhenNextAsked(v, fetch, c.kafkaCommit(commit)); ok {
			// Stored in an exported field: a function fetching and
			// committing each message when the next is asked for.
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: nextAskedTitle(fetch), TextEdits: edits}}
			d.Message += nextAskedNote("take "+fetch+" instead and commit", "commit")
		} else {
			// Every call of the value commits first, wherever it is
			// made: reported, saying why there is no fix.
			d.Message += fmt.Sprintf("; no automatic fix: the value goes where the fix cannot follow its calls (stored, returned, or passed to a function it cannot change); take %s instead and commit with %s after each message is processed", fetch, commit)
		}
		c.report(k, d)
	}
}

// valuePlace returns the path from method value v's name up, the
// expression that holds v where it is used (its selector, inside the
// parentheses around it) and the node holding that expression, the first
// up the path that is not a parenthesis; nil when there is none.
func (c *checker) valuePlace(v methodValue) (path []ast.Node, expr ast.Expr, parent ast.Node) {
	path = edit.Path(c.pass, v.sel.Sel.Pos())
	i := 2 // path[0] is Sel, path[1] the selector
	expr = v.sel
	for i < len(path) {
		p, ok := path[i].(*ast.ParenExpr)
		if !ok {
			break
		}
		expr, i = p, i+1
	}
	if i >= len(path) {
		return path, expr, nil
	}
	return path, expr, path[i]
}

// valueCommits returns the edits for method value v (readCommitsFirstValues).
func (c *checker) valueCommits(k *consumer.Consumer, v methodValue, fetch, commit string) ([]analysis.TextEdit, bool) {
	_, expr, parent := c.valuePlace(v)
	if parent == nil {
		return nil, false
	}
	reader := edit.Source(c.pass, v.sel.X)
	swap := analysis.TextEdit{Pos: v.sel.Sel.Pos(), End: v.sel.Sel.End(), NewText: []byte(fetch)}
	switch p := parent.(type) {
	case *ast.AssignStmt:
		// read := r.ReadMessage: the reader is in sight at its calls.
		if p.Tok != token.DEFINE || len(p.Lhs) != len(p.Rhs) {
			return nil, false
		}
		for j, r := range p.Rhs {
			if r != expr {
				continue
			}
			id, ok := p.Lhs[j].(*ast.Ident)
			if !ok {
				return nil, false
			}
			e, ok := c.commitAtCalls(c.pass.TypesInfo.Defs[id], func(call *ast.CallExpr) (string, bool) {
				if !c.rootVisibleAt(v.sel.X, call.Pos()) {
					return "", false
				}
				return reader + "." + commit, true
			})
			if !ok {
				return nil, false
			}
			return append(e, swap), true
		}
	case *ast.CallExpr:
		// loop(ctx, r.ReadMessage): the loop gains a commit parameter.
		g := typeutil.StaticCallee(c.pass.TypesInfo, p)
		j := -1
		for n, a := range p.Args {
			if a == expr {
				j = n
			}
		}
		if g == nil || j < 0 || p.Fun == expr {
			return nil, false
		}
		return c.commitParam(k, v, g, j, fetch, commit)
	}
	return nil, false
}

// commitParam returns the edits for fetch-commit method values passed as
// parameter j of g, a function of the package: g gains a parameter after
// j taking the commit method value, every call of g passes a method value
// of the same fetch on a reader that commits (whose fetch is swapped and
// whose commit is passed), and the calls of the parameter in g commit
// after processing.
func (c *checker) commitParam(k *consumer.Consumer, v methodValue, g *types.Func, j int, fetch, commit string) ([]analysis.TextEdit, bool) {
	if g.Pkg() != c.pass.Pkg || g.Exported() || c.interfaceMethodNamed(g.Name()) {
		return nil, false
	}
	gsig := g.Type().(*types.Signature)
	if gsig.Variadic() || j >= gsig.Params().Len() {
		return nil, false
	}
	// g's declaration.
	fd, ok := declOf(c.pass, g)
	if !ok {
		return nil, false
	}
	pv := gsig.Params().At(j)
	field := paramField(fd, j)
	if field == nil || len(field.Names) != 1 {
		return nil, false
	}
	// The commit method's type, as g's file spells it.
	cm, _, _ := types.LookupFieldOrMethod(v.mc.Bindings[0].Type(), true, v.fn.Pkg(), commit)
	cfn, ok := cm.(*types.Func)
	if !ok {
		return nil, false
	}
	csig := cfn.Type().(*types.Signature)
	file := edit.File(c.pass, fd.Pos())
	ctype := types.TypeString(types.NewSignatureType(nil, nil, nil, csig.Params(), csig.Results(), csig.Variadic()),
		func(p *types.Package) string { return edit.Qualifier(c.pass, file, p) })
	name := edit.FreeName(c.pass, fd.Body.Lbrace+1, "commit")
	if inner := c.usesName(fd.Body, name); inner {
		return nil, false
	}
	edits := []analysis.TextEdit{{Pos: field.End(), End: field.End(), NewText: []byte(fmt.Sprintf(", %s %s", name, ctype))}}
	// Every call of g passes such a method value, on a committing reader.
	calls := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != g {
			continue
		}
		ce := callOf(edit.Path(c.pass, id.Pos()))
		if ce == nil || j >= len(ce.Args) {
			return nil, false
		}
		se, ok := ast.Unparen(ce.Args[j]).(*ast.SelectorExpr)
		if !ok || c.pass.TypesInfo.Uses[se.Sel] != v.fn || !c.commitsFirst(se) {
			return nil, false
		}
		edits = append(edits,
			analysis.TextEdit{Pos: se.Sel.Pos(), End: se.Sel.End(), NewText: []byte(fetch)},
			analysis.TextEdit{Pos: ce.Args[j].End(), End: ce.Args[j].End(), NewText: []byte(", " + edit.Source(c.pass, se.X) + "." + commit)})
		calls++
	}
	if calls == 0 {
		return nil, false
	}
	e, ok := c.commitAtCalls(pv, func(*ast.CallExpr) (string, bool) { return name, true })
	if !ok {
		return nil, false
	}
	return append(edits, e...), true
}

// commitsFirst reports whether the method value se binds a consumer whose
// settings make its fetch commit first (a group reader).
func (c *checker) commitsFirst(se *ast.SelectorExpr) bool {
	for _, v := range c.fetchCommitValues() {
		if v.sel != se {
			continue
		}
		for _, k := range c.m.Consumers {
			if k.Client != v.ref.Client || !c.m.Is(k, v.mc.Bindings[0]) {
				continue
			}
			on, known := k.Settings.Get(k.Client, v.ref.NeedsSetting)
			return known && on == v.ref.NeedsValue
		}
	}
	return false
}

// commitAtCalls returns the edits at each use of fv, a variable holding a
// fetch: every use must be a call `m, err := fv(ctx)` whose message is
// processed right there (processedAfter) and does not leave; the commit
// (committer's answer for the call, applied to the call's context and the
// message) goes at the end of the list, on the success path.
func (c *checker) commitAtCalls(fv types.Object, committer func(*ast.CallExpr) (string, bool)) ([]analysis.TextEdit, bool) {
	if fv == nil {
		return nil, false
	}
	calls, ok := c.directCalls(fv)
	if !ok {
		return nil, false
	}
	var edits []analysis.TextEdit
	for _, dc := range calls {
		call, cpath := dc.call, dc.path
		if len(call.Args) != 1 {
			return nil, false
		}
		stmt, listp := edit.Stmt(cpath)
		as, ok := stmt.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return nil, false
		}
		m, ok := as.Lhs[0].(*ast.Ident)
		if !ok || m.Name == "_" || !c.processedAfter(*listp, stmt, m.Name, as.Lhs[1]) || c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(m)) {
			return nil, false
		}
		fn, ok := committer(call)
		if !ok {
			return nil, false
		}
		body, extra, ok := c.errHandling(cpath, stmt, "commit offset")
		if !ok {
			return nil, false
		}
		text := fmt.Sprintf("if err := %s(%s, %s); err != nil {\n%s\n}", fn, edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0])), m.Name, body)
		e, ok := c.appendAfterUses(*listp, stmt, m.Name, text)
		if !ok {
			return nil, false
		}
		edits = append(append(edits, extra...), e...)
	}
	return dedupe(edits), true
}

// dedupe drops repeated edits (the same import added for two calls).
func dedupe(edits []analysis.TextEdit) []analysis.TextEdit {
	type key struct {
		pos, end token.Pos
		text     string
	}
	seen := map[key]bool{}
	out := edits[:0:0]
	for _, e := range edits {
		k := key{e.Pos, e.End, string(e.NewText)}
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// declOf returns the declaration of g, a function of the package.
func declOf(pass *analysis.Pass, g *types.Func) (*ast.FuncDecl, bool) {
	for _, n := range edit.Path(pass, g.Pos()) {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd, fd.Body != nil && pass.TypesInfo.Defs[fd.Name] == g
		}
	}
	return nil, false
}

// callOf returns the call a path from a function's name up reaches first
// through selectors, or nil.
func callOf(path []ast.Node) *ast.CallExpr {
	if len(path) < 2 {
		return nil
	}
	for _, n := range path[1:] {
		switch x := n.(type) {
		case *ast.CallExpr:
			return x
		case *ast.SelectorExpr, *ast.ParenExpr:
		default:
			return nil
		}
	}
	return nil
}

// usesName reports whether an identifier spelled name is in n: a
// declaration later in a body that FreeName, looking at its start, does
// not see, or a name that one a fix declares would hide.
func (c *checker) usesName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// valueCall is a call of a variable bound to a fetch's method value, or
// of the parameter of a loop function the method value is passed to
// (store names the parameter that takes the store, which extra adds).
type valueCall struct {
	v     methodValue
	call  *ast.CallExpr
	path  []ast.Node
	store string
	extra []analysis.TextEdit
}

// fetchValueCalls returns the calls of the fetches of k taken as values
// and bound to a variable (read := c.ReadMessage) whose every use is a
// call, with the consumer in sight at each, or passed to a loop function
// (passedFetchCalls); ok is false when some fetch of k is taken as a
// value any other way (the messages it reads, maybe concurrently, would
// have no store after their processing).
func (c *checker) fetchValueCalls(k *consumer.Consumer) (out []valueCall, ok bool) {
	for _, v := range c.valuesOf(clientmodel.Fetch) {
		if v.ref.Client != k.Client || !c.m.Is(k, v.mc.Bindings[0]) {
			continue
		}
		fv := c.boundTo(v.sel)
		if fv == nil {
			// Passed to a loop function, which gains a store parameter.
			pcs, ok := c.passedFetchCalls(k, v)
			if !ok {
				return nil, false
			}
			out = append(out, pcs...)
			continue
		}
		calls, ok := c.directCalls(fv)
		if !ok {
			return nil, false
		}
		for _, dc := range calls {
			if !c.rootVisibleAt(v.sel.X, dc.call.Pos()) {
				return nil, false
			}
			out = append(out, valueCall{v: v, call: dc.call, path: dc.path})
		}
	}
	return out, true
}

// directCall is a call of a variable holding a function, with its path.
type directCall struct {
	call *ast.CallExpr
	path []ast.Node
}

// directCalls returns the calls of fv when fv is used, at least once,
// and only as the function of a call; ok is false otherwise.
func (c *checker) directCalls(fv types.Object) (out []directCall, ok bool) {
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fv {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 2 {
			return nil, false
		}
		call, ok := path[1].(*ast.CallExpr)
		if !ok || call.Fun != id {
			return nil, false
		}
		out = append(out, directCall{call, pathTo(path, call)})
	}
	return out, len(out) > 0
}

// boundTo returns the variable that `x := se` declares, or nil.
func (c *checker) boundTo(se *ast.SelectorExpr) types.Object {
	path := edit.Path(c.pass, se.Sel.Pos())
	if len(path) < 3 {
		return nil
	}
	as, ok := path[2].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
		return nil
	}
	for j, r := range as.Rhs {
		if r == se {
			if id, ok := as.Lhs[j].(*ast.Ident); ok {
				return c.pass.TypesInfo.Defs[id]
			}
		}
	}
	return nil
}

// storesThroughValues reports whether a store or commit of k is taken as
// a value (store := c.StoreMessage).
func (c *checker) storesThroughValues(k *consumer.Consumer) bool {
	for _, v := range c.methodValues() {
		if (v.ref.Role == clientmodel.Store || v.ref.Role == clientmodel.Commit) && v.ref.Client == k.Client && c.m.Is(k, v.mc.Bindings[0]) {
			return true
		}
	}
	return false
}

// paramField returns the field of fd's parameter list that declares
// parameter j (receiver excluded), or nil.
func paramField(fd *ast.FuncDecl, j int) *ast.Field {
	n := 0
	for _, f := range fd.Type.Params.List {
		n += max(len(f.Names), 1)
		if n > j {
			return f
		}
	}
	return nil
}
