// Command commitlint finds Kafka consumer offset-commit bugs.
//
// Standalone:
//
//	commitlint [-C dir] [flags] packages...
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
//
// Exit status: 0 no findings, 3 findings, 1 a load or analysis error (a bad
// pattern, a package that does not type-check). With -json the status is 0
// unless an error occurs; after -fix it is 0.
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/offsetcommit/commitlint/analyzers"
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
	multichecker.Main(analyzers.All(analyzers.Config{})...)
}
