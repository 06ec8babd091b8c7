package oracle

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// FixCopy copies the examples module to outDir/examples, runs
// `commitlint -fix` on the example in dir there and returns the copy's
// root. It fails when the fix leaves the example's main.go unchanged.
func FixCopy(ctx context.Context, commitlint, examples, dir, outDir string) (string, error) {
	copyRoot := filepath.Join(outDir, "examples")
	if err := os.CopyFS(copyRoot, os.DirFS(examples)); err != nil {
		return "", fmt.Errorf("copy examples: %w", err)
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
