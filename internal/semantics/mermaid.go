package semantics

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/offsetcommit/commitlint/internal/category"
)

// WriteMermaid writes the pipelines as a mermaid flowchart: topics, then
// consumers labelled with their group, position and guarantee and coloured
// by the guarantee, then the stores their effects go to (the store a
// guarantee is scoped to; else one shared "effect store not known" node).
// Findings label the edge where they bite: those about writing the effect
// with its offset on the edge to the store, all others on the edge from
// the topics, where positions are committed. Edges with findings are red.
//
// The output is the diagram alone, as mermaid-cli reads it; wrap it in a
// ```mermaid fence to render it on GitHub.
func WriteMermaid(w io.Writer, rows []*Row) error {
	m := &mermaid{ids: map[string]string{}, taken: map[string]bool{}}
	m.line("flowchart LR")
	for _, g := range []string{EffectivelyOnce, AtLeastOnce, AtMostOnce, Neither, GuaranteeUnk} {
		m.line("  classDef %s %s", classOf(g), guaranteeStyle[g])
	}
	byClass := map[string][]string{}
	var red []int
	for _, r := range rows {
		c := m.node("consumer", r.Consumer, "[%s]", label(cmp.Or(r.Group, "no group"), r.Consumer, r.Client, guarantee(r), lagKind(r)))
		byClass[classOf(r.Guarantee)] = append(byClass[classOf(r.Guarantee)], c)
		in, out := edgeFindings(r)
		topics := r.Topics
		if len(topics) == 0 {
			topics = []string{""}
		}
		for _, t := range topics {
			id := m.node("topic", t, "([%s])", label(cmp.Or(t, "topics not known")))
			if m.edge(id, c, in) {
				red = append(red, m.edges-1)
			}
		}
		store := m.node("store", r.Scope, "[(%s)]", label(cmp.Or(r.Scope, "effect store not known")))
		if m.edge(c, store, out) {
			red = append(red, m.edges-1)
		}
	}
	for _, g := range []string{EffectivelyOnce, AtLeastOnce, AtMostOnce, Neither, GuaranteeUnk} {
		if ids := byClass[classOf(g)]; len(ids) > 0 {
			m.line("  class %s %s", strings.Join(ids, ","), classOf(g))
		}
	}
	if len(red) > 0 {
		var idx []string
		for _, i := range red {
			idx = append(idx, fmt.Sprint(i))
		}
		m.line("  linkStyle %s stroke:#c62828,stroke-width:2px,color:#c62828", strings.Join(idx, ","))
	}
	_, err := io.WriteString(w, m.b.String())
	return err
}

// guaranteeStyle colours consumers by guarantee: greens for the guarantees
// that lose nothing, red and orange for those that lose records, grey for
// unknown.
var guaranteeStyle = map[string]string{
	EffectivelyOnce: "fill:#b7e4c7,stroke:#1b4332,color:#081c15",
	AtLeastOnce:     "fill:#d8f3dc,stroke:#2d6a4f,color:#081c15",
	AtMostOnce:      "fill:#ffccd5,stroke:#a4133c,color:#590d22",
	Neither:         "fill:#ffd8a8,stroke:#c2410c,color:#431407",
	GuaranteeUnk:    "fill:#e9ecef,stroke:#6c757d,color:#212529",
}

// storeCategories are the finding categories about writing a record's
// effect together with its offset (a transaction or the consumer's own
// database): they bite on the edge to the store when the row knows it.
var storeCategories = []category.Category{category.Unfenced, category.TxnResult, category.Swallowed, category.FencingIgnored}

// edgeFindings splits a row's findings into the short category labels of
// the edge from its topics and of the edge to its store.
func edgeFindings(r *Row) (in, out []string) {
	for _, f := range r.Findings {
		_, cat, _ := strings.Cut(f.Rule, "/")
		cat = cmp.Or(cat, f.Rule)
		if r.Scope != "" && slices.Contains(storeCategories, category.Category(cat)) {
			out = append(out, cat)
		} else {
			in = append(in, cat)
		}
	}
	slices.Sort(in)
	slices.Sort(out)
	return slices.Compact(in), slices.Compact(out)
}

type mermaid struct {
	b     strings.Builder
	ids   map[string]string // kind + "\x00" + name -> node id
	taken map[string]bool
	edges int
}

func (m *mermaid) line(format string, args ...any) {
	fmt.Fprintf(&m.b, format+"\n", args...)
}

// node returns the id of the node of that kind and name, declaring it with
// shape (a format with one %s for the label) the first time.
func (m *mermaid) node(kind, name, shape, label string) string {
	key := kind + "\x00" + name
	if id, ok := m.ids[key]; ok {
		return id
	}
	id := mermaidID(kind + "_" + name)
	for i := 2; m.taken[id]; i++ {
		id = mermaidID(fmt.Sprintf("%s_%s_%d", kind, name, i))
	}
	m.ids[key], m.taken[id] = id, true
	m.line("  %s"+shape, id, label)
	return id
}

// edge draws an edge labelled with the findings, if any, and reports
// whether it has some.
func (m *mermaid) edge(from, to string, findings []string) bool {
	if len(findings) == 0 {
		m.line("  %s --> %s", from, to)
	} else {
		m.line("  %s -->|%s| %s", from, label(findings...), to)
	}
	m.edges++
	return len(findings) > 0
}

// mermaidID turns s into a node id: letters, digits and underscores only.
// Ids never clash with keywords (end, graph, style…): each starts with its
// node kind.
func mermaidID(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// lagKind is the label line saying what broker lag reflects: its kind,
// without the why.
func lagKind(r *Row) string {
	kind, _, _ := strings.Cut(r.Lag, " (")
	return "lag: " + cmp.Or(kind, LagUnknown)
}

// classOf returns the class name of a guarantee.
func classOf(g string) string { return mermaidID(cmp.Or(g, GuaranteeUnk)) }

// label returns the lines as a quoted mermaid label. Mermaid decodes
// "#name;" and "#number;" entities in labels, so the characters that would
// end the label (or an edge's), start an entity, open HTML or markdown are
// written as entities.
func label(lines ...string) string {
	esc := strings.NewReplacer(
		"#", "#35;",
		`"`, "#quot;",
		"<", "#lt;",
		">", "#gt;",
		"&", "#amp;",
		"`", "#96;",
		"|", "#124;",
		"\n", " ",
	)
	var parts []string
	for _, l := range lines {
		parts = append(parts, esc.Replace(l))
	}
	return `"` + strings.Join(parts, "<br>") + `"`
}
