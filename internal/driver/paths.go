package driver

import (
	"os"
	"path/filepath"
)

// repoRoot returns the root of the repository enclosing dir: the nearest
// directory, dir or above, holding .git (a directory, or a file in a
// worktree or submodule). Without one it returns dir. GitHub annotations
// and code scanning want paths relative to the repository root, which is
// not the module's directory when the module lives in a subdirectory.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}
