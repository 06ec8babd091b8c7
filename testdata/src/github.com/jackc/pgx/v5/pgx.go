// Package pgx is a minimal stub of github.com/jackc/pgx/v5 for the ordering
// analyzer's tests: the transaction calls, with the signatures of v5.12.0
// (tx.go, conn.go). Tx declares only the methods the tests call.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// Tx is a database transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
}

// Row is one row of a query (rows.go).
type Row interface {
	Scan(dest ...any) error
}

// ErrNoRows is what Row.Scan returns when the query found no row.
var ErrNoRows = errors.New("no rows in result set")

// Conn is a PostgreSQL connection.
type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return &Conn{}, nil }

func (c *Conn) Begin(ctx context.Context) (Tx, error) { return nil, nil }

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row { return nil }

func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
