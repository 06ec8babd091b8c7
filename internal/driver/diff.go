package driver

import (
	"fmt"
	"strings"
)

// unified returns a unified diff (three lines of context) from old to new
// content of file, or "" if they are equal.
func unified(file, old, new string) string {
	if old == new {
		return ""
	}
	a, b := lines(old), lines(new)
	ops := diffLines(a, b)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s (old)\n+++ %s (new)\n", file, file)
	const ctx = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from ctx lines before the change to ctx lines after the
		// last change that is at most 2*ctx lines from the previous one.
		start := max(i-ctx, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*ctx {
				break
			}
		}
		end = min(end+ctx, len(ops))
		oldStart, newStart := ops[start].a, ops[start].b
		var oldN, newN int
		var body strings.Builder
		for _, op := range ops[start:end] {
			switch op.kind {
			case ' ':
				oldN++
				newN++
				body.WriteString(" " + a[op.a])
			case '-':
				oldN++
				body.WriteString("-" + a[op.a])
			case '+':
				newN++
				body.WriteString("+" + b[op.b])
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(oldStart, oldN), hunkRange(newStart, newN))
		sb.WriteString(body.String())
		i = end
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// lines splits s into lines, each with its newline; a last line without one
// gets "\n\\ No newline at end of file\n" appended, as diff prints it.
func lines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s+"\n\\ No newline at end of file\n")
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// op is one line of an edit script: kind ' ' (both), '-' (a only) or '+'
// (b only), with the line's index in a and in b (for '+', a is the index
// of the next line of a; for '-', b is the next line of b).
type op struct {
	kind rune
	a, b int
}

// diffLines returns an edit script from a to b: the common prefix and
// suffix, and a longest common subsequence of what lies between (replaced
// whole when it is too large to compare line by line).
func diffLines(a, b []string) []op {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	var ops []op
	for i := 0; i < p; i++ {
		ops = append(ops, op{' ', i, i})
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	if len(ma)*len(mb) > 4_000_000 {
		for i := range ma {
			ops = append(ops, op{'-', p + i, p})
		}
		for j := range mb {
			ops = append(ops, op{'+', p + len(ma), p + j})
		}
	} else {
		// lcs[i][j] is the LCS length of ma[i:] and mb[j:].
		lcs := make([][]int, len(ma)+1)
		for i := range lcs {
			lcs[i] = make([]int, len(mb)+1)
		}
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				ops = append(ops, op{' ', p + i, p + j})
				i++
				j++
			case i < len(ma) && (j == len(mb) || lcs[i+1][j] >= lcs[i][j+1]):
				// Deletions first, as diff prints a changed line.
				ops = append(ops, op{'-', p + i, p + j})
				i++
			default:
				ops = append(ops, op{'+', p + i, p + j})
				j++
			}
		}
	}
	for k := 0; k < s; k++ {
		ops = append(ops, op{' ', len(a) - s + k, len(b) - s + k})
	}
	return ops
}
