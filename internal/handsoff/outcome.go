package handsoff

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// OutcomeFact is the fact of a function returning one value that is no
// error and no bool, but a status (an enum: Applied, RetryLater) that,
// when a call it makes fails, only logs or counts the failure and
// returns a constant: Values are those constants (their exact string),
// Call the failing call. Its caller keeps the failure only if it tells
// that value apart: one that marks or commits past the record on it
// skips the record (trial 41d/D2, D11: a switch logging RetryLater in its
// default case, then marking; 3 of 300 lost without a crash). A bool is
// read where it is tested (the caller's if ok), not here.
type OutcomeFact struct {
	Call   string
	Values []string
}

func (*OutcomeFact) AFact()           {}
func (f *OutcomeFact) String() string { return "outcome(" + f.Call + ")" }

// Outcome returns the OutcomeFact of fn, a function of the package or of
// one it imports.
func (r *Result) Outcome(fn *types.Func) (*OutcomeFact, bool) {
	var f OutcomeFact
	if fn == nil || !r.pass.ImportObjectFact(fn.Origin(), &f) {
		return nil, false
	}
	return &f, true
}

// exportOutcomes exports the OutcomeFact of the package's functions
// (decls).
func exportOutcomes(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl) {
	for fn, fd := range decls {
		res := fn.Type().(*types.Signature).Results()
		if res.Len() != 1 {
			continue
		}
		b, ok := res.At(0).Type().Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsInteger|types.IsString) == 0 {
			continue
		}
		var f OutcomeFact
		for i := range fd.Body.List {
			ifs, call := failureIf(pass.TypesInfo, fd.Body.List, i, nil)
			if call == nil || len(ifs.Body.List) == 0 {
				continue
			}
			n := len(ifs.Body.List)
			ret, ok := ifs.Body.List[n-1].(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 1 || !dropsOnly(pass.TypesInfo, ifs.Body.List[:n-1], nil) {
				continue
			}
			if tv, ok := pass.TypesInfo.Types[ret.Results[0]]; ok && tv.Value != nil {
				if f.Call == "" {
					f.Call = callText(call)
				}
				if v := tv.Value.ExactString(); !slices.Contains(f.Values, v) {
					f.Values = append(f.Values, v)
				}
			}
		}
		if f.Call != "" {
			pass.ExportObjectFact(fn, &f)
		}
	}
}
