package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// enableReports returns the edits that make a producer of type t report
// its deliveries when the package does not turn the reports on
// (clientmodel.Produce.ReplyNeeds): the setting is set on the config right
// before the package builds the producer, and a goroutine draining the
// report channel it turns on (ReplyOn) starts right after the build's
// error check:
//
//	cfg := sarama.NewConfig()                cfg := sarama.NewConfig()
//	p, err := sarama.NewAsyncProducer(b, cfg)    cfg.Producer.Return.Successes = true
//	if err != nil {                              p, err := sarama.NewAsyncProducer(b, cfg)
//		return nil, err                          if err != nil {
//	}                                            	return nil, err
//	                                             }
//	                                             go func() {
//	                                             	for report := range p.Successes() {
//	                                             		if reply, ok := report.Metadata.(chan error); ok {
//	                                             			reply <- nil
//	                                             		}
//	                                             	}
//	                                             }()
//
// When the package sets ReplyNeeds but drains no ReplyOn channel (its
// producer would block once the channel's buffer fills), the drain is
// added, and the setting too unless the build's block sets it on the
// same config before the build (set false). The failures' channel
// (ReplyKeptOn) is drained the same way when the package drains it
// nowhere, and turned back on where the package turns it off (keep,
// keepOn). The forward is replyFix's; the other report channels must
// already be drained in the package (drained). It requires:
//
//   - one call of the constructor ReplyNew in the package, building a
//     producer of type t, in an assignment `X, err := New(..., cfg)` with
//     X a variable or field path, followed by `if err != nil` whose body
//     leaves;
//   - cfg a local variable of that function, defined by := from a call,
//     and otherwise only used through its fields or as an argument of the
//     client package's functions (a config handed to another package may
//     build a producer nobody drains).
func (c *checker) enableReports(t types.Type, pr *clientmodel.ProduceRef, drained map[string]bool, set, needOn, keep bool) ([]analysis.TextEdit, bool) {
	if pr.ReplyOn == "" || pr.ReplyNew == "" || keep && pr.ReplyKeptOn == "" {
		return nil, false
	}
	for k := range pr.ReplyForward {
		if k != pr.ReplyOn && k != pr.ReplyKeptOn && !drained[k] {
			return nil, false
		}
	}
	var calls []*ast.CallExpr
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn, ok := typeutilCallee(c, call); ok && fn.FullName() == pr.ReplyNew {
					calls = append(calls, call)
				}
			}
			return true
		})
	}
	if len(calls) != 1 || pr.ReplyNewConfig >= len(calls[0].Args) {
		return nil, false
	}
	call := calls[0]
	path := edit.Path(c.pass, call.Pos())
	for len(path) > 0 && path[0] != ast.Node(call) {
		path = path[1:]
	}
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || listp == nil || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ast.Expr(call) {
		return nil, false
	}
	switch l := as.Lhs[0].(type) {
	case *ast.Ident:
		if l.Name == "_" {
			return nil, false
		}
	default:
		if as.Tok == token.DEFINE || !c.isPure(l) {
			return nil, false
		}
	}
	if tv := c.pass.TypesInfo.TypeOf(as.Lhs[0]); tv == nil || !types.Identical(tv, t) {
		return nil, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	if idx < 0 || idx+1 >= len(list) || !isErrCheckOf(list[idx+1]) || !definesErr(stmt) {
		return nil, false
	}
	check := list[idx+1].(*ast.IfStmt)
	if check.Else != nil || len(check.Body.List) == 0 || !c.leaves(check.Body.List[len(check.Body.List)-1]) {
		return nil, false
	}
	cfg, ok := c.ownConfig(path, call.Args[pr.ReplyNewConfig], pr.Client)
	if !ok {
		return nil, false
	}
	var edits []analysis.TextEdit
	setting := fmt.Sprintf("%s.%s = true", cfg, pr.ReplyNeeds)
	if needOn && (set || !c.setBefore(list[:idx], setting)) {
		edits = append(edits, edit.InsertBefore(c.pass, stmt, setting))
	}
	var chans []string
	if !drained[pr.ReplyOn] {
		chans = append(chans, pr.ReplyOn)
	}
	if keep {
		// The failures are turned off: the one assignment doing it, on
		// this config in this function, turns them back on.
		e, ok := c.keepOn(path, cfg, pr.ReplyKeeps)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	if pr.ReplyKeptOn != "" && !drained[pr.ReplyKeptOn] {
		chans = append(chans, pr.ReplyKeptOn)
	}
	if len(chans) == 0 {
		return edits, true // drained already: replyFix forwards there
	}
	at := check.End()
	name := edit.FreeName(c.pass, at, "report")
	for _, l := range pr.ReplyLocals {
		if name == l {
			return nil, false
		}
	}
	var drains []string
	for _, ch := range chans {
		fwd := strings.ReplaceAll(pr.ReplyForward[ch], clientmodel.FixVar, name)
		fwd = "\t\t" + strings.ReplaceAll(fwd, "\n", "\n\t\t")
		drains = append(drains, fmt.Sprintf("go func() {\n\tfor %s := range %s.%s() {\n%s\n\t}\n}()", name, c.raw(as.Lhs[0]), ch, fwd))
	}
	return append(edits, edit.InsertAfter(c.pass, check, strings.Join(drains, "\n"))), true
}

// keepOn returns the edit setting true the one assignment of the package
// that sets a field path ending in field to something else, when it sets
// cfg.field in the function of path (the producer's build).
func (c *checker) keepOn(path []ast.Node, cfg, field string) (analysis.TextEdit, bool) {
	_, body := edit.FuncOf(path)
	if body == nil {
		return analysis.TextEdit{}, false
	}
	var found []ast.Expr
	ok := true
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, isAs := n.(*ast.AssignStmt)
			if !isAs {
				return true
			}
			for i, l := range as.Lhs {
				if _, isSel := ast.Unparen(l).(*ast.SelectorExpr); !isSel || !strings.HasSuffix(c.raw(l), "."+field) {
					continue
				}
				if tv := c.pass.TypesInfo.Types[as.Rhs[i]]; tv.Value != nil && tv.Value.String() == "true" {
					continue
				}
				if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) || c.raw(l) != cfg+"."+field || as.Pos() < body.Pos() || as.End() > body.End() {
					ok = false
				}
				found = append(found, as.Rhs[i])
			}
			return true
		})
	}
	if !ok || len(found) != 1 {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: found[0].Pos(), End: found[0].End(), NewText: []byte("true")}, true
}

// setBefore reports whether one of list, the statements before the
// producer's build in its block, is the assignment setting.
func (c *checker) setBefore(list []ast.Stmt, setting string) bool {
	for _, s := range list {
		if as, ok := s.(*ast.AssignStmt); ok && c.raw(as) == setting {
			return true
		}
	}
	return false
}

// leaves reports whether s ends its block's control flow: a return, a
// branch, or a call that never returns.
func (c *checker) leaves(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	}
	return noreturn.Of(c.pass).Leaves(s)
}

// ownConfig returns the name of the config e, when it is a local variable
// of the function of path, defined by := from a call, and every other use
// of it in that function reads or sets its fields or passes it to a
// function of the client's package.
func (c *checker) ownConfig(path []ast.Node, e ast.Expr, cl *clientmodel.Client) (string, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return "", false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return "", false
	}
	_, body := edit.FuncOf(path)
	if body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return "", false
	}
	good := true
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		x, isID := n.(*ast.Ident)
		if !isID || !good {
			return good
		}
		if c.pass.TypesInfo.Defs[x] == v {
			as, ok := parent.(*ast.AssignStmt)
			if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
				good = false
				return false
			}
			for i, l := range as.Lhs {
				if l == ast.Expr(x) {
					if _, isCall := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); !isCall {
						good = false
					}
				}
			}
			return good
		}
		if c.pass.TypesInfo.Uses[x] != v {
			return true
		}
		switch p := parent.(type) {
		case *ast.SelectorExpr:
			if p.X == ast.Expr(x) {
				return true
			}
		case *ast.CallExpr:
			fn, ok := typeutilCallee(c, p)
			if ok && fn.Pkg() != nil && clientmodel.Default.Client(fn.Pkg().Path()) == cl {
				return true
			}
		}
		good = false
		return false
	})
	if !good {
		return "", false
	}
	return id.Name, true
}
