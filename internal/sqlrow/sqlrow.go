// Package sqlrow recognises the SQL statements with which a consumer
// writes its position to its own database (an offset row): the one home
// for that question, asked by the fencing analyzer (is the write guarded
// against a stale owner?) and by the report (does the consumer keep its
// offsets in the effect's database?).
package sqlrow

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

var offsetWrite = regexp.MustCompile(`(?is)^\s*(update\s+("?\w+"?\.)?"?\w*offset\w*"?\s+set\b|insert\s+into\s+("?\w+"?\.)?"?\w*offset\w*"?)`)

// Writes reports whether sql writes a row of an offsets table (an UPDATE
// or INSERT of a table whose name contains "offset"), guarded or not.
func Writes(sql string) bool { return offsetWrite.MatchString(sql) }

// Write is an offset row write without a guard.
type Write struct {
	Verb  string // "UPDATE", "INSERT ... ON CONFLICT DO UPDATE" or "INSERT ... ON DUPLICATE KEY UPDATE"
	Table string
	Col   string
	// The guard replaces the statement's text from At to End (End == At:
	// it is inserted at At).
	At, End int
	Guard   string
}

// fencedWords are column names whose mention in a WHERE clause fences the
// write (a generation, an epoch, an owner or lease token).
var fencedWords = []string{"generation", "epoch", "fenc", "owner", "lease", "token", "term"}

var (
	placeholderRE = regexp.MustCompile(`^\$\d+(\s*\+\s*\d+)?$`)
	identRE       = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$`)
)

// Unguarded recognises an unguarded write of an offset column in an
// offsets table keyed by partition, and returns where its guard goes.
// Anything it does not fully understand (several statements, CTEs,
// subqueries, FROM, aliases, ? placeholders) yields nil. A MySQL upsert
// (INSERT ... ON DUPLICATE KEY UPDATE col = VALUES(col)) is guarded by
// replacing the value with GREATEST(col, VALUES(col)).
func Unguarded(sql string) *Write {
	low := asciiLower(sql)
	end := len(strings.TrimRight(low, " \t\n;"))
	if strings.Contains(low[:end], ";") || strings.Contains(low, "(select") || strings.Contains(low, "( select") {
		return nil
	}
	start := len(low) - len(strings.TrimLeft(low, " \t\n"))
	switch {
	case matchWS(low, start, "update ") > 0:
		return parseUpdate(sql, low, start, end)
	case matchWS(low, start, "insert into ") > 0:
		return parseUpsert(sql, low, start, end)
	}
	return nil
}

func parseUpdate(sql, low string, start, end int) *Write {
	// Keywords are searched after "UPDATE ", whose space must not be
	// taken for the one before SET (FuzzSQLGuard).
	head := matchWS(low, start, "update ")
	set, setEnd := keyword(low, " set ", head, end)
	where, _ := keyword(low, " where ", head, end)
	if set < 0 || where < setEnd {
		return nil // no WHERE after the SET list (" set where" shares its space)
	}
	if from, _ := keyword(low, " from ", start, end); from >= 0 {
		return nil
	}
	// The guard joins the WHERE clause: before what may follow it.
	stop := end
	for _, kw := range []string{" returning ", " order by ", " limit "} {
		if r, _ := keyword(low, kw, where, end); r >= 0 && r < stop {
			stop = r
		}
	}
	table := strings.TrimSpace(sql[head:set])
	if !identRE.MatchString(table) {
		return nil
	}
	whereText := low[where:stop]
	if !strings.Contains(whereText, "partition") {
		return nil
	}
	col, expr := offsetAssignment(sql[setEnd:where], table)
	if col == "" || guarded(whereText, col) || !placeholderRE.MatchString(expr) {
		return nil
	}
	if !strings.Contains(asciiLower(table), "offset") && !strings.Contains(asciiLower(col), "offset") {
		return nil
	}
	at := len(strings.TrimRight(sql[:stop], " \t\n"))
	return &Write{Verb: "UPDATE", Table: table, Col: col, At: at, End: at, Guard: fmt.Sprintf(" AND %s < %s", col, expr)}
}

func parseUpsert(sql, low string, start, end int) *Write {
	into := matchWS(low, start, "insert into ")
	if dup, dupEnd := keyword(low, " on duplicate key update ", into, end); dup >= 0 {
		return parseDuplicate(sql, low, into, dup, dupEnd, end)
	}
	conflict, _ := keyword(low, " on conflict", into, end)
	set, setStart := keyword(low, " do update set ", into, end)
	if conflict < 0 || set < conflict {
		return nil
	}
	head := strings.TrimSpace(sql[into:conflict])
	paren := strings.Index(head, "(")
	if paren < 0 {
		return nil
	}
	table := strings.TrimSpace(head[:paren])
	if !identRE.MatchString(table) || !strings.Contains(asciiLower(table), "offset") {
		return nil
	}
	target := low[conflict:set]
	if !strings.Contains(target, "partition") {
		return nil
	}
	stop := end
	if r, _ := keyword(low, " returning ", set, end); r >= 0 {
		stop = r
	}
	where, _ := keyword(low, " where ", set, stop)
	setEnd := stop
	if where >= 0 {
		setEnd = where
	}
	if setEnd < setStart {
		return nil // "do update set where ..." or "... set returning": no SET list
	}
	col, expr := offsetAssignment(sql[setStart:setEnd], table)
	if col == "" {
		return nil
	}
	lowExpr := asciiLower(expr)
	if lowExpr != "excluded."+asciiLower(col) && !placeholderRE.MatchString(expr) {
		return nil
	}
	at := len(strings.TrimRight(sql[:stop], " \t\n"))
	guard := fmt.Sprintf(" WHERE %s.%s < %s", table, col, expr)
	if where >= 0 {
		if guarded(low[where:stop], col) {
			return nil
		}
		guard = fmt.Sprintf(" AND %s.%s < %s", table, col, expr)
	}
	return &Write{Verb: "INSERT ... ON CONFLICT DO UPDATE", Table: table, Col: col, At: at, End: at, Guard: guard}
}

// parseDuplicate recognises a MySQL upsert of an offset row whose update
// list sets the offset column to the inserted value (VALUES(col)), with
// partition among the inserted columns; the guard keeps the greater one.
func parseDuplicate(sql, low string, into, dup, dupEnd, end int) *Write {
	head := strings.TrimSpace(sql[into:dup])
	paren := strings.Index(head, "(")
	if paren < 0 {
		return nil
	}
	table := strings.TrimSpace(head[:paren])
	if !identRE.MatchString(table) || !strings.Contains(asciiLower(table), "offset") {
		return nil
	}
	cols, _, ok := strings.Cut(head[paren+1:], ")")
	if !ok || !strings.Contains(asciiLower(cols), "partition") {
		return nil
	}
	if strings.Contains(low[dupEnd:end], "(select") || strings.Contains(low[dupEnd:end], " as ") {
		return nil
	}
	col, expr := offsetAssignment(sql[dupEnd:end], table)
	if col == "" || strings.ReplaceAll(asciiLower(expr), " ", "") != "values("+asciiLower(col)+")" {
		return nil
	}
	// The value's place in sql: the expression after the column's "=".
	at := -1
	for i := dupEnd; i < end; {
		j := strings.Index(sql[i:end], expr)
		if j < 0 {
			break
		}
		if eq := strings.TrimRight(sql[dupEnd:i+j], " \t\n"); strings.HasSuffix(eq, "=") &&
			strings.EqualFold(strings.TrimSpace(lastName(eq[:len(eq)-1])), col) {
			at = i + j
			break
		}
		i += j + len(expr)
	}
	if at < 0 {
		return nil
	}
	return &Write{Verb: "INSERT ... ON DUPLICATE KEY UPDATE", Table: table, Col: col, At: at, End: at + len(expr),
		Guard: fmt.Sprintf("GREATEST(%s, %s)", col, expr)}
}

// lastName returns the name a SET list item ending in s assigns: the text
// after its last comma, without a table prefix.
func lastName(s string) string {
	if i := strings.LastIndex(s, ","); i >= 0 {
		s = s[i+1:]
	}
	if i := strings.LastIndex(s, "."); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// offsetAssignment returns the column and value of the assignment that
// moves an offset column in a SET list, or "" when there is none (or one
// is guarded with GREATEST, or assigns the column to itself).
func offsetAssignment(set, table string) (col, expr string) {
	for _, a := range splitTop(set) {
		eq := strings.Index(a, "=")
		if eq < 0 {
			continue
		}
		name := strings.TrimSpace(a[:eq])
		value := strings.TrimSpace(a[eq+1:])
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		ln, lv := asciiLower(name), asciiLower(value)
		if !strings.Contains(ln, "offset") || !identRE.MatchString(name) {
			continue
		}
		if strings.Contains(lv, "greatest(") || strings.Contains(lv, "max(") {
			return "", ""
		}
		if lv == ln || lv == asciiLower(table)+"."+ln {
			return "", "" // assigned to itself: no move
		}
		return name, value
	}
	return "", ""
}

// guarded reports whether a WHERE clause compares the offset column or
// mentions a generation, epoch or owner.
func guarded(where, col string) bool {
	if regexp.MustCompile(`\b` + regexp.QuoteMeta(asciiLower(col)) + `\b`).MatchString(where) {
		return true
	}
	for _, w := range fencedWords {
		if strings.Contains(where, w) {
			return true
		}
	}
	return false
}

// keyword returns the start and end of kw (with its surrounding spaces,
// any run of whitespace matching a space) in low[from:to], outside
// parentheses and quotes, or -1, -1.
func keyword(low, kw string, from, to int) (int, int) {
	depth := 0
	quote := byte(0)
	for i := from; i < to; i++ {
		ch := low[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
			continue
		case ch == '\'' || ch == '"':
			quote = ch
			continue
		case ch == '(':
			depth++
			continue
		case ch == ')':
			depth--
			continue
		}
		if depth == 0 {
			// Within low[:to]: a keyword that ends the range (the
			// statement's trailing space trimmed) ends a clause too.
			if e := matchWS(low[:to], i, kw); e > 0 {
				return i, e
			}
		}
	}
	return -1, -1
}

// matchWS returns the end of kw at low[i:], any run of whitespace in low
// matching a space in kw (a trailing one also the end of low: a keyword
// that ends the statement), or -1.
func matchWS(low string, i int, kw string) int {
	j := i
	for k := 0; k < len(kw); k++ {
		if kw[k] == ' ' {
			if j == len(low) && k == len(kw)-1 {
				return j
			}
			if j >= len(low) || !isSpace(low[j]) {
				return -1
			}
			for j < len(low) && isSpace(low[j]) {
				j++
			}
			continue
		}
		if j >= len(low) || low[j] != kw[k] {
			return -1
		}
		j++
	}
	return j
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }

// splitTop splits a SET list at commas outside parentheses.
func splitTop(s string) []string {
	var out []string
	depth, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[last:i])
				last = i + 1
			}
		}
	}
	return append(out, s[last:])
}

// asciiLower lowers ASCII letters only, so indexes stay the same.
func asciiLower(s string) string {
	b := []byte(s)
	for i, ch := range b {
		if 'A' <= ch && ch <= 'Z' {
			b[i] = ch + 'a' - 'A'
		}
	}
	return string(b)
}

// Row is the offset row a statement writes, guarded or not: the table, the
// offset column and the key columns that pick the row (those compared for
// equality with a placeholder in an UPDATE's WHERE, the conflict target of
// an upsert), in the order written. Reading the position back on
// assignment selects Col from Table by Keys.
type Row struct {
	Table, Col string
	Keys       []string
	// Marks reports that the write uses ? placeholders (database/sql
	// drivers for MySQL or SQLite): Select uses them too.
	Marks bool
}

// Position recognises an offset row write (an UPDATE, an INSERT ... ON
// CONFLICT DO UPDATE, or a MySQL INSERT ... ON DUPLICATE KEY UPDATE, of an
// offset column keyed by partition; numbered or ? placeholders) and
// returns its row; nil for anything else, including plain INSERTs (a log
// of positions, not one row per partition).
func Position(sql string) *Row {
	marks := false
	if numbered, m, _ := Number(sql); m != nil && !strings.Contains(sql, "$") {
		sql, marks = numbered, true
	}
	low := asciiLower(sql)
	end := len(strings.TrimRight(low, " \t\n;"))
	if strings.Contains(low[:end], ";") || strings.Contains(low, "(select") || strings.Contains(low, "( select") {
		return nil
	}
	start := len(low) - len(strings.TrimLeft(low, " \t\n"))
	var r *Row
	switch {
	case matchWS(low, start, "update ") > 0:
		r = updateRow(sql, low, start, end)
	case matchWS(low, start, "insert into ") > 0:
		r = upsertRow(sql, low, start, end)
	}
	if r == nil || !identRE.MatchString(r.Table) || !identRE.MatchString(r.Col) ||
		!slices.ContainsFunc(r.Keys, func(k string) bool { return strings.Contains(asciiLower(k), "partition") }) {
		return nil
	}
	r.Marks = marks
	return r
}

// Number numbers the ? placeholders of sql ($1, $2, …, in order, outside
// quotes), as the parsers here read them. It returns the numbered text,
// the byte index in sql of each ? (nil when there is none), and, for each
// index of the numbered text and its end, the index of sql it comes from.
func Number(sql string) (string, []int, []int) {
	var marks, toOrig []int
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(sql); i++ {
		ch := sql[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"' || ch == '`':
			quote = ch
		case ch == '?':
			marks = append(marks, i)
			n := fmt.Sprintf("$%d", len(marks))
			for range n {
				toOrig = append(toOrig, i)
			}
			b.WriteString(n)
			continue
		}
		toOrig = append(toOrig, i)
		b.WriteByte(ch)
	}
	return b.String(), marks, append(toOrig, len(sql))
}

func updateRow(sql, low string, start, end int) *Row {
	head := matchWS(low, start, "update ")
	set, setEnd := keyword(low, " set ", head, end)
	where, whereEnd := keyword(low, " where ", head, end)
	if set < 0 || where < setEnd {
		return nil
	}
	if from, _ := keyword(low, " from ", start, end); from >= 0 {
		return nil
	}
	stop := end
	if r, _ := keyword(low, " returning ", where, end); r >= 0 {
		// "WHERE RETURNING": the keywords share their space, and the
		// condition is empty.
		stop = max(r, whereEnd)
	}
	r := &Row{Table: strings.TrimSpace(sql[head:set]), Col: offsetColumn(sql[setEnd:where])}
	for _, cond := range splitAnd(sql[whereEnd:stop]) {
		name, value, ok := strings.Cut(cond, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || strings.ContainsAny(name, "<>!") || !placeholderRE.MatchString(value) || strings.Contains(value, "+") {
			continue
		}
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		if identRE.MatchString(name) && !strings.EqualFold(name, r.Col) && !fencedColumn(name) {
			r.Keys = append(r.Keys, name)
		}
	}
	return r
}

func upsertRow(sql, low string, start, end int) *Row {
	into := matchWS(low, start, "insert into ")
	if dup, dupEnd := keyword(low, " on duplicate key update ", into, end); dup >= 0 {
		return duplicateRow(sql, into, dup, dupEnd, end)
	}
	conflict, conflictEnd := keyword(low, " on conflict", into, end)
	set, setStart := keyword(low, " do update set ", into, end)
	if conflict < 0 || set < conflict {
		return nil
	}
	head := strings.TrimSpace(sql[into:conflict])
	paren := strings.Index(head, "(")
	if paren < 0 {
		return nil
	}
	target := strings.TrimSpace(sql[conflictEnd:set])
	if !strings.HasPrefix(target, "(") || !strings.HasSuffix(target, ")") {
		return nil
	}
	stop := end
	for _, kw := range []string{" where ", " returning "} {
		if i, _ := keyword(low, kw, setStart, end); i >= 0 && i < stop {
			stop = i
		}
	}
	r := &Row{Table: strings.TrimSpace(head[:paren]), Col: offsetColumn(sql[setStart:stop])}
	for _, k := range strings.Split(target[1:len(target)-1], ",") {
		r.Keys = append(r.Keys, strings.TrimSpace(k))
	}
	for _, k := range r.Keys {
		if !identRE.MatchString(k) {
			return nil
		}
	}
	return r
}

// duplicateRow reads a MySQL upsert's row: its keys are the inserted
// columns that the update list does not set (the unique key the
// duplicate is found by), fencing columns aside.
func duplicateRow(sql string, into, dup, dupEnd, end int) *Row {
	head := strings.TrimSpace(sql[into:dup])
	paren := strings.Index(head, "(")
	if paren < 0 {
		return nil
	}
	cols, _, ok := strings.Cut(head[paren+1:], ")")
	if !ok {
		return nil
	}
	set := sql[dupEnd:end]
	r := &Row{Table: strings.TrimSpace(head[:paren]), Col: offsetColumn(set)}
	updated := map[string]bool{}
	for _, a := range splitTop(set) {
		if name, _, ok := strings.Cut(a, "="); ok {
			updated[asciiLower(strings.TrimSpace(lastName(name)))] = true
		}
	}
	for _, k := range strings.Split(cols, ",") {
		k = strings.TrimSpace(k)
		if !identRE.MatchString(k) {
			return nil
		}
		if !updated[asciiLower(k)] && !fencedColumn(k) {
			r.Keys = append(r.Keys, k)
		}
	}
	return r
}

// offsetColumn returns the first column of a SET list whose name contains
// "offset", or "".
func offsetColumn(set string) string {
	for _, a := range splitTop(set) {
		name, _, ok := strings.Cut(a, "=")
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		if strings.Contains(asciiLower(name), "offset") {
			return name
		}
	}
	return ""
}

// fencedColumn reports whether a column is a fencing token (a generation,
// an epoch, an owner), compared to guard a write rather than to pick the row.
func fencedColumn(name string) bool {
	low := asciiLower(name)
	return slices.ContainsFunc(fencedWords, func(w string) bool { return strings.Contains(low, w) })
}

// splitAnd splits a WHERE clause at top-level ANDs.
func splitAnd(where string) []string {
	low := asciiLower(where)
	var out []string
	last := 0
	for {
		i, e := keyword(low, " and ", last, len(low))
		if i < 0 {
			return append(out, where[last:])
		}
		out = append(out, where[last:i])
		last = e
	}
}

// Select returns the statement that reads the position of r back: its
// offset column by its keys, with $1... placeholders in key order (? when
// the write used them).
func (r *Row) Select() string {
	var conds []string
	for i, k := range r.Keys {
		if r.Marks {
			conds = append(conds, k+" = ?")
			continue
		}
		conds = append(conds, fmt.Sprintf("%s = $%d", k, i+1))
	}
	return fmt.Sprintf("SELECT %s FROM %s WHERE %s", r.Col, r.Table, strings.Join(conds, " AND "))
}

// Reads reports whether sql reads the offset column of r's table: a SELECT
// of it, or a write RETURNING it.
func (r *Row) Reads(sql string) bool {
	low := asciiLower(sql)
	word := func(w string) bool {
		return regexp.MustCompile(`\b` + regexp.QuoteMeta(asciiLower(w)) + `\b`).MatchString(low)
	}
	table := r.Table
	if i := strings.LastIndex(table, "."); i >= 0 {
		table = table[i+1:]
	}
	return word(table) && word(r.Col) && (strings.HasPrefix(strings.TrimSpace(low), "select") || strings.Contains(low, "returning"))
}
