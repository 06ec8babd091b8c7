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
// (the default) on standard error; -fix applies the suggested fixes (each
// file replaced atomically, conflicting fixes skipped), with -diff prints
// them instead; -c N shows N lines of context; -test=false skips test
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

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/offsetcommit/commitlint/analyzers"
	"github.com/offsetcommit/commitlint/internal/driver"
)

func main() {
	driver.TuneGC()
	if len(os.Args) > 1 && (os.Args[1] == "-C" || os.Args[1] == "--C") {
		if len(os.Args) < 3 {
			fmt.Fprintln(os.Stderr, "commitlint: -C requires a directory")
			os.Exit(1)
		}
		if err := os.Chdir(os.Args[2]); err != nil {
			fmt.Fprintf(os.Stderr, "commitlint: -C: %v\n", err)
			os.Exit(1)
		}
		os.Args = append(os.Args[:1], os.Args[3:]...)
	}
	all := analyzers.All(analyzers.Config{})
	args := os.Args[1:]
	switch {
	case len(args) > 0 && args[0] == "report":
		os.Exit(driver.Report(all, args[1:], os.Stdout, os.Stderr))
	case len(args) > 0 && args[0] == "diff":
		os.Exit(driver.Diff(args[1:], os.Stdin, os.Stdout, os.Stderr))
	case driver.VetProtocol(args):
		multichecker.Main(all...)
	default:
		os.Exit(driver.Main(version(), all, args, os.Stdout, os.Stderr))
	}
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
