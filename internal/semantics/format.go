package semantics

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes the rows as a JSON array.
func WriteJSON(w io.Writer, rows []*Row) error {
	if rows == nil {
		rows = []*Row{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rows)
}

// WriteText writes one block per consumer.
func WriteText(w io.Writer, rows []*Row) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%d consumer(s)\n", len(rows))
	for _, r := range rows {
		b.WriteString("\n")
		fmt.Fprintf(&b, "%s  %s%s\n", r.Consumer, r.Client, names(r))
		line := func(k, v string) { fmt.Fprintf(&b, "  %-13s %s\n", k+":", v) }
		line("strategy", strategy(r))
		line("guarantee", guarantee(r))
		line("why", r.Reason)
		line("duplicates", r.Window)
		line("lag reflects", r.Lag)
		line("revoke", r.Revoke)
		line("concurrency", r.Concurrency)
		line("handler", r.Handler)
		if r.Failure != "" {
			line("on failure", r.Failure)
		}
		if len(r.Findings) == 0 {
			line("findings", "none")
		}
		for i, f := range r.Findings {
			k := ""
			if i == 0 {
				k = "findings"
			}
			fmt.Fprintf(&b, "  %-13s %s %s\n", k+map[bool]string{true: ":", false: ""}[k != ""], f.Rule, f.At)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes a table, one row per consumer, for pull-request
// comments and documentation.
func WriteMarkdown(w io.Writer, rows []*Row) error {
	var b strings.Builder
	b.WriteString("| Consumer | Client | Group / topics | Strategy | Guarantee | Duplicate window | Lag reflects | Commit on revoke | Concurrency | Handler must be | Findings |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		var fs []string
		for _, f := range r.Findings {
			fs = append(fs, "`"+f.Rule+"` "+f.At)
		}
		if len(fs) == 0 {
			fs = []string{"none"}
		}
		cells := []string{
			"`" + r.Consumer + "`", r.Client, strings.TrimPrefix(names(r), "  "), strategy(r),
			guarantee(r) + ": " + r.Reason + failureNote(r), r.Window, r.Lag, r.Revoke, r.Concurrency, r.Handler, strings.Join(fs, "<br>"),
		}
		for i, c := range cells {
			cells[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// failureNote is the row's Failure, if any, as it follows the reason.
func failureNote(r *Row) string {
	if r.Failure == "" {
		return ""
	}
	return "; on failure: " + r.Failure
}

func names(r *Row) string {
	var parts []string
	if r.Group != "" {
		parts = append(parts, "group "+r.Group)
	}
	if len(r.Topics) > 0 {
		parts = append(parts, "topics "+strings.Join(r.Topics, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return "  " + strings.Join(parts, "; ")
}

func strategy(r *Row) string {
	if r.Detail == "" {
		return r.Strategy
	}
	return r.Strategy + " (" + r.Detail + ")"
}

func guarantee(r *Row) string {
	if r.Scope != "" {
		return r.Guarantee + ", scoped to " + r.Scope
	}
	return r.Guarantee
}
