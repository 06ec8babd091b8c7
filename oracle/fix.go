package oracle

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// FixCopy copies the examples module to outDir/examples, runs
// `commitlint -fix` there on ex's packages (ex.fixPattern: a service's
// whole tree, since its fixes land in the packages its main hands the
// clients to) and returns the copy's root. It fails when the fix leaves a
// file that one of row's findings names unchanged.
func FixCopy(ctx context.Context, commitlint, examples string, ex Example, row Row, outDir string) (string, error) {
	copyRoot, err := CopyExamples(examples, outDir)
	if err != nil {
		return "", err
	}
	files := []string{path.Join(ex.Dir, "main.go")}
	if ex.Command != "" {
		files = nil
		for _, f := range row.Findings {
			file, _, _ := strings.Cut(f.At, ":")
			files = append(files, file)
		}
		slices.Sort(files)
		files = slices.Compact(files)
	}
	before := map[string][]byte{}
	for _, f := range files {
		if before[f], err = os.ReadFile(filepath.Join(copyRoot, filepath.FromSlash(f))); err != nil {
			return "", err
		}
	}
	pattern := ex.fixPattern()
	cmd := exec.CommandContext(ctx, commitlint, "-fix", pattern)
	cmd.Dir = copyRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("commitlint -fix %s: %v\n%s", pattern, err, out)
	}
	for _, f := range files {
		after, err := os.ReadFile(filepath.Join(copyRoot, filepath.FromSlash(f)))
		if err != nil {
			return "", err
		}
		if bytes.Equal(before[f], after) {
			return "", fmt.Errorf("commitlint -fix %s changed nothing in %s", pattern, f)
		}
	}
	return copyRoot, nil
}

// CopyExamples copies the examples module to outDir/examples, its replace
// of the commitlint module by ../ (fixes may import its package lowwater)
// pointed back at the repository, and returns the copy's root.
func CopyExamples(examples, outDir string) (string, error) {
	copyRoot := filepath.Join(outDir, "examples")
	if err := os.CopyFS(copyRoot, os.DirFS(examples)); err != nil {
		return "", fmt.Errorf("copy examples: %w", err)
	}
	// The copy's replace of the commitlint module by ../ (fixes may import
	// its package lowwater) points back at the repository.
	root, err := filepath.Abs(filepath.Dir(examples))
	if err != nil {
		return "", err
	}
	gomod := filepath.Join(copyRoot, "go.mod")
	mod, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	mod = regexp.MustCompile(`(?m)^replace github.com/offsetcommit/commitlint => \.\./\s*$`).
		ReplaceAll(mod, []byte("replace github.com/offsetcommit/commitlint => "+root))
	if err := os.WriteFile(gomod, mod, 0o644); err != nil {
		return "", err
	}
	return copyRoot, nil
}

// BuildCommitlint builds the commitlint command of the repository at root.
func BuildCommitlint(ctx context.Context, root, outDir string) (string, error) {
	bin := filepath.Join(outDir, "commitlint")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/commitlint")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build commitlint: %v\n%s", err, out)
	}
	return bin, nil
}
