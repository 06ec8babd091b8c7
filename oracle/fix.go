package oracle

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
)

// FixCopy copies the examples module to outDir/examples, runs
// `commitlint -fix` on the example in dir there and returns the copy's
// root. It fails when the fix leaves the example's main.go unchanged.
func FixCopy(ctx context.Context, commitlint, examples, dir, outDir string) (string, error) {
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
	main := filepath.Join(copyRoot, dir, "main.go")
	before, err := os.ReadFile(main)
	if err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, commitlint, "-fix", "./"+dir+"/...")
	cmd.Dir = copyRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("commitlint -fix ./%s/...: %v\n%s", dir, err, out)
	}
	after, err := os.ReadFile(main)
	if err != nil {
		return "", err
	}
	if bytes.Equal(before, after) {
		return "", fmt.Errorf("commitlint -fix changed nothing in %s", dir)
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
