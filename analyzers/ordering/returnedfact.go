package ordering

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// An exported helper that commits its poll and returns the records (or
// values decoded from them) without processing them (checkReturned)
// carries a returnsCommitted fact: a caller in another package that
// processes what it returns is reported at its call. No fix is offered
// there: the commit is in the helper's package, which a fix made while
// analyzing the caller cannot edit.

// returnsCommitted is the fact of an exported function that writes the
// position of records (through the client call Func) and then returns
// them, or values decoded from them, as its results Results, without
// processing them itself.
type returnsCommitted struct {
	Results []int
	Func    string
	// At is the commit call's position.
	At fileOffset
}

func (*returnsCommitted) AFact() {}
func (f *returnsCommitted) String() string {
	return fmt.Sprintf("returnsCommitted(%v, %s)", f.Results, clientmodel.ShortName(f.Func))
}

// exportReturned exports the returnsCommitted fact of p's function, an
// exported function that returns at ret the records p committed before.
func (c *checker) exportReturned(p *position, ret *ssa.Return, tainted map[ssa.Value]bool) {
	obj, ok := p.fn.Object().(*types.Func)
	if !ok || p.fn.Parent() != nil || !obj.Exported() || p.client.Call == nil {
		return
	}
	f := &returnsCommitted{Func: p.client.Func, At: offsetOf(c.pass, p.instr.Pos())}
	for i, r := range ret.Results {
		if (tainted[r] || loadsTainted(r, tainted)) && !isError(r.Type()) {
			f.Results = append(f.Results, i)
		}
	}
	if len(f.Results) > 0 {
		c.pass.ExportObjectFact(obj, f)
	}
}

// returnsFetched is the fact of an exported function that fetches records
// (through the client call Func) and returns them, or values made from
// them, as its results Results, with no position written between: a
// wrapper's Next (func (s *Stream) Next(ctx) (Delivery, error)) whose
// callers in other packages process the records and commit them (through
// the wrapper's Ack, a commitsParam helper). A call of it is where the
// records of its caller's package come from: their processing and their
// commits are checked there (audit 37b/D4: commit-before-process through
// such a wrapper, and its handler that starts a goroutine, were silent).
type returnsFetched struct {
	Results []int
	Func    string
}

func (*returnsFetched) AFact() {}
func (f *returnsFetched) String() string {
	return fmt.Sprintf("returnsFetched(%v, %s)", f.Results, clientmodel.ShortName(f.Func))
}

// exportFetched exports the returnsFetched facts of the package's exported
// functions that return what a fetch of theirs polled.
func (c *checker) exportFetched() {
	for _, call := range c.m.Calls {
		ci, ok := call.Instr.(*ssa.Call)
		if !ok || call.Role != clientmodel.Fetch {
			continue
		}
		obj, ok := call.Fn.Object().(*types.Func)
		if !ok || call.Fn.Parent() != nil || !obj.Exported() || c.pass.ImportObjectFact(obj, new(returnsCommitted)) {
			continue
		}
		tainted := c.taint(ci)
		f := &returnsFetched{Func: call.Func}
		for _, b := range call.Fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			for i, r := range ret.Results {
				if !isError(r.Type()) && !slices.Contains(f.Results, i) && (tainted[r] || loadsTainted(r, tainted)) {
					f.Results = append(f.Results, i)
				}
			}
		}
		if len(f.Results) > 0 {
			slices.Sort(f.Results)
			c.pass.ExportObjectFact(obj, f)
		}
	}
}

// fetchedBy reports whether call is one of another package's function
// carrying a returnsFetched fact: what it returns are records fetched.
func (c *checker) fetchedBy(call *ssa.Call) bool {
	callee := ssaflow.Callee(call.Common())
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == c.pass.Pkg {
		return false
	}
	return c.pass.ImportObjectFact(callee, new(returnsFetched))
}

// checkImportedReturns reports the calls of another package's functions
// carrying a returnsCommitted fact whose results this package processes.
func (c *checker) checkImportedReturns() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(call.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == c.pass.Pkg {
					continue
				}
				var f returnsCommitted
				if !c.pass.ImportObjectFact(callee, &f) {
					continue
				}
				for _, r := range resultsAt(call, f.Results) {
					if sites := c.processingSites(fn, r); len(sites) > 0 {
						report.Guard(c.pass, call.Pos(), func() { c.reportImportedReturn(call, callee, &f, sites[0]) })
						break
					}
				}
			}
		}
	}
}

// resultsAt returns the values of call's results at indices.
func resultsAt(call *ssa.Call, indices []int) []ssa.Value {
	want := map[int]bool{}
	for _, i := range indices {
		want[i] = true
	}
	if _, isTuple := call.Type().(*types.Tuple); !isTuple {
		if want[0] {
			return []ssa.Value{call}
		}
		return nil
	}
	var out []ssa.Value
	for _, ref := range *call.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && want[ex.Index] {
			out = append(out, ex)
		}
	}
	return out
}

// reportImportedReturn reports call, of callee, which commits records
// before returning them to this package, which processes them at site.
func (c *checker) reportImportedReturn(call *ssa.Call, callee *types.Func, f *returnsCommitted, site ssa.Instruction) {
	ref, ok := clientmodel.Default.CallByName(f.Func)
	if !ok || ref.Client == nil {
		return
	}
	noun := ref.Client.RecordNoun
	commit := clientmodel.ShortName(f.Func)
	msg := fmt.Sprintf("call to %s, which commits the %ss (%s) before returning them, and the %ss are processed here after it: a crash between the commit and the processing loses them (at-most-once); no automatic fix: the commit is in package %s, which a fix here cannot edit; take it out of %s and commit in its callers, after the processing",
		callee.Name(), noun, commit, noun, callee.Pkg().Path(), callee.Name())
	related := []analysis.RelatedInformation{{Pos: site.Pos(), Message: noun + "s processed here, after the commit in " + callee.Name()}}
	if at := c.posAt(f.At); at.IsValid() {
		// Where this run loaded the callee's file: the other half of
		// the bug, and the consumer's code the report gives the
		// finding to.
		related = append(related, analysis.RelatedInformation{Pos: at, Message: noun + "s committed here, before " + callee.Name() + " returns them"})
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: CategoryCommitBefore,
		Message:  msg,
		Related:  related,
	})
}
