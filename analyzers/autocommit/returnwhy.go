package autocommit

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- why a helper's callers cannot commit the message it returns ----

// callersCause names the one reason, in a few words, why the fix cannot
// have the callers of the helper around path commit the message it
// returns (callerCommits, ackCommits, callersCommitReturned): the first
// that applies of a function literal, an exported helper, one named by an
// interface method, results other than (value, error), and a use of the
// helper (a go or defer statement, an exported field, a value returned or
// otherwise used, a call whose result is not processed in place). It is
// "" when none is found.
func (c *checker) callersCause(path []ast.Node) string {
	fd, ok := enclosingDecl(path)
	if !ok {
		return "the read is in a function literal, whose calls the fix does not follow"
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return ""
	}
	if fn.Exported() {
		return fmt.Sprintf("the helper %s is exported: callers out of sight would not commit", fn.Name())
	}
	if c.declaredByInterface(fn) || c.interfaceMethodNamed(fn.Name()) {
		return fmt.Sprintf("an interface of the package has a method %s: calls through it are out of sight", fn.Name())
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 2 || !isErrorType(sig.Results().At(1).Type()) {
		return fmt.Sprintf("the helper %s does not return a value and an error", fn.Name())
	}
	var uses []*ast.Ident
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj == fn {
			uses = append(uses, id)
		}
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].Pos() < uses[j].Pos() })
	if len(uses) == 0 {
		return fmt.Sprintf("nothing in the package calls %s", fn.Name())
	}
	for _, id := range uses {
		if why := c.useCause(id, fn); why != "" {
			return why
		}
	}
	return ""
}

// namingExpr returns the expression naming a function at its use id (id,
// or the selector x.f whose name id is) and its index in path, the path
// from id up: path[i+1] holds it, unless i+1 is len(path).
func namingExpr(path []ast.Node, id *ast.Ident) (ast.Node, int) {
	var e ast.Node = id
	i := 0
	for i < len(path) && path[i] != id {
		i++
	}
	if i+1 < len(path) {
		if sel, ok := path[i+1].(*ast.SelectorExpr); ok && sel.Sel == id {
			e, i = sel, i+1
		}
	}
	return e, i
}

// useCause names why the use id of the helper fn is out of the fix's
// reach, or "" for a use a fix may take (a call processing the result in
// place, a value bound to a variable, passed to a function of the package
// or stored in an unexported field).
func (c *checker) useCause(id *ast.Ident, fn *types.Func) string {
	path := edit.Path(c.pass, id.Pos())
	line := c.pass.Fset.Position(id.Pos()).Line
	e, i := namingExpr(path, id)
	if i+1 >= len(path) {
		return ""
	}
	switch p := path[i+1].(type) {
	case *ast.CallExpr:
		if p.Fun != e {
			return "" // passed to a function: ackCommits' case
		}
		if i+2 < len(path) {
			switch path[i+2].(type) {
			case *ast.GoStmt:
				return fmt.Sprintf("%s is called in a go statement (line %d)", fn.Name(), line)
			case *ast.DeferStmt:
				return fmt.Sprintf("%s is called in a defer statement (line %d)", fn.Name(), line)
			}
		}
		if _, _, _, ok := c.processedAssign(path[i+1:], p); !ok {
			return fmt.Sprintf("the call of %s at line %d does not process the result in place (a `v, err :=` statement checking err and handing v on to no channel, goroutine, batch or result)", fn.Name(), line)
		}
	case *ast.KeyValueExpr:
		if k, ok := p.Key.(*ast.Ident); ok && p.Value == e && ast.IsExported(k.Name) {
			return fmt.Sprintf("%s is stored in the exported field %s (line %d)", fn.Name(), k.Name, line)
		}
	case *ast.CompositeLit:
		return fmt.Sprintf("%s is stored by a struct literal without keys (line %d)", fn.Name(), line)
	case *ast.AssignStmt:
		for j, r := range p.Rhs {
			if r != e || j >= len(p.Lhs) {
				continue
			}
			if s, ok := p.Lhs[j].(*ast.SelectorExpr); ok && ast.IsExported(s.Sel.Name) {
				return fmt.Sprintf("%s is stored in the exported field %s (line %d)", fn.Name(), s.Sel.Name, line)
			}
		}
	case *ast.ReturnStmt:
		return fmt.Sprintf("%s is returned as a value (line %d)", fn.Name(), line)
	}
	return ""
}
