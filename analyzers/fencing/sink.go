package fencing

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
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
				obj := consumer.Callee(call.Common())
				if obj == nil || obj.Pkg() == nil || !isSQLPkg(obj.Pkg().Path()) {
					continue
				}
				if ex, ok := clientmodel.SQLExecOf(obj.FullName()); ok {
					report.Guard(c.pass, call.Pos(), func() { c.offsetRow(call, ex) })
				}
			}
		}
	}
}

func isSQLPkg(path string) bool {
	return path == "database/sql" || path == "github.com/jackc/pgx/v5" || strings.HasPrefix(path, "github.com/jackc/pgx/v5/")
}

// offsetWrite is a parsed write of an offset row.
type offsetWrite struct {
	verb  string // "UPDATE" or "INSERT ... ON CONFLICT"
	table string
	col   string
	// at is the index in the statement text where the guard goes, guard
	// the text to insert there.
	at    int
	guard string
}

func (c *checker) offsetRow(call *ssa.Call, ex *clientmodel.SQLExec) {
	q, ok := consumer.Arg(call.Common(), ex.Query).(*ssa.Const)
	if !ok || q.Value == nil || q.Value.Kind() != constant.String {
		return
	}
	w := parseOffsetWrite(constant.StringVal(q.Value))
	if w == nil {
		return
	}
	off := c.recordOffset(consumer.Arg(call.Common(), ex.Query+1), map[ssa.Value]bool{}, 0)
	if off == token.NoPos {
		return // not the position of a record
	}
	lit := c.sqlLiteral(call, ex)
	if lit == nil {
		return
	}
	at, ok := litPos(lit, w.at)
	if !ok {
		return
	}
	pos, end := c.callRange(call.Pos())
	c.report(analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: CategoryUnfenced,
		Message: fmt.Sprintf("the offset row in %s is written without a guard (no compare-and-set on the previous offset, no generation or epoch, no monotonic condition): after a rebalance the partition's previous owner can still run this %s and move the stored position backwards, so records are applied again (duplicates despite the transaction)",
			w.table, w.verb),
		Related: []analysis.RelatedInformation{
			{Pos: lit.Pos(), End: lit.End(), Message: "the statement"},
			{Pos: off, Message: "the record's offset"},
		},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Only move " + w.col + " forward",
			TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(w.guard)}},
		}},
	})
}

// sqlLiteral returns the string literal the call's SQL text is written
// as: the argument itself, or the declaration of a constant of this
// package.
func (c *checker) sqlLiteral(call *ssa.Call, ex *clientmodel.SQLExec) *ast.BasicLit {
	ce, _ := edit.CallAt(c.pass, call.Pos())
	if ce == nil || ex.Query >= len(ce.Args) {
		return nil
	}
	switch a := ast.Unparen(ce.Args[ex.Query]).(type) {
	case *ast.BasicLit:
		return a
	case *ast.Ident:
		obj, ok := c.pass.TypesInfo.Uses[a].(*types.Const)
		if !ok || obj.Pkg() != c.pass.Pkg {
			return nil
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

// recordOffset returns the position where v reads a record's offset (the
// Offset field of a client record or TopicPartition), looking through
// arithmetic, conversions, locals, variadic argument slices and in-package
// parameters; NoPos if it does not.
func (c *checker) recordOffset(v ssa.Value, seen map[ssa.Value]bool, depth int) token.Pos {
	if v == nil || seen[v] || depth > 16 {
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
	return f != nil && f.Name() == "Offset" && f.Pkg() != nil && c.ix.IsClientPath(f.Pkg().Path())
}

// fencedWords are column names whose mention in a WHERE clause fences the
// write (a generation, an epoch, an owner or lease token).
var fencedWords = []string{"generation", "epoch", "fenc", "owner", "lease", "token", "term"}

var (
	placeholderRE = regexp.MustCompile(`^\$\d+(\s*\+\s*\d+)?$`)
	identRE       = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$`)
)

// parseOffsetWrite recognises an unguarded write of an offset column in an
// offsets table keyed by partition, and returns where its guard goes.
// Anything it does not fully understand (several statements, CTEs,
// subqueries, FROM, aliases, ? placeholders) yields nil.
func parseOffsetWrite(sql string) *offsetWrite {
	low := asciiLower(sql)
	end := len(strings.TrimRight(low, " \t\n;"))
	if strings.Contains(low[:end], ";") || strings.Contains(low, "(select") || strings.Contains(low, "( select") {
		return nil
	}
	start := len(low) - len(strings.TrimLeft(low, " \t\n"))
	switch {
	case matchWS(low, start, "update ") > 0:
		return parseUpdate(sql, low, start, end)
	case matchWS(low, start, "insert into ") > 0:
		return parseUpsert(sql, low, start, end)
	}
	return nil
}

func parseUpdate(sql, low string, start, end int) *offsetWrite {
	// Keywords are searched after "UPDATE ", whose space must not be
	// taken for the one before SET (FuzzSQLGuard).
	head := matchWS(low, start, "update ")
	set, setEnd := keyword(low, " set ", head, end)
	where, _ := keyword(low, " where ", head, end)
	if set < 0 || where < setEnd {
		return nil // no WHERE after the SET list (" set where" shares its space)
	}
	if from, _ := keyword(low, " from ", start, end); from >= 0 {
		return nil
	}
	stop := end
	if r, _ := keyword(low, " returning ", where, end); r >= 0 {
		stop = r
	}
	table := strings.TrimSpace(sql[head:set])
	if !identRE.MatchString(table) {
		return nil
	}
	whereText := low[where:stop]
	if !strings.Contains(whereText, "partition") {
		return nil
	}
	col, expr := offsetAssignment(sql[setEnd:where], table)
	if col == "" || guarded(whereText, col) || !placeholderRE.MatchString(expr) {
		return nil
	}
	if !strings.Contains(asciiLower(table), "offset") && !strings.Contains(asciiLower(col), "offset") {
		return nil
	}
	at := len(strings.TrimRight(sql[:stop], " \t\n"))
	return &offsetWrite{verb: "UPDATE", table: table, col: col, at: at, guard: fmt.Sprintf(" AND %s < %s", col, expr)}
}

func parseUpsert(sql, low string, start, end int) *offsetWrite {
	into := matchWS(low, start, "insert into ")
	conflict, _ := keyword(low, " on conflict", into, end)
	set, setStart := keyword(low, " do update set ", into, end)
	if conflict < 0 || set < conflict {
		return nil
	}
	head := strings.TrimSpace(sql[into:conflict])
	paren := strings.Index(head, "(")
	if paren < 0 {
		return nil
	}
	table := strings.TrimSpace(head[:paren])
	if !identRE.MatchString(table) || !strings.Contains(asciiLower(table), "offset") {
		return nil
	}
	target := low[conflict:set]
	if !strings.Contains(target, "partition") {
		return nil
	}
	stop := end
	if r, _ := keyword(low, " returning ", set, end); r >= 0 {
		stop = r
	}
	where, _ := keyword(low, " where ", set, stop)
	setEnd := stop
	if where >= 0 {
		setEnd = where
	}
	if setEnd < setStart {
		return nil // "do update set where ..." or "... set returning": no SET list
	}
	col, expr := offsetAssignment(sql[setStart:setEnd], table)
	if col == "" {
		return nil
	}
	lowExpr := asciiLower(expr)
	if lowExpr != "excluded."+asciiLower(col) && !placeholderRE.MatchString(expr) {
		return nil
	}
	at := len(strings.TrimRight(sql[:stop], " \t\n"))
	guard := fmt.Sprintf(" WHERE %s.%s < %s", table, col, expr)
	if where >= 0 {
		if guarded(low[where:stop], col) {
			return nil
		}
		guard = fmt.Sprintf(" AND %s.%s < %s", table, col, expr)
	}
	return &offsetWrite{verb: "INSERT ... ON CONFLICT DO UPDATE", table: table, col: col, at: at, guard: guard}
}

// offsetAssignment returns the column and value of the assignment that
// moves an offset column in a SET list, or "" when there is none (or one
// is guarded with GREATEST, or assigns the column to itself).
func offsetAssignment(set, table string) (col, expr string) {
	for _, a := range splitTop(set) {
		eq := strings.Index(a, "=")
		if eq < 0 {
			continue
		}
		name := strings.TrimSpace(a[:eq])
		value := strings.TrimSpace(a[eq+1:])
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		ln, lv := asciiLower(name), asciiLower(value)
		if !strings.Contains(ln, "offset") || !identRE.MatchString(name) {
			continue
		}
		if strings.Contains(lv, "greatest(") || strings.Contains(lv, "max(") {
			return "", ""
		}
		if lv == ln || lv == asciiLower(table)+"."+ln {
			return "", "" // assigned to itself: no move
		}
		return name, value
	}
	return "", ""
}

// guarded reports whether a WHERE clause compares the offset column or
// mentions a generation, epoch or owner.
func guarded(where, col string) bool {
	if regexp.MustCompile(`\b` + regexp.QuoteMeta(asciiLower(col)) + `\b`).MatchString(where) {
		return true
	}
	for _, w := range fencedWords {
		if strings.Contains(where, w) {
			return true
		}
	}
	return false
}

// keyword returns the start and end of kw (with its surrounding spaces,
// any run of whitespace matching a space) in low[from:to], outside
// parentheses and quotes, or -1, -1.
func keyword(low, kw string, from, to int) (int, int) {
	depth := 0
	quote := byte(0)
	for i := from; i < to; i++ {
		ch := low[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
			continue
		case ch == '\'' || ch == '"':
			quote = ch
			continue
		case ch == '(':
			depth++
			continue
		case ch == ')':
			depth--
			continue
		}
		if depth == 0 {
			if e := matchWS(low, i, kw); e > 0 && e <= to {
				return i, e
			}
		}
	}
	return -1, -1
}

// matchWS returns the end of kw at low[i:], any run of whitespace in low
// matching a space in kw, or -1.
func matchWS(low string, i int, kw string) int {
	j := i
	for k := 0; k < len(kw); k++ {
		if kw[k] == ' ' {
			if j >= len(low) || !isSpace(low[j]) {
				return -1
			}
			for j < len(low) && isSpace(low[j]) {
				j++
			}
			continue
		}
		if j >= len(low) || low[j] != kw[k] {
			return -1
		}
		j++
	}
	return j
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// splitTop splits a SET list at commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[last:i])
				last = i + 1
			}
		}
	}
	return append(out, s[last:])
}

// asciiLower lowers ASCII letters only, so indexes stay the same.
func asciiLower(s string) string {
	b := []byte(s)
	for i, ch := range b {
		if 'A' <= ch && ch <= 'Z' {
			b[i] = ch + 'a' - 'A'
		}
	}
	return string(b)
}
