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
