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
	} {
		if w := Unguarded(sql); w != nil {
			t.Errorf("Unguarded(%q) = %+v, want nil", sql, w)
		}
	}
}
