// Command sweep summarises the -json output of a commitlint run over a
// large corpus (see sweep.sh): it fails on any analysis error or
// internal-error diagnostic (an "internal error in commitlint"), and lists
// every finding for triage.
//
//	commitlint -json pkgs... | go run ./scripts/sweep [-control dir]
//
// -control names a directory of known consumers (copies of examples/)
// analyzed in the same run: the findings under it must be exactly its
// `// finding: <analyzer> <category>` markers, which shows the run really
// analyzed Kafka code. Exit status 1 on an analysis error, a malformed
// tree or a control mismatch; other findings alone exit 0.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

type diag struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	Message  string `json:"message"`
}

func main() {
	control := flag.String("control", "", "directory of known consumers whose findings must match their markers")
	flag.Parse()
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var want []string
	if *control != "" {
		if want, err = markers(*control); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(summarise(data, *control, want, os.Stdout))
}

var markerRE = regexp.MustCompile(`// finding: (\w+) ([\w-]+)`)

// markers returns "file:line analyzer category" for every marker of the
// .go files under dir (absolute file names).
func markers(dir string) ([]string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range markerRE.FindAllStringSubmatch(line, -1) {
				out = append(out, fmt.Sprintf("%s:%d %s %s", path, i+1, m[1], m[2]))
			}
		}
		return nil
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no // finding: markers under %s", dir)
	}
	return out, err
}

// summarise reads a multichecker -json tree,
// {"pkg": {"analyzer": [diag...] or {"error": "..."}}}, and reports on w.
// Findings in files under control must be exactly want.
func summarise(data []byte, control string, want []string, w io.Writer) int {
	if control != "" {
		control, _ = filepath.Abs(control)
		control += string(filepath.Separator)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		fmt.Fprintf(w, "FAIL malformed -json output: %v\n", err)
		return 1
	}
	code := 0
	var errs, findings, got []string
	byAnalyzer := map[string]int{}
	for pkg, analyzers := range tree {
		for name, raw := range analyzers {
			var e struct {
				Err string `json:"error"`
			}
			if json.Unmarshal(raw, &e) == nil && e.Err != "" {
				errs = append(errs, fmt.Sprintf("%s: %s: %s", pkg, name, e.Err))
				continue
			}
			var ds []diag
			if err := json.Unmarshal(raw, &ds); err != nil {
				errs = append(errs, fmt.Sprintf("%s: %s: unreadable entry %s", pkg, name, raw))
				continue
			}
			for _, d := range ds {
				// A panic caught in one function (report.Guard) is a
				// diagnostic, not an analysis error: it fails the sweep too.
				if d.Category == "internal-error" || strings.Contains(d.Message, "internal error") {
					errs = append(errs, fmt.Sprintf("%s: %s: %s: %s", pkg, name, d.Posn, d.Message))
					continue
				}
				if file, line, ok := splitPosn(d.Posn); ok && control != "" && strings.HasPrefix(file, control) {
					got = append(got, fmt.Sprintf("%s:%s %s %s", file, line, name, d.Category))
					continue
				}
				findings = append(findings, fmt.Sprintf("%s: %s [%s/%s]", d.Posn, d.Message, name, d.Category))
				byAnalyzer[name]++
			}
		}
	}
	// Packages without findings or errors have no entry in the tree.
	fmt.Fprintf(w, "packages with findings or errors: %d\n", len(tree))
	slices.Sort(errs)
	for _, e := range errs {
		fmt.Fprintf(w, "FAIL analysis error: %s\n", e)
	}
	if len(errs) > 0 {
		code = 1
	}
	if control != "" {
		slices.Sort(got)
		slices.Sort(want)
		if slices.Equal(got, want) {
			fmt.Fprintf(w, "control: the %d expected findings under %s, and no others\n", len(want), control)
		} else {
			fmt.Fprintf(w, "FAIL control findings under %s\n  got:  %s\n  want: %s\n", control, strings.Join(got, "\n        "), strings.Join(want, "\n        "))
			code = 1
		}
	}
	slices.Sort(findings)
	fmt.Fprintf(w, "findings: %d %v\n", len(findings), byAnalyzer)
	for _, f := range findings {
		fmt.Fprintf(w, "  %s\n", f)
	}
	return code
}

// splitPosn splits "file:line:col" (the file may contain colons).
func splitPosn(posn string) (file, line string, ok bool) {
	i := strings.LastIndexByte(posn, ':')
	if i < 0 {
		return "", "", false
	}
	j := strings.LastIndexByte(posn[:i], ':')
	if j < 0 {
		return "", "", false
	}
	return posn[:j], posn[j+1 : i], true
}
