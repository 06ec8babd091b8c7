package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// abortsOn returns the abort statement of an error branch that aborts the
// transaction and carries on: besides the abort (a call, `_ = abort()`, or an if whose
// init makes it and whose body handles its own failure), it only logs or
// counts, or moves a mark the transaction does not commit (sarama's
// session ResetOffset, effective in Setup only: the claim reads on), and
// falls through or continues the loop, or, where bare is set (a helper
// without results whose callers' loops read on), ends with a bare
// return. nil for any other branch (one that returns, stops, rewinds or
// calls anything else is not judged).
func (c *checker) abortsOn(list []ast.Stmt, bare bool) ast.Stmt {
	var abort ast.Stmt
	for i, st := range list {
		switch st := st.(type) {
		case *ast.ExprStmt:
			call, ok := ast.Unparen(st.X).(*ast.CallExpr)
			switch {
			case !ok:
				return nil
			case c.isAbort(call) && abort == nil:
				abort = st
			case !c.isLogging(call) && !c.marksOnly(call):
				return nil
			}
		case *ast.IfStmt:
			// if aerr := p.AbortTransaction(ctx); aerr != nil { ... }
			as, ok := st.Init.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || abort != nil || st.Else != nil {
				return nil
			}
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok || !c.isAbort(call) || !c.abortFailed(as, st.Cond) {
				return nil
			}
			abort = st
		case *ast.IncDecStmt, *ast.EmptyStmt:
		case *ast.AssignStmt:
			// _ = p.AbortTransaction(ctx): an abort whose error is dropped.
			if call := blankCall(st); call != nil && c.isAbort(call) && abort == nil {
				abort = st
				continue
			}
			if st.Tok != token.ADD_ASSIGN {
				return nil
			}
		case *ast.BranchStmt:
			if st.Tok != token.CONTINUE || st.Label != nil || i != len(list)-1 {
				return nil
			}
		case *ast.ReturnStmt:
			if !bare || len(st.Results) > 0 || i != len(list)-1 {
				return nil
			}
		default:
			return nil
		}
	}
	return abort
}

// blankCall returns the call of `_ = f()` (or `_, _ = f()`), or nil.
func blankCall(as *ast.AssignStmt) *ast.CallExpr {
	if len(as.Rhs) != 1 {
		return nil
	}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
			return nil
		}
	}
	call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	return call
}

// abortFailed reports whether cond tests that the abort assigned by as
// failed (aerr != nil): its body handles the abort's own failure, and
// the branch carries on after a successful abort.
func (c *checker) abortFailed(as *ast.AssignStmt, cond ast.Expr) bool {
	if len(as.Lhs) == 0 {
		return false
	}
	v, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	return ok && c.isNilCheck(cond, c.pass.TypesInfo.ObjectOf(v))
}

// marksOnly reports whether call is a restore call that works only in a
// rebalance hook (sarama's session ResetOffset, Setup): elsewhere it
// moves the session's mark, which neither rewinds the claim nor, with the
// offsets sent in the transaction, gets committed.
func (c *checker) marksOnly(call *ast.CallExpr) bool {
	fn := c.calleeOf(call)
	if fn == nil || fn.Pkg() == nil || !c.ix.IsClientPath(fn.Pkg().Path()) {
		return false
	}
	for _, r := range c.ix.Client(fn.Pkg().Path()).Restores {
		if r.Kind == clientmodel.RestoreCall && r.In != "" && r.Func == fn.FullName() {
			return true
		}
	}
	return false
}

// abortWithoutRewind reports a transaction call whose failure a consume
// loop aborts and carries on from: the abort discards the transaction's
// output and offsets, but the consumer's position is already past the
// batch, so the next transaction commits later offsets and the batch is
// lost. The fix rewinds the consumer to the record (the client's seek,
// when each iteration reads one record and runs its own transaction), or
// else stops the loop after the abort, so that the consumer resumes from
// the committed offsets.
func (c *checker) abortWithoutRewind(s *site, abort ast.Stmt) {
	name := clientmodel.ShortName(s.ref.Func)
	noun := batchNoun(s.ref.Client)
	if s.readsOn != "" {
		// The helper returns to its callers' loops: no fix here can
		// stop them or rewind the consumer.
		msg := fmt.Sprintf("a failed %s is aborted and %s returns to a loop that reads on (%s) without rewinding the consumer: the abort discards the transaction's output and offsets, but the consumer has already moved past the %s, so the next successful transaction commits later offsets and the aborted %s is lost; no automatic fix: the loop is in %s's callers; make %s return the failure and have the loop stop on it, or seek the consumer back to the aborted %s",
			name, s.fd.Name.Name, s.readsOn, noun, noun, s.fd.Name.Name, s.fd.Name.Name, noun)
		c.report(analysis.Diagnostic{Pos: s.call.Pos(), End: s.call.End(), Category: CategoryAbortNoRewind, Message: msg, Related: related(abort, "aborted here, and "+s.fd.Name.Name+" returns to a loop that reads on")})
		return
	}
	edits, title, ok := c.seekFix(s, abort)
	if !ok {
		edits, ok = c.stopAfterAbort(s, abort)
		title = "Stop the loop after the abort"
	}
	msg := fmt.Sprintf("a failed %s is aborted while the loop carries on without rewinding the consumer: the abort discards the transaction's output and offsets, but the consumer has already moved past the %s, so the next successful transaction commits later offsets and the aborted %s is lost",
		name, noun, noun)
	if !ok {
		// Reported all the same (#13).
		msg, edits = msg+"; no automatic fix: the loop cannot be stopped or the consumer rewound from here; return after the abort, or seek the consumer back to the aborted "+batchNoun(s.ref.Client), nil
	}
	d := analysis.Diagnostic{Pos: s.call.Pos(), End: s.call.End(), Category: CategoryAbortNoRewind, Message: msg, Related: related(abort, "aborted here, and the loop reads on")}
	if edits != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: edits}}
	}
	c.report(d)
}

func batchNoun(cl *clientmodel.Client) string {
	if cl.FetchesBatches() {
		return "batch"
	}
	return cl.RecordNoun
}

// stopAfterAbort ends the branch with a return of the error (or, in a
// function without results, a log and a return), which stops the loop.
func (c *checker) stopAfterAbort(s *site, abort ast.Stmt) ([]analysis.TextEdit, bool) {
	// A copy of the site whose result needs no abort (it aborted
	// already); the model's tables are shared and never written.
	t := *s
	r := *s.ref.Result
	r.Abort = ""
	t.ref.Result = &r
	body, imports, ok := c.ret(&t, s.errObj.Name(), true)
	if !ok {
		return nil, false
	}
	list := s.check.Body.List
	if last, isBr := list[len(list)-1].(*ast.BranchStmt); isBr && last.Tok == token.CONTINUE {
		return append(imports, c.replaceStmt(last, body)...), true
	}
	e, ok := edit.AppendToList(c.pass, list, s.check.Body.Rbrace, body)
	if !ok {
		return nil, false
	}
	return append(imports, e), true
}

// seekFix rewinds the consumer to the record after the abort, with the
// client's per-partition seek (a restore call taking the record's
// partition field and a timeout), when the loop body reads one record
// into a variable (`m, err := c.Fetch(…)`) and begins a transaction for
// it in the same iteration: the aborted transaction held that record
// only, so seeking its partition to its offset redelivers it.
func (c *checker) seekFix(s *site, abort ast.Stmt) ([]analysis.TextEdit, string, bool) {
	body := loopBody(s.loop)
	if body == nil || !c.beginsIn(body) {
		return nil, "", false
	}
	var rec *types.Var
	var recv ast.Expr
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := c.calleeOf(call)
		if fn == nil || fn.Pkg() == nil || !c.ix.IsClientPath(fn.Pkg().Path()) {
			continue
		}
		if ref, ok := c.ix.Call(fn); !ok || ref.Role != clientmodel.Fetch && ref.Role != clientmodel.FetchCommit {
			continue
		}
		id, ok := as.Lhs[0].(*ast.Ident)
		if !ok || rec != nil {
			return nil, "", false // several fetches: which record is not known
		}
		v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
		sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if v == nil || sel == nil || c.ix.Record(v.Type()) == nil {
			return nil, "", false
		}
		if _, ok := ast.Unparen(sel.X).(*ast.Ident); !ok {
			return nil, "", false
		}
		rec, recv = v, sel.X
	}
	if rec == nil {
		return nil, "", false
	}
	cl := c.ix.Record(rec.Type())
	seek, field := c.partitionSeek(cl, c.pass.TypesInfo.TypeOf(recv), rec.Type())
	if seek == "" {
		return nil, "", false
	}
	// The record variable must be the one in scope at the abort.
	if c.scopeAt(abort.Pos()) == nil {
		return nil, "", false
	}
	if _, obj := c.scopeAt(abort.Pos()).LookupParent(rec.Name(), abort.Pos()); obj != rec {
		return nil, "", false
	}
	errName := edit.FreeName(c.pass, abort.Pos(), "seekErr")
	var stop string
	var imports []analysis.TextEdit
	res := s.sig.Results()
	switch {
	case res.Len() == 1 && isError(res.At(0).Type()):
		name, e := edit.Import(c.pass, s.file, "fmt")
		imports = e
		stop = fmt.Sprintf("return %s.Errorf(\"rewind after abort: %%w\", %s)", name, errName)
	case res.Len() == 0:
		logged, e := edit.LogErr(c.pass, s.file, "rewind after abort", errName)
		imports = e
		stop = logged + "\nreturn"
	default:
		return nil, "", false
	}
	text := fmt.Sprintf("if %s := %s.%s(%s.%s, -1); %s != nil {\n%s\n}", errName, c.text(recv), seek, rec.Name(), field, errName, indentBody(stop))
	return append(imports, c.insertAfter(abort, text)), "Rewind the consumer to the " + cl.RecordNoun + " after the abort", true
}

// partitionSeek returns the name of the client's seek method on the
// consumer type recv that takes a record's partition field (and a
// timeout) and returns an error, with the name of that field of rec.
func (c *checker) partitionSeek(cl *clientmodel.Client, recv, rec types.Type) (string, string) {
	if cl == nil || recv == nil {
		return "", ""
	}
	st, ok := derefType(rec).Underlying().(*types.Struct)
	if !ok {
		return "", ""
	}
	for _, r := range cl.Restores {
		if r.Kind != clientmodel.RestoreCall || r.In != "" {
			continue
		}
		name := clientmodel.ShortName(r.Func)
		obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 2 || sig.Results().Len() != 1 || !isError(sig.Results().At(0).Type()) {
			continue
		}
		if b, ok := sig.Params().At(1).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Int {
			continue
		}
		for i := range st.NumFields() {
			if f := st.Field(i); f.Exported() && types.Identical(f.Type(), sig.Params().At(0).Type()) {
				return name, f.Name()
			}
		}
	}
	return "", ""
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// loopBody returns the body of a for or range loop.
func loopBody(loop ast.Stmt) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// beginsIn reports whether body begins a transaction (a begin of the
// model, the SwallowSkips results) on every iteration: a call among its
// top-level statements (a statement, an assignment, an if's init) that
// is a begin, or a function of the package whose own top-level
// statements make one.
func (c *checker) beginsIn(body *ast.BlockStmt) bool {
	for _, call := range topCalls(body) {
		fn := c.calleeOf(call)
		if fn == nil || fn.Pkg() == nil {
			continue
		}
		if c.isBegin(fn) {
			return true
		}
		if fn.Pkg() != c.pass.Pkg {
			continue
		}
		if decl := c.funcDecl(fn); decl != nil && decl.Body != nil {
			for _, inner := range topCalls(decl.Body) {
				if g := c.calleeOf(inner); g != nil && c.isBegin(g) {
					return true
				}
			}
		}
	}
	return false
}

// topCalls returns the calls that the top-level statements of body make
// unconditionally: an expression statement's, an assignment's right-hand
// side, an if's init.
func topCalls(body *ast.BlockStmt) []*ast.CallExpr {
	var out []*ast.CallExpr
	var add func(st ast.Stmt)
	add = func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok {
				out = append(out, call)
			}
		case *ast.AssignStmt:
			for _, r := range st.Rhs {
				if call, ok := ast.Unparen(r).(*ast.CallExpr); ok {
					out = append(out, call)
				}
			}
		case *ast.IfStmt:
			if st.Init != nil {
				add(st.Init)
			}
		}
	}
	for _, st := range body.List {
		add(st)
	}
	return out
}

func (c *checker) isBegin(fn *types.Func) bool {
	ref, ok := c.ix.Result(fn)
	return ok && ref.Swallow == clientmodel.SwallowSkips
}

// funcDecl returns the declaration of a function of the package.
func (c *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}
