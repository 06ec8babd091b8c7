package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// ---- a commit after a processing in the final return (readreturnproc) ----

// appendAfterUses is edit.AppendOnSuccess for the commit text of the
// record named msg, fetched by fetch in list, that also makes sure the
// commit comes after every use of the record. A list ending with a return
// whose results use the record, or a value derived from it (`return
// c.d.dispatch(ctx, msg, h)`), processes it in that return: a commit
// inserted before the return would still come first, so the return is
// rewritten to process, return the processing's error, commit and
// return nil (returnAfterCommit). It builds nothing when the list ends
// with another statement that leaves and uses the record, when a
// deferred call uses it (it runs after any commit of the function body),
// when the record is given to a function that only queues it for work
// done later (queuedBy) that cannot be made to process it in place, or to
// one that may keep it for later (keptBy): no statement here would come
// after its processing. One that can is
// made to (its handsoff.Fact's edits, in its package's files when this
// run has loaded them), and the commit goes after the call.
func (c *checker) appendAfterUses(list []ast.Stmt, fetch ast.Stmt, msg, text string) ([]analysis.TextEdit, bool) {
	if len(list) == 0 {
		return nil, false
	}
	obj := edit.ObjectAt(c.pass, list[len(list)-1].Pos(), msg)
	tracked := c.derivedFrom(list, fetch, obj)
	fn, inPlace := c.queuedBy(list, fetch, tracked)
	if fn != nil && inPlace == nil || c.keptBy(list, fetch, tracked) != "" {
		return nil, false
	}
	e, ok := c.appendAfterProcessing(list, fetch, msg, text)
	if !ok {
		return nil, false
	}
	return append(e, inPlace...), true
}

// appendAfterProcessing is appendAfterUses once the calls the record is
// given to process it.
func (c *checker) appendAfterProcessing(list []ast.Stmt, fetch ast.Stmt, msg, text string) ([]analysis.TextEdit, bool) {
	// A statement after the last use of the record that can leave the
	// loop (if !follow { break }, a return): the commit goes right after
	// that use, or the path leaving would never commit (a reader of one
	// message that exits would process it again at every run).
	if obj := edit.ObjectAt(c.pass, list[len(list)-1].Pos(), msg); obj != nil {
		tracked := c.derivedFrom(list, fetch, obj)
		k := -1
		for i, st := range list {
			if st != fetch && c.mentionsAny(st, tracked) {
				k = i
			}
		}
		// Unless what leaves is the check of that use's own error (if
		// err != nil { log; continue }): a store before it would store
		// a failed record.
		if k >= 0 && k < len(list)-1 && edit.LeavesLoop(list[k+1:], true) && !c.checksErrorOf(list[k+1], list[k]) {
			list = list[:k+1]
		}
	}
	last := list[len(list)-1]
	// The function holding list (a worker's, or a goroutine's, may not
	// be the fetch's).
	lpath := edit.Path(c.pass, last.Pos())
	for i, n := range lpath {
		if n == last {
			lpath = lpath[i:]
			break
		}
	}
	obj := edit.ObjectAt(c.pass, last.Pos(), msg)
	tracked := c.derivedFrom(list, fetch, obj)
	if c.deferredUse(lpath, fetch, obj) != nil {
		return nil, false
	}
	// A processing whose error is assigned right before the commit's
	// place (err = h(ctx, m), then the end of the list or its return):
	// the commit is made only when it succeeded.
	prev := last
	if _, isRet := last.(*ast.ReturnStmt); isRet || noreturn.Of(c.pass).Leaves(last) {
		prev = nil
		if n := len(list); n >= 2 && list[n-2] != fetch {
			prev = list[n-2]
		}
	}
	if v := c.processingError(prev, tracked); v != "" {
		text = fmt.Sprintf("if %s == nil {\n\t%s\n}", v, strings.ReplaceAll(text, "\n", "\n\t"))
	}
	e, ok := edit.AppendOnSuccess(c.pass, list, fetch, text)
	if !ok {
		return nil, false
	}
	// An exit the record itself decides before the commit's place (if
	// string(m.Key) == "EOF" { return nil }) commits it too: the read did.
	from := 0
	if i := slices.Index(list, fetch); i >= 0 {
		from = i + 1
	}
	if from < len(list)-1 {
		for _, x := range edit.SuccessExits(c.pass, list[from:len(list)-1], func(n ast.Node) bool { return c.mentionsAny(n, tracked) }) {
			e = append(e, edit.InsertBefore(c.pass, x, text))
		}
	}
	if !c.mentionsAny(last, tracked) {
		return e, true
	}
	ret, isRet := last.(*ast.ReturnStmt)
	if !isRet {
		if noreturn.Of(c.pass).Leaves(last) {
			return nil, false
		}
		return e, true
	}
	// The commit is inserted before the return: it becomes the return's
	// processing, its check, the commit and `return nil`.
	at := -1
	for i, x := range e {
		if x.Pos == ret.Pos() && x.End == ret.Pos() {
			at = i
		}
	}
	if at < 0 {
		return nil, false
	}
	check, final, ok := c.returnAfterCommit(lpath, ret, tracked)
	if !ok {
		return nil, false
	}
	indent := edit.Indent(c.pass, ret.Pos())
	check = strings.ReplaceAll(check, "\n", "\n"+indent)
	e[at] = analysis.TextEdit{Pos: ret.Pos(), End: ret.End(), NewText: []byte(check + "\n" + indent + string(e[at].NewText) + final)}
	return e, true
}

// returnAfterCommit splits the return ret of a function returning (T...,
// error), whose error result uses the record, into the processing and
// its check (`if err := <error result>; err != nil { return <other
// results>, err }`) and the return after the commit (`return <other
// results>, nil`). The other results must not use the record, call
// anything or name err: they are evaluated after the processing, as they
// were (up to Go's unspecified order of a call and a name), and inside
// the check's body, where err is the processing's error. (A return of a
// single call of several results, or of a result using the record other
// than the error, hands the record to the caller: recordLeaves.)
func (c *checker) returnAfterCommit(path []ast.Node, ret *ast.ReturnStmt, tracked map[types.Object]bool) (check, final string, ok bool) {
	sig := edit.Signature(c.pass, path)
	if sig == nil {
		return "", "", false
	}
	res := sig.Results()
	n := res.Len()
	if n == 0 || !isErrorType(res.At(n-1).Type()) {
		return "", "", false
	}
	if len(ret.Results) != n || !c.mentionsAny(ret.Results[n-1], tracked) {
		return "", "", false
	}
	var others []string
	for _, o := range ret.Results[:n-1] {
		bad := c.mentionsAny(o, tracked)
		ast.Inspect(o, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.CallExpr:
				if tv, isType := c.pass.TypesInfo.Types[x.Fun]; !isType || !tv.IsType() {
					bad = true
				}
			case *ast.Ident:
				bad = bad || x.Name == "err"
			case *ast.FuncLit:
				bad = true
			}
			return !bad
		})
		if bad {
			return "", "", false
		}
		others = append(others, edit.Source(c.pass, o))
	}
	lead := ""
	if len(others) > 0 {
		lead = strings.Join(others, ", ") + ", "
	}
	check = fmt.Sprintf("if err := %s; err != nil {\n\treturn %serr\n}", edit.Source(c.pass, ret.Results[n-1]), lead)
	return check, "return " + lead + "nil", true
}

// processingError returns the name of the error variable s assigns from
// a processing of the record (err = h(ctx, m): one variable, an error, the
// right side using one of tracked), or "".
func (c *checker) processingError(s ast.Stmt, tracked map[types.Object]bool) string {
	as, ok := s.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || (as.Tok != token.ASSIGN && as.Tok != token.DEFINE) {
		return ""
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" || !implementsError(c.pass.TypesInfo.TypeOf(id)) || !c.mentionsAny(as.Rhs[0], tracked) {
		return ""
	}
	return id.Name
}

// checksErrorOf reports whether next is an if statement whose condition
// tests an error variable that s assigns (resp, err := http.Post(...);
// if err != nil {...}).
func (c *checker) checksErrorOf(next, s ast.Stmt) bool {
	ifs, ok := next.(*ast.IfStmt)
	as, ok2 := s.(*ast.AssignStmt)
	if !ok || !ok2 || ifs.Init != nil {
		return false
	}
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		obj := c.pass.TypesInfo.ObjectOf(id)
		if obj == nil || !implementsError(obj.Type()) {
			continue
		}
		found := false
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if x, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(x) == obj {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// derivedFrom returns msg and the variables the statements of list after
// fetch derive from it: assigned from an expression using one, or decoded
// into through a pointer by a call using one (json.Unmarshal(m.Value,
// &ev)). An error is no use of the record (err = dispatch(ctx, msg) is its
// processing's outcome).
func (c *checker) derivedFrom(list []ast.Stmt, fetch ast.Stmt, msg types.Object) map[types.Object]bool {
	tracked := map[types.Object]bool{}
	if msg == nil {
		return tracked
	}
	tracked[msg] = true
	track := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil && !implementsError(obj.Type()) {
				tracked[obj] = true
			}
		}
	}
	for _, s := range following(list, fetch) {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, r := range n.Rhs {
					if c.mentionsAny(r, tracked) {
						for _, l := range n.Lhs {
							track(l)
						}
					}
				}
			case *ast.CallExpr:
				if c.mentionsAny(n, tracked) {
					for _, a := range n.Args {
						if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
							track(u.X)
						}
					}
				}
			}
			return true
		})
	}
	return tracked
}

// deferredUse returns the first defer statement of the function around
// path, after fetch, whose call (its function literal's body included)
// uses the record msg other than by a field of basic type (msg.Offset,
// msg.Topic in a log line): it runs when the function returns, after any
// commit its body makes.
func (c *checker) deferredUse(path []ast.Node, fetch ast.Stmt, msg types.Object) *ast.DeferStmt {
	_, body := edit.FuncOf(path)
	if body == nil || msg == nil {
		return nil
	}
	uses := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, isID := ast.Unparen(sel.X).(*ast.Ident); isID && c.pass.TypesInfo.ObjectOf(id) == msg {
					if _, basic := c.pass.TypesInfo.TypeOf(sel).Underlying().(*types.Basic); basic {
						return false
					}
				}
			}
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == msg {
				found = true
			}
			return !found
		})
		return found
	}
	var found *ast.DeferStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if d, ok := n.(*ast.DeferStmt); ok && d.Pos() > fetch.End() && uses(d.Call) {
			found = d
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	return found
}

// keptBy describes the first call after fetch in list that is given the
// record, or a value derived from it (tracked), and may keep it for work
// done later (handsoff.Result.KeptBy: a batcher's Add, an interface method
// whose implementations are out of sight and report no failure); "" for
// none. No statement of list comes after that work.
func (c *checker) keptBy(list []ast.Stmt, fetch ast.Stmt, tracked map[types.Object]bool) string {
	why := ""
	for _, s := range following(list, fetch) {
		ast.Inspect(s, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && why == "" {
				why = c.ho.KeptBy(call, func(a ast.Expr) bool { return c.mentionsAny(a, tracked) }, false)
			}
			if as, ok := n.(*ast.AssignStmt); ok && why == "" {
				why = c.keptInField(as, tracked)
			}
			_, lit := n.(*ast.FuncLit)
			return why == "" && !lit
		})
	}
	return why
}

// keptInField says where as keeps the message's data, when it appends
// it (a value of tracked) to a field of a struct (c.buffer =
// append(c.buffer, metric.ID)), which code after it, or another
// goroutine, writes later (audit 34b/2: the commit the fix put after the
// append still came before the flush); "" otherwise.
func (c *checker) keptInField(as *ast.AssignStmt, tracked map[types.Object]bool) string {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return ""
	}
	sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
	call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || !edit.IsBuiltin(c.pass, call.Fun, "append") {
		return ""
	}
	field, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() || !slices.ContainsFunc(call.Args[1:], func(a ast.Expr) bool { return c.mentionsAny(a, tracked) }) {
		return ""
	}
	return "its data is kept in field " + field.Name() + ", written later"
}

// keptAfter is keptBy for the message the fetch f returns, in the
// statements processing it (messageScope); "" when they are not found.
func (c *checker) keptAfter(f *consumer.Call) string {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil {
		return ""
	}
	msg, list, stmt := c.messageScope(call, path)
	if msg == "" {
		return ""
	}
	obj := edit.ObjectAt(c.pass, list[len(list)-1].Pos(), msg)
	return c.keptBy(list, stmt, c.derivedFrom(list, stmt, obj))
}

// queuedBy returns the function of a call after fetch in list that is
// given the record, or a value derived from it (tracked), only to queue
// it for work done later (a handsoff.Fact of this package or another:
// core.Queue.Handle sending it to its workers), or nil; and, when every
// such call's function can be made to process it in place (the fact's
// Fix, in files this run has loaded), the edits doing so.
func (c *checker) queuedBy(list []ast.Stmt, fetch ast.Stmt, tracked map[types.Object]bool) (*types.Func, []analysis.TextEdit) {
	var found *types.Func
	var inPlace []analysis.TextEdit
	fixable := true
	done := map[*types.Func]bool{}
	for _, s := range following(list, fetch) {
		ast.Inspect(s, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			f, fn := c.ho.Expr(call)
			if f == nil || !slices.ContainsFunc(f.Params, func(p int) bool { return p < len(call.Args) && c.mentionsAny(call.Args[p], tracked) }) {
				return true
			}
			if found == nil {
				found = fn
			}
			if done[fn] {
				return true
			}
			done[fn] = true
			e, ok := edit.Resolve(c.pass.Fset, f.Fix)
			fixable = fixable && ok
			inPlace = append(inPlace, e...)
			return true
		})
	}
	if !fixable {
		return found, nil
	}
	return found, inPlace
}

// mentionsAny reports whether n names one of objs.
func (c *checker) mentionsAny(n ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && objs[c.pass.TypesInfo.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// implementsError reports whether t is an error: the error interface, or
// a type implementing it (a *errors.Error of an errors package).
func implementsError(t types.Type) bool {
	if t == nil {
		return false
	}
	if isErrorType(t) {
		return true
	}
	if _, iface := t.Underlying().(*types.Interface); iface {
		return false
	}
	return types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}
