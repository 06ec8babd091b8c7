package oracle

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// auditSQL creates the append-only audit table and the trigger function
// that records every effect. The function runs inside the statement, so an
// effect and its audit row commit or roll back together; TG_ARGV[0] names
// the id column and TG_ARGV[1] the mean time (seconds) an effect takes,
// the crash window of each write: uniform in [0, twice the mean], so that
// concurrent writes finish out of order, as they do under real load.
const auditSQL = `
CREATE TABLE oracle_audit (seq bigserial PRIMARY KEY, id text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
CREATE FUNCTION oracle_effect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO oracle_audit (id) VALUES (to_jsonb(NEW) ->> TG_ARGV[0]);
	PERFORM pg_sleep(TG_ARGV[1]::float8 * 2 * random());
	RETURN NULL;
END $$;`

// setUpStore creates the example's tables, seeds them and installs one
// audit trigger per effect table.
func setUpStore(ctx context.Context, url string, ex Example, ids []string, effectTime time.Duration) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if ex.Schema != "" {
		if _, err := conn.Exec(ctx, ex.Schema); err != nil {
			return fmt.Errorf("schema of %s: %w", ex.Dir, err)
		}
	}
	if ex.Seed != "" {
		var args []any
		if strings.Contains(ex.Seed, "$1") {
			args = append(args, ids)
		}
		if _, err := conn.Exec(ctx, ex.Seed, args...); err != nil {
			return fmt.Errorf("seed of %s: %w", ex.Dir, err)
		}
	}
	if _, err := conn.Exec(ctx, auditSQL); err != nil {
		return fmt.Errorf("audit table: %w", err)
	}
	secs := strconv.FormatFloat(effectTime.Seconds(), 'f', -1, 64)
	for _, e := range ex.Effects {
		q := fmt.Sprintf(`CREATE TRIGGER oracle_effect AFTER INSERT OR UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION oracle_effect(%s, %s)`,
			pgx.Identifier{e.Table}.Sanitize(), quoteLiteral(e.Column), quoteLiteral(secs))
		if _, err := conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("audit trigger on %s: %w", e.Table, err)
		}
	}
	return nil
}

// quoteLiteral quotes s as an SQL string literal.
func quoteLiteral(s string) string {
	out := []byte{'\''}
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, '\'')
		}
		out = append(out, s[i])
	}
	return string(append(out, '\''))
}

// effectCounts returns how many effects each record id has in the audit
// table, and the total number of audit rows.
func effectCounts(ctx context.Context, conn *pgx.Conn) (map[string]int, int, error) {
	rows, err := conn.Query(ctx, `SELECT id, count(*) FROM oracle_audit GROUP BY id`)
	if err != nil {
		return nil, 0, err
	}
	counts := map[string]int{}
	total := 0
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, 0, err
		}
		counts[id] = n
		total += n
	}
	return counts, total, rows.Err()
}

// auditRows returns the number of rows in the audit table.
func auditRows(ctx context.Context, conn *pgx.Conn) (int, error) {
	var n int
	err := conn.QueryRow(ctx, `SELECT count(*) FROM oracle_audit`).Scan(&n)
	return n, err
}
