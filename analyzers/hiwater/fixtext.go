package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- source text of the rewritten statements ----

// checked builds `if [_, ]err := CALL; err != nil { body }` for a call
// returning an error last, or the bare call for one returning nothing.
func (c *checker) checked(sig *types.Signature, call, errName, body string) (string, bool) {
	res := sig.Results()
	if res.Len() == 0 {
		return call, true
	}
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	lhs := strings.Repeat("_, ", res.Len()-1) + errName
	return fmt.Sprintf("if %s := %s; %s != nil {\n%s\n}", lhs, call, errName, indentText(body)), true
}

// substitute returns the source of the call with the record argument
// replaced by the batch (variadic) or kept (a loop binds it).
func (c *checker) substitute(ce *ast.CallExpr, v types.Object, recArg ast.Expr, variadic bool, src string, extra []replacement) (string, bool) {
	reps := extra
	if variadic && c.count(ce, v) == 1 {
		reps = append(reps, replacement{recArg.Pos(), recArg.End(), src + "..."})
	}
	return c.textOf(ce, reps)
}

// stmtText returns the statement's source with the record argument
// replaced by the batch when variadic.
func (c *checker) stmtText(stmt ast.Stmt, recArg ast.Expr, variadic bool, src string) (string, bool) {
	var reps []replacement
	if variadic {
		reps = append(reps, replacement{recArg.Pos(), recArg.End(), src + "..."})
	}
	return c.textOf(stmt, reps)
}

type replacement struct {
	pos, end token.Pos
	text     string
}

// textOf returns the source of n with replacements, dedented to n's own
// indentation.
func (c *checker) textOf(n ast.Node, reps []replacement) (string, bool) {
	tf := c.pass.Fset.File(n.Pos())
	if tf == nil {
		return "", false
	}
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].pos < reps[j].pos })
	var sb strings.Builder
	off := tf.Offset(n.Pos())
	for _, r := range reps {
		sb.Write(content[off:tf.Offset(r.pos)])
		sb.WriteString(r.text)
		off = tf.Offset(r.end)
	}
	sb.Write(content[off:tf.Offset(n.End())])
	indent := edit.Indent(c.pass, n.Pos())
	lines := strings.Split(sb.String(), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], indent)
	}
	return strings.Join(lines, "\n"), true
}

// sourceOfList returns the statements of a block, dedented.
func (c *checker) sourceOfList(b *ast.BlockStmt) string {
	if len(b.List) == 0 {
		return ""
	}
	first, last := b.List[0], b.List[len(b.List)-1]
	tf := c.pass.Fset.File(first.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	indent := edit.Indent(c.pass, first.Pos())
	src := string(content[tf.Offset(tf.LineStart(tf.Line(first.Pos()))):tf.Offset(last.End())])
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		lines = append(lines, strings.TrimPrefix(l, indent))
	}
	return strings.Join(lines, "\n")
}

func indentText(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "\n")
}

// visibleAt reports whether obj is what its name means at pos.
func (c *checker) visibleAt(obj types.Object, pos token.Pos) bool {
	f := edit.File(c.pass, pos)
	if f == nil {
		return false
	}
	scope := c.pass.TypesInfo.Scopes[f]
	if scope == nil {
		return false
	}
	inner := scope.Innermost(pos)
	if inner == nil {
		return false
	}
	_, found := inner.LookupParent(obj.Name(), pos)
	return found == obj
}

// assignedBetween reports whether a variable of the batch expression is
// assigned in the loop or between the loop and pos's statement.
func (c *checker) assignedBetween(b *batch, until ast.Stmt) bool {
	expr, err := parseIdents(b.src)
	if err != nil {
		return true
	}
	names := map[string]bool{}
	for _, n := range expr {
		names[n] = true
	}
	found := false
	check := func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			as, ok := x.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && names[id.Name] {
					found = true
				}
			}
			return true
		})
	}
	check(b.loop)
	for _, s := range b.list[b.idx+1:] {
		if s == until || s.Pos() > until.Pos() {
			break
		}
		check(s)
	}
	return found
}

// parseIdents returns the leading identifier of a batch expression.
func parseIdents(src string) ([]string, error) {
	i := strings.IndexAny(src, ".([")
	if i < 0 {
		return []string{src}, nil
	}
	return []string{src[:i]}, nil
}

// unusedName returns name, or name with a numeric suffix, that is neither
// visible at the batch loop nor spelled anywhere in its list.
func (c *checker) unusedName(b *batch, name string) string {
	used := map[string]bool{}
	for _, s := range b.list {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	cand := name
	for i := 2; used[cand] || edit.FreeName(c.pass, b.loop.Pos(), cand) != cand; i++ {
		cand = name + strconv.Itoa(i)
	}
	return cand
}
