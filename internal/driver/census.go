package driver

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
)

// census is the analyzer the text output of lint adds to its run: for
// each root package, whether it uses a Kafka client and whether the
// consumer model found a consumer in it, for the line that ends a run
// without findings (see closing). The checker keeps the results of the
// analyzers it was asked to run only, so the consumer model's own result
// is gone once the run ends.
var census = &analysis.Analyzer{
	Name:       "census",
	Doc:        "whether a package uses a Kafka client and has consumers",
	Requires:   []*analysis.Analyzer{consumer.Analyzer},
	ResultType: reflect.TypeFor[counted](),
	Run: func(pass *analysis.Pass) (any, error) {
		var lib string
		for _, imp := range pass.Pkg.Imports() {
			if lib = clientmodel.UnmodelledLib(imp.Path()); lib != "" {
				break
			}
		}
		m, _ := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return counted{unmodelled: lib}, nil
		}
		partition, managed := partitionConsumer(pass)
		return counted{uses: true, consumers: len(m.Consumers) + len(m.Received) + len(m.Imported), partition: partition, managed: managed, unmodelled: lib}, nil
	},
}

// counted is census's result for one package: whether it uses a Kafka
// client, and the consumers it builds, receives from another package, or
// obtains by calling another package's function.
type counted struct {
	uses      bool
	consumers int
	// partition is where the package starts a sarama partition consumer
	// (ConsumePartition), which the consumer model does not take: "" if
	// it does not; managed, whether it also uses an offset manager of
	// sarama's (ManagePartition), whose marks sarama commits.
	partition string
	managed   bool
	// unmodelled is a Kafka consumer library the package imports that
	// commitlint does not model (clientmodel.Unmodelled), or "".
	unmodelled string
}

// partitionConsumer returns the position of the package's first
// reference to sarama's ConsumePartition, or "", and whether the package
// references an offset manager's ManagePartition.
func partitionConsumer(pass *analysis.Pass) (string, bool) {
	var first token.Pos
	managed := false
	for id, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || !strings.HasSuffix(fn.Pkg().Path(), "/sarama") {
			continue
		}
		managed = managed || fn.Name() == "ManagePartition"
		if fn.Name() != "ConsumePartition" {
			continue
		}
		if !first.IsValid() || id.Pos() < first {
			first = id.Pos()
		}
	}
	if !first.IsValid() {
		return "", false
	}
	p := pass.Fset.Position(first)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), managed
}

// closing is the text that ends lint's text output after the findings,
// when they do not say what was analyzed: with load problems, the number
// of packages analyzed all the same; without findings, that the packages
// have no Kafka consumer (a run that found none is not a clean one),
// naming the packages they import that build some (as the report does),
// or else saying whether they use a Kafka client at all. Nothing is said
// of consumers unless census ran on every root package.
func closing(g *checker.Graph, findings int, problems bool) string {
	n := plural(analyzed(g), "package")
	none, uses, hint, partition, managed := false, false, "", "", false
	roots := map[*packages.Package]bool{}
	for _, act := range g.Roots {
		roots[act.Package] = true
	}
	counts := censuses(g)
	var libs []string
	for _, c := range counts {
		if partition == "" {
			partition, managed = c.partition, c.managed // the same package's
		}
		if c.unmodelled != "" && !slices.Contains(libs, c.unmodelled) {
			libs = append(libs, c.unmodelled)
		}
	}
	slices.Sort(libs)
	if findings == 0 {
		none = len(counts) == len(roots)
		for _, c := range counts {
			none = none && c.consumers == 0
			uses = uses || c.uses
		}
		if none && uses {
			hint = outsideHint("commitlint", builtOutside(g), "see their findings")
		}
	}
	var sb strings.Builder
	switch {
	case problems && none && hint == "":
		fmt.Fprintf(&sb, "commitlint: %s analyzed despite the errors above, no Kafka consumer found\n", n)
	case problems:
		fmt.Fprintf(&sb, "commitlint: %s analyzed despite the errors above\n", n)
	case none && hint == "" && !uses:
		fmt.Fprintf(&sb, "commitlint: %s analyzed, no Kafka consumer found: no package uses %s\n", n, clientNames())
	case none && hint == "":
		fmt.Fprintf(&sb, "commitlint: %s analyzed, no Kafka consumer found\n", n)
	}
	if hint != "" {
		sb.WriteString(hint + "\n")
	}
	// Said whatever else was found: the consumers the findings and rows
	// cover are not this one (argo-events has both).
	if note := partitionNote(partition, managed); note != "" {
		sb.WriteString("commitlint: " + note + "\n")
	}
	for _, lib := range libs {
		sb.WriteString("commitlint: " + unmodelledNote(lib) + "\n")
	}
	return sb.String()
}

// censuses returns census's results for g's root packages, in the order
// of their paths: the notes taken from them do not depend on the order
// the packages were analyzed in.
func censuses(g *checker.Graph) []counted {
	var acts []*checker.Action
	for _, act := range g.Roots {
		if _, ok := act.Result.(counted); ok && act.Analyzer == census {
			acts = append(acts, act)
		}
	}
	slices.SortFunc(acts, func(a, b *checker.Action) int { return strings.Compare(a.Package.PkgPath, b.Package.PkgPath) })
	out := make([]counted, len(acts))
	for i, act := range acts {
		out[i] = act.Result.(counted)
	}
	return out
}

// unmodelledNote says that lib, a Kafka consumer library the analyzed
// packages import, is not modelled.
func unmodelledNote(lib string) string {
	return fmt.Sprintf("%s is imported, a Kafka consumer library commitlint does not model: its consumers are not checked", lib)
}

// partitionNote says that the sarama partition consumer started at
// partition (file:line) is not modelled, and what that leaves unchecked;
// "" when partition is "". managed: the package also uses an offset
// manager (ManagePartition), whose marks sarama commits.
func partitionNote(partition string, managed bool) string {
	switch {
	case partition == "":
		return ""
	case managed:
		return fmt.Sprintf("a sarama partition consumer (ConsumePartition, %s) with an offset manager (ManagePartition) is not modelled: sarama commits the offsets its MarkOffset calls set (every Consumer.Offsets.AutoCommit.Interval by default, or at its Commit), and whether they follow the processing is not checked", partition)
	}
	return fmt.Sprintf("a sarama partition consumer (ConsumePartition, %s) is not modelled: it commits no group offsets, and where a restart resumes is the offset the code passes (OffsetNewest skips what was produced while it was down)", partition)
}

// clientNames lists the clients commitlint models: "a, b or c".
func clientNames() string {
	var names []string
	for _, c := range clientmodel.Clients {
		if !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
