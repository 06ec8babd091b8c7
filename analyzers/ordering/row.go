package ordering

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// An application that keeps its position in its own database (a table of
// offsets per partition it seeks from on restart) writes that position
// with a SQL statement: an offset row write made outside a transaction,
// before the record's processing, is commit-before-process for that
// store as a broker commit is. Made through a transaction it commits with
// the transaction's other writes (the exactly-once construction when
// they are the effect), so only writes through a database, pool or
// connection handle are positions here.

// rowWrites returns the offset row writes of the package made outside a
// transaction (rowWrite), whose arguments derive from a record.
func (c *checker) rowWrites() []*position {
	var out []*position
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if row, arg, name := c.rowWrite(ci); row != nil {
					if p := c.rowPosition(ci, arg, row, name); p != nil {
						out = append(out, p)
					}
				}
				if row, arg, exec := c.rowCommit(ci); row != nil {
					if p := c.rowPosition(ci, arg, row, ssaflow.Callee(ci.Common()).FullName()); p != nil {
						p.rowExec = exec
						out = append(out, p)
					}
				}
			}
		}
	}
	return out
}

// rowPosition returns the position an offset row write (or a call of a
// helper making one, through the client call name) writes, with the
// client of the record its argument arg derives from, or nil when it
// derives from none.
func (c *checker) rowPosition(ci *ssa.Call, arg ssa.Value, row *sqlrow.Row, name string) *position {
	p := &position{instr: ci, fn: ci.Parent(), arg: arg, row: row}
	for _, o := range c.origins(p) {
		if cl := recordClient(o.Type()); cl != nil {
			p.client = clientmodel.CallRef{Client: cl, Call: &clientmodel.Call{
				Func: name, Role: clientmodel.Commit, Scope: clientmodel.ScopeArgs, Record: -1, Sync: true,
			}}
			p.k = c.consumerOf(p.fn, cl)
			return p
		}
	}
	return nil
}

// rowWrite returns the offset row ci writes, the argument holding the
// statement's values and the exec's name, when ci is a SQL exec
// (clientmodel.SQLExecs) outside a transaction of a constant statement
// sqlrow recognises as an offset row write, and the package also reads
// that row back (the position it resumes from; a row nothing reads is a
// log).
func (c *checker) rowWrite(ci *ssa.Call) (*sqlrow.Row, ssa.Value, string) {
	callee := ssaflow.Callee(ci.Common())
	if callee == nil {
		return nil, nil, ""
	}
	ex, ok := clientmodel.SQLExecOf(callee.FullName())
	if !ok || ex.Tx {
		return nil, nil, ""
	}
	q, ok := ssaflow.ConstString(ssaflow.Arg(ci.Common(), ex.Query))
	if !ok {
		return nil, nil, ""
	}
	row := sqlrow.Position(q)
	arg := ssaflow.Arg(ci.Common(), ex.Query+1)
	if row == nil || arg == nil || !readsBack(row, c.rowQueries()) {
		return nil, nil, ""
	}
	return row, arg, callee.FullName()
}

// rowCommit returns, for ci a commit of a transaction
// (clientmodel.SQLTxCommits) through which an offset row is written
// (rowWrite's conditions, the exec made through the same transaction
// value and before ci on every path), the row, the argument holding the
// statement's values and the exec: the commit writes the position. When
// the effect is written in the same transaction, it commits with it.
func (c *checker) rowCommit(ci *ssa.Call) (*sqlrow.Row, ssa.Value, *ssa.Call) {
	callee := ssaflow.Callee(ci.Common())
	if callee == nil || !clientmodel.IsSQLTxCommit(callee.FullName()) {
		return nil, nil, nil
	}
	tx := txOf(ci.Common())
	for _, b := range ci.Parent().Blocks {
		for _, instr := range b.Instrs {
			ex, ok := instr.(*ssa.Call)
			if !ok || tx == nil || txOf(ex.Common()) != tx || !ssaflow.Dominates(ex, ci) {
				continue
			}
			fn := ssaflow.Callee(ex.Common())
			if fn == nil {
				continue
			}
			m, ok := clientmodel.SQLExecOf(fn.FullName())
			if !ok || !m.Tx {
				continue
			}
			q, ok := ssaflow.ConstString(ssaflow.Arg(ex.Common(), m.Query))
			if !ok {
				continue
			}
			row := sqlrow.Position(q)
			arg := ssaflow.Arg(ex.Common(), m.Query+1)
			if row != nil && arg != nil && readsBack(row, c.rowQueries()) {
				return row, arg, ex
			}
		}
	}
	return nil, nil, nil
}

// txOf returns the receiver of a method call.
func txOf(cc *ssa.CallCommon) ssa.Value {
	if cc.IsInvoke() {
		return cc.Value
	}
	if fn := cc.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

// rowQueries returns the constant texts of the package's SQL queries.
func (c *checker) rowQueries() []string {
	if c.queries != nil {
		return *c.queries
	}
	var reads []string
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := ssaflow.Callee(ci.Common())
				if callee == nil {
					continue
				}
				if q, ok := clientmodel.SQLQueryOf(callee.FullName()); ok {
					if s, ok := ssaflow.ConstString(ssaflow.Arg(ci.Common(), q.Query)); ok {
						reads = append(reads, s)
					}
				}
			}
		}
	}
	c.queries = &reads
	return reads
}

// readsBack reports whether one of the queries reads row's offset column.
func readsBack(row *sqlrow.Row, queries []string) bool {
	for _, q := range queries {
		if row.Reads(q) {
			return true
		}
	}
	return false
}

// recordClient returns the client whose record t is, or holds (a pointer
// to one, a slice of them, a tuple holding one).
func recordClient(t types.Type) *clientmodel.Client {
	for {
		if cl := clientmodel.Default.Record(t); cl != nil {
			return cl
		}
		switch u := t.(type) {
		case *types.Tuple:
			for i := 0; i < u.Len(); i++ {
				if cl := recordClient(u.At(i).Type()); cl != nil {
					return cl
				}
			}
			return nil
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Pointer:
			t = u.Elem()
			continue
		}
		return nil
	}
}
