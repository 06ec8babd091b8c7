package sqlrow

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// FuzzSQLGuard checks the SQL guard detection of unfenced-offset-write
// (Unguarded) on arbitrary statements and on offset writes built
// from the fuzzed names:
//   - it never panics, and a reported guard goes inside the statement;
//   - inserting the guard it proposes makes the statement guarded (the
//     fix is never reported again);
//   - an UPDATE whose WHERE compares the offset column, and an assignment
//     through GREATEST, are always guarded;
//   - the unguarded UPDATE and upsert of an offsets table are reported.
func FuzzSQLGuard(f *testing.F) {
	f.Add("UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3", "consumer_offsets", "next_offset", uint8(1))
	f.Add("INSERT INTO offsets (topic, partition, next_offset) VALUES ($1, $2, $3) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset", "offsets", "next_offset", uint8(3))
	f.Add("update set where partition", "t", "offset", uint8(0))
	f.Add("insert into on conflict (partition) do update set offset = $1", "x", "y", uint8(9))
	f.Add("INSERT INTO offsets (topic, partition_id, next_offset) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE next_offset = VALUES(next_offset)", "offsets", "next_offset", uint8(2))
	f.Fuzz(func(t *testing.T, sql, table, col string, n uint8) {
		if w := Unguarded(sql); w != nil {
			if w.At < 0 || w.End < w.At || w.End > len(sql) || w.Guard == "" {
				t.Fatalf("Unguarded(%q): guard %q at %d:%d, outside the statement", sql, w.Guard, w.At, w.End)
			}
			fixed := sql[:w.At] + w.Guard + sql[w.End:]
			if again := Unguarded(fixed); again != nil {
				t.Fatalf("the guarded statement %q is still reported (guard %q at %d)", fixed, again.Guard, again.At)
			}
		}
		if r := Position(sql); r != nil && !r.Reads(r.Select()) {
			t.Fatalf("Position(%q): %q does not read the row back", sql, r.Select())
		}

		if !fuzzIdent.MatchString(table) || !fuzzIdent.MatchString(col) || fuzzKeyword(table) || fuzzKeyword(col) {
			return
		}
		table, col = table+"_offsets", col+"_offset"
		p, q := int(n%8)+1, int(n%8)+2
		base := fmt.Sprintf("UPDATE %s SET %s = $%d WHERE topic = $%d AND partition = $%d", table, col, p, q, q+1)
		w := Unguarded(base)
		if w == nil {
			t.Fatalf("the unguarded %q is not reported", base)
		}
		if got, want := base[:w.At]+w.Guard+base[w.At:], base+fmt.Sprintf(" AND %s < $%d", col, p); got != want {
			t.Fatalf("fix of %q = %q, want %q", base, got, want)
		}
		for _, guarded := range []string{
			base + fmt.Sprintf(" AND %s < $%d", col, p),
			fmt.Sprintf("UPDATE %s SET %s = $%d WHERE partition = $%d AND %s = $%d", table, col, p, q, col, q+1),
			fmt.Sprintf("UPDATE %s SET %s = GREATEST(%s, $%d) WHERE partition = $%d", table, col, col, p, q),
			fmt.Sprintf("UPDATE %s SET %s = $%d WHERE partition = $%d AND generation = $%d", table, col, p, q, q+1),
			fmt.Sprintf("INSERT INTO %s (partition, %s) VALUES ($1, $2) ON CONFLICT (partition) DO UPDATE SET %s = GREATEST(%s.%s, EXCLUDED.%s)", table, col, col, table, col, col),
			fmt.Sprintf("INSERT INTO %s (partition, %s) VALUES ($1, $2) ON CONFLICT (partition) DO UPDATE SET %s = EXCLUDED.%s WHERE %s.%s < EXCLUDED.%s", table, col, col, col, table, col, col),
		} {
			if w := Unguarded(guarded); w != nil {
				t.Fatalf("the guarded %q is reported (guard %q)", guarded, w.Guard)
			}
		}
		upsert := fmt.Sprintf("INSERT INTO %s (partition, %s) VALUES ($1, $2) ON CONFLICT (partition) DO UPDATE SET %s = EXCLUDED.%s", table, col, col, col)
		if Unguarded(upsert) == nil {
			t.Fatalf("the unguarded %q is not reported", upsert)
		}
		dup := fmt.Sprintf("INSERT INTO %s (partition_id, %s) VALUES (?, ?) ON DUPLICATE KEY UPDATE %s = VALUES(%s)", table, col, col, col)
		w = Unguarded(dup)
		if w == nil {
			t.Fatalf("the unguarded %q is not reported", dup)
		}
		if fixed := dup[:w.At] + w.Guard + dup[w.End:]; Unguarded(fixed) != nil || Position(fixed) == nil {
			t.Fatalf("the guarded %q is reported, or its row not recognised", fixed)
		}
	})
}

var fuzzIdent = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]{0,15}$`)

// fuzzKeyword reports whether a fuzzed name would read as SQL (a keyword,
// or a word the guard detection treats as a fence).
func fuzzKeyword(s string) bool {
	low := strings.ToLower(s)
	for _, k := range []string{"update", "set", "where", "from", "returning", "insert", "into", "on", "conflict", "do", "select", "greatest", "max", "partition", "excluded", "and"} {
		if low == k {
			return true
		}
	}
	for _, w := range fencedWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
