// Package keeper holds helpers the semantics cases give record data to:
// a batcher that keeps it in a field until it has enough, and a codec
// that keeps nothing.
package keeper

// Batcher keeps payloads until it has Size of them.
type Batcher struct {
	Size    int
	pending [][]byte
}

// Add keeps v and returns the batch once it is full (nil until then).
func (b *Batcher) Add(v []byte) [][]byte {
	b.pending = append(b.pending, v)
	if len(b.pending) < b.Size {
		return nil
	}
	out := b.pending
	b.pending = nil
	return out
}

// Counter counts payload bytes: a number kept, no record data.
type Counter struct{ n int }

// Add counts v.
func (c *Counter) Add(v []byte) { c.n += len(v) }

// Upper returns v in upper case, keeping nothing.
func Upper(v []byte) []byte {
	out := make([]byte, len(v))
	for i, b := range v {
		if 'a' <= b && b <= 'z' {
			b -= 'a' - 'A'
		}
		out[i] = b
	}
	return out
}

// Spool keeps payloads through a helper of its own.
type Spool struct{ held [][]byte }

// Put keeps v (through hold).
func (s *Spool) Put(v []byte) { s.hold(v) }

func (s *Spool) hold(v []byte) { s.held = append(s.held, v) }

// Row builds a row with a value receiver: it keeps nothing (a copy).
type Row struct{ body []byte }

// With returns a copy of the row holding v.
func (r Row) With(v []byte) Row {
	r.body = v
	return r
}

// Tracker keeps the last error it is told of: no record data.
type Tracker struct{ last error }

// Note keeps err.
func (t *Tracker) Note(err error) { t.last = err }
