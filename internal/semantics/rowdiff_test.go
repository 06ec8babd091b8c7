package semantics_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

// row returns a row with the fields matching looks at; the guarantee is
// at-least-once unless changed.
func row(consumer, client, group string, topics ...string) *semantics.Row {
	return &semantics.Row{
		Client: client, Consumer: consumer, Group: group, Topics: topics,
		Strategy: semantics.StrategyEachRecord, Guarantee: semantics.AtLeastOnce, Window: "one record",
	}
}

func with(r *semantics.Row, edit func(*semantics.Row)) *semantics.Row {
	c := *r
	edit(&c)
	return &c
}

// summary is a diff in one line per change: "old -> new: fields".
func summary(d *semantics.Diff) string {
	var lines []string
	for _, c := range d.Changes {
		var from, to string
		if c.Old != nil {
			from = c.Old.Consumer
		}
		if c.New != nil {
			to = c.New.Consumer
		}
		var fields []string
		for _, f := range c.Fields {
			fields = append(fields, f.Name)
		}
		for _, f := range c.Gained {
			fields = append(fields, "+"+f.Rule+"@"+f.At)
		}
		for _, f := range c.Lost {
			fields = append(fields, "-"+f.Rule+"@"+f.At)
		}
		lines = append(lines, from+" -> "+to+": "+strings.Join(fields, ","))
	}
	return strings.Join(lines, "\n")
}

func TestDiffRowsMatching(t *testing.T) {
	t.Parallel()
	a := row("a/main.go:10", "franz-go", "ledger", "payments")
	b := row("b/main.go:20", "sarama", "orders", "orders")
	before := semantics.AtMostOnce
	for _, c := range []struct {
		name     string
		old, new []*semantics.Row
		want     string
	}{
		{
			name: "moved lines are the same consumer",
			old:  []*semantics.Row{a, b},
			new:  []*semantics.Row{with(a, func(r *semantics.Row) { r.Consumer = "a/main.go:40" }), b},
			want: "",
		},
		{
			name: "a changed guarantee is reported once, on the consumer that moved",
			old:  []*semantics.Row{a, b},
			new: []*semantics.Row{with(a, func(r *semantics.Row) {
				r.Consumer, r.Guarantee, r.Strategy = "a/main.go:12", before, semantics.StrategyBefore
				r.Findings = []semantics.Finding{{Rule: "ordering/commit-before-process", At: "a/main.go:30"}}
			}), b},
			want: "a/main.go:10 -> a/main.go:12: strategy,guarantee,+ordering/commit-before-process@a/main.go:30",
		},
		{
			name: "as many consumers with one key pair in file order",
			old:  []*semantics.Row{row("c/x.go:5", "kafka-go", "g"), with(row("c/x.go:50", "kafka-go", "g"), func(r *semantics.Row) { r.Window = "w" })},
			new:  []*semantics.Row{row("c/x.go:50", "kafka-go", "g"), with(row("c/x.go:95", "kafka-go", "g"), func(r *semantics.Row) { r.Window = "w" })},
			want: "",
		},
		{
			name: "one more consumer with a key: the others pair by position",
			old:  []*semantics.Row{with(row("c/x.go:50", "kafka-go", "g"), func(r *semantics.Row) { r.Window = "w" })},
			new:  []*semantics.Row{row("c/x.go:5", "kafka-go", "g"), with(row("c/x.go:50", "kafka-go", "g"), func(r *semantics.Row) { r.Window = "w" })},
			want: " -> c/x.go:5: ",
		},
		{
			name: "a renamed group alone in its directory is the same consumer",
			old:  []*semantics.Row{a},
			new:  []*semantics.Row{with(a, func(r *semantics.Row) { r.Group = "ledger-v2" })},
			want: "a/main.go:10 -> a/main.go:10: group",
		},
		{
			name: "a moved package with the same client, group and topics is the same consumer",
			old:  []*semantics.Row{a},
			new:  []*semantics.Row{with(a, func(r *semantics.Row) { r.Consumer = "z/ledger/consume.go:7" })},
			want: "",
		},
		{
			name: "two renamed consumers in one directory are removed and added",
			old:  []*semantics.Row{row("d/x.go:1", "sarama", "g1"), row("d/x.go:9", "sarama", "g2")},
			new:  []*semantics.Row{row("d/x.go:1", "sarama", "h1"), row("d/x.go:9", "sarama", "h2")},
			want: " -> d/x.go:1: \n -> d/x.go:9: \nd/x.go:1 -> : \nd/x.go:9 -> : ",
		},
		{
			name: "another client in the same place is another consumer",
			old:  []*semantics.Row{a},
			new:  []*semantics.Row{with(a, func(r *semantics.Row) { r.Client = "sarama" })},
			want: " -> a/main.go:10: \na/main.go:10 -> : ",
		},
		{
			name: "findings are compared by rule, not by position",
			old: []*semantics.Row{with(a, func(r *semantics.Row) {
				r.Findings = []semantics.Finding{{Rule: "x/y", At: "a/main.go:30"}, {Rule: "x/z", At: "a/main.go:31"}}
			})},
			new: []*semantics.Row{with(a, func(r *semantics.Row) {
				r.Findings = []semantics.Finding{{Rule: "x/y", At: "a/main.go:35"}, {Rule: "x/y", At: "a/main.go:30"}}
			})},
			want: "a/main.go:10 -> a/main.go:10: +x/y@a/main.go:35,-x/z@a/main.go:31",
		},
		{
			name: "what lag reflects is compared, unless the old report predates the column",
			old: []*semantics.Row{
				with(a, func(r *semantics.Row) { r.Lag = semantics.LagProcessing + " (x)" }),
				b,
			},
			new: []*semantics.Row{
				with(a, func(r *semantics.Row) { r.Lag = semantics.LagFetching + " (y)" }),
				with(b, func(r *semantics.Row) { r.Lag = semantics.LagNothing + " (z)" }),
			},
			want: "a/main.go:10 -> a/main.go:10: lag reflects",
		},
		{
			name: "an added consumer gained its findings, a removed one lists none",
			old:  []*semantics.Row{with(b, func(r *semantics.Row) { r.Findings = []semantics.Finding{{Rule: "x/y", At: "b/main.go:3"}} })},
			new:  []*semantics.Row{with(a, func(r *semantics.Row) { r.Findings = []semantics.Finding{{Rule: "x/y", At: "a/main.go:3"}} })},
			want: " -> a/main.go:10: +x/y@a/main.go:3\nb/main.go:20 -> : ",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := summary(semantics.DiffRows(c.old, c.new)); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestDiffWeakened(t *testing.T) {
	t.Parallel()
	order := []string{semantics.EffectivelyOnce, semantics.AtLeastOnce, semantics.AtMostOnce, semantics.Neither, semantics.GuaranteeUnk}
	for i, from := range order {
		for j, to := range order {
			a := row("a/main.go:1", "sarama", "g")
			d := semantics.DiffRows(
				[]*semantics.Row{with(a, func(r *semantics.Row) { r.Guarantee = from })},
				[]*semantics.Row{with(a, func(r *semantics.Row) { r.Guarantee = to })},
			)
			if i == j {
				if len(d.Changes) != 0 {
					t.Errorf("%s -> %s: %d changes, want none", from, to, len(d.Changes))
				}
				continue
			}
			if got := d.Changes[0].Weakened(); got != (j > i) {
				t.Errorf("%s -> %s: weakened %v, want %v", from, to, got, j > i)
			}
		}
	}
	added := semantics.DiffRows(nil, []*semantics.Row{row("a/main.go:1", "sarama", "g")})
	if added.Changes[0].Weakened() {
		t.Error("an added consumer counts as weakened")
	}
}

func TestDiffFormats(t *testing.T) {
	t.Parallel()
	a := row("a/main.go:10", "franz-go", "ledger", "payments")
	d := semantics.DiffRows([]*semantics.Row{a}, []*semantics.Row{with(a, func(r *semantics.Row) {
		r.Consumer = "a/main.go:11"
		r.Guarantee, r.Reason = semantics.AtMostOnce, "commit | first"
		r.Findings = []semantics.Finding{{Rule: "ordering/commit-before-process", At: "a/main.go:30"}}
	})})
	var text, md bytes.Buffer
	if err := semantics.WriteDiffText(&text, d); err != nil {
		t.Fatal(err)
	}
	if err := semantics.WriteDiffMarkdown(&md, d); err != nil {
		t.Fatal(err)
	}
	wantText := `1 consumer(s) changed, 0 added, 0 removed (1 before, 1 after)

ledger (a/main.go:11): at-least-once → at-most-once: commit | first (ordering/commit-before-process at a/main.go:30)
  + ordering/commit-before-process a/main.go:30
`
	if text.String() != wantText {
		t.Errorf("text:\n%s\nwant:\n%s", text.String(), wantText)
	}
	wantMD := "1 consumer(s) changed, 0 added, 0 removed (1 before, 1 after).\n\n" +
		"| Consumer | Guarantee | What changed |\n|---|---|---|\n" +
		"| `ledger`<br>`a/main.go:11` | at-least-once → **at-most-once** | commit \\| first<br>new `ordering/commit-before-process` at `a/main.go:30` |\n"
	if md.String() != wantMD {
		t.Errorf("markdown:\n%s\nwant:\n%s", md.String(), wantMD)
	}

	var none bytes.Buffer
	if err := semantics.WriteDiffMarkdown(&none, semantics.DiffRows([]*semantics.Row{a}, []*semantics.Row{a})); err != nil {
		t.Fatal(err)
	}
	if want := "No delivery semantics changed (1 consumer(s)).\n"; none.String() != want {
		t.Errorf("markdown of no change: %q, want %q", none.String(), want)
	}
}
