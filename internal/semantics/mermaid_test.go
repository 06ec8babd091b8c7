package semantics_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// hostile are rows whose names contain what would break a mermaid
// flowchart if copied as is: quotes, brackets, pipes, entities, HTML,
// markdown, keywords as names, and names that sanitize to the same id.
var hostile = []*semantics.Row{
	{
		Client: "franz-go", Consumer: `a/b.go:1`, Group: `pay"ments] --> x`, Topics: []string{"end", "a-b", "a_b"},
		Guarantee: semantics.AtLeastOnce, Strategy: semantics.StrategyEachRecord, Lag: "commits every <b>|#1</b> (why)",
		Findings: []semantics.Finding{{Rule: "ordering/commit-before-process", At: "a/b.go:9"}, {Rule: "ordering/commit-before-process", At: "a/b.go:12"}},
	},
	{
		Client: "sarama", Consumer: `a/b.go:30`, Group: "<script>#lt;`md`&amp;|", Topics: []string{"a-b", "graph"},
		Guarantee: semantics.EffectivelyOnce, Scope: `PostgreSQL "main" (db|1)`, Strategy: semantics.StrategySink,
		Findings: []semantics.Finding{{Rule: "fencing/unfenced-offset-write", At: "a/b.go:40"}, {Rule: "hiwater/concurrent-commit", At: "a/b.go:41"}},
	},
	{
		Client: "kafka-go", Consumer: "c d/ü.go:7", Guarantee: semantics.GuaranteeUnk, Strategy: semantics.StrategyNone,
		Findings: []semantics.Finding{{Rule: "fencing/unfenced-offset-write", At: "c d/ü.go:8"}},
	},
}

// TestMermaidGolden compares the flowchart of the hostile rows with
// testdata/mermaid.golden.mmd, which scripts/e2e/mermaid.sh also has
// mermaid parse (go test ./internal/semantics -run TestMermaidGolden
// -update rewrites it).
func TestMermaidGolden(t *testing.T) {
	var b bytes.Buffer
	if err := semantics.WriteMermaid(&b, hostile); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "mermaid.golden.mmd")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("mermaid output differs from %s\ngot:\n%s\nwant:\n%s", golden, got, want)
	}
}

var (
	idRE     = `[A-Za-z][A-Za-z0-9_]*`
	labelRE  = `"[^"<>#&|` + "`" + `]*(?:(?:<br>|#(?:35|96|124|quot|lt|gt|amp);)[^"<>#&|` + "`" + `]*)*"`
	nodeRE   = regexp.MustCompile(`^  (` + idRE + `)(?:\[|\(\[|\[\()(` + labelRE + `)(?:\]|\]\)|\)\])$`)
	edgeRE   = regexp.MustCompile(`^  (` + idRE + `) -->(?:\|(` + labelRE + `)\|)? (` + idRE + `)$`)
	classRE  = regexp.MustCompile(`^  class (` + idRE + `(?:,` + idRE + `)*) (` + idRE + `)$`)
	defRE    = regexp.MustCompile(`^  classDef (` + idRE + `) [a-z-]+:[^ ]+$`)
	linkRE   = regexp.MustCompile(`^  linkStyle ([0-9]+(?:,[0-9]+)*) [a-z-]+:[^ ]+$`)
	keywords = []string{"end", "graph", "flowchart", "subgraph", "class", "classDef", "style", "linkStyle", "click", "default"}
)

// TestMermaidStructure checks every line of the flowchart against the
// grammar the writer means to produce: sanitized ids that are no keyword,
// labels with no character that would end them, nodes declared before
// their edges and once, each consumer in exactly one guarantee class, and
// linkStyle indices that exist.
func TestMermaidStructure(t *testing.T) {
	var b bytes.Buffer
	if err := semantics.WriteMermaid(&b, hostile); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if lines[0] != "flowchart LR" {
		t.Fatalf("first line %q, want flowchart LR", lines[0])
	}
	nodes := map[string]string{} // id -> label
	classes := map[string]bool{}
	classed := map[string]int{}
	edges := 0
	var styled []int
	for _, l := range lines[1:] {
		if m := nodeRE.FindStringSubmatch(l); m != nil {
			id := m[1]
			for _, k := range keywords {
				if strings.EqualFold(id, k) {
					t.Errorf("node id %s is a keyword", id)
				}
			}
			if _, dup := nodes[id]; dup {
				t.Errorf("node %s declared twice", id)
			}
			nodes[id] = m[2]
			continue
		}
		if m := edgeRE.FindStringSubmatch(l); m != nil {
			for _, id := range []string{m[1], m[3]} {
				if _, ok := nodes[id]; !ok {
					t.Errorf("edge %q uses undeclared node %s", l, id)
				}
			}
			edges++
			continue
		}
		if m := defRE.FindStringSubmatch(l); m != nil {
			classes[m[1]] = true
			continue
		}
		if m := classRE.FindStringSubmatch(l); m != nil {
			if !classes[m[2]] {
				t.Errorf("class %s is not defined", m[2])
			}
			for _, id := range strings.Split(m[1], ",") {
				classed[id]++
			}
			continue
		}
		if m := linkRE.FindStringSubmatch(l); m != nil {
			for _, s := range strings.Split(m[1], ",") {
				i, _ := strconv.Atoi(s)
				styled = append(styled, i)
			}
			continue
		}
		t.Errorf("line does not parse: %q", l)
	}
	for _, i := range styled {
		if i >= edges {
			t.Errorf("linkStyle %d: only %d edges", i, edges)
		}
	}
	consumers := 0
	for id := range nodes {
		if strings.HasPrefix(id, "consumer_") {
			consumers++
			if classed[id] != 1 {
				t.Errorf("consumer %s is in %d guarantee classes, want 1", id, classed[id])
			}
		}
	}
	if consumers != len(hostile) {
		t.Errorf("%d consumer nodes, want %d", consumers, len(hostile))
	}
	// Topics a-b and a_b sanitize alike but are two nodes; the topic
	// shared by two consumers is one.
	topics := 0
	for id := range nodes {
		if strings.HasPrefix(id, "topic_") {
			topics++
		}
	}
	if want := 5; topics != want { // end, a-b, a_b, graph, topics not known
		t.Errorf("%d topic nodes, want %d", topics, want)
	}
}

// TestMermaidEdges checks that findings label the edge where they bite:
// the write of effect and offset on the edge to a known store, all others
// (and all findings of a consumer whose store is not known) on the edge
// from the topics; the edges with findings, and only those, are red.
func TestMermaidEdges(t *testing.T) {
	var b bytes.Buffer
	if err := semantics.WriteMermaid(&b, hostile); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		`topic_end -->|"commit-before-process"| consumer_a_b_go_1` + "\n",
		`consumer_a_b_go_30 -->|"unfenced-offset-write"| store_PostgreSQL__main___db_1_` + "\n",
		`topic_a_b -->|"concurrent-commit"| consumer_a_b_go_30` + "\n",
		`topic_ -->|"unfenced-offset-write"| consumer_c_d___go_7` + "\n",
		`consumer_c_d___go_7 --> store_` + "\n",
		"  linkStyle 0,1,2,4,5,6,7 stroke:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
