// Command commitlint finds Kafka consumer offset-commit bugs.
//
// Standalone:
//
//	commitlint [-C dir] [flags] packages...
//	commitlint [-C dir] report [-format=text|json|markdown] packages...
//
// As a vet tool:
//
//	go vet -vettool=$(command -v commitlint) ./...
//	go fix -fixtool=$(command -v commitlint) ./...
//
// Flags: -json (or -format=json), -format=sarif (SARIF 2.1.0) or
// -format=github (GitHub Actions annotations) on standard output; text
// (the default) on standard error, where a run without findings that
// found no Kafka consumer says so; -fix applies the suggested fixes (each
// file replaced atomically, conflicting fixes skipped, only the fixed
// lines formatted in a file that was not gofmt'd), with -diff prints them
// instead; -c N shows N lines of context; -test=false skips test
// files; -<analyzer>=false disables one analyzer and -<analyzer>=true runs
// only those named; -<analyzer>.<flag> sets analyzer flags
// (-autocommit.strict); -cpuprofile and -memprofile write profiles. -C dir,
// as the first argument, runs in dir, as with the go command.
//
// Standalone, dependencies are loaded from the go command's export data,
// and only those that use a Kafka client are type-checked and analyzed
// from source (for the facts they give importers). Run by go vet or go fix
// (a .cfg argument, -flags, -V) the command speaks their protocol through
// golang.org/x/tools/go/analysis/multichecker.
//
// The report subcommand prints, for every consumer, its commit strategy,
// its delivery guarantee and why, its duplicate window after a crash,
// whether it commits on revoke, its concurrency, what its handler must be,
// and the analyzers' findings for it; its exit status is 0 unless it cannot
// load the packages.
//
// Exit status: 0 no findings, 3 findings, 1 a load or analysis error (a bad
// pattern, a package that does not type-check). With -json the status is 0
// unless an error occurs; after -fix it is 0.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/offsetcommit/commitlint/analyzers"
	"github.com/offsetcommit/commitlint/internal/driver"
)

func main() {
	driver.TuneGC()
	args := os.Args[1:]
	if len(args) > 0 && isDirFlag(args[0]) {
		_, dir, hasValue := strings.Cut(args[0], "=")
		args = args[1:]
		if !hasValue {
			if len(args) == 0 {
				fmt.Fprintln(os.Stderr, "commitlint: -C requires a directory")
				os.Exit(driver.ExitUsage)
			}
			dir, args = args[0], args[1:]
		}
		if err := os.Chdir(dir); err != nil {
			fmt.Fprintf(os.Stderr, "commitlint: -C: %v\n", err)
			os.Exit(driver.ExitError)
		}
	}
	if slices.ContainsFunc(args, isDirFlag) {
		fmt.Fprintln(os.Stderr, "commitlint: -C must be the first argument, as with the go command: commitlint -C dir [flags] packages")
		os.Exit(driver.ExitUsage)
	}
	all := analyzers.All(analyzers.Config{})
	switch {
	case len(args) > 0 && args[0] == "report":
		os.Exit(driver.Report(all, args[1:], os.Stdout, os.Stderr))
	case len(args) > 0 && args[0] == "diff":
		os.Exit(driver.Diff(args[1:], os.Stdin, os.Stdout, os.Stderr))
	case len(args) == 1 && (args[0] == "-V" || args[0] == "-V=full" || args[0] == "--V=full"):
		// The go command runs vet tools with -V=full and keys its cache on
		// the answer; print it ourselves, without multichecker's
		// placeholder text.
		if err := driver.PrintVersion(os.Stdout, version(), args[0] != "-V"); err != nil {
			fmt.Fprintf(os.Stderr, "commitlint: %v\n", err)
			os.Exit(driver.ExitError)
		}
	case driver.VetProtocol(args):
		multichecker.Main(all...)
	default:
		os.Exit(driver.Main(version(), all, args, os.Stdout, os.Stderr))
	}
}

// isDirFlag reports whether arg is the -C flag, which only the first
// argument may be.
func isDirFlag(arg string) bool {
	return arg == "-C" || arg == "--C" || strings.HasPrefix(arg, "-C=") || strings.HasPrefix(arg, "--C=")
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
