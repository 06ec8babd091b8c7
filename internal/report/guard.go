package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// CategoryInternal is the category of the diagnostic that reports an
// internal error of commitlint in one function. It is the one diagnostic
// without a suggested fix: it is about commitlint, not about the code.
const CategoryInternal = "internal-error"

// Guard runs check, which examines one unit of the package (a consumer,
// a call) at pos, and turns a panic in it into an internal-error
// diagnostic at pos naming the function that contains pos, so the rest of
// the package is still checked and the run goes on. It is for bugs of
// ours: go/ssa and our passes are not expected to panic on type-correct
// code, but commitlint must never crash a build.
func Guard(pass *analysis.Pass, pos token.Pos, check func()) {
	defer func() {
		if x := recover(); x != nil {
			pass.Report(analysis.Diagnostic{
				Pos:      pos,
				Category: CategoryInternal,
				Message: fmt.Sprintf("internal error in commitlint's %s analyzer while checking %s, which was skipped (please report it): %v [%s]",
					pass.Analyzer.Name, enclosing(pass, pos), x, frame(debug.Stack())),
			})
		}
	}()
	check()
}

// enclosing names the function declaration that contains pos.
func enclosing(pass *analysis.Pass, pos token.Pos) string {
	for _, f := range pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || pos < fd.Pos() || pos > fd.End() {
				continue
			}
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				return "method " + types.ExprString(fd.Recv.List[0].Type) + "." + fd.Name.Name
			}
			return "function " + fd.Name.Name
		}
		return "a package-level declaration"
	}
	return "the package"
}

// frame returns the innermost frame of ours in a panic's stack, for the
// report: "file.go:123".
func frame(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.Contains(l, "commitlint/") && !strings.Contains(l, "internal/report.Guard") && i+1 < len(lines) {
			loc := strings.TrimSpace(lines[i+1])
			if j := strings.LastIndex(loc, "/"); j >= 0 {
				loc = loc[j+1:]
			}
			if j := strings.Index(loc, " "); j >= 0 {
				loc = loc[:j]
			}
			return loc
		}
	}
	return "no frame"
}
