// Package pgconn is a minimal stub of github.com/jackc/pgx/v5/pgconn
// (v5.12.0, pgconn.go).
package pgconn

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct {
	s string
}

func (ct CommandTag) RowsAffected() int64 { return 0 }
