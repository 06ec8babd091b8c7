package driver

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// writeText prints findings as "file:line:col: message [analyzer/category]"
// (file relative to cwd when it lies below it), each related position on
// a line of its own after a tab, with contextLines lines of source around
// the finding when contextLines >= 0, and a closing summary.
func writeText(w io.Writer, findings []*Finding, contextLines int, cwd string) error {
	sources := map[string][]string{}
	fixable := 0
	for _, f := range findings {
		if len(f.Diag.SuggestedFixes) > 0 {
			fixable++
		}
		if _, err := fmt.Fprintf(w, "%s: %s [%s]\n", position(cwd, f.Posn), f.Diag.Message, f.Rule()); err != nil {
			return err
		}
		if contextLines >= 0 {
			ls, ok := sources[f.Posn.Filename]
			if !ok {
				if b, err := os.ReadFile(f.Posn.Filename); err == nil {
					ls = strings.Split(string(b), "\n")
				}
				sources[f.Posn.Filename] = ls
			}
			for i := f.Posn.Line - contextLines; i <= f.End.Line+contextLines; i++ {
				if 1 <= i && i <= len(ls) {
					fmt.Fprintf(w, "%d\t%s\n", i, ls[i-1])
				}
			}
		}
		for _, r := range f.Diag.Related {
			fmt.Fprintf(w, "\t%s: %s\n", position(cwd, f.Fset.Position(r.Pos)), r.Message)
		}
	}
	_, err := io.WriteString(w, summary(len(findings), fixable))
	return err
}

// summary is the closing line of the text output ("" without findings).
func summary(n, fixable int) string {
	switch {
	case n == 0:
		return ""
	case fixable == 0:
		return fmt.Sprintf("%s\n", plural(n, "finding"))
	case fixable == n && n == 1:
		return "1 finding, with a fix: run with -fix, or -fix -diff to review\n"
	}
	return fmt.Sprintf("%s, %d with fixes: run with -fix, or -fix -diff to review\n", plural(n, "finding"), fixable)
}

// plural is "1 finding", "2 findings", "2 fixes".
func plural(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "x"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// position is p as file:line:col, the file relative to cwd when it lies
// below it.
func position(cwd string, p token.Position) string {
	if rel, err := filepath.Rel(cwd, p.Filename); err == nil && !strings.HasPrefix(rel, "..") {
		p.Filename = rel
	}
	return p.String()
}
