package semantics

import (
	"cmp"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
)

// A Diff compares the reports of two revisions, consumer by consumer.
type Diff struct {
	Before, After int // consumers in each report
	// Changes holds the consumers added, removed or changed, in the order
	// of the new report (removed ones in the order of the old).
	Changes []*Change
}

// A Change is what happened to one consumer between two reports.
type Change struct {
	Old, New *Row // Old is nil for an added consumer, New for a removed one
	// Fields are the columns that changed, in report order.
	Fields []Field
	// Gained and Lost are the findings the consumer gained (positions in
	// the new report) and lost (positions in the old one). An added
	// consumer gained all its findings; a removed one lists none.
	Gained, Lost []Finding
}

// A Field is one column of a row that changed.
type Field struct {
	Name, Old, New string
}

// DiffRows matches the consumers of two reports and returns what changed.
//
// Positions are no key: moving code shifts every line below it. Consumers
// are matched by directory, client, group and topics; where several share
// that key, in file order if both reports have as many of them, else those
// still at their line first. Left-over consumers are then paired when they
// are alone with their directory and client (a renamed group or topic), or
// alone with their client, group and topics (a moved package). What
// remains was added or removed.
func DiffRows(old, new []*Row) *Diff {
	d := &Diff{Before: len(old), After: len(new)}
	pairs := map[*Row]*Row{} // new row -> old row
	oldLeft, newLeft := slices.Clone(old), slices.Clone(new)
	match := func(key func(*Row) string, ordered bool) {
		olds, news := map[string][]*Row{}, map[string][]*Row{}
		for _, r := range oldLeft {
			olds[key(r)] = append(olds[key(r)], r)
		}
		for _, r := range newLeft {
			news[key(r)] = append(news[key(r)], r)
		}
		used := map[*Row]bool{}
		for k, ns := range news {
			cands := olds[k]
			if k == "" || !ordered && (len(cands) != 1 || len(ns) != 1) {
				continue
			}
			// As many on both sides: the same consumers in the same order,
			// whatever moved. Else those still at their line first.
			for _, n := range ns {
				if len(ns) == len(olds[k]) {
					break
				}
				if i := slices.IndexFunc(cands, func(o *Row) bool { return o.Consumer == n.Consumer }); i >= 0 {
					pairs[n], used[n], used[cands[i]] = cands[i], true, true
					cands = slices.Delete(cands, i, i+1)
				}
			}
			for _, n := range ns {
				if !used[n] && len(cands) > 0 {
					pairs[n], used[n], used[cands[0]] = cands[0], true, true
					cands = cands[1:]
				}
			}
		}
		oldLeft = slices.DeleteFunc(oldLeft, func(r *Row) bool { return used[r] })
		newLeft = slices.DeleteFunc(newLeft, func(r *Row) bool { return used[r] })
	}
	match(func(r *Row) string {
		return dir(r) + "\x00" + r.Client + "\x00" + r.Group + "\x00" + strings.Join(r.Topics, ",")
	}, true)
	match(func(r *Row) string { return dir(r) + "\x00" + r.Client }, false)
	match(func(r *Row) string {
		if r.Group == "" {
			return ""
		}
		return r.Client + "\x00" + r.Group + "\x00" + strings.Join(r.Topics, ",")
	}, false)

	for _, n := range new {
		if o, ok := pairs[n]; ok {
			if c := compare(o, n); c != nil {
				d.Changes = append(d.Changes, c)
			}
		} else {
			d.Changes = append(d.Changes, &Change{New: n, Gained: n.Findings})
		}
	}
	for _, o := range oldLeft {
		d.Changes = append(d.Changes, &Change{Old: o})
	}
	return d
}

// dir returns the directory of a row's consumer position.
func dir(r *Row) string {
	file := r.Consumer
	if i := strings.LastIndexByte(file, ':'); i >= 0 {
		file = file[:i]
	}
	return path.Dir(file)
}

// compare returns the change between two rows of one consumer, or nil if
// its semantics did not change.
func compare(o, n *Row) *Change {
	c := &Change{Old: o, New: n}
	field := func(name, a, b string) {
		if a != b {
			c.Fields = append(c.Fields, Field{name, a, b})
		}
	}
	field("group", o.Group, n.Group)
	field("topics", strings.Join(o.Topics, ", "), strings.Join(n.Topics, ", "))
	field("strategy", strategy(o), strategy(n))
	field("guarantee", guarantee(o), guarantee(n))
	field("duplicates", o.Window, n.Window)
	if o.Lag != "" {
		// Reports saved before the column existed have none.
		field("lag reflects", o.Lag, n.Lag)
	}
	field("revoke", o.Revoke, n.Revoke)
	field("concurrency", o.Concurrency, n.Concurrency)
	field("handler", o.Handler, n.Handler)
	field("on failure", o.Failure, n.Failure)
	c.Gained, c.Lost = surplus(n.Findings, o.Findings), surplus(o.Findings, n.Findings)
	if len(c.Fields) == 0 && len(c.Gained) == 0 && len(c.Lost) == 0 {
		return nil
	}
	return c
}

// surplus returns the findings of a whose rule occurs more often in a than
// in b, preferring those whose position b does not have.
func surplus(a, b []Finding) []Finding {
	var out []Finding
	for _, rule := range rules(a) {
		var as, bs []Finding
		for _, f := range a {
			if f.Rule == rule {
				as = append(as, f)
			}
		}
		for _, f := range b {
			if f.Rule == rule {
				bs = append(bs, f)
			}
		}
		n := len(as) - len(bs)
		for _, f := range as {
			if n > 0 && !slices.Contains(bs, f) {
				out = append(out, f)
				n--
			}
		}
	}
	return out
}

// rules returns the distinct rules of fs, in order.
func rules(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		if !slices.Contains(out, f.Rule) {
			out = append(out, f.Rule)
		}
	}
	return out
}

// rank orders guarantees from the strongest: effectively-once keeps
// records from being lost or repeated, at-least-once from being lost,
// at-most-once from being repeated, neither from either; unknown promises
// nothing the analysis can vouch for.
var rank = map[string]int{EffectivelyOnce: 4, AtLeastOnce: 3, AtMostOnce: 2, Neither: 1, GuaranteeUnk: 0}

// Weakened reports whether the consumer existed in both reports and its
// guarantee moved down effectively-once, at-least-once, at-most-once,
// neither, unknown.
func (c *Change) Weakened() bool {
	return c.Old != nil && c.New != nil && rank[c.New.Guarantee] < rank[c.Old.Guarantee]
}

// Row returns the consumer's row in the new report, or in the old one if
// it was removed.
func (c *Change) Row() *Row { return cmp.Or(c.New, c.Old) }

// Name returns the consumer as a reader knows it: its group and position.
func (c *Change) Name() string {
	r := c.Row()
	if r.Group == "" {
		return r.Consumer
	}
	return r.Group + " (" + r.Consumer + ")"
}

// Summary is the change in one line: the guarantee, and why it changed.
func (c *Change) Summary() string {
	switch {
	case c.Old == nil:
		return "added: " + guarantee(c.New) + ", " + strategy(c.New)
	case c.New == nil:
		return "removed (was " + guarantee(c.Old) + ", " + strategy(c.Old) + ")"
	case c.Old.Guarantee == c.New.Guarantee:
		return "still " + guarantee(c.New)
	}
	s := c.Old.Guarantee + " → " + c.New.Guarantee + ": " + c.New.Reason
	if len(c.Gained) > 0 {
		s += " (" + findingList(c.Gained) + ")"
	}
	return s
}

func findingList(fs []Finding) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.Rule+" at "+f.At)
	}
	return strings.Join(parts, "; ")
}

// Counts returns how many consumers were changed, added and removed.
func (d *Diff) Counts() (changed, added, removed int) {
	for _, c := range d.Changes {
		switch {
		case c.Old == nil:
			added++
		case c.New == nil:
			removed++
		default:
			changed++
		}
	}
	return changed, added, removed
}

func (d *Diff) headline() string {
	if len(d.Changes) == 0 {
		return fmt.Sprintf("no delivery semantics changed (%d consumer(s))", d.After)
	}
	changed, added, removed := d.Counts()
	return fmt.Sprintf("%d consumer(s) changed, %d added, %d removed (%d before, %d after)", changed, added, removed, d.Before, d.After)
}

// WriteDiffText writes the diff for a terminal: a headline, then a block
// per consumer.
func WriteDiffText(w io.Writer, d *Diff) error {
	var b strings.Builder
	b.WriteString(d.headline() + "\n")
	for _, c := range d.Changes {
		fmt.Fprintf(&b, "\n%s: %s\n", c.Name(), c.Summary())
		for _, f := range c.Fields {
			if f.Name != "guarantee" || c.Old.Guarantee == c.New.Guarantee {
				fmt.Fprintf(&b, "  %-13s %s → %s\n", f.Name+":", orNone(f.Old), orNone(f.New))
			}
		}
		for _, f := range c.Gained {
			fmt.Fprintf(&b, "  + %s %s\n", f.Rule, f.At)
		}
		for _, f := range c.Lost {
			fmt.Fprintf(&b, "  - %s %s\n", f.Rule, f.At)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteDiffMarkdown writes the diff for a pull-request comment or a job
// summary: a headline, then a table with a row per consumer.
func WriteDiffMarkdown(w io.Writer, d *Diff) error {
	var b strings.Builder
	b.WriteString(strings.ToUpper(d.headline()[:1]) + d.headline()[1:] + ".\n")
	if len(d.Changes) > 0 {
		b.WriteString("\n| Consumer | Guarantee | What changed |\n|---|---|---|\n")
	}
	for _, c := range d.Changes {
		r := c.Row()
		name := "`" + r.Consumer + "`"
		if r.Group != "" {
			name = "`" + r.Group + "`<br>" + name
		}
		var g string
		var what []string
		switch {
		case c.Old == nil:
			g = "added: **" + guarantee(c.New) + "**"
			what = append(what, "strategy: "+strategy(c.New), "duplicates: "+c.New.Window)
		case c.New == nil:
			g = "removed: ~~" + guarantee(c.Old) + "~~"
		case c.Old.Guarantee != c.New.Guarantee:
			g = c.Old.Guarantee + " → **" + guarantee(c.New) + "**"
			what = append(what, c.New.Reason)
		default:
			g = guarantee(c.New)
		}
		for _, f := range c.Fields {
			if f.Name != "guarantee" || c.Old.Guarantee == c.New.Guarantee {
				what = append(what, f.Name+": "+orNone(f.Old)+" → "+orNone(f.New))
			}
		}
		for _, f := range c.Gained {
			what = append(what, "new `"+f.Rule+"` at `"+f.At+"`")
		}
		for _, f := range c.Lost {
			what = append(what, "gone: `"+f.Rule+"` (was at `"+f.At+"`)")
		}
		cells := []string{name, g, strings.Join(what, "<br>")}
		for i, s := range cells {
			cells[i] = strings.ReplaceAll(s, "|", `\|`)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orNone(s string) string { return cmp.Or(s, "none") }
