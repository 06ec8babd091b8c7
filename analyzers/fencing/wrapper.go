package fencing

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// wrapper is a function of the package that makes a plain commit and
// returns its error, unchanged or wrapped with %w, on every path, doing
// nothing else with it (`func (c *consumer) commit(m *kafka.Message)
// error { _, err := c.c.CommitMessage(m); return err }`): a caller
// discarding the wrapper's error discards the commit's.
type wrapper struct {
	inner *ast.CallExpr // the commit call; nil in another package (wrapfact.go)
	ref   clientmodel.ResultRef
	err   int // the index of the wrapper's error result
	// impl, for an interface method of another package, is its only
	// implementation there ("(*consumer).Commit").
	impl string
	// via, for a wrapper of a wrapper, is the wrapper inner calls.
	via *types.Func
}

// asCall returns the model of a call of w: the wrapped commit's, with
// the wrapper's error result, judged already (no committed result, no
// setting left to check).
func (w *wrapper) asCall() clientmodel.ResultRef {
	r := *w.ref.Result
	r.Err, r.Committed, r.Folds, r.NeedsSetting = w.err, -1, "", ""
	return clientmodel.ResultRef{Client: w.ref.Client, Result: &r}
}

// commitWrapper returns fn as a commit wrapper, or nil (memoised).
func (c *checker) commitWrapper(fn *types.Func) *wrapper {
	if c.wrappers == nil {
		c.wrappers = map[*types.Func]*wrapper{}
		type decl struct {
			fd  *ast.FuncDecl
			obj *types.Func
		}
		var decls []decl
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				if obj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); obj != nil {
					decls = append(decls, decl{fd, obj})
				}
			}
		}
		judge := func(d decl) *wrapper { return c.wrapperOf(d.fd, d.obj.Type().(*types.Signature)) }
		// A wrapper of a wrapper is one once the wrapper it calls is
		// known: add wrappers until none is new, then drop those that
		// calls found since make commit twice, until none fails.
		for changed := true; changed; {
			changed = false
			for _, d := range decls {
				if c.wrappers[d.obj] == nil {
					if w := judge(d); w != nil {
						c.wrappers[d.obj], changed = w, true
					}
				}
			}
		}
		for changed := true; changed; {
			changed = false
			for _, d := range decls {
				if c.wrappers[d.obj] != nil && judge(d) == nil {
					delete(c.wrappers, d.obj)
					changed = true
				}
			}
		}
	}
	return c.calledWrapper(fn)
}

// calledWrapper returns the wrapper f is, of the package (as far as
// commitWrapper has found them: a function, or an interface method whose
// only implementation is one) or of another (wrapfact.go), or nil.
func (c *checker) calledWrapper(f *types.Func) *wrapper {
	if f == nil {
		return nil
	}
	if f.Pkg() == c.pass.Pkg {
		if w := c.wrappers[f]; w != nil {
			return w
		}
		return c.implWrapper(f)
	}
	return c.importedWrapper(f)
}

// wrapperOf judges one function declaration. Shapes modelled, with the
// commit a statement of the body's own list that no return precedes:
//
//	return cl.CommitRecords(ctx, rs...)         (the same results)
//	_, err := c.CommitMessage(m)                then only returns of err
//	                                            (or wrapped), or an
//	                                            `if err != nil { return
//	                                            err }` and a return of nil
//	if _, err := c.CommitMessage(m); err != nil { return err } … return nil
//
// Other statements may follow if they mention neither the error nor
// return. The commit may be a call of another wrapper, of the package or
// of another (a wrapper of a wrapper). Named results are read by a bare
// return (`_, err = c.CommitMessage(m); return`). Not modelled: function
// literals, defer and go statements in the body (a deferred closure
// could change named results), more than one commit, a wrapper that
// logs the error (it is handled).
func (c *checker) wrapperOf(fd *ast.FuncDecl, sig *types.Signature) *wrapper {
	res := sig.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return nil
	}
	// With named results (and no defer or closure, below), a bare return
	// returns the named error result's value at that point.
	var named types.Object
	if v := res.At(res.Len() - 1); v.Name() != "" && v.Name() != "_" {
		named = v
	}
	var inner *ast.CallExpr
	var ref clientmodel.ResultRef
	var via *types.Func // the wrapper inner calls, if any
	n := 0
	bad := false
	ast.Inspect(fd.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt, *ast.LabeledStmt:
			bad = true
		case *ast.CallExpr:
			if f := c.calleeOf(x); f != nil {
				if r, ok := c.ix.Result(f); ok {
					n++
					inner, ref, via = x, r, nil
				} else if w := c.calledWrapper(f); w != nil {
					n++
					inner, ref, via = x, w.asCall(), f
				}
			}
		}
		return !bad
	})
	if bad || n != 1 || ref.Swallow != clientmodel.SwallowReplays || ref.Committed >= 0 {
		return nil
	}
	if via == nil {
		if k := c.consumerOf(inner); k != nil && k.Settings.IsNot(k.Client, clientmodel.Group) && !groupCommit(ref) {
			return nil
		}
		if ref.NeedsSetting != "" && !c.settingHolds(inner, ref) {
			return nil
		}
	}
	w := &wrapper{inner: inner, via: via, ref: ref, err: res.Len() - 1}
	list := fd.Body.List
	for i, st := range list {
		if !c.containsNode(st, inner) {
			if hasReturn(st) {
				return nil // a path returning before the commit
			}
			continue
		}
		rest := list[i+1:]
		switch st := st.(type) {
		case *ast.ReturnStmt:
			csig, ok := c.pass.TypesInfo.TypeOf(inner.Fun).(*types.Signature)
			if len(st.Results) == 1 && ast.Unparen(st.Results[0]) == inner && ok &&
				csig.Results().Len() == res.Len() && ref.Err == res.Len()-1 {
				return w
			}
		case *ast.AssignStmt:
			if len(st.Rhs) != 1 || ast.Unparen(st.Rhs[0]) != inner || ref.Err >= len(st.Lhs) {
				return nil
			}
			_, obj, ok := c.lhs(st.Lhs[ref.Err])
			if !ok || obj == nil {
				return nil
			}
			for _, before := range list[:i] {
				if c.mentions(before, obj) {
					return nil // declared earlier: something may capture it
				}
			}
			if c.returnsOnly(rest, obj, named) {
				return w
			}
		case *ast.IfStmt:
			as, ok := st.Init.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != inner || ref.Err >= len(as.Lhs) || as.Tok != token.DEFINE {
				return nil
			}
			_, obj, ok := c.lhs(as.Lhs[ref.Err])
			if !ok || obj == nil || !c.isErrReturn(st, obj) {
				return nil
			}
			if c.returnsOnly(rest, nil, named) {
				return w
			}
		}
		return nil
	}
	return nil
}

// returnsOnly reports whether the statements after a commit whose error
// is in obj return it on every path: each return returns obj (or obj
// wrapped with %w), or nil once an `if obj != nil { return obj }` has
// run; other statements neither mention obj nor return. obj nil: the
// error is out of scope and was returned already, so returns give nil.
// A bare return returns named, the function's named error result (nil
// if it has none): obj when the commit's error was assigned to it.
func (c *checker) returnsOnly(list []ast.Stmt, obj, named types.Object) bool {
	checked := obj == nil
	for _, st := range list {
		switch st := st.(type) {
		case *ast.ReturnStmt:
			if len(st.Results) == 0 {
				return obj != nil && obj == named
			}
			last := st.Results[len(st.Results)-1]
			if obj != nil && c.returnsErr(last, obj, false) {
				return true
			}
			return checked && c.isNil(last)
		case *ast.IfStmt:
			if obj != nil && c.isErrReturn(st, obj) {
				checked = true
				continue
			}
		}
		if hasReturn(st) || obj != nil && c.mentions(st, obj) {
			return false
		}
	}
	return false
}

// isErrReturn reports whether ifs is `if obj != nil { return …, obj }`
// (obj possibly wrapped with %w), without else.
func (c *checker) isErrReturn(ifs *ast.IfStmt, obj types.Object) bool {
	if ifs.Else != nil || !c.isNilCheck(ifs.Cond, obj) || len(ifs.Body.List) != 1 {
		return false
	}
	r, ok := ifs.Body.List[0].(*ast.ReturnStmt)
	return ok && len(r.Results) > 0 && c.returnsErr(r.Results[len(r.Results)-1], obj, true)
}

// returnsErr reports whether e is obj, or (wrap: where obj is not nil)
// fmt.Errorf with a %w verb and obj among its arguments.
func (c *checker) returnsErr(e ast.Expr, obj types.Object, wrap bool) bool {
	isObj := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == obj
	}
	if isObj(e) {
		return true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !wrap || !ok || len(call.Args) < 2 {
		return false
	}
	fn := c.calleeOf(call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Errorf" {
		return false
	}
	tv := c.pass.TypesInfo.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String || !strings.Contains(constant.StringVal(tv.Value), "%w") {
		return false
	}
	for _, a := range call.Args[1:] {
		if isObj(a) {
			return true
		}
	}
	return false
}

// containsNode reports whether n is inside st.
func (c *checker) containsNode(st ast.Node, n ast.Node) bool {
	return st.Pos() <= n.Pos() && n.End() <= st.End()
}

// hasReturn reports whether st holds a return statement.
func hasReturn(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(x ast.Node) bool {
		if _, ok := x.(*ast.ReturnStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// wrapperCall checks a call of a commit wrapper: its error discarded (a
// statement, blanks, a variable never read, a defer) is the commit's
// error discarded. The fix logs it, as for the commit called directly,
// keeping the wrapper.
func (c *checker) wrapperCall(f *ast.File, call *ast.CallExpr, fn *types.Func, w *wrapper) {
	ref := w.asCall()
	inner := clientmodel.ShortName(w.ref.Func)
	msg := fmt.Sprintf("the error of %s, which returns the error of %s, is discarded: %s", fn.Name(), inner, cost(w.ref))
	rel := c.wrapperRelated(call, fn, w, inner)
	s := c.newSite(f, call, ref)
	if s == nil {
		if def, outer, ok := c.deferIn(call); ok {
			c.reportDeferred(f, call, ref, outer, def, fn.Name(), msg, rel)
		}
		return
	}
	if c.errState(s) != errDiscarded {
		return
	}
	edits, ok := c.discardFix(s)
	if !ok {
		return
	}
	c.reportSwallowedAt(call, msg, rel, "Log the "+fn.Name()+" error", edits)
}

// wrapperRelated points at the commit a wrapper returns the error of; for
// a wrapper of another package, whose commit's position is not known, at
// the wrapper's declaration, or at the call itself when that position is
// not available either.
func (c *checker) wrapperRelated(call *ast.CallExpr, fn *types.Func, w *wrapper, inner string) []analysis.RelatedInformation {
	if w.inner != nil && w.via != nil {
		return related(w.inner, w.via.Name()+", which returns the error of "+inner+", called here, its error returned by "+fn.Name())
	}
	if w.inner != nil {
		return related(w.inner, inner+" called here, its error returned by "+fn.Name())
	}
	returns := "returns the error of " + inner
	if w.impl != "" {
		returns = "its only implementation in package " + fn.Pkg().Name() + ", " + w.impl + ", " + returns
	}
	if fn.Pos().IsValid() && c.pass.Fset.File(fn.Pos()) != nil {
		return []analysis.RelatedInformation{{Pos: fn.Pos(), Message: fn.Name() + " declared here: " + returns}}
	}
	msg := fn.Name() + " " + returns
	if w.impl != "" {
		msg = fn.Name() + ": " + returns
	}
	return related(call, msg)
}
