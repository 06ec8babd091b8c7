package clientmodel

// SQLExec is a database call that executes a SQL statement given as a
// string argument: where a consumer that keeps its position in its own
// database (the exactly-once pattern) writes the offset row.
type SQLExec struct {
	// Func is the types.Func.FullName of the method.
	Func string
	// Query is the parameter index (receiver excluded) of the SQL text;
	// the statement's arguments follow it as variadic ...any.
	Query int
	// Tx reports that the receiver is a transaction: statements made
	// through it commit together.
	Tx bool
	// Store names the database for the report.
	Store string
}

// SQLExecs are the SQL exec methods of database/sql and pgx v5. Tables are
// never modified after package initialisation.
var SQLExecs = []SQLExec{
	{Func: "(*database/sql.DB).Exec", Query: 0, Store: sqlStore},
	{Func: "(*database/sql.DB).ExecContext", Query: 1, Store: sqlStore},
	{Func: "(*database/sql.Tx).Exec", Query: 0, Tx: true, Store: sqlStore},
	{Func: "(*database/sql.Tx).ExecContext", Query: 1, Tx: true, Store: sqlStore},
	{Func: "(*database/sql.Conn).ExecContext", Query: 1, Store: sqlStore},
	{Func: "(*github.com/jackc/pgx/v5.Conn).Exec", Query: 1, Store: pgxStore},
	{Func: "(github.com/jackc/pgx/v5.Tx).Exec", Query: 1, Tx: true, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Pool).Exec", Query: 1, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Conn).Exec", Query: 1, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Tx).Exec", Query: 1, Tx: true, Store: pgxStore},
}

const (
	sqlStore = "the database/sql database"
	pgxStore = "PostgreSQL via pgx"
)

var sqlExecs = func() map[string]*SQLExec {
	m := map[string]*SQLExec{}
	for i := range SQLExecs {
		m[SQLExecs[i].Func] = &SQLExecs[i]
	}
	return m
}()

// SQLExecOf returns the model of the function named full (its
// types.Func.FullName), if it executes SQL text.
func SQLExecOf(full string) (*SQLExec, bool) {
	e, ok := sqlExecs[full]
	return e, ok
}

// SQLTxCommits are the commits of the transactions of SQLExecs (full
// names): a statement executed through a transaction is durable once
// its transaction's commit returns. Tables are never modified after
// package initialisation.
var SQLTxCommits = []string{
	"(*database/sql.Tx).Commit",
	"(github.com/jackc/pgx/v5.Tx).Commit",
	"(*github.com/jackc/pgx/v5/pgxpool.Tx).Commit",
}

// IsSQLTxCommit reports whether the function named full commits a
// transaction of SQLExecs.
func IsSQLTxCommit(full string) bool {
	for _, c := range SQLTxCommits {
		if c == full {
			return true
		}
	}
	return false
}

// SQLQueries are the query methods of database/sql and pgx v5 (the SQL
// text at parameter Query): where a consumer reads its stored position
// back. Tables are never modified after package initialisation.
var SQLQueries = []SQLExec{
	{Func: "(*database/sql.DB).Query", Query: 0, Store: sqlStore},
	{Func: "(*database/sql.DB).QueryContext", Query: 1, Store: sqlStore},
	{Func: "(*database/sql.DB).QueryRow", Query: 0, Store: sqlStore},
	{Func: "(*database/sql.DB).QueryRowContext", Query: 1, Store: sqlStore},
	{Func: "(*database/sql.Tx).QueryRowContext", Query: 1, Tx: true, Store: sqlStore},
	{Func: "(*database/sql.Tx).QueryContext", Query: 1, Tx: true, Store: sqlStore},
	{Func: "(*database/sql.Conn).QueryRowContext", Query: 1, Store: sqlStore},
	{Func: "(*database/sql.Conn).QueryContext", Query: 1, Store: sqlStore},
	{Func: "(*github.com/jackc/pgx/v5.Conn).QueryRow", Query: 1, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5.Conn).Query", Query: 1, Store: pgxStore},
	{Func: "(github.com/jackc/pgx/v5.Tx).QueryRow", Query: 1, Tx: true, Store: pgxStore},
	{Func: "(github.com/jackc/pgx/v5.Tx).Query", Query: 1, Tx: true, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Pool).QueryRow", Query: 1, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Pool).Query", Query: 1, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Conn).QueryRow", Query: 1, Store: pgxStore},
	{Func: "(*github.com/jackc/pgx/v5/pgxpool.Tx).QueryRow", Query: 1, Tx: true, Store: pgxStore},
}

var sqlQueries = func() map[string]*SQLExec {
	m := map[string]*SQLExec{}
	for i := range SQLQueries {
		m[SQLQueries[i].Func] = &SQLQueries[i]
	}
	return m
}()

// SQLQueryOf returns the model of the function named full (its
// types.Func.FullName), if it runs a SQL query and returns rows.
func SQLQueryOf(full string) (*SQLExec, bool) {
	e, ok := sqlQueries[full]
	return e, ok
}

// SQLReader is how a fix reads one row through a database handle: the
// handle's type, its single-row query method (taking a context first) and
// the error that method's Scan returns when there is no row.
type SQLReader struct {
	// Type is the handle's type (types.TypeString with full paths).
	Type   string
	Method string
	// NoRows is the full name of the no-row error variable.
	NoRows string
}

// SQLReaders are the database handles a restore fix can read through.
var SQLReaders = []SQLReader{
	{Type: "*github.com/jackc/pgx/v5/pgxpool.Pool", Method: "QueryRow", NoRows: "github.com/jackc/pgx/v5.ErrNoRows"},
	{Type: "*github.com/jackc/pgx/v5.Conn", Method: "QueryRow", NoRows: "github.com/jackc/pgx/v5.ErrNoRows"},
	{Type: "*database/sql.DB", Method: "QueryRowContext", NoRows: "database/sql.ErrNoRows"},
}

// SQLReaderOf returns how a fix reads a row through a handle of type t
// (types.TypeString with full paths).
func SQLReaderOf(t string) (*SQLReader, bool) {
	for i := range SQLReaders {
		if SQLReaders[i].Type == t {
			return &SQLReaders[i], true
		}
	}
	return nil, false
}
