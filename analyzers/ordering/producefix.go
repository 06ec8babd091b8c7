package ordering

import (
	"fmt"
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// produceFix builds the fix of a position call made after an asynchronous
// produce of its record: the produce call is replaced by the client's
// synchronous form (clientmodel.Produce.Sync), which waits for the
// delivery and hands its outcome to the callback the code passed, so the
// position call that follows comes after the effect. A nil callback gets
// the form without one.
func (c *checker) produceFix(h *handOff, noun string) (analysis.SuggestedFix, bool) {
	pr := h.produce
	if pr.Sync == "" {
		return analysis.SuggestedFix{}, false
	}
	call, _ := edit.CallAt(c.pass, h.instr.Pos())
	if call == nil || call.Ellipsis.IsValid() || pr.Done >= len(call.Args) {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := pr.Sync
	if id, ok := ast.Unparen(call.Args[pr.Done]).(*ast.Ident); ok && id.Name == "nil" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		text = pr.SyncNoDone
	}
	pairs := []string{clientmodel.FixRecv, c.raw(sel.X)}
	for i, a := range call.Args {
		pairs = append(pairs, "$"+strconv.Itoa(i), c.raw(a))
	}
	text = strings.NewReplacer(pairs...).Replace(text)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Replace %s with a produce that waits for the delivery", sel.Sel.Name),
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}},
	}, true
}
