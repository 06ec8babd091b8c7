package ordering

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// The fix of a hexagonal hand-off (xport.go) edits the core, not the
// wiring where the finding is made: the core's method that only queues
// the record (`s.queue <- &data`) processes it in place instead, the
// body of its workers' loop replacing the send (edit.InPlace), so that
// the consumer's position call, made as soon as the method returns,
// follows the processing. The core's package computes those edits from
// its own syntax and exports them by file name and offsets (edit.FileEdit),
// with the methods of a queueingResult fact: on the type whose methods
// they are, and on a constructor returning it as the port. A front end
// that has loaded the core's files (the standalone one) attaches them
// to the finding; one that reads the core from export data (go vet)
// reports the finding without a fix, saying where the change goes.
//
// A method's edits, or why there are none, are its handsoff.Fact's
// (Fix, Why): see internal/handsoff, queuefix.go.

// exportQueueFixes exports, on each named type of pass's package whose
// methods carrying handsOff can process their argument in place, or
// cannot for a reason a finding names, a queueingResult fact whose
// methods hold the edits or the reason (queueFix), and returns those
// methods.
func exportQueueFixes(pass *analysis.Pass, ho *handsoff.Result) map[*types.Func]queueingMethod {
	queued := map[*types.Func]queueingMethod{}
	byType := map[*types.TypeName]*queueingResult{}
	var order []*types.TypeName
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv == nil {
				continue
			}
			m, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			h, ok := ho.Of(m)
			if !ok && m.Exported() {
				// A method starting its goroutine, which the package
				// follows itself: its in-place fix is for the packages
				// calling it (audit 40b/D2).
				h, ok = ho.Own(m)
			}
			if !ok {
				continue
			}
			recv := m.Type().(*types.Signature).Recv()
			named, _ := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
			if named == nil || named.TypeParams().Len() > 0 {
				continue
			}
			edits, why := h.Fix, h.Why
			if edits == nil && why == "" {
				continue
			}
			tn := named.Obj()
			f := byType[tn]
			if f == nil {
				f = &queueingResult{Type: types.TypeString(recv.Type(), (*types.Package).Name)}
				byType[tn] = f
				order = append(order, tn)
			}
			qm := newQueueingMethod(pass, m, h)
			qm.Fix, qm.Why = edits, why
			queued[m] = qm
			f.Methods = append(f.Methods, qm)
		}
	}
	for _, tn := range order {
		pass.ExportObjectFact(tn, byType[tn])
	}
	return queued
}

// queueing returns method m, which carries handsOff for its parameters
// at params, as a queueingMethod: with the edits making it process what
// it queues in place, or why it cannot, that its type's queueingResult
// fact holds (exportQueueFixes), if any.
func (c *checker) queueing(m *types.Func, params []int) queueingMethod {
	qm := queueingMethod{Name: m.Name(), Params: params}
	recv := m.Type().(*types.Signature).Recv()
	if recv == nil {
		return qm
	}
	named, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
	var f queueingResult
	if !ok || !c.pass.ImportObjectFact(named.Obj(), &f) {
		return qm
	}
	for _, fm := range f.Methods {
		if fm.Name == m.Name() {
			qm.Fix, qm.Why = fm.Fix, fm.Why
		}
	}
	return qm
}

// newQueueingMethod returns method m of pass's package, carrying fact h,
// as a queueingMethod, without edits.
func newQueueingMethod(pass *analysis.Pass, m *types.Func, h *handsoff.Fact) queueingMethod {
	qm := queueingMethod{Name: m.Name(), Params: h.Params}
	qm.At = offsetOf(pass, m.Pos())
	return qm
}

// portFix returns the suggested fix of a hand-off to method, of the
// implementation named implName, whose in-place edits are edits: the
// edits when this run loaded the files they edit (the standalone front
// end), else nil.
func (c *checker) portFix(edits []edit.FileEdit, noun, implName string) []analysis.SuggestedFix {
	if len(edits) == 0 {
		return nil
	}
	out, ok := edit.Resolve(c.pass.Fset, edits)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "Process the " + noun + " in " + implName + " in place of the hand-off to its workers",
		TextEdits: out,
	}}
}

// vetNoPortFix says, for a finding without a fix because this run reads
// package pkg from export data (go vet), what the fix edits there: in
// impl, the queuing method, the send becomes the workers' loop body.
func vetNoPortFix(pkg, impl, noun string) string {
	return fmt.Sprintf("the fix edits package %s, which this run reads from export data (go vet analyzes one package at a time): in %s, process the %s in place of the send (the body of its workers' loop), or run commitlint -fix on patterns that include %s",
		pkg, impl, noun, pkg)
}
