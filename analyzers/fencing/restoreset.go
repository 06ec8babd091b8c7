package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A consumer outside a group whose client has no restore hook of its own
// but a call that sets where it reads from (a kafka-go Reader without a
// GroupID: SetOffset) resumes, at every start, from the client's start
// offset. Its fix reads the stored position right after the consumer is
// built (after its deferred Close), in the function that builds it, and
// sets it there, before the first read: the reader then resumes after
// the last record the transactions applied.

// setOffsetFix reports an offset row never read back by consumer k, built
// outside a group, fixed with the client's restore call. Built when the
// constructor's config is a literal in the call, with the topic (and
// partition, 0 when not set) as expressions without effects, or a
// variable or field (its topic and partition fields are read), the keys of
// the row known there, one database handle of the transaction's type in
// scope, and the constructor's result assigned to a variable.
func (c *checker) setOffsetFix(ev *semantics.Evidence, k *consumer.Consumer) {
	rs := ev.Restore
	if k.Site == nil {
		return
	}
	setter := restoreCall(k.Client)
	if setter == "" {
		return
	}
	edits, noFix := c.setOffsetEdits(ev, k, setter)
	if edits == nil && noFix == "" {
		return
	}
	// Outside a group nothing is committed to the broker, and the
	// consumer starts from the oldest offset whatever its start setting
	// (which only a group reads).
	cost := "nothing is committed to the broker, and outside a group every start reads the partition from its oldest offset again, so its records are applied again (at-least-once despite the transaction)"
	wpos, wend := c.rangeOf(rs.Write)
	d := analysis.Diagnostic{
		Pos:      wpos,
		End:      wend,
		Category: CategoryNotRestored,
		Message:  "the position written to " + rs.Row.Table + " in the transaction is never read back when the consumer starts: " + cost,
		Related:  []analysis.RelatedInformation{{Pos: k.Site.Pos(), Message: "the consumer"}},
	}
	if edits != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Resume from the position stored in " + rs.Row.Table + " with " + setter,
			TextEdits: edits,
		}}
	} else {
		// The bug holds; only the fix is not built (#13).
		d.Message += "; no automatic fix: " + noFix
	}
	c.report(d)
}

// setOffsetEdits builds setOffsetFix's fix, the reader set with setter
// to the stored position. Without a fix, noFix says why and what to do
// instead; both are empty when the row is not one position per
// partition, or the analysis cannot read it.
func (c *checker) setOffsetEdits(ev *semantics.Evidence, k *consumer.Consumer, setter string) (edits []analysis.TextEdit, noFix string) {
	rs := ev.Restore
	reader, db := c.dbReader(rs.Write)
	if reader == nil {
		return nil, ""
	}
	for _, key := range rs.Row.Keys {
		if low := strings.ToLower(key); !strings.Contains(low, "partition") && !strings.Contains(low, "topic") {
			if _, ok := c.constKey(rs.Write, key); !ok {
				return nil, "" // a key whose value varies: not one position per partition
			}
		}
	}
	instead := "right after the reader is built, read the stored position by its topic and partition and call " + setter + " with it before the first read"
	built := "the reader is not built by a call of its config assigned to a variable in a function the fix can return from; " + instead
	config := "the reader's topic and partition cannot be read where it is built; " + instead
	call, path := edit.CallAt(c.pass, k.Site.Pos())
	if call == nil || len(path) < 3 || len(call.Args) != 1 {
		return nil, built
	}
	as, ok := path[1].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, built
	}
	rid, ok := as.Lhs[0].(*ast.Ident)
	if !ok || rid.Name == "_" {
		return nil, built
	}
	list := stmtList(path[1:])
	if list == nil {
		return nil, built
	}
	topic, partition, ok := c.configKeys(call.Args[0], k.Client)
	if !ok {
		if topic, partition, edits, ok = c.hoistConfig(as, call.Args[0], k.Client); !ok {
			return nil, config
		}
	}
	for _, id := range idents(call.Args[0]) {
		if id.Name == rid.Name {
			return nil, config // read after the statement, the name means the reader
		}
	}
	at := c.afterReader(list, as, rid)
	more, noFix := c.setOffsetAt(rs, reader, db, setter, at, rid.Name, path, topic, partition)
	if noFix == "" {
		return append(edits, more...), ""
	}
	if noFix != noHandle || edits != nil {
		return nil, noFix + "; " + instead
	}
	// No handle where the reader is built: where the function building
	// it is called, when it only returns it.
	if more, ok := c.setOffsetInCallers(rs, reader, db, setter, as, rid, call, path, k.Client); ok {
		return more, ""
	}
	return nil, noFix + "; " + instead
}

// noHandle is setOffsetAt's reason when no handle of the database is in
// scope.
const noHandle = "no one handle of the transaction's database is in scope where the reader is built (none, or several that data flow does not tell apart)"

// afterReader returns where a reader rid built by the statement as (in
// list) is set to the stored position: after as, and the deferred Close
// that follows it (a failed read then still closes the reader).
func (c *checker) afterReader(list []ast.Stmt, as ast.Stmt, rid *ast.Ident) ast.Stmt {
	at := as
	if d, ok := edit.Next(list, as).(*ast.DeferStmt); ok && c.mentions(d.Call.Fun, c.pass.TypesInfo.ObjectOf(rid)) {
		at = d
	}
	return at
}

// setOffsetAt returns the edits that read the stored position by the
// topic and partition expressions (valid after at) and set the reader
// named rname with setter, after the statement at (path leads from it
// up); noFix says why not.
func (c *checker) setOffsetAt(rs *semantics.Restore, reader *clientmodel.SQLReader, db handleRef, setter string, at ast.Stmt, rname string, path []ast.Node, topic, partition string) (edits []analysis.TextEdit, noFix string) {
	built := "the reader is not built by a call of its config assigned to a variable in a function the fix can return from"
	pos := at.End()
	name := func(base string) string { return edit.FreeName(c.pass, pos, base) }
	nextName := name("next")
	dbName := c.handleAt(pos, db, []string{nextName, "err"})
	if dbName == "" {
		return nil, noHandle
	}
	var args []string
	for _, key := range rs.Row.Keys {
		low := strings.ToLower(key)
		switch {
		case strings.Contains(low, "partition"):
			args = append(args, partition)
		case strings.Contains(low, "topic"):
			args = append(args, topic)
		default:
			// Another key: the same constant the write passes (restorekey.go).
			v, ok := c.constKey(rs.Write, key)
			if !ok {
				return nil, built
			}
			args = append(args, v)
		}
	}
	fnNode, sig := c.funcOf(path)
	if fnNode == nil || sig == nil {
		return nil, built
	}
	file := edit.File(c.pass, pos)
	imp := c.importer(file, &edits)
	ctx := c.contextAt(pos)
	if ctx == "" {
		ctx = imp("context") + ".Background()"
	}
	fail := func(what string) (string, bool) {
		res := sig.Results()
		if res.Len() >= 1 && isError(res.At(res.Len()-1).Type()) {
			zeros, ok := edit.LeadingZeros(c.pass, sig, file)
			return fmt.Sprintf("return %s%s.Errorf(\"%s: %%w\", err)", zeros, imp("fmt"), what), ok
		}
		// Nowhere to return the failure: starting from the client's
		// start offset would apply records again or skip them.
		return fmt.Sprintf("%s.Fatalf(\"%s: %%v\", err)", imp("log"), what), true
	}
	failSet, ok1 := fail("resume from the stored position")
	failRead, ok2 := fail("read the stored position")
	if !ok1 || !ok2 {
		return nil, built
	}
	noRowsPath, noRowsName := splitFull(reader.NoRows)
	read := fmt.Sprintf("%s.%s(%s)", dbName, reader.Method, strings.Join(append([]string{ctx, "`" + rs.Row.Select() + "`"}, args...), ", "))
	code := fmt.Sprintf("var %s int64\nif err := %s.Scan(&%s); err == nil {\n\tif err := %s.%s(%s); err != nil {\n\t\t%s\n\t}\n} else if !%s.Is(err, %s.%s) {\n\t%s\n}",
		nextName, read, nextName, rname, setter, nextName, failSet, imp("errors"), imp(noRowsPath), noRowsName, failRead)
	edits = append(edits, c.insertAfter(at, code))
	return edits, ""
}

// restoreCall returns the name of the client's method that sets where a
// consumer outside a group reads from, or "".
func restoreCall(cl *clientmodel.Client) string {
	for _, r := range cl.Restores {
		if r.Kind == clientmodel.RestoreCall && r.In == "" {
			return clientmodel.BareName(r.Func)
		}
	}
	return ""
}

// configKeys returns the topic and partition a consumer's config literal
// (the constructor's argument, or its address) sets: the topic field the
// model names (a string), and the struct's integer field named partition
// (0 when not set), written without effects.
func (c *checker) configKeys(arg ast.Expr, cl *clientmodel.Client) (topic, partition string, ok bool) {
	e := ast.Unparen(arg)
	if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, isLit := e.(*ast.CompositeLit)
	if !isLit {
		return c.configVarKeys(e, cl)
	}
	partition = "0"
	for _, el := range lit.Elts {
		kv, isKV := el.(*ast.KeyValueExpr)
		if !isKV {
			return "", "", false
		}
		key, isID := kv.Key.(*ast.Ident)
		if !isID {
			return "", "", false
		}
		t := c.pass.TypesInfo.TypeOf(kv.Value)
		basic, _ := t.Underlying().(*types.Basic)
		switch {
		case basic != nil && basic.Info()&types.IsString != 0 && isTopicField(cl, key.Name):
			if !pureExpr(kv.Value) {
				return "", "", false
			}
			topic = c.text(kv.Value)
		case basic != nil && basic.Info()&types.IsInteger != 0 && strings.EqualFold(key.Name, "partition"):
			if !pureExpr(kv.Value) {
				return "", "", false
			}
			partition = c.text(kv.Value)
		}
	}
	return topic, partition, topic != ""
}

// configVarKeys is configKeys for a config held in a variable (or a
// field) without effects: its topic and partition fields, read right
// after the constructor's statement, are the ones it was given.
func (c *checker) configVarKeys(e ast.Expr, cl *clientmodel.Client) (topic, partition string, ok bool) {
	if !pureExpr(e) {
		return "", "", false
	}
	if _, isLit := e.(*ast.BasicLit); isLit {
		return "", "", false
	}
	x := c.text(e)
	if _, isID := e.(*ast.Ident); !isID {
		x = "(" + x + ")"
		if _, isSel := e.(*ast.SelectorExpr); isSel {
			x = c.text(e)
		}
	}
	return c.fieldKeys(x, c.pass.TypesInfo.TypeOf(e), cl)
}

// hoistConfig is configKeys for a config computed with effects (a call's
// result: `kafka.NewReader(readerConfig(p))`): the edits evaluate it
// once into a new variable declared right before the constructor's
// statement, which is passed that variable instead, and the keys are its
// fields. The statement assigns the reader to a name and evaluates
// nothing before its one argument, so the order of evaluation is kept.
func (c *checker) hoistConfig(as *ast.AssignStmt, arg ast.Expr, cl *clientmodel.Client) (topic, partition string, edits []analysis.TextEdit, ok bool) {
	if _, isLit := ast.Unparen(arg).(*ast.CompositeLit); isLit {
		return "", "", nil, false // a literal configKeys did not take
	}
	name := edit.FreeName(c.pass, as.Pos(), "cfg")
	topic, partition, ok = c.fieldKeys(name, c.pass.TypesInfo.TypeOf(arg), cl)
	if !ok {
		return "", "", nil, false
	}
	edits = []analysis.TextEdit{
		edit.InsertBefore(c.pass, as, name+" := "+c.text(arg)),
		{Pos: arg.Pos(), End: arg.End(), NewText: []byte(name)},
	}
	return topic, partition, edits, true
}

// fieldKeys returns the topic and partition fields (0 when it has none)
// of x, a config of type t (a struct, or a pointer to one).
func (c *checker) fieldKeys(x string, t types.Type, cl *clientmodel.Client) (topic, partition string, ok bool) {
	if t == nil {
		return "", "", false
	}
	if p, isPtr := t.Underlying().(*types.Pointer); isPtr {
		t = p.Elem()
	}
	st, isStruct := t.Underlying().(*types.Struct)
	if !isStruct {
		return "", "", false
	}
	partition = "0"
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() && f.Pkg() != c.pass.Pkg {
			continue
		}
		basic, _ := f.Type().Underlying().(*types.Basic)
		switch {
		case basic != nil && basic.Info()&types.IsString != 0 && isTopicField(cl, f.Name()):
			topic = x + "." + f.Name()
		case basic != nil && basic.Info()&types.IsInteger != 0 && strings.EqualFold(f.Name(), "partition"):
			partition = x + "." + f.Name()
		}
	}
	return topic, partition, topic != ""
}

// isTopicField reports whether the model names field as a config field
// holding the consumer's topic.
func isTopicField(cl *clientmodel.Client, field string) bool {
	for _, n := range cl.Names.Topics {
		if n.Field == field {
			return true
		}
	}
	return false
}

// contextAt returns the one variable of type context.Context in scope at
// pos (the nearest scope that has any), or "".
func (c *checker) contextAt(pos token.Pos) string {
	inner := c.scopeAt(pos)
	for s := inner; s != nil && s != types.Universe; s = s.Parent() {
		var found []string
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || v.Pos() > pos {
				continue
			}
			if _, visible := inner.LookupParent(name, pos); visible != v {
				continue
			}
			if ssaflow.IsContext(v.Type()) {
				found = append(found, name)
			}
		}
		switch len(found) {
		case 0:
		case 1:
			return found[0]
		default:
			return ""
		}
	}
	return ""
}

// setOffsetInCallers builds setOffsetEdits's fix where the function
// building the reader is called, when no handle of the database is in
// scope where it is built: the function (unexported, without receiver)
// builds the reader from a config literal in the statement as and only
// returns it (its one result; every return returns it, nothing else
// uses it), and each of its calls in the package assigns its result to
// a variable in a function with one handle of the database in scope.
// The reader's topic and partition are the literal's, written with each
// call's arguments for the function's parameters (expressions without
// effects); the read and set go right after each call's statement (and
// its deferred Close).
func (c *checker) setOffsetInCallers(rs *semantics.Restore, reader *clientmodel.SQLReader, db handleRef, setter string, as *ast.AssignStmt, rid *ast.Ident, call *ast.CallExpr, path []ast.Node, cl *clientmodel.Client) ([]analysis.TextEdit, bool) {
	fnNode, sig := c.funcOf(path)
	decl, ok := fnNode.(*ast.FuncDecl)
	if !ok || decl.Recv != nil || decl.Name.IsExported() || decl.Type.TypeParams != nil || sig == nil || sig.Results().Len() != 1 || sig.Variadic() {
		return nil, false
	}
	obj := c.pass.TypesInfo.Defs[decl.Name]
	robj := c.pass.TypesInfo.ObjectOf(rid)
	// Every return returns the reader, and nothing else uses it.
	uses, returns := 0, 0
	bad := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			bad = bad || c.mentions(x, robj)
			return false
		case *ast.ReturnStmt:
			if len(x.Results) != 1 || !edit.IsVar(c.pass, x.Results[0], robj) {
				bad = true
			}
			returns++
		case *ast.Ident:
			if c.pass.TypesInfo.Uses[x] == robj {
				uses++
			}
		}
		return !bad
	})
	if bad || returns == 0 || uses != returns {
		return nil, false
	}
	// The config literal's topic and partition expressions.
	e := ast.Unparen(call.Args[0])
	if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var topic, partition ast.Expr
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		key, _ := kv.Key.(*ast.Ident)
		basic, _ := c.pass.TypesInfo.TypeOf(kv.Value).Underlying().(*types.Basic)
		switch {
		case key == nil || basic == nil:
		case basic.Info()&types.IsString != 0 && isTopicField(cl, key.Name):
			topic = kv.Value
		case basic.Info()&types.IsInteger != 0 && strings.EqualFold(key.Name, "partition"):
			partition = kv.Value
		}
	}
	if topic == nil || !pureExpr(topic) || partition != nil && !pureExpr(partition) {
		return nil, false
	}
	params := map[types.Object]int{}
	i := 0
	for _, f := range decl.Type.Params.List {
		for _, id := range f.Names {
			params[c.pass.TypesInfo.Defs[id]] = i
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	// Each call of the function.
	var edits []analysis.TextEdit
	calls := 0
	for id, o := range c.pass.TypesInfo.Uses {
		if o != obj {
			continue
		}
		cpath := edit.Path(c.pass, id.Pos())
		if len(cpath) < 3 {
			return nil, false
		}
		ce, ok := cpath[1].(*ast.CallExpr)
		if !ok || ast.Unparen(ce.Fun) != id || ce.Ellipsis.IsValid() || len(ce.Args) != i {
			return nil, false
		}
		cas, ok := cpath[2].(*ast.AssignStmt)
		if !ok || len(cas.Lhs) != 1 || len(cas.Rhs) != 1 || cas.Rhs[0] != ce {
			return nil, false
		}
		cid, ok := cas.Lhs[0].(*ast.Ident)
		if !ok || cid.Name == "_" {
			return nil, false
		}
		list := stmtList(cpath[2:])
		if list == nil {
			return nil, false
		}
		at := c.afterReader(list, cas, cid)
		scope := c.scopeAt(at.End())
		if scope == nil {
			return nil, false
		}
		write := func(x ast.Expr) (string, bool) {
			if x == nil {
				return "0", true
			}
			var reps []analysis.TextEdit
			for _, v := range idents(x) {
				o := c.pass.TypesInfo.Uses[v]
				if j, isParam := params[o]; isParam {
					a := ast.Unparen(ce.Args[j])
					if !pureExpr(a) || !c.inScopeAt(a, at.End()) {
						return "", false
					}
					text := c.text(a)
					switch a.(type) {
					case *ast.Ident, *ast.SelectorExpr, *ast.BasicLit, *ast.CallExpr:
					default:
						text = "(" + text + ")"
					}
					reps = append(reps, analysis.TextEdit{Pos: v.Pos(), End: v.End(), NewText: []byte(text)})
					continue
				}
				if o == nil {
					continue
				}
				if vv, isVar := o.(*types.Var); isVar && !vv.IsField() && vv.Parent() != c.pass.Pkg.Scope() {
					return "", false // a local of the function building the reader
				}
				if !c.sameAt(scope, v, o, at.End()) {
					return "", false
				}
			}
			return c.rewritten(x, reps), true
		}
		t, ok1 := write(topic)
		p, ok2 := write(partition)
		if !ok1 || !ok2 {
			return nil, false
		}
		more, noFix := c.setOffsetAt(rs, reader, db, setter, at, cid.Name, edit.Path(c.pass, at.Pos()), t, p)
		if noFix != "" {
			return nil, false
		}
		edits = append(edits, more...)
		calls++
	}
	return edits, calls > 0
}
