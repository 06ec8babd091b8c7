package edit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// AppendOnSuccess returns the edits that run text (an inserted commit,
// mark or store) after the record's processing in list, on the success
// path only: a check of an error that logs and carries on (`if err :=
// save(msg); err != nil { log... }`) would otherwise let the commit run
// after a failed save, and the record is lost. Such a check gets text in
// an else when it ends the list, and a continue (the rest of the
// iteration is for a processed record) otherwise. fetch is the statement
// that fetches the record (in list, or around it: then all of list
// follows it); path runs from a node at fetch up. A check with an else
// (an if/else-if chain) gets the continue wherever it is, outside a loop
// a return in a function without results. ok is false where the failure
// cannot be told from the success: a check with an empty body, one in a
// nested loop or function, one the failure of which cannot skip the rest
// (no loop, a function with results), or whose skip would pass a
// release (a WaitGroup's Done, an Unlock, a channel operation).
func AppendOnSuccess(pass *analysis.Pass, list []ast.Stmt, fetch ast.Stmt, text string) ([]analysis.TextEdit, bool) {
	rest := list
	for i, s := range list {
		if s == fetch {
			rest = list[i+1:]
		}
	}
	var lastIf *ast.IfStmt
	if n := len(rest); n > 0 {
		lastIf, _ = rest[n-1].(*ast.IfStmt)
	}
	var edits []analysis.TextEdit
	ok := true
	var carried []*ast.IfStmt
	for _, s := range rest {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				// A continue there is the nested loop's; a failure
				// carried on inside it is not handled.
				ast.Inspect(n, func(m ast.Node) bool {
					if ifs, isIf := m.(*ast.IfStmt); isIf && carriesOnAfterError(pass, ifs) {
						ok = false
					}
					_, lit := m.(*ast.FuncLit)
					return ok && !lit
				})
				return false
			case *ast.IfStmt:
				if carriesOnAfterError(pass, n) {
					carried = append(carried, n)
				}
			}
			return ok
		})
	}
	if !ok {
		return nil, false
	}
	inElse := false
	for _, ifs := range carried {
		if len(ifs.Body.List) == 0 {
			return nil, false
		}
		if ifs != lastIf && (lastIf != nil && slices.Contains(carried, lastIf) && lastIf.Body.Pos() <= ifs.Pos() && ifs.End() <= lastIf.Body.End() || leavesAfter(pass, rest, ifs)) {
			// Its failure never reaches the text: inside the last
			// check's body (the text goes in its else, or the body ends
			// with a continue), or followed in an enclosing block by a
			// return or a break (a record put back for the next run,
			// then return).
			continue
		}
		if ifs == lastIf && ifs.Else == nil {
			indent := Indent(pass, ifs.Pos())
			var b strings.Builder
			for _, l := range strings.Split(text, "\n") {
				b.WriteString("\n" + indent + "\t" + l)
			}
			edits = append(edits, analysis.TextEdit{Pos: ifs.End(), End: ifs.End(), NewText: []byte(" else {" + b.String() + "\n" + indent + "}")})
			inElse = true
			continue
		}
		if outcomeReadAfter(pass, rest, ifs) {
			// The failing call's other results are read after the
			// check (retry, err := h.Consume(m); if err != nil { log };
			// if retry { dlq(m) }): the rest of the iteration handles
			// the failure, which a skip would pass (audit 34b/1).
			continue
		}
		// The failure skips the rest of the iteration (or of a handler
		// returning nothing): a check with an else (if err := decode(m);
		// err != nil { log } else if err := save(v); err != nil { log }
		// else { ... }) too, its else being the success path.
		leave, ok := Skip(pass, ifs)
		if !ok || leave == "" || !OnlyReports(ifs.Body.List) {
			// A branch that does more than report the failure (a
			// decode's fallback to defaults: v = defaults) goes on with
			// the record on purpose: a skip would drop it.
			return nil, false
		}
		e, ok := AppendToList(pass, ifs.Body.List, ifs.Body.Rbrace, leave)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	if n := len(rest); n > 0 && !inElse && !breaks(text) {
		// (A break in text would leave the switch instead of its loop.)
		if cc := SuccessCase(pass, rest[n-1], rest[:n-1]); cc != nil {
			// The processing's outcome told apart by a switch (case
			// err == nil: ... case errors.As(err, &t): return err;
			// default: log): its nil case is the success path.
			return append(edits, appendToClause(pass, cc, text)), true
		}
	}
	if !inElse {
		e, ok := AppendToList(pass, list, token.NoPos, text)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	return edits, true
}

// outcomeReadAfter reports whether ifs, a statement of list checking an
// error (err != nil), follows the statement assigning that error with
// other results of the same call, and a statement after ifs in list
// reads one of them.
func outcomeReadAfter(pass *analysis.Pass, list []ast.Stmt, ifs *ast.IfStmt) bool {
	k := slices.Index(list, ast.Stmt(ifs))
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if k < 1 || !ok || be.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	as, isAssign := list[k-1].(*ast.AssignStmt)
	if !ok || !isAssign || len(as.Rhs) != 1 {
		return false
	}
	errVar := pass.TypesInfo.ObjectOf(id)
	others := map[types.Object]bool{}
	assigned := false
	for _, l := range as.Lhs {
		lid, ok := ast.Unparen(l).(*ast.Ident)
		if !ok || lid.Name == "_" {
			continue
		}
		if obj := pass.TypesInfo.ObjectOf(lid); obj == errVar {
			assigned = true
		} else if obj != nil {
			others[obj] = true
		}
	}
	if !assigned || len(others) == 0 {
		return false
	}
	read := false
	for _, s := range list[k+1:] {
		ast.Inspect(s, func(n ast.Node) bool {
			if x, ok := n.(*ast.Ident); ok && others[pass.TypesInfo.Uses[x]] {
				read = true
			}
			return !read
		})
	}
	return read
}

// SuccessCase returns the clause of s, a switch with no tag and no init
// telling apart an error's outcomes, that tests it for nil (case err ==
// nil:), when every other case reads that error (errors.As(err, &t), err
// != nil) and one of the statements before (the processing) assigns it:
// the switch is the check of the processing's error, and that clause its
// success path. nil otherwise.
func SuccessCase(pass *analysis.Pass, s ast.Stmt, before []ast.Stmt) *ast.CaseClause {
	sw, ok := s.(*ast.SwitchStmt)
	if !ok || sw.Init != nil || sw.Tag != nil {
		return nil
	}
	var success *ast.CaseClause
	var errVar types.Object
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		if len(cc.List) != 1 {
			continue
		}
		be, ok := ast.Unparen(cc.List[0]).(*ast.BinaryExpr)
		if !ok {
			continue
		}
		if id, isID := ast.Unparen(be.X).(*ast.Ident); isID && IsNilEqOf(pass, be, id) && isErrorVar(pass.TypesInfo.Uses[id]) {
			success, errVar = cc, pass.TypesInfo.Uses[id]
		}
	}
	if success == nil || !slices.ContainsFunc(before, func(b ast.Stmt) bool { return assigns(pass, b, errVar) }) {
		return nil
	}
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		for _, e := range cc.List {
			reads := false
			ast.Inspect(e, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == errVar {
					reads = true
				}
				return !reads
			})
			if !reads {
				return nil // a case about something else: not the error's check
			}
		}
	}
	return success
}

// assigns reports whether s assigns the variable obj (err := f(m), err =
// f(m), var err = f(m)).
func assigns(pass *analysis.Pass, s ast.Stmt, obj types.Object) bool {
	var lhs []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		lhs = s.Lhs
	case *ast.DeclStmt:
		if gd, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range gd.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Values) > 0 {
					for _, n := range vs.Names {
						lhs = append(lhs, n)
					}
				}
			}
		}
	}
	return slices.ContainsFunc(lhs, func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && pass.TypesInfo.ObjectOf(id) == obj
	})
}

// breaks reports whether text (statements) holds a break with no label.
func breaks(text string) bool {
	for _, f := range strings.Fields(text) {
		if f == "break" || strings.HasPrefix(f, "break;") {
			return true
		}
	}
	return false
}

func isErrorVar(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && types.Identical(v.Type(), types.Universe.Lookup("error").Type())
}

// appendToClause returns the edit appending text to the statements of
// cc (before a jump ending them).
func appendToClause(pass *analysis.Pass, cc *ast.CaseClause, text string) analysis.TextEdit {
	if e, ok := AppendToList(pass, cc.Body, token.NoPos, text); ok {
		return e
	}
	// After a comment on the case's line (case err == nil: // applied).
	indent := Indent(pass, cc.Pos()) + "\t"
	at := cc.Colon + 1
	if tf := pass.Fset.File(cc.Colon); tf != nil && tf.Line(cc.Colon) < tf.LineCount() {
		at = tf.LineStart(tf.Line(cc.Colon)+1) - 1
	}
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + IndentLines(text, indent))}
}

// leavesAfter reports whether, in the block of list holding ifs (at any
// depth), the statements after the one holding ifs end by leaving (a
// return, a break, a panic): a path through ifs does not reach the end of
// list.
func leavesAfter(pass *analysis.Pass, list []ast.Stmt, ifs *ast.IfStmt) bool {
	for _, s := range list {
		if s.Pos() > ifs.Pos() || ifs.End() > s.End() {
			continue
		}
		if s == ast.Stmt(ifs) {
			return false
		}
		var inner [][]ast.Stmt
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BlockStmt:
				if n.Pos() <= ifs.Pos() && ifs.End() <= n.End() {
					inner = append(inner, n.List)
				}
			case *ast.CaseClause:
				if n.Pos() <= ifs.Pos() && ifs.End() <= n.End() {
					inner = append(inner, n.Body)
				}
			case *ast.CommClause:
				if n.Pos() <= ifs.Pos() && ifs.End() <= n.End() {
					inner = append(inner, n.Body)
				}
			}
			return true
		})
		if len(inner) == 0 {
			return false
		}
		// The outermost block inside s holding ifs; deeper ones are
		// checked by the recursion.
		if leavesAfter(pass, inner[0], ifs) {
			return true
		}
		for j, t := range inner[0] {
			if t.Pos() <= ifs.Pos() && ifs.End() <= t.End() {
				if after := inner[0][j+1:]; len(after) > 0 && noreturn.Of(pass).EndsWithLeave(after) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// carriesOnAfterError reports whether ifs checks an error (`x != nil`, x
// an error) and its body falls through: the code after it runs whether
// or not the call failed.
func carriesOnAfterError(pass *analysis.Pass, ifs *ast.IfStmt) bool {
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	isNil := func(e ast.Expr) bool {
		tv, ok := pass.TypesInfo.Types[e]
		return ok && tv.IsNil()
	}
	isErr := func(e ast.Expr) bool {
		t := pass.TypesInfo.TypeOf(e)
		return t != nil && types.Identical(t, errType)
	}
	if !(isErr(be.X) && isNil(be.Y) || isNil(be.X) && isErr(be.Y)) {
		return false
	}
	return !noreturn.Of(pass).EndsWithLeave(ifs.Body.List)
}

// OnlyReports reports whether list only reports a failure: calls that
// log, print or count (by their names: Print, Error, Warn, Info, Debug,
// Log, Inc, Add, Observe...) and counts; it sets nothing up to go on with
// (v = defaults, ev.SetDefaults()).
func OnlyReports(list []ast.Stmt) bool {
	for _, st := range list {
		switch st := st.(type) {
		case *ast.IncDecStmt, *ast.EmptyStmt:
		case *ast.ExprStmt:
			call, ok := ast.Unparen(st.X).(*ast.CallExpr)
			if !ok {
				return false
			}
			var name string
			switch f := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			}
			if !reportName(name) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// reportName reports whether a function of that name logs, prints or
// counts.
func reportName(name string) bool {
	low := strings.ToLower(name)
	for _, pre := range []string{"print", "fprint", "error", "warn", "info", "debug", "trace", "log", "notice", "report", "capture"} {
		if strings.HasPrefix(low, pre) {
			return true
		}
	}
	for _, pre := range []string{"Inc", "Add", "Observe", "Record"} {
		if strings.HasPrefix(name, pre) {
			return true // a metric counted
		}
	}
	return false
}

// Skip returns the statement that skips the rest of a record's handling
// from s on: continue in a loop, return in a function without results (a
// handler of one record), "" in a function with results (the caller
// chooses what to return). ok is false where a statement the skip would
// pass (after s, up to the end of its loop's body or function) releases
// something another goroutine waits for (a WaitGroup's Done, a lock's
// Unlock, a send, a receive, a close): skipped, it would deadlock.
func Skip(pass *analysis.Pass, s ast.Stmt) (string, bool) {
	ret := func(ft *ast.FuncType) (string, bool) {
		if ft.Results.NumFields() == 0 {
			return "return", true
		}
		return "", true
	}
	for _, n := range Path(pass, s.Pos()) {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return "continue", true
		case *ast.FuncLit:
			return ret(n.Type)
		case *ast.FuncDecl:
			return ret(n.Type)
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		for i, t := range list {
			if t.Pos() <= s.Pos() && s.End() <= t.End() && slices.ContainsFunc(list[i+1:], func(u ast.Stmt) bool { return releases(pass, u) }) {
				return "", false
			}
		}
	}
	return "", false
}

// releases reports whether s (outside function literals) sends,
// receives, closes a channel, calls a method of a sync type or a
// semaphore, ends a transaction (a Tx's Commit or Rollback), releases or
// closes something (Release, Close, Done, Unlock), or cancels a context
// (a context.CancelFunc): skipped, each would be left undone.
func releases(pass *analysis.Pass, s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SendStmt:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				switch pass.TypesInfo.Uses[id].(type) {
				case *types.Builtin:
					found = found || id.Name == "close"
				case *types.Var:
					// A context's cancel (not a closure of the
					// application's: ack()).
					found = found || types.TypeString(pass.TypesInfo.TypeOf(id), nil) == "context.CancelFunc"
				}
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				if fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil {
					switch fn.Pkg().Path() {
					case "sync", "golang.org/x/sync/semaphore":
						found = true
					}
				}
				switch sel.Sel.Name {
				case "Release", "Close", "Done", "Unlock", "RUnlock":
					found = true
				case "Commit", "Rollback":
					if t := pass.TypesInfo.TypeOf(sel.X); t != nil && strings.HasSuffix(types.TypeString(ssaflow.Deref(t), nil), "Tx") {
						found = true
					}
				}
				if v, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Var); ok && v.IsField() && types.TypeString(v.Type(), nil) == "context.CancelFunc" {
					found = true // s.cancel()
				}
			}
		}
		return !found
	})
	return found
}

// AfterSuccess returns the statement after which call (in a statement
// list) has returned without failing: the if whose init makes the call
// and whose check of the call's error leaves (`if err := f(b); err !=
// nil { return err }`), or the call's statement followed by such an if,
// or the call's own statement when the call returns nothing, or a result
// that is no error, no success flag (a bool) and not several. leaves tells whether a body leaves (a return, a
// break). ok is false for any other shape: there the success path cannot
// be told.
func AfterSuccess(pass *analysis.Pass, call *ast.CallExpr, leaves func([]ast.Stmt) bool) (ast.Stmt, bool) {
	path := Path(pass, call.Pos())
	for len(path) > 0 && path[0] != call {
		path = path[1:]
	}
	if len(path) < 3 {
		return nil, false
	}
	if as, ok := path[1].(*ast.AssignStmt); ok {
		if ifs, ok := path[2].(*ast.IfStmt); ok && ifs.Init == as {
			if id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && IsNilCheckOf(pass, ifs.Cond, id) && leaves(ifs.Body.List) && ifs.Else == nil {
				return ifs, true
			}
			return nil, false
		}
	}
	stmt, listp := Stmt(path)
	if stmt == nil || listp == nil || stmt != path[1] {
		return nil, false
	}
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		tv, ok := pass.TypesInfo.Types[call]
		if !ok {
			return nil, false
		}
		if !tv.IsVoid() {
			_, tuple := tv.Type.(*types.Tuple)
			errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
			if b, ok := tv.Type.Underlying().(*types.Basic); tuple || types.Implements(tv.Type, errType) || ok && b.Kind() == types.Bool {
				return nil, false // an error, a success flag (or several results) ignored
			}
		}
		return s, true
	case *ast.AssignStmt:
		id, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident)
		ifs, isIf := Next(*listp, s).(*ast.IfStmt)
		if ok && isIf && ifs.Init == nil && ifs.Else == nil && IsNilCheckOf(pass, ifs.Cond, id) && leaves(ifs.Body.List) {
			return ifs, true
		}
	}
	return nil, false
}

// IsNilCheckOf reports whether cond is `id != nil` for the variable id.
func IsNilCheckOf(pass *analysis.Pass, cond ast.Expr, id *ast.Ident) bool {
	return isNilCompare(pass, cond, id, token.NEQ)
}

// IsNilEqOf reports whether cond is `id == nil` for the variable id.
func IsNilEqOf(pass *analysis.Pass, cond ast.Expr, id *ast.Ident) bool {
	return isNilCompare(pass, cond, id, token.EQL)
}

func isNilCompare(pass *analysis.Pass, cond ast.Expr, id *ast.Ident, op token.Token) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != op {
		return false
	}
	x, ok1 := ast.Unparen(be.X).(*ast.Ident)
	y, ok2 := ast.Unparen(be.Y).(*ast.Ident)
	return ok1 && ok2 && pass.TypesInfo.Uses[x] == pass.TypesInfo.ObjectOf(id) && y.Name == "nil"
}

// Next returns the statement after s in list, or nil.
func Next(list []ast.Stmt, s ast.Stmt) ast.Stmt {
	for i, x := range list {
		if x == s && i+1 < len(list) {
			return list[i+1]
		}
	}
	return nil
}

// SuccessExits returns the statements in stmts that end the loop or
// function holding them because of the record, on a path that is no
// failure: a return of nil (or of nothing) or a break of the loop, under
// a condition on the record's content (its Key, Value or Headers; record
// reports whether a node is the record), under none on an error and none
// with an init statement (whose names the copied text may not see): `if string(m.Key) == "EOF" { return nil }`
// ends a batch job on its end marker. The record is done with there, as
// much as one processed: a commit moved past such an exit is made before
// it too, or the marker comes back first on every run and the job never
// gets past it. An exit on no condition of the record (a shutdown check,
// `case <-ctx.Done(): return nil`) leaves a record not handled, and
// exits inside function literals and nested loops are not the loop's.
func SuccessExits(pass *analysis.Pass, stmts []ast.Stmt, record func(ast.Node) bool) []ast.Stmt {
	var exits []ast.Stmt
	isErr := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if e, ok := m.(ast.Expr); ok && !found {
				if t := pass.TypesInfo.TypeOf(e); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	// A test of the record's content (its key, value or headers), not of
	// its position (if m.Offset >= stopAt { return nil } ends a bounded
	// run before that record: it is not handled).
	content := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if sel, ok := m.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Key" || sel.Sel.Name == "Value" || sel.Sel.Name == "Headers") && record(sel.X) {
				found = true
			}
			return !found
		})
		return found
	}
	var walk func(n ast.Node, onRecord, inSwitch bool)
	walk = func(n ast.Node, onRecord, inSwitch bool) {
		switch n := n.(type) {
		case nil, *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return
		case *ast.IfStmt:
			if n.Init != nil || isErr(n.Cond) {
				return // an error, or names the copied text may not see (if m := ...; m == "EOF")
			}
			on := onRecord || content(n.Cond)
			walk(n.Body, on, inSwitch)
			walk(n.Else, on, inSwitch)
		case *ast.SwitchStmt:
			if n.Init != nil || n.Tag != nil && isErr(n.Tag) {
				return
			}
			on := onRecord || n.Tag != nil && content(n.Tag)
			for _, cc := range n.Body.List {
				cc := cc.(*ast.CaseClause)
				if slices.ContainsFunc(cc.List, func(e ast.Expr) bool { return isErr(e) }) {
					continue
				}
				caseOn := on || slices.ContainsFunc(cc.List, func(e ast.Expr) bool { return content(e) })
				for _, s := range cc.Body {
					walk(s, caseOn, true)
				}
			}
		case *ast.BlockStmt:
			for _, s := range n.List {
				walk(s, onRecord, inSwitch)
			}
		case *ast.ReturnStmt:
			last := len(n.Results) - 1
			if onRecord && (last < 0 && !returnsResults(pass, n) || last >= 0 && isNilIdent(pass, n.Results[last])) {
				exits = append(exits, n)
			}
		case *ast.BranchStmt:
			if onRecord && n.Tok == token.BREAK && n.Label == nil && !inSwitch {
				exits = append(exits, n)
			}
		}
	}
	for _, s := range stmts {
		walk(s, false, false)
	}
	return exits
}

// returnsResults reports whether the function holding ret has results
// (a bare return of named results may return an error).
func returnsResults(pass *analysis.Pass, ret *ast.ReturnStmt) bool {
	ft, _ := FuncOf(Path(pass, ret.Pos()))
	return ft == nil || ft.Results.NumFields() > 0
}

// isNilIdent reports whether e is the untyped nil.
func isNilIdent(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}
