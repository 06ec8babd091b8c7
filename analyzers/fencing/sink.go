package fencing

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// offsetRows reports offset rows in the consumer's own database written
// without a guard: SQL exec calls whose statement text is a constant
// UPDATE or INSERT ... ON CONFLICT DO UPDATE of an offset column keyed by
// partition, with a record's offset among the arguments.
func (c *checker) offsetRows() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				obj := ssaflow.Callee(call.Common())
				if obj == nil {
					continue
				}
				if ex, ok := clientmodel.SQLExecOf(obj.FullName()); ok {
					report.Guard(c.pass, call.Pos(), func() { c.offsetRow(call, ex) })
				}
			}
		}
	}
}

func (c *checker) offsetRow(call *ssa.Call, ex *clientmodel.SQLExec) {
	q, ok := ssaflow.Arg(call.Common(), ex.Query).(*ssa.Const)
	if !ok || q.Value == nil || q.Value.Kind() != constant.String {
		return // SQL built at run time: what it writes is not known
	}
	sql := constant.StringVal(q.Value)
	w, marks := sqlrow.Unguarded(sql), []int(nil)
	if w == nil {
		w, marks = unguardedMarks(sql)
	}
	if w == nil {
		return
	}
	off := c.recordOffset(ssaflow.Arg(call.Common(), ex.Query+1), map[ssa.Value]bool{}, 0)
	if off == token.NoPos {
		return // not the position of a record
	}
	ce, _ := edit.CallAt(c.pass, call.Pos())
	if ce == nil || ex.Query >= len(ce.Args) {
		return
	}
	edits := c.guardEdits(ce, ex, sql, w, marks)
	lit := c.sqlLiteral(call, ex)
	var stmt ast.Node = ce.Args[ex.Query]
	if lit != nil {
		stmt = lit
	}
	pos, end := c.callRange(call.Pos())
	d := analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: CategoryUnfenced,
		Message: fmt.Sprintf("the offset row in %s is written without a guard (no compare-and-set on the previous offset, no generation or epoch, no monotonic condition): after a rebalance the partition's previous owner can still run this %s and move the stored position backwards, so records are applied again (duplicates despite the transaction)",
			w.Table, w.Verb),
		Related: []analysis.RelatedInformation{
			{Pos: stmt.Pos(), End: stmt.End(), Message: "the statement"},
			{Pos: off, Message: "the record's offset"},
		},
	}
	if edits == nil {
		// Reported all the same (#13).
		d.Message += fmt.Sprintf("; no automatic fix: the guard needs an argument again at a new ? placeholder, and the call's arguments cannot be repeated safely (a call or an expression with effects, or not one argument per ?); bind them to variables first, then only move %s forward (%q, the argument passed again)", w.Col, strings.TrimSpace(w.Guard))
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Only move " + w.Col + " forward",
			TextEdits: edits,
		}}
	}
	c.report(d)
}

// guardEdits returns the edits that add w's guard to the statement: in
// its string literal (the call's argument or the declaration of a
// constant of this package used only there) when the guard's position
// maps onto the literal's text, else by replacing the call's SQL argument
// with a literal of the guarded statement. With ? placeholders (marks,
// the byte index of each in sql) the guard's value is a new ? and the
// argument it stands for is written again at its place in the argument
// list; nil when that argument cannot be repeated safely. A guard that
// replaces text (a MySQL upsert's value wrapped in GREATEST) adds no
// placeholder.
func (c *checker) guardEdits(ce *ast.CallExpr, ex *clientmodel.SQLExec, sql string, w *sqlrow.Write, marks []int) []analysis.TextEdit {
	var edits []analysis.TextEdit
	guard := w.Guard
	if marks != nil && markRE.MatchString(guard) {
		k, text, ok := repeatedMark(guard)
		if !ok || k < 1 || k > len(marks) {
			return nil
		}
		guard = text
		// The new ? comes after the marks before At: its argument goes
		// after theirs.
		before := 0
		for _, m := range marks {
			if m < w.At {
				before++
			}
		}
		e, ok := c.repeatArg(ce, ex, k, before, len(marks))
		if !ok {
			return nil
		}
		edits = append(edits, e...)
	}
	arg := ce.Args[ex.Query]
	lit := c.sqlLiteralOf(arg, marks != nil)
	if lit != nil {
		at, ok := litPos(lit, w.At)
		end, endOK := litPos(lit, w.End)
		if ok && endOK {
			return append(edits, analysis.TextEdit{Pos: at, End: end, NewText: []byte(guard)})
		}
		arg = lit
	}
	return append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(sqlText(sql[:w.At] + guard + sql[w.End:]))})
}

// repeatArg returns the edits that pass the argument of placeholder k
// (of n) again as the argument of a new placeholder that follows
// `before` of them. Arguments passed as a slice (args...) get the element
// appended to a copy when the new one is last, else inserted in a copy
// (`append(args[:b:b], append(args[k:k+1:k+1], args[b:]...)...)`: each
// capped slice makes append copy, so args is not written). An argument
// with effects
// is evaluated once, into a variable declared before the statement, when
// every other argument and the receiver are free of effects (the order
// of evaluation is then kept).
func (c *checker) repeatArg(ce *ast.CallExpr, ex *clientmodel.SQLExec, k, before, n int) ([]analysis.TextEdit, bool) {
	if ce.Ellipsis.IsValid() {
		if len(ce.Args) != ex.Query+2 {
			return nil, false
		}
		sl := ce.Args[ex.Query+1]
		if !pureExpr(sl) {
			return nil, false
		}
		src := c.text(sl)
		text := fmt.Sprintf("append(%s[:len(%s):len(%s)], %s[%d])", src, src, src, src, k-1)
		if before != n {
			text = fmt.Sprintf("append(%s[:%d:%d], append(%s[%d:%d:%d], %s[%d:]...)...)", src, before, before, src, k-1, k, k, src, before)
		}
		return []analysis.TextEdit{{Pos: sl.Pos(), End: sl.End(), NewText: []byte(text)}}, true
	}
	if len(ce.Args)-ex.Query-1 != n {
		return nil, false // not one argument per ?
	}
	arg := ce.Args[ex.Query+k]
	var edits []analysis.TextEdit
	argText := c.text(arg)
	if !pureExpr(arg) {
		e, names, ok := c.hoistArgs(ce, arg)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
		argText = names[arg]
	}
	if before == n {
		last := ce.Args[len(ce.Args)-1]
		return append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + argText)}), true
	}
	at := ce.Args[ex.Query+1+before]
	return append(edits, analysis.TextEdit{Pos: at.Pos(), End: at.Pos(), NewText: []byte(argText + ", ")}), true
}

// hoistArgs returns the edits that evaluate every argument of the call
// with effects, in order, into a variable declared before its statement
// (next for the offset, arg, arg2, … for the others), so that
// one of them can be passed twice with the order of evaluation kept. The
// receiver must be free of effects, and the call must be the statement's
// own (nothing else in it evaluated before the arguments).
func (c *checker) hoistArgs(ce *ast.CallExpr, offset ast.Expr) ([]analysis.TextEdit, map[ast.Expr]string, bool) {
	if sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr); !ok || !pureExpr(sel.X) {
		return nil, nil, false
	}
	_, path := edit.CallAt(c.pass, ce.Lparen)
	st, list := edit.Stmt(path)
	if st == nil || list == nil || !ownCall(st, ce) {
		return nil, nil, false
	}
	names := map[ast.Expr]string{}
	taken := map[string]bool{}
	var decls []string
	for _, a := range ce.Args {
		if pureExpr(a) {
			continue
		}
		base := "arg"
		if a == offset {
			base = "next"
		}
		name := edit.FreeName(c.pass, st.Pos(), base)
		for i := 2; taken[name]; i++ {
			name = edit.FreeName(c.pass, st.Pos(), fmt.Sprintf("%s%d", base, i))
		}
		taken[name] = true
		names[a] = name
		decls = append(decls, name+" := "+c.text(a))
	}
	edits := []analysis.TextEdit{edit.InsertBefore(c.pass, st, strings.Join(decls, "\n"))}
	for a, name := range names {
		edits = append(edits, analysis.TextEdit{Pos: a.Pos(), End: a.End(), NewText: []byte(name)})
	}
	return edits, names, true
}

// ownCall reports whether ce is the call st makes (an expression
// statement, the one value assigned or returned, an if's init), so that
// nothing else in st is evaluated before its arguments.
func ownCall(st ast.Stmt, ce *ast.CallExpr) bool {
	if ifs, ok := st.(*ast.IfStmt); ok {
		st = ifs.Init
	}
	var x ast.Expr
	switch st := st.(type) {
	case *ast.ExprStmt:
		x = st.X
	case *ast.AssignStmt:
		if len(st.Rhs) == 1 {
			x = st.Rhs[0]
		}
	case *ast.ReturnStmt:
		if len(st.Results) == 1 {
			x = st.Results[0]
		}
	}
	return x != nil && ast.Unparen(x) == ce
}

func containsNode(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// sqlText writes s as a Go string literal: a raw string when it spans
// lines and can be one, else a quoted string.
func sqlText(s string) string {
	if strings.Contains(s, "\n") && !strings.ContainsAny(s, "`\r") {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// unguardedMarks recognises an unguarded offset row write with ?
// placeholders (database/sql drivers for MySQL or SQLite): it numbers
// them ($1, $2, …, in order) for sqlrow.Unguarded, and maps the result
// back onto sql. It returns the write (its guard still numbered) and the
// byte index of each ? in sql, or nil when sql has no ? placeholder, also
// has numbered ones, or is not such a write.
func unguardedMarks(sql string) (*sqlrow.Write, []int) {
	if strings.Contains(sql, "$") {
		return nil, nil
	}
	numbered, marks, toOrig := sqlrow.Number(sql)
	if len(marks) == 0 {
		return nil, nil
	}
	w := sqlrow.Unguarded(numbered)
	if w == nil || w.End >= len(toOrig) {
		return nil, nil
	}
	at, end := toOrig[w.At], toOrig[w.End]
	if w.At > 0 && toOrig[w.At-1] == at || w.End > 0 && toOrig[w.End-1] == end {
		return nil, nil // inside a placeholder: not a place for the guard
	}
	w.At, w.End = at, end
	return w, marks
}

var markRE = regexp.MustCompile(`\$(\d+)`)

// repeatedMark returns the number of the one numbered placeholder in a
// guard and the guard with it written as ?.
func repeatedMark(guard string) (int, string, bool) {
	ms := markRE.FindAllStringSubmatch(guard, -1)
	if len(ms) != 1 {
		return 0, "", false
	}
	k, err := strconv.Atoi(ms[0][1])
	if err != nil {
		return 0, "", false
	}
	return k, markRE.ReplaceAllLiteralString(guard, "?"), true
}

// pureExpr reports whether e can be evaluated twice with the same result
// and no effect: names, fields, constants, arithmetic and conversions.
func pureExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return pureExpr(e.X)
	case *ast.SelectorExpr:
		return pureExpr(e.X)
	case *ast.StarExpr:
		return pureExpr(e.X)
	case *ast.BinaryExpr:
		return pureExpr(e.X) && pureExpr(e.Y)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && e.Op != token.AND && pureExpr(e.X)
	case *ast.CallExpr:
		// A conversion: T(x) with T a type name.
		if len(e.Args) != 1 {
			return false
		}
		switch f := e.Fun.(type) {
		case *ast.Ident:
			switch f.Name {
			case "int", "int32", "int64", "uint32", "uint64", "string":
				return pureExpr(e.Args[0])
			}
		}
	}
	return false
}

// sqlLiteral returns the string literal the call's SQL text is written
// as: the argument itself, or the declaration of a constant of this
// package.
func (c *checker) sqlLiteral(call *ssa.Call, ex *clientmodel.SQLExec) *ast.BasicLit {
	ce, _ := edit.CallAt(c.pass, call.Pos())
	if ce == nil || ex.Query >= len(ce.Args) {
		return nil
	}
	return c.sqlLiteralOf(ce.Args[ex.Query], false)
}

// sqlLiteralOf returns the string literal an argument is written as: the
// argument itself, or the declaration of a constant of this package
// (with once, only a constant used nowhere else).
func (c *checker) sqlLiteralOf(arg ast.Expr, once bool) *ast.BasicLit {
	switch a := ast.Unparen(arg).(type) {
	case *ast.BasicLit:
		return a
	case *ast.Ident:
		obj, ok := c.pass.TypesInfo.Uses[a].(*types.Const)
		if !ok || obj.Pkg() != c.pass.Pkg {
			return nil
		}
		if once {
			for id, o := range c.pass.TypesInfo.Uses {
				if o == obj && id != a {
					return nil
				}
			}
		}
		path := edit.Path(c.pass, obj.Pos())
		for _, n := range path {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, name := range vs.Names {
				if name.Pos() == obj.Pos() && i < len(vs.Values) {
					lit, _ := vs.Values[i].(*ast.BasicLit)
					return lit
				}
			}
		}
	}
	return nil
}

// litPos returns the position of byte i of a string literal's value, for
// literals whose value is their text (raw strings without carriage
// returns, interpreted strings without escapes).
func litPos(lit *ast.BasicLit, i int) (token.Pos, bool) {
	if lit.Kind != token.STRING || len(lit.Value) < 2 {
		return token.NoPos, false
	}
	body := lit.Value[1 : len(lit.Value)-1]
	if strings.ContainsAny(body, "\r\\") && lit.Value[0] == '"' || strings.Contains(body, "\r") {
		return token.NoPos, false
	}
	if i > len(body) {
		return token.NoPos, false
	}
	return lit.Pos() + 1 + token.Pos(i), true
}

// recordOffsetIn is recordOffset for a value of a helper's body, its
// parameters standing for the arguments args of one call.
func (c *checker) recordOffsetIn(v ssa.Value, args map[*ssa.Parameter]ssa.Value, seen map[ssa.Value]bool, depth int) token.Pos {
	if v == nil || depth > ssaflow.MaxValueDepth {
		return token.NoPos
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		if a, ok := args[x]; ok {
			return c.recordOffset(a, seen, depth+1)
		}
		return token.NoPos
	case *ssa.BinOp:
		if p := c.recordOffsetIn(x.X, args, seen, depth+1); p != token.NoPos {
			return p
		}
		return c.recordOffsetIn(x.Y, args, seen, depth+1)
	case *ssa.Convert:
		return c.recordOffsetIn(x.X, args, seen, depth+1)
	case *ssa.ChangeType:
		return c.recordOffsetIn(x.X, args, seen, depth+1)
	case *ssa.Field, *ssa.UnOp:
		return c.recordOffset(v, seen, depth+1) // a record's offset field
	}
	return token.NoPos
}

// recordOffset returns the position where v reads a record's offset (the
// Offset field of a client record or TopicPartition), looking through
// arithmetic, conversions, locals, variadic argument slices and in-package
// parameters; NoPos if it does not.
func (c *checker) recordOffset(v ssa.Value, seen map[ssa.Value]bool, depth int) token.Pos {
	if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
		return token.NoPos
	}
	seen[v] = true
	rec := func(x ssa.Value) token.Pos { return c.recordOffset(x, seen, depth+1) }
	switch x := v.(type) {
	case *ssa.FieldAddr:
		if f := ssaflow.FieldVar(x); c.isOffsetField(f) {
			return x.Pos()
		}
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() && c.isOffsetField(st.Field(x.Field)) {
			return x.Pos()
		}
	case *ssa.UnOp:
		if p := rec(x.X); p != token.NoPos {
			return p
		}
		if x.Op == token.MUL {
			for _, r := range c.m.Flow.Loaded(x.X) {
				if p := rec(r); p != token.NoPos {
					return p
				}
			}
		}
	case *ssa.BinOp:
		if p := rec(x.X); p != token.NoPos {
			return p
		}
		return rec(x.Y)
	case *ssa.Convert:
		return rec(x.X)
	case *ssa.ChangeType:
		return rec(x.X)
	case *ssa.MakeInterface:
		return rec(x.X)
	case *ssa.Slice:
		return rec(x.X)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if p := rec(e); p != token.NoPos {
				return p
			}
		}
	case *ssa.Alloc:
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
						if p := rec(st.Val); p != token.NoPos {
							return p
						}
					}
				}
			case *ssa.Store:
				if r.Addr == x {
					if p := rec(r.Val); p != token.NoPos {
						return p
					}
				}
			}
		}
	case *ssa.Parameter:
		fn := x.Parent()
		for i, p := range fn.Params {
			if p != x {
				continue
			}
			for _, site := range c.m.Flow.Callers(fn) {
				if args := site.Common().Args; i < len(args) {
					if p := rec(args[i]); p != token.NoPos {
						return p
					}
				}
			}
		}
	case *ssa.Call:
		// A helper of the package computing the next position
		// (nextOffset(m)): what it returns, its parameters standing for
		// this call's arguments (not every caller's).
		if fn := x.Call.StaticCallee(); fn != nil && c.m.Flow.InPackage(fn) && fn.Signature.Results().Len() == 1 && len(fn.Params) == len(x.Call.Args) {
			args := map[*ssa.Parameter]ssa.Value{}
			for i, p := range fn.Params {
				args[p] = x.Call.Args[i]
			}
			for _, b := range fn.Blocks {
				if len(b.Instrs) == 0 {
					continue
				}
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
					if p := c.recordOffsetIn(ret.Results[0], args, seen, depth+1); p != token.NoPos {
						return p
					}
				}
			}
		}
	case *ssa.FreeVar:
		for _, r := range c.m.Flow.Roots(x) {
			if r != ssa.Value(x) {
				if p := rec(r); p != token.NoPos {
					return p
				}
			}
		}
	}
	return token.NoPos
}

// isOffsetField reports whether f is the Offset field of a client type.
func (c *checker) isOffsetField(f *types.Var) bool {
	if f == nil || f.Pkg() == nil {
		return false
	}
	cl := c.ix.Client(f.Pkg().Path())
	return cl != nil && f.Name() == cl.OffsetField
}
