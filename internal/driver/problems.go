package driver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// triage splits the roots into those that can be analyzed, the roots whose
// import graph is free of errors, and the problems to print, one line per
// problem: each error once, with paths relative to cwd (a type error is
// reported both by the go command's build and by the type checker: the
// checker's is kept), no "could not import" consequence of an error
// already printed, and one line per broken dependency naming the packages
// skipped because they import it.
func triage(roots []*packages.Package, cwd string) (ok []*packages.Package, problems []string) {
	var broken []*packages.Package // in dependency order
	packages.Visit(roots, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			broken = append(broken, p)
		}
	})
	isBroken := map[*packages.Package]bool{}
	for _, p := range broken {
		isBroken[p] = true
	}
	// reaches[p] is the broken packages p imports, directly or not.
	reaches := map[*packages.Package][]*packages.Package{}
	var visit func(p *packages.Package) []*packages.Package
	visit = func(p *packages.Package) []*packages.Package {
		if r, ok := reaches[p]; ok {
			return r
		}
		reaches[p] = nil
		var r []*packages.Package
		for _, imp := range p.Imports {
			if isBroken[imp] && !slices.Contains(r, imp) {
				r = append(r, imp)
			}
			for _, b := range visit(imp) {
				if !slices.Contains(r, b) {
					r = append(r, b)
				}
			}
		}
		reaches[p] = r
		return r
	}

	seen := map[string]bool{}
	add := func(line string) {
		if !seen[line] {
			seen[line] = true
			problems = append(problems, line)
		}
	}
	for _, p := range broken {
		for _, line := range errorLines(p, len(visit(p)) > 0, cwd) {
			add(line)
		}
	}
	skipped := map[*packages.Package][]string{} // broken dependency → importing roots
	for _, p := range roots {
		switch {
		case isBroken[p]:
		case len(visit(p)) > 0:
			if strings.HasSuffix(p.ID, ".test") {
				break // a test's main package: its package is named instead
			}
			for _, b := range visit(p) {
				if name := plainPath(p); name != plainPath(b) && !slices.Contains(skipped[b], name) {
					skipped[b] = append(skipped[b], name)
				}
			}
		default:
			ok = append(ok, p)
		}
	}
	for _, b := range broken {
		if names := skipped[b]; len(names) > 0 {
			add(fmt.Sprintf("commitlint: %s has errors: not analyzed: %s, which depend%s on it", plainPath(b), strings.Join(names, ", "), cond(len(names) == 1, "s", "")))
		}
	}
	return ok, problems
}

// errorLines returns the lines to print for the errors of p. depBroken
// says whether a dependency of p has errors of its own (printed for it).
func errorLines(p *packages.Package, depBroken bool, cwd string) []string {
	typeErrs := false
	for _, e := range p.Errors {
		if e.Kind == packages.TypeError {
			typeErrs = true
		}
	}
	consequence := func(e packages.Error) bool {
		if !strings.HasPrefix(e.Msg, "could not import ") && !strings.Contains(e.Msg, "no metadata for ") {
			return false
		}
		// The import's own error (or the go command's, on p) says why.
		return depBroken || slices.ContainsFunc(p.Errors, func(o packages.Error) bool { return o.Kind == packages.ListError })
	}
	var out []string
	for _, e := range p.Errors {
		switch {
		case consequence(e):
		case strings.HasPrefix(e.Msg, "# "):
			// The go command's build output: "# pkg" and the compiler's
			// errors, which repeat the type checker's when there are any.
			if typeErrs {
				continue
			}
			for _, l := range strings.Split(e.Msg, "\n")[1:] {
				if l = strings.TrimSpace(l); l != "" {
					out = append(out, relPosition(cwd, l))
				}
			}
		case e.Pos == "" || e.Pos == "-":
			out = append(out, "commitlint: "+e.Msg)
		default:
			out = append(out, relPosition(cwd, e.Pos)+": "+e.Msg)
		}
	}
	return out
}

// relPosition makes the file name that starts pos relative to cwd when it
// lies below it.
func relPosition(cwd, pos string) string {
	if !filepath.IsAbs(pos) {
		return pos
	}
	file, rest := pos, ""
	if i := strings.Index(pos, ".go:"); i >= 0 {
		file, rest = pos[:i+3], pos[i+3:]
	}
	rel, err := filepath.Rel(cwd, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return pos
	}
	return rel + rest
}

// plainPath is p's import path, without the test variant suffix.
func plainPath(p *packages.Package) string {
	return strings.TrimSuffix(p.PkgPath, "_test")
}

func cond[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// goListError returns the go command's own error for patterns (a go.mod
// that needs updates, a missing go.sum entry, a bad pattern), which
// go/packages does not pass on when it asks for export data, or "" if the
// go command finds nothing wrong.
func goListError(patterns []string, tests bool) string {
	args := append([]string{"list", "-deps", "-test=" + fmt.Sprint(tests), "-f", "{{.ImportPath}}", "--"}, patterns...)
	cmd := exec.Command("go", args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		return ""
	}
	return strings.TrimSpace(stderr.String())
}

// outsideModule reports whether the go command runs outside any module
// and workspace in the current directory, and the directory.
func outsideModule() (string, bool) {
	dir, _ := os.Getwd()
	out, err := exec.Command("go", "env", "GOMOD", "GOWORK", "GO111MODULE").Output()
	if err != nil {
		return dir, false
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\n")
	for len(f) < 3 {
		f = append(f, "")
	}
	gomod, gowork, gopath := f[0], f[1], f[2] == "off"
	// In GOPATH mode there is no module to be outside of: the problems
	// are the packages' own.
	return dir, !gopath && (gomod == "" || gomod == os.DevNull) && (gowork == "" || gowork == "off")
}
