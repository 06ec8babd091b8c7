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

// failSQL creates the failure injection of Example.FailFirst: a table of
// the records whose effect fails on its first attempt, each with a
// sequence of its own that counts the attempts, and the trigger function
// that fails the first. nextval is not rolled back with the statement it
// fails, so a retry of the effect (a later attempt) finds the sequence
// past 1 and succeeds, as a call to a flaky downstream does once it is
// back; TG_ARGV[0] names the id column. The raise happens before the row
// is written, so a failed attempt leaves no audit row.
const failSQL = `
CREATE TABLE oracle_failures (id text PRIMARY KEY, attempts text NOT NULL);
CREATE FUNCTION oracle_fail_first() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	rid text := to_jsonb(NEW) ->> TG_ARGV[0];
	seq text;
BEGIN
	SELECT attempts INTO seq FROM oracle_failures WHERE id = rid;
	IF seq IS NOT NULL AND nextval(seq) = 1 THEN
		RAISE EXCEPTION 'oracle: the first attempt of the effect of % fails (injected)', rid;
	END IF;
	RETURN NEW;
END $$;`

// setUpFailures makes the first attempt of the effect of each of ids fail
// (failSQL), on every effect table of ex.
func setUpFailures(ctx context.Context, url string, ex Example, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, failSQL); err != nil {
		return fmt.Errorf("failure injection: %w", err)
	}
	for i, id := range ids {
		seq := fmt.Sprintf("oracle_attempts_%d", i)
		if _, err := conn.Exec(ctx, "CREATE SEQUENCE "+seq); err != nil {
			return err
		}
		if _, err := conn.Exec(ctx, `INSERT INTO oracle_failures (id, attempts) VALUES ($1, $2)`, id, seq); err != nil {
			return err
		}
	}
	for _, e := range ex.Effects {
		q := fmt.Sprintf(`CREATE TRIGGER oracle_fail_first BEFORE INSERT OR UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION oracle_fail_first(%s)`,
			pgx.Identifier{e.Table}.Sanitize(), quoteLiteral(e.Column))
		if _, err := conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("failure trigger on %s: %w", e.Table, err)
		}
	}
	return nil
}

// failedFirst returns the records whose effect failed on its first
// attempt: those whose attempt sequence was read.
func failedFirst(ctx context.Context, conn *pgx.Conn) ([]string, error) {
	rows, err := conn.Query(ctx, `SELECT f.id FROM oracle_failures f
		JOIN pg_sequences s ON s.schemaname = 'public' AND s.sequencename = f.attempts
		WHERE s.last_value IS NOT NULL ORDER BY f.id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
