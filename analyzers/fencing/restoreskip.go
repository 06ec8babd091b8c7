package fencing

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
)

// skipApplied reports an offset row never read back by a consumer that
// cannot be told where to resume (a kafka-go group Reader: SetOffset
// fails when GroupID is set). Its fix makes the transaction itself skip
// what is already applied: right after the transaction begins (and its
// deferred rollback), it reads the stored position FOR UPDATE by the
// write's own keys and returns, rolling back, when the write would not
// move it forward (the record is at or below it). The lock makes a second
// owner of the partition wait for the first one's commit and then see its
// position. Built only where that is right: the consumer resumes at or
// behind the stored position (it commits to the broker after the
// transaction, or nothing is committed and it starts from the oldest
// offset; from the newest, records are lost, which no skip repairs);
// numbered placeholders (PostgreSQL), or ? ones in a write of MySQL's own
// syntax (ON DUPLICATE KEY UPDATE; FOR UPDATE is not SQLite's); a
// deferred rollback; the keys and the new position are expressions
// without effects, in scope where the read goes.
//
// The same fix serves consumers whose restore hook cannot be added: a
// franz-go client whose options are given in another package, or no
// handle of the transaction's database in scope where the hook goes (the
// transaction is in scope where it is used). why, when not empty, says
// why the consumer cannot be told where to resume.
func (c *checker) skipApplied(ev *semantics.Evidence, k *consumer.Consumer, why string) {
	rs := ev.Restore
	reader, _ := c.dbReader(rs.Write)
	if reader == nil {
		return
	}
	ce, _ := edit.CallAt(c.pass, rs.Write)
	if ce == nil {
		return
	}
	if c.readsInFunc(ce, rs.Row.Reads) {
		return // the transaction's function already reads the stored position
	}
	edits, noFix := c.skipEdits(ev, k, reader, ce)
	if edits == nil && noFix == "" {
		return
	}
	pos, end := c.rangeOf(rs.Write)
	var rel []analysis.RelatedInformation
	if k.Site != nil {
		rel = []analysis.RelatedInformation{{Pos: k.Site.Pos(), Message: "the consumer"}}
	}
	d := analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: CategoryNotRestored,
		Message:  "the position written to " + rs.Row.Table + " in the transaction is never read back" + why + ": " + c.restartCost(ev, k.Client),
		Related:  rel,
	}
	if edits != nil {
		title := "Skip, inside the transaction, records at or below the position stored in " + rs.Row.Table
		if ev.CommitsToBroker() == semantics.Off && rs.StartNewest == semantics.On {
			title = "Start from the oldest offset, and skip, inside the transaction, records at or below the position stored in " + rs.Row.Table
		}
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: edits}}
	} else {
		// The bug holds; only the fix is not built (#13).
		if len(rel) == 0 {
			d.Related = []analysis.RelatedInformation{{Pos: ce.Pos(), Message: "the transaction's write of the position"}}
		}
		d.Message += "; no automatic fix: " + noFix
	}
	c.report(d)
}

// skipEdits builds skipApplied's fix for the write ce of the offset row,
// reading it back with reader. Without a fix, noFix says why and what to
// do instead; both are empty when the write is not a bug after all (a
// guarded write whose affected rows are checked: a replay is a no-op).
func (c *checker) skipEdits(ev *semantics.Evidence, k *consumer.Consumer, reader *clientmodel.SQLReader, ce *ast.CallExpr) (edits []analysis.TextEdit, noFix string) {
	rs := ev.Restore
	const instead = "read the stored position back inside the transaction (FOR UPDATE, by the write's keys) and return when the record is at or below it"
	shape := func(what string) (edits []analysis.TextEdit, noFix string) {
		return nil, what + "; " + instead
	}
	if ce.Ellipsis.IsValid() {
		return shape("the write's arguments are passed as a slice")
	}
	fn := c.calleeOf(ce)
	if fn == nil {
		return shape("the write is not a call the fix knows")
	}
	ex, ok := clientmodel.SQLExecOf(fn.FullName())
	if !ok || ex.Query < 1 || ex.Query >= len(ce.Args) {
		return shape("the write is not a call the fix knows")
	}
	tv := c.pass.TypesInfo.Types[ce.Args[ex.Query]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return shape("the write's statement is not a constant")
	}
	sql := constant.StringVal(tv.Value)
	if sqlrow.Unguarded(sql) == nil && c.rowsChecked(ce) {
		return nil, "" // the guarded write's affected rows are checked: a replay is already a no-op
	}
	switch {
	case ev.CommitsToBroker() == semantics.On:
	case ev.CommitsToBroker() == semantics.Off && rs.StartNewest == semantics.Off && !c.startAssigned(k):
	case ev.CommitsToBroker() == semantics.Off && rs.StartNewest == semantics.On:
		// No skip brings back what a start from the newest offset never
		// reads: the consumer starts from the oldest one instead.
		start, ok := c.startOldest(k)
		if !ok {
			return nil, "no skip brings back the records a start from the newest offset never reads, and the start offset is not a field of a config literal in the consumer's constructor call; have the consumer start from the oldest offset, and " + instead
		}
		edits = append(edits, start)
	default:
		return nil, "whether the consumer resumes at or behind the stored position (what it commits to the broker, or its start offset) is not known here, and a skip is right only then; " + instead + ", once it resumes at or behind it"
	}
	// The write's placeholders, numbered ($n) to find each key's.
	numbered := sql
	lock := " FOR UPDATE"
	if rs.Row.Marks {
		// ? placeholders: MySQL or SQLite, and FOR UPDATE is MySQL's
		// only. A write in the syntax of one of them says which.
		switch {
		case duplicateKeyRE.MatchString(sql):
		case onConflictRE.MatchString(sql):
			// SQLite's upsert (MySQL has none; PostgreSQL's drivers
			// number their placeholders). SQLite's transactions are
			// serializable: a second owner that read the position before
			// the first one's commit fails its write (SQLITE_BUSY) and
			// rolls back instead of applying the record again, so a
			// plain read is the skip's.
			lock = ""
		default:
			return nil, "the write has ? placeholders and no syntax of MySQL's or SQLite's own, so the fix cannot tell whether the skip's read takes FOR UPDATE (MySQL) or not (SQLite); read the stored position back inside the transaction by the write's keys (FOR UPDATE where the database has it) and return when the record is at or below it"
		}
		numbered, _, _ = sqlrow.Number(sql)
	}
	sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr)
	if !ok {
		return shape("the transaction is not a variable of the function")
	}
	txID, ok := sel.X.(*ast.Ident)
	if !ok {
		return shape("the transaction is not a variable of the function")
	}
	tx := c.pass.TypesInfo.Uses[txID]
	at, ret, rollback, ok := c.afterBegin(ce, tx)
	if !ok {
		return shape("the transaction does not begin in the function that writes the row, with a deferred rollback (or where one can be added) and an error result")
	}
	arg := func(n int) (string, bool) {
		if n < 1 || ex.Query+n >= len(ce.Args) {
			return "", false
		}
		a := ce.Args[ex.Query+n]
		return c.text(a), pureExpr(a) && c.inScopeAt(a, at)
	}
	const scope = "the write's context, keys or position are not expressions without effects in scope where the transaction begins"
	args := []string{c.text(ce.Args[0]), "`" + rs.Row.Select() + lock + "`"}
	if !pureExpr(ce.Args[0]) || !c.inScopeAt(ce.Args[0], at) {
		return shape(scope)
	}
	for _, key := range rs.Row.Keys {
		a, ok := arg(keyPlaceholder(numbered, key))
		if !ok {
			return shape(scope)
		}
		args = append(args, a)
	}
	newPos, ok := arg(colPlaceholder(numbered, rs.Row.Col))
	if !ok {
		return shape(scope)
	}
	posType, ok := c.pass.TypesInfo.TypeOf(ce.Args[ex.Query+colPlaceholder(numbered, rs.Row.Col)]).(*types.Basic)
	if !ok || posType.Info()&types.IsInteger == 0 {
		return shape("the written position is not an integer")
	}
	file := edit.File(c.pass, at)
	imp := c.importer(file, &edits)
	noRowsPath, noRowsName := splitFull(reader.NoRows)
	stored := edit.FreeName(c.pass, at, "stored")
	code := rollback + fmt.Sprintf("var %s %s\nif err := %s.%s(%s).Scan(&%s); err == nil && %s <= %s {\n\treturn %snil // already applied: the stored position is past it\n} else if err != nil && !%s.Is(err, %s.%s) {\n\treturn %s%s.Errorf(\"read the stored position: %%w\", err)\n}",
		stored, posType.Name(), txID.Name, reader.Method, strings.Join(args, ", "), stored, newPos, stored, ret,
		imp("errors"), imp(noRowsPath), noRowsName, ret, imp("fmt"))
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + edit.Indent(c.pass, txID.Pos()) + indentRest(code, edit.Indent(c.pass, txID.Pos())))})
	return edits, ""
}

// duplicateKeyRE matches MySQL's upsert, which no other database with ?
// placeholders accepts.
var duplicateKeyRE = regexp.MustCompile(`(?is)\bon\s+duplicate\s+key\s+update\b`)

// startAssigned reports whether the function building consumer k assigns
// the client's start field of a config (`cfg.StartOffset = v`) a value
// other than an oldest one: the evidence may not have seen it (a config
// passed by value is a load of its variable, not of its literal), and
// the skip is right only from the oldest offset.
func (c *checker) startAssigned(k *consumer.Consumer) bool {
	st := k.Client.Start
	if st == nil || st.Field == "" || k.Fn == nil || k.Fn.Syntax() == nil {
		return false
	}
	field := st.Field[strings.LastIndex(st.Field, ".")+1:]
	found := false
	ast.Inspect(k.Fn.Syntax(), func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || found {
			return !found
		}
		for i, l := range as.Lhs {
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != field {
				continue
			}
			v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
			if !ok || !v.IsField() || v.Pkg() == nil || !slices.Contains(k.Client.Paths, v.Pkg().Path()) {
				continue
			}
			if len(as.Rhs) != len(as.Lhs) {
				found = true
				continue
			}
			tv := c.pass.TypesInfo.Types[as.Rhs[i]]
			if tv.Value == nil || !slices.Contains(st.Oldest, tv.Value.ExactString()) {
				found = true
			}
		}
		return !found
	})
	return found
}

// onlyLiteral returns the composite literal (or its address) that a
// local variable, used once (by id), is declared with by `:=` or var,
// alone, and never assigned again: an edit of the literal changes only
// what that use sees. Nil otherwise.
func (c *checker) onlyLiteral(id *ast.Ident) ast.Expr {
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || v.IsField() {
		return nil
	}
	for other, o := range c.pass.TypesInfo.Uses {
		if o == v && other != id {
			return nil // used (or assigned) elsewhere
		}
	}
	var value ast.Expr
walk:
	for _, n := range edit.Path(c.pass, v.Pos()) {
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok == token.DEFINE && len(x.Lhs) == 1 && len(x.Rhs) == 1 {
				value = x.Rhs[0]
			}
		case *ast.ValueSpec:
			if len(x.Names) == 1 && len(x.Values) == 1 {
				value = x.Values[0]
			}
		case *ast.Ident:
			continue
		}
		break walk
	}
	if value == nil {
		return nil
	}
	e := ast.Unparen(value)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if _, ok := e.(*ast.CompositeLit); !ok {
		return nil
	}
	return e
}

// onConflictRE matches SQLite's (and PostgreSQL's) upsert, which MySQL
// does not accept.
var onConflictRE = regexp.MustCompile(`(?is)\bon\s+conflict\b`)

// startOldest returns the edit that makes consumer k start a partition
// without a committed offset from the oldest offset: the client's start
// field, set to a newest value in a config literal of its constructor
// call, is given the oldest value instead (the client package's constant
// of that value and the field's type, else the value itself).
func (c *checker) startOldest(k *consumer.Consumer) (analysis.TextEdit, bool) {
	st := k.Client.Start
	if k.Site == nil || st == nil || st.Field == "" || len(st.Oldest) == 0 {
		return analysis.TextEdit{}, false
	}
	call, _ := edit.CallAt(c.pass, k.Site.Pos())
	if call == nil || len(call.Args) != 1 {
		return analysis.TextEdit{}, false
	}
	e := ast.Unparen(call.Args[0])
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if id, ok := e.(*ast.Ident); ok {
		if e = c.onlyLiteral(id); e == nil {
			// A variable whose start field is assigned after its literal
			// (cfg.StartOffset = kafka.LastOffset).
			return c.startAssignedOldest(call, st, id)
		}
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return analysis.TextEdit{}, false
	}
	field := st.Field[strings.LastIndex(st.Field, ".")+1:]
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != field {
			continue
		}
		tv := c.pass.TypesInfo.Types[kv.Value]
		if tv.Value == nil || !slices.Contains(st.Newest, tv.Value.ExactString()) {
			return analysis.TextEdit{}, false
		}
		text := c.oldestText(st, types.Unalias(c.pass.TypesInfo.TypeOf(lit)), tv.Type, lit.Pos())
		return analysis.TextEdit{Pos: kv.Value.Pos(), End: kv.Value.End(), NewText: []byte(text)}, true
	}
	return analysis.TextEdit{}, false
}

// startAssignedOldest returns the edit making the assignment of the
// newest start offset to the start field of the config variable id, passed
// to the constructor call, the oldest: the variable is a local whose only
// other uses are assignments to its fields, in the block of the call and
// before it, one of them to the start field.
func (c *checker) startAssignedOldest(call *ast.CallExpr, st *clientmodel.StartKnob, id *ast.Ident) (analysis.TextEdit, bool) {
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || v.IsField() {
		return analysis.TextEdit{}, false
	}
	field := st.Field[strings.LastIndex(st.Field, ".")+1:]
	callPath := edit.Path(c.pass, call.Pos())
	_, callList := edit.Stmt(callPath)
	var start ast.Expr
	for other, o := range c.pass.TypesInfo.Uses {
		if o != v || other == id {
			continue
		}
		path := edit.Path(c.pass, other.Pos())
		// other is X of cfg.F, the left-hand side of a plain assignment
		var sel *ast.SelectorExpr
		var as *ast.AssignStmt
		for _, n := range path[1:] {
			if s, ok := n.(*ast.SelectorExpr); ok && sel == nil && s.X == other {
				sel = s
				continue
			}
			as, _ = n.(*ast.AssignStmt)
			break
		}
		if sel == nil || as == nil || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 || ast.Unparen(as.Lhs[0]) != sel || as.Pos() > call.Pos() {
			return analysis.TextEdit{}, false
		}
		if _, list := edit.Stmt(path); list == nil || callList == nil || len(*list) == 0 || len(*callList) == 0 || (*list)[0] != (*callList)[0] {
			return analysis.TextEdit{}, false // not in the block of the call
		}
		if sel.Sel.Name == field {
			if start != nil {
				return analysis.TextEdit{}, false
			}
			start = as.Rhs[0]
		}
	}
	if start == nil {
		return analysis.TextEdit{}, false
	}
	tv := c.pass.TypesInfo.Types[start]
	if tv.Value == nil || !slices.Contains(st.Newest, tv.Value.ExactString()) {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: start.Pos(), End: start.End(), NewText: []byte(c.oldestText(st, types.Unalias(v.Type()), tv.Type, start.Pos()))}, true
}

// oldestText spells the client's oldest start offset for a field of type
// t of the config type config, in the file at pos: the client's exported
// constant of that value (kafka.FirstOffset) when there is exactly one,
// else the number.
func (c *checker) oldestText(st *clientmodel.StartKnob, config, t types.Type, pos token.Pos) string {
	text := st.Oldest[0]
	named, ok := config.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return text
	}
	pkg := named.Obj().Pkg()
	var found []string
	for _, name := range pkg.Scope().Names() {
		k, ok := pkg.Scope().Lookup(name).(*types.Const)
		if ok && k.Exported() && k.Val().ExactString() == st.Oldest[0] && types.Identical(k.Type(), t) {
			found = append(found, name)
		}
	}
	if q := edit.Qualifier(c.pass, edit.File(c.pass, pos), pkg); len(found) == 1 && q != "" {
		text = q + "." + found[0]
	}
	return text
}

// afterBegin returns where the transaction tx, declared in the function
// holding call, has begun: the end of its declaring statement, of the
// error check after it and of the deferred rollback that must follow it
// (returning early then releases it). ret is what a return there writes
// before a final error: the zero values of the function's other results.
// Without a deferred rollback, rollback is one to insert there first
// (`defer tx.Rollback()`, with the write's context where the method takes
// one): built when the error check returns and the function commits tx
// itself, using it nowhere but in method calls of its own (a rollback
// after the commit does nothing).
func (c *checker) afterBegin(call *ast.CallExpr, tx types.Object) (at token.Pos, ret, rollback string, ok bool) {
	if tx == nil {
		return token.NoPos, "", "", false
	}
	_, path := edit.CallAt(c.pass, call.Lparen)
	ft, body := edit.FuncOf(path)
	if ft == nil || body == nil || ft.Results == nil {
		return token.NoPos, "", "", false
	}
	var sig *types.Signature
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Type == ft {
			sig, _ = c.pass.TypesInfo.Defs[fd.Name].Type().(*types.Signature)
		}
		if fl, ok := n.(*ast.FuncLit); ok && fl.Type == ft {
			sig, _ = c.pass.TypesInfo.TypeOf(fl).(*types.Signature)
		}
	}
	if sig == nil || sig.Results().Len() == 0 || !isError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return token.NoPos, "", "", false
	}
	ret, ok = edit.LeadingZeros(c.pass, sig, edit.File(c.pass, call.Pos()))
	if !ok {
		return token.NoPos, "", "", false
	}
	lineEnd := func(end token.Pos) token.Pos {
		if eol, ok := c.lineEnd(end - 1); ok {
			return eol // after a comment ending the line
		}
		return end
	}
	for i, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || !declares(c.pass.TypesInfo, as, tx) {
			continue
		}
		j := i + 1
		var check *ast.IfStmt
		if j < len(body.List) {
			if ifs, ok := body.List[j].(*ast.IfStmt); ok && ifs.Init == nil && ifs.Else == nil {
				check = ifs
				j++ // the begin's error check
			}
		}
		if j < len(body.List) {
			if d, ok := body.List[j].(*ast.DeferStmt); ok {
				if s, ok := ast.Unparen(d.Call.Fun).(*ast.SelectorExpr); ok && s.Sel.Name == "Rollback" {
					if id, ok := s.X.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == tx {
						return lineEnd(d.End()), ret, "", call.Pos() > d.End()
					}
				}
			}
		}
		// No deferred rollback: one is added.
		if check == nil || len(check.Body.List) == 0 || !c.terminal(check.Body.List[len(check.Body.List)-1]) || call.Pos() < check.End() {
			return token.NoPos, "", "", false
		}
		rb, ok := c.rollbackText(body, tx, call)
		if !ok {
			return token.NoPos, "", "", false
		}
		return lineEnd(check.End()), ret, rb + "\n", true
	}
	return token.NoPos, "", "", false
}

// rollbackText returns `defer tx.Rollback()` for the transaction tx of
// body, given the context the write call passes first when the method
// takes one; ok is false unless body commits tx and uses it only as the
// receiver of its method calls.
func (c *checker) rollbackText(body *ast.BlockStmt, tx types.Object, write *ast.CallExpr) (string, bool) {
	commits, other := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == tx {
				if n.Sel.Name == "Commit" {
					commits = true
				}
				return false
			}
		case *ast.Ident:
			if c.pass.TypesInfo.Uses[n] == tx {
				other = true
			}
		}
		return true
	})
	if !commits || other {
		return "", false
	}
	m, _, _ := types.LookupFieldOrMethod(tx.Type(), true, tx.Pkg(), "Rollback")
	fn, ok := m.(*types.Func)
	if !ok {
		return "", false
	}
	params := fn.Type().(*types.Signature).Params()
	switch {
	case params.Len() == 0:
		return "defer " + tx.Name() + ".Rollback()", true
	case params.Len() == 1 && len(write.Args) > 0 && types.Identical(params.At(0).Type(), c.pass.TypesInfo.TypeOf(write.Args[0])) && pureExpr(write.Args[0]):
		return "defer " + tx.Name() + ".Rollback(" + c.text(write.Args[0]) + ")", true
	}
	return "", false
}

// declares reports whether as declares obj.
func declares(info *types.Info, as *ast.AssignStmt, obj types.Object) bool {
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && info.Defs[id] == obj {
			return true
		}
	}
	return false
}

// inScopeAt reports whether every variable e names is declared before pos
// and visible there.
func (c *checker) inScopeAt(e ast.Expr, pos token.Pos) bool {
	scope := c.scopeAt(pos)
	ok := scope != nil
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID && ok {
					ok = c.visible(scope, id, pos)
				}
				return ok
			})
			return false
		case *ast.Ident:
			ok = ok && c.visible(scope, n, pos)
		}
		return ok
	})
	return ok
}

func (c *checker) visible(scope *types.Scope, id *ast.Ident, pos token.Pos) bool {
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		return true // a package name or a field
	}
	if _, isVar := obj.(*types.Var); !isVar {
		return true
	}
	_, found := scope.LookupParent(id.Name, pos)
	return found == obj
}

// colPlaceholder returns the number of the placeholder ($n) sql writes
// the offset column col from: in an UPDATE's SET, or in an INSERT's
// VALUES; 0 if none.
func colPlaceholder(sql, col string) int {
	if insertColsRE.MatchString(sql) {
		return keyPlaceholder(sql, col)
	}
	re := regexp.MustCompile(`(?is)\bset\b(.*?)\bwhere\b`)
	m := re.FindStringSubmatch(sql)
	if m == nil {
		return 0
	}
	for _, a := range strings.Split(m[1], ",") {
		name, value, ok := strings.Cut(a, "=")
		if ok && strings.EqualFold(strings.Trim(strings.TrimSpace(name), `"`), col) {
			if p := numberedRE.FindStringSubmatch(strings.TrimSpace(value)); p != nil {
				n, _ := strconv.Atoi(p[1])
				return n
			}
		}
	}
	return 0
}

// rowsChecked reports whether the result of the write call (assigned to a
// variable) has its affected rows read in the same function: with a
// guarded write, the transaction then tells a replay (no row moved) from
// a new record, and skips it (a compare-and-set on the stored position).
func (c *checker) rowsChecked(call *ast.CallExpr) bool {
	_, path := edit.CallAt(c.pass, call.Lparen)
	_, body := edit.FuncOf(path)
	var res types.Object
	for _, n := range path {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call && len(as.Lhs) > 0 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				res = c.pass.TypesInfo.ObjectOf(id)
			}
			break
		}
	}
	if res == nil || body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "RowsAffected" {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == res {
				found = true
			}
		}
		return !found
	})
	return found
}

// readsInFunc reports whether the function holding call passes a
// constant statement that reads (per reads) to any call: it already
// checks the stored position.
func (c *checker) readsInFunc(call *ast.CallExpr, reads func(string) bool) bool {
	_, path := edit.CallAt(c.pass, call.Lparen)
	_, body := edit.FuncOf(path)
	found := false
	if body != nil {
		ast.Inspect(body, func(n ast.Node) bool {
			if ce, ok := n.(*ast.CallExpr); ok && !found {
				for _, a := range ce.Args {
					if tv := c.pass.TypesInfo.Types[a]; tv.Value != nil && tv.Value.Kind() == constant.String && reads(constant.StringVal(tv.Value)) {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}
