package sqlrow

import "testing"

func TestWrites(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want bool
	}{
		{"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3", true},
		{"  update public.\"kafka_offsets\" set o = $1", true},
		{"INSERT INTO offsets (topic, partition, next_offset) VALUES ($1, $2, $3)", true},
		{"INSERT INTO orders (id, total) VALUES ($1, $2)", false},
		{"UPDATE orders SET next_offset = $1", false},
		{"SELECT next_offset FROM consumer_offsets WHERE partition = $1", false},
	} {
		if got := Writes(tc.sql); got != tc.want {
			t.Errorf("Writes(%q) = %t, want %t", tc.sql, got, tc.want)
		}
	}
}

func TestUnguarded(t *testing.T) {
	w := Unguarded("UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3")
	if w == nil || w.Table != "consumer_offsets" || w.Col != "next_offset" || w.Guard != " AND next_offset < $1" {
		t.Fatalf("Unguarded = %+v", w)
	}
	for _, sql := range []string{
		"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1",
		"UPDATE consumer_offsets SET next_offset = $1 WHERE partition = $2 AND generation = $3",
		"UPDATE orders SET total = $1 WHERE id = $2",
		"INSERT INTO consumer_offsets (topic, partition_id, next_offset) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE next_offset = GREATEST(next_offset, VALUES(next_offset))",
		"INSERT INTO consumer_offsets (topic, partition_id, next_offset) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE next_offset = IF(VALUES(next_offset) > next_offset, VALUES(next_offset), next_offset)",
	} {
		if w := Unguarded(sql); w != nil {
			t.Errorf("Unguarded(%q) = %+v, want nil", sql, w)
		}
	}
}

// TestUnguardedTail: the guard goes before what follows the WHERE clause
// (ORDER BY and LIMIT, which SQLite accepts, and RETURNING), not after it.
func TestUnguardedTail(t *testing.T) {
	for sql, want := range map[string]string{
		"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition_id = $3 LIMIT 1":                "UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition_id = $3 AND next_offset < $1 LIMIT 1",
		"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition_id = $3 ORDER BY topic LIMIT 1": "UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition_id = $3 AND next_offset < $1 ORDER BY topic LIMIT 1",
		"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 RETURNING next_offset":     "UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3 AND next_offset < $1 RETURNING next_offset",
	} {
		w := Unguarded(sql)
		if w == nil {
			t.Errorf("Unguarded(%q) = nil", sql)
			continue
		}
		if got := sql[:w.At] + w.Guard + sql[w.End:]; got != want {
			t.Errorf("fixed = %q, want %q", got, want)
		}
	}
}

func TestUnguardedDuplicate(t *testing.T) {
	sql := "INSERT INTO consumer_offsets (topic, partition_id, next_offset, updated_at) VALUES ($1, $2, $3, NOW()) ON DUPLICATE KEY UPDATE next_offset = VALUES(next_offset), updated_at = NOW()"
	w := Unguarded(sql)
	if w == nil {
		t.Fatal("Unguarded = nil")
	}
	want := "INSERT INTO consumer_offsets (topic, partition_id, next_offset, updated_at) VALUES ($1, $2, $3, NOW()) ON DUPLICATE KEY UPDATE next_offset = GREATEST(next_offset, VALUES(next_offset)), updated_at = NOW()"
	if got := sql[:w.At] + w.Guard + sql[w.End:]; got != want {
		t.Errorf("fixed = %q, want %q", got, want)
	}
}

func TestPosition(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want string // Select(), "" for nil
	}{
		{"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2 AND partition = $3",
			"SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2"},
		{"UPDATE consumer_offsets SET next_offset = $1\n\t WHERE topic = $2 AND partition = $3 AND next_offset = $4",
			"SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2"},
		{"UPDATE kafka_offsets SET last_offset = $3 WHERE group_id = $4 AND topic = $1 AND partition = $2 AND generation <= $5",
			"SELECT last_offset FROM kafka_offsets WHERE group_id = $1 AND topic = $2 AND partition = $3"},
		{`INSERT INTO stream_offsets (topic, partition, next_offset) VALUES ($1, $2, $3)
	ON CONFLICT (topic, partition) DO UPDATE SET next_offset = EXCLUDED.next_offset WHERE stream_offsets.next_offset < EXCLUDED.next_offset`,
			"SELECT next_offset FROM stream_offsets WHERE topic = $1 AND partition = $2"},
		{"UPDATE consumer_offsets SET next_offset = ? WHERE topic = ? AND partition = ?",
			"SELECT next_offset FROM consumer_offsets WHERE topic = ? AND partition = ?"},
		{"INSERT INTO consumer_offsets (topic, partition_id, next_offset, updated_at) VALUES (?, ?, ?, NOW()) ON DUPLICATE KEY UPDATE next_offset = VALUES(next_offset), updated_at = NOW()",
			"SELECT next_offset FROM consumer_offsets WHERE topic = ? AND partition_id = ?"},
		{"INSERT INTO consumer_offsets (topic, partition_id, next_offset) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE next_offset = GREATEST(next_offset, VALUES(next_offset))",
			"SELECT next_offset FROM consumer_offsets WHERE topic = ? AND partition_id = ?"},
		{"INSERT INTO offsets (topic, partition, next_offset) VALUES ($1, $2, $3)", ""},
		{"UPDATE consumer_offsets SET next_offset = $1 WHERE topic = $2", ""},
		{"UPDATE orders SET total = $1 WHERE partition = $2", ""},
		{"UPDATE a SET next_offset = $1 WHERE partition = $2; DELETE FROM b", ""},
	} {
		r := Position(tc.sql)
		got := ""
		if r != nil {
			got = r.Select()
		}
		if got != tc.want {
			t.Errorf("Position(%q).Select() = %q, want %q", tc.sql, got, tc.want)
		}
	}
}

func TestReads(t *testing.T) {
	r := &Row{Table: "public.consumer_offsets", Col: "next_offset", Keys: []string{"topic", "partition"}}
	for _, tc := range []struct {
		sql  string
		want bool
	}{
		{"SELECT next_offset FROM consumer_offsets WHERE topic = $1 AND partition = $2", true},
		{"select next_offset from public.consumer_offsets where partition = $1", true},
		{"INSERT INTO consumer_offsets (topic, partition, next_offset) VALUES ($1, $2, 0) ON CONFLICT (topic, partition) DO UPDATE SET next_offset = consumer_offsets.next_offset RETURNING next_offset", true},
		{"SELECT next_offsets FROM consumer_offsets", false},
		{"SELECT total FROM orders", false},
		{"UPDATE consumer_offsets SET next_offset = $1 WHERE partition = $2", false},
	} {
		if got := r.Reads(tc.sql); got != tc.want {
			t.Errorf("Reads(%q) = %t, want %t", tc.sql, got, tc.want)
		}
	}
}
