package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// fetchCommitFix builds the fix of a fetch that commits on read (kafka-go
// ReadMessage on a group reader) whose record is then sent to workers:
//
//	m, err := r.ReadMessage(ctx)      m, err := r.FetchMessage(ctx)
//	if err != nil {                   if err != nil {
//		return err                        return err
//	}                                 }
//	out <- m                          <the workers' loop body, m for its variable>
//	                                  if err := r.CommitMessages(ctx, m); err != nil {
//	                                  	return err
//	                                  }
//
// The read becomes the client's fetch that does not commit, the record is
// processed in place of the send (inlineSend), and the client's commit of
// the record follows, its error handled as the read's is. It requires the
// read to be `rec, err := recv.Fetch(ctx)` followed by `if err != nil {
// ... }`, and the commit to take the read's context and the record.
func (c *checker) fetchCommitFix(p *position, h *handOff) (analysis.SuggestedFix, bool) {
	cl := p.client.Client
	fetch := cl.CallName(clientmodel.Fetch, clientmodel.ScopeArgs)
	var commit *clientmodel.Call
	for i := range cl.Calls {
		if k := &cl.Calls[i]; k.Role == clientmodel.Commit && k.Scope == clientmodel.ScopeArgs && !k.GroupCommit {
			commit = k
			break
		}
	}
	if fetch == "" || commit == nil || commit.Record != 1 {
		return analysis.SuggestedFix{}, false
	}
	call, path := edit.CallAt(c.pass, p.instr.Pos())
	if call == nil || len(call.Args) != 1 {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return analysis.SuggestedFix{}, false
	}
	recID, ok := as.Lhs[0].(*ast.Ident)
	if !ok || recID.Name == "_" {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	if idx < 0 || idx+1 >= len(list) || !isErrCheckOf(list[idx+1]) {
		return analysis.SuggestedFix{}, false
	}
	check := list[idx+1].(*ast.IfStmt)
	if check.Else != nil || len(check.Body.List) == 0 {
		return analysis.SuggestedFix{}, false
	}
	ss, rec, text, extra, ok := c.inlineSend(path, h)
	if !ok || rec != c.pass.TypesInfo.ObjectOf(recID) {
		return analysis.SuggestedFix{}, false
	}
	// The commit's receiver and context mean at the send what they mean
	// at the read.
	for _, e := range []ast.Expr{sel.X, call.Args[0]} {
		same := true
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID {
				if obj := c.pass.TypesInfo.Uses[id]; obj != nil && c.lookup(ss.Pos(), id.Name) != obj {
					same = false
				}
			}
			return same
		})
		if !same {
			return analysis.SuggestedFix{}, false
		}
	}
	first, last := check.Body.List[0], check.Body.List[len(check.Body.List)-1]
	lines, ok := c.dedent(c.rawRange(first.Pos(), last.End()), first.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	commitText := fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n\t%s\n}",
		c.raw(sel.X), clientmodel.BareName(commit.Func), c.raw(call.Args[0]), recID.Name, strings.Join(lines, "\n\t"))
	_, cut, ok := c.cutLines(ss, ss)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	cut.NewText = []byte(text + indentLines(commitText, edit.Indent(c.pass, ss.Pos())) + "\n")
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Fetch with %s, process the %s in place of the hand-off and commit it after", fetch, cl.RecordNoun),
		TextEdits: append([]analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)},
			cut,
		}, extra...),
	}, true
}

// rawRange returns the source between pos and end, comments kept.
func (c *checker) rawRange(pos, end token.Pos) string {
	tf := c.pass.Fset.File(pos)
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(pos):tf.Offset(end)])
}
