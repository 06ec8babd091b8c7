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

// ---- a helper returning its message: the store goes to its callers ----

// storeInCallers builds the store edits for a message that a helper
// fetches and returns (the message itself, or what it decoded from it):
// its callers process it, so a store in the helper would still come
// before the processing. The helper is a function of the package, not
// exported and named by no interface of the package (its calls are all in
// sight), with results (T, error); the fetch is `msg, err := fetch` in
// its body's own list, or its body's `return fetch`. When T is the
// message and every return gives msg or nil, the helper is unchanged;
// otherwise it returns the message as well, after T (nil where msg is
// not yet fetched). Every use of the helper must be a call `v, err :=
// h(...)` whose result is processed in the caller's list (processedAfter)
// and does not leave it; the caller stores the message at the end of its
// list, on the success path, on the consumer spelled from the caller's
// receiver (the helper's consumer is a field path of its receiver) or a
// package-level variable.
func (c *checker) storeInCallers(k *consumer.Consumer, path []ast.Node, fetch ast.Stmt, call *ast.CallExpr, recvX ast.Expr) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok || len(fd.Body.List) == 0 || fd.Type.Results == nil || len(fd.Type.Results.List) != 2 || len(fd.Type.Results.List[0].Names) > 0 {
		return nil, false
	}
	if _, listp := edit.Stmt(pathTo(path, fetch)); listp == nil || &(*listp)[0] != &fd.Body.List[0] {
		return nil, false
	}
	fnObj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fnObj == nil || fnObj.Exported() || c.interfaceMethodNamed(fnObj.Name()) {
		return nil, false // calls out of sight would never store
	}
	sig := fnObj.Type().(*types.Signature)
	msgType := c.pass.TypesInfo.TypeOf(call)
	if tup, isTuple := msgType.(*types.Tuple); isTuple && tup.Len() > 0 {
		msgType = tup.At(0).Type()
	}
	if sig.Results().Len() != 2 || !isErrorType(sig.Results().At(1).Type()) || msgType == nil {
		return nil, false
	}
	if _, isPtr := msgType.(*types.Pointer); !isPtr {
		return nil, false // the zero message is spelled nil
	}
	var edits []analysis.TextEdit
	switch s := fetch.(type) {
	case *ast.ReturnStmt:
		// return c.ReadMessage(...): the helper returns the message.
		if len(s.Results) != 1 || ast.Unparen(s.Results[0]) != call || !types.Identical(sig.Results().At(0).Type(), msgType) {
			return nil, false
		}
	case *ast.AssignStmt:
		msg, isID := s.Lhs[0].(*ast.Ident)
		msgObj := c.pass.TypesInfo.ObjectOf(msg)
		if !isID || msgObj == nil || len(s.Lhs) != 2 {
			return nil, false
		}
		var ok bool
		if edits, ok = c.returnMessage(fd, s, msg.Name, msgObj, sig, msgType); !ok {
			return nil, false
		}
	default:
		return nil, false
	}
	return c.storeAtCallers(k, fd, fnObj, recvX, edits, len(edits) > 0)
}

// storeAtCallers adds to edits (the helper's) the stores of every caller
// of the helper fnObj (declared by fd), whose consumer recvX is a field
// path of its receiver or a package-level variable (storeInCaller; with
// extra, the helper now returns the message after its first result).
func (c *checker) storeAtCallers(k *consumer.Consumer, fd *ast.FuncDecl, fnObj *types.Func, recvX ast.Expr, edits []analysis.TextEdit, extra bool) ([]analysis.TextEdit, bool) {
	root, rest, ok := c.fieldPath(recvX)
	if !ok {
		return nil, false
	}
	recvIsRoot := fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 &&
		c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]] == root
	if !recvIsRoot && root.Parent() != c.pass.Pkg.Scope() {
		return nil, false
	}
	callers := 0
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fnObj {
			continue
		}
		e, ok := c.storeInCaller(k, id, fnObj, recvIsRoot, recvX, rest, extra)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
		callers++
	}
	return dedupe(edits), callers > 0
}

// ownReturns returns the return statements of body, a function's body,
// outside its function literals: the function's own. ok is false when one
// of them does not give n results (a bare return of named results, or a
// call's results passed on).
func ownReturns(body *ast.BlockStmt, n int) (rets []*ast.ReturnStmt, ok bool) {
	ok = true
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(x.Results) != n {
				ok = false
			}
			rets = append(rets, x)
		}
		return ok
	})
	return rets, ok
}

// returnMessage returns the edits that make helper fd return the message
// msg fetched by fetch as well, or none when it returns it already: its
// first result is the message and every return gives msg or nil.
func (c *checker) returnMessage(fd *ast.FuncDecl, fetch *ast.AssignStmt, msg string, msgObj types.Object, sig *types.Signature, msgType types.Type) ([]analysis.TextEdit, bool) {
	rets, ok := ownReturns(fd.Body, 2)
	if !ok {
		return nil, false
	}
	// msgAt is the message at return r: msg once fetched and in scope.
	msgAt := func(r *ast.ReturnStmt) string {
		if _, obj := c.scopeAt(r.Pos()).LookupParent(msg, r.Pos()); obj == msgObj && r.Pos() > fetch.End() {
			return msg
		}
		return "nil"
	}
	if types.Identical(sig.Results().At(0).Type(), msgType) {
		same := true
		for _, r := range rets {
			id, isID := ast.Unparen(r.Results[0]).(*ast.Ident)
			if !isID || id.Name != "nil" && (id.Name != msgAt(r) || c.pass.TypesInfo.Uses[id] != msgObj) {
				same = false
			}
		}
		if same {
			return nil, true
		}
	}
	file := edit.File(c.pass, fd.Pos())
	spelled := types.TypeString(msgType, func(p *types.Package) string { return edit.Qualifier(c.pass, file, p) })
	edits := []analysis.TextEdit{{Pos: fd.Type.Results.List[1].Pos(), End: fd.Type.Results.List[1].Pos(), NewText: []byte(spelled + ", ")}}
	for _, r := range rets {
		edits = append(edits, analysis.TextEdit{Pos: r.Results[0].End(), End: r.Results[0].End(), NewText: []byte(", " + msgAt(r))})
	}
	return edits, true
}

// storeInCaller returns the edits at one use id of the helper fn
// (storeInCallers): the call's message (its first result, or with
// extra, the one it now returns after it) is stored at the end of the
// caller's list, on the success path (a failure logged: storeFailed).
// recvX is the consumer as the helper spells it; rest its field path
// after the root, which the caller's receiver replaces when recvRoot is
// set.
func (c *checker) storeInCaller(k *consumer.Consumer, id *ast.Ident, fn *types.Func, recvRoot bool, recvX ast.Expr, rest string, extra bool) ([]analysis.TextEdit, bool) {
	consumerSrc := edit.Source(c.pass, recvX)
	path := edit.Path(c.pass, id.Pos())
	call := callOf(path)
	if call == nil || typeutil.Callee(c.pass.TypesInfo, call) != fn {
		return nil, false
	}
	if fun := ast.Unparen(call.Fun); fun != id && (!isSel(fun) || fun.(*ast.SelectorExpr).Sel != id) {
		return nil, false // the helper passed as an argument, not called
	}
	cpath := pathTo(path, call)
	stmt, listp, v, ok := c.processedAssign(cpath, call)
	if !ok {
		return nil, false
	}
	if recvRoot {
		// The caller's receiver expression, a name or fields of one
		// (evaluated again at the store).
		fsel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		if _, _, ok := c.fieldPath(fsel.X); !ok {
			return nil, false
		}
		consumerSrc = edit.Source(c.pass, fsel.X) + rest
	} else if !c.rootVisibleAt(recvX, stmt.Pos()) {
		return nil, false // the package-level consumer is shadowed here
	}
	name := v.Name
	var edits []analysis.TextEdit
	if extra {
		name = edit.FreeName(c.pass, stmt.Pos(), "msg")
		edits = append(edits, analysis.TextEdit{Pos: v.End(), End: v.End(), NewText: []byte(", " + name)})
	}
	body, imp := c.storeFailed(call.Pos())
	text := fmt.Sprintf("if _, err := %s.%s(%s); err != nil {\n%s\n}", consumerSrc, k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs), name, body)
	store, ok := c.appendAfterUses(*listp, stmt, v.Name, text)
	if !ok {
		return nil, false
	}
	return append(append(edits, imp...), store...), true
}

func isSel(e ast.Expr) bool {
	_, ok := e.(*ast.SelectorExpr)
	return ok
}

// returnedCase returns, for a fetch call switched on in stmt (switch e :=
// c.Poll(100).(type), or ev := c.Poll(100) in list and later switch e :=
// ev.(type)), the clause of the message type that returns the
// message (case *kafka.Message: return e, nil) and hands it on no other
// way, with its type switch.
func (c *checker) returnedCase(call *ast.CallExpr, stmt ast.Stmt, list []ast.Stmt) (*ast.TypeSwitchStmt, *ast.CaseClause) {
	// ev := c.Poll(100), then a switch over ev later in the list.
	if as, ok := stmt.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
		id, ok := as.Lhs[0].(*ast.Ident)
		ev := c.pass.TypesInfo.ObjectOf(id)
		if !ok || ev == nil {
			return nil, nil
		}
		for _, later := range after(list, stmt) {
			if ts, ok := later.(*ast.TypeSwitchStmt); ok && c.switchesOver(ts, func(e ast.Expr) bool {
				x, ok := ast.Unparen(e).(*ast.Ident)
				return ok && c.pass.TypesInfo.Uses[x] == ev
			}) {
				return c.returningCase(ts)
			}
		}
		return nil, nil
	}
	ts, ok := stmt.(*ast.TypeSwitchStmt)
	if !ok || !c.switchesOver(ts, func(e ast.Expr) bool { return ast.Unparen(e) == call }) {
		return nil, nil
	}
	return c.returningCase(ts)
}

// switchesOver reports whether ts is `switch e := x.(type)`, with no
// init, for an x that is matches.
func (c *checker) switchesOver(ts *ast.TypeSwitchStmt, is func(ast.Expr) bool) bool {
	if ts.Init != nil {
		return false
	}
	as, ok := ts.Assign.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
	return ok && is(ta.X)
}

// returningCase returns ts with its clause of a message type when that
// clause returns the message and hands it on no other way.
func (c *checker) returningCase(ts *ast.TypeSwitchStmt) (*ast.TypeSwitchStmt, *ast.CaseClause) {
	as := ts.Assign.(*ast.AssignStmt)
	name := as.Lhs[0].(*ast.Ident).Name
	if clause := c.recordClause(ts); clause != nil && c.returnsName(clause.Body, name) && !c.handedOn(clause.Body, name) {
		return ts, clause
	}
	return nil, nil
}

// storeCaseInCallers builds the store edits for a message that a helper
// returns from the clause of its type switch over the fetch (returnedCase):
// the helper (of the package, unexported, named by no interface) returns
// (T, error), T the clause's message type, and every return of it gives
// the clause's message or nil first, so it is left as it is; each caller
// stores the message after processing it (storeAtCallers).
func (c *checker) storeCaseInCallers(k *consumer.Consumer, path []ast.Node, clause *ast.CaseClause, recvX ast.Expr) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok || fd.Type.Results == nil {
		return nil, false
	}
	fnObj, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fnObj == nil || fnObj.Exported() || c.interfaceMethodNamed(fnObj.Name()) {
		return nil, false
	}
	sig := fnObj.Type().(*types.Signature)
	msgType := c.pass.TypesInfo.TypeOf(clause.List[0])
	obj := c.pass.TypesInfo.Implicits[clause]
	if obj == nil || msgType == nil || sig.Results().Len() != 2 || !isErrorType(sig.Results().At(1).Type()) || !types.Identical(sig.Results().At(0).Type(), msgType) {
		return nil, false
	}
	rets, ok := ownReturns(fd.Body, 2)
	if !ok {
		return nil, false
	}
	for _, n := range rets {
		r := ast.Unparen(n.Results[0])
		if id, isID := r.(*ast.Ident); isID && c.pass.TypesInfo.Uses[id] == obj {
			continue
		}
		if tv, found := c.pass.TypesInfo.Types[r]; !found || !tv.IsNil() {
			return nil, false
		}
	}
	return c.storeAtCallers(k, fd, fnObj, recvX, nil, false)
}
