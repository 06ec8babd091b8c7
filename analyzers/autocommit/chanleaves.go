package autocommit

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// channelLeaves returns, for statements that send a value on a channel
// whose values leave the package, the function through which they leave:
// a function of the package that returns what it receives from the
// channel (case m := <-c.msgCh: return m, nil), or one that returns the
// channel itself; or the channel's exported field. The code that
// processes such a message is the package's user: nothing after the send
// in this package runs after its processing. "" when no send does.
func (c *checker) channelLeaves(stmts []ast.Stmt) string {
	var via string
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if via != "" {
				return false
			}
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			if send, ok := n.(*ast.SendStmt); ok {
				via = c.leavesThrough(c.chanObject(send.Chan))
			}
			return true
		})
	}
	return via
}

// leavesAfter is channelLeaves for the statements after the fetch f's
// statement in its list.
func (c *checker) leavesAfter(f *consumer.Call) string {
	_, path := edit.CallAt(c.pass, f.Pos())
	if path == nil {
		return ""
	}
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return ""
	}
	return c.channelLeaves(after(*listp, stmt))
}

// chanObject returns the variable or field a channel expression names.
func (c *checker) chanObject(e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if f := fieldOf(c.pass, e); f != nil {
		return f
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
			return v
		}
	}
	return nil
}

// leavesThrough is channelLeaves for one channel variable or field.
func (c *checker) leavesThrough(ch types.Object) string {
	if ch == nil {
		return ""
	}
	if f, ok := ch.(*types.Var); ok && f.IsField() && f.Exported() {
		return "the exported field " + f.Name() + " hands them out"
	}
	is := func(e ast.Expr) bool { return e != nil && c.chanObject(e) == ch }
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			// received are the variables of fd that take a value
			// received from the channel.
			received := map[types.Object]bool{}
			leaves, whole := false, false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.AssignStmt:
					if len(n.Rhs) == 1 {
						if u, ok := ast.Unparen(n.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW && is(u.X) {
							if id, ok := n.Lhs[0].(*ast.Ident); ok {
								if obj := c.pass.TypesInfo.ObjectOf(id); obj != nil {
									received[obj] = true
								}
							}
						}
					}
				case *ast.ReturnStmt:
					for _, r := range n.Results {
						r = ast.Unparen(r)
						if is(r) {
							leaves, whole = true, true
						}
						if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.ARROW && is(u.X) {
							leaves = true
						}
						if id, ok := r.(*ast.Ident); ok && received[c.pass.TypesInfo.Uses[id]] {
							leaves = true
						}
					}
				}
				return true
			})
			if whole {
				return fd.Name.Name + " returns the channel to its callers"
			}
			if leaves {
				return fd.Name.Name + " returns them to its callers"
			}
		}
	}
	return ""
}
