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
// Flags are those of golang.org/x/tools/go/analysis/multichecker: -json,
// -fix, -diff, -c N, -test, -<analyzer>=false to disable one analyzer,
// -<analyzer>.<flag> for analyzer flags (-autocommit.strict), -flags, -V.
// -C dir, as the first argument, runs in dir, as with the go command.
// -format=sarif writes SARIF 2.1.0 and -format=github GitHub Actions
// annotations, to standard output (-format=text and -format=json are the
// default output and -json).
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
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/offsetcommit/commitlint/analyzers"
	"github.com/offsetcommit/commitlint/internal/driver"
)

func main() {
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
	if len(os.Args) > 1 && os.Args[1] == "report" {
		os.Exit(driver.Report(all, os.Args[2:], os.Stdout, os.Stderr))
	}
	switch f := driver.FormatFlag(os.Args[1:]); f {
	case "", "text", "json":
		os.Args = rewriteFormat(os.Args, f)
		multichecker.Main(all...)
	default:
		os.Exit(driver.Main(version(), all, os.Args[1:], os.Stdout, os.Stderr))
	}
}

// rewriteFormat drops a -format=text flag and turns -format=json into
// -json, for multichecker.
func rewriteFormat(args []string, format string) []string {
	if format == "" {
		return args
	}
	out := []string{args[0]}
	for i := 1; i < len(args); i++ {
		a := strings.TrimLeft(args[i], "-")
		switch {
		case strings.HasPrefix(a, "format="):
		case a == "format":
			i++ // its value
		default:
			out = append(out, args[i])
			continue
		}
		if format == "json" {
			out = append(out, "-json")
		}
	}
	return out
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "devel"
}
