package oracle

import (
	"context"
	"os/exec"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// TestKilledWriteRollsBack checks the property the experiments rest on: a
// write whose client is SIGKILLed while the effect's trigger sleeps is
// rolled back, not committed by the orphaned backend, and leaves no audit
// row; a write that completes leaves exactly one.
func TestKilledWriteRollsBack(t *testing.T) {
	ctx := context.Background()
	ex := Example{
		Dir:     "test/killed",
		Schema:  `CREATE TABLE t (id text PRIMARY KEY)`,
		Effects: []Effect{{"t", "id"}},
	}
	url, err := postgres(t).CreateDatabase(ctx, "killed")
	if err != nil {
		t.Fatal(err)
	}
	if err := setUpStore(ctx, url, ex, nil, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// Effects on slow take 100s on average: the kill lands in the sleep.
	if _, err := conn.Exec(ctx, `CREATE TABLE slow (id text);
		CREATE TRIGGER oracle_effect AFTER INSERT ON slow FOR EACH ROW EXECUTE FUNCTION oracle_effect('id', '100')`); err != nil {
		t.Fatal(err)
	}

	// psql is a separate process that can be killed mid-statement.
	psql := exec.Command("psql", url, "-c", "INSERT INTO slow VALUES ('killed')")
	if err := psql.Start(); err != nil {
		t.Fatal(err)
	}
	sleeping := func() bool {
		var n int
		err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'INSERT INTO slow%'`).Scan(&n)
		return err == nil && n > 0
	}
	if !waitUntil(ctx, 10*time.Second, sleeping) {
		t.Fatal("the killed write never started")
	}
	if err := psql.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = psql.Wait()
	if _, err := conn.Exec(ctx, "INSERT INTO t VALUES ('done')"); err != nil {
		t.Fatal(err)
	}
	// The orphaned backend must notice its client is gone and roll back.
	if !waitUntil(ctx, 5*time.Second, func() bool { return !sleeping() }) {
		t.Fatal("the killed write still runs 5s after its client died")
	}
	counts, total, err := effectCounts(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	if counts["killed"] != 0 || counts["done"] != 1 || total != 1 {
		t.Errorf("audit rows %v, want only done once", counts)
	}
	var rows int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM slow").Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 0 {
		t.Errorf("%d rows in slow, want 0: the killed write was committed", rows)
	}
}

// TestFailFirst checks the failure injection (Example.FailFirst): the first
// attempt of a chosen record's effect fails and leaves no row and no audit
// row, its retry succeeds, other records are untouched, and failedFirst
// names the records whose failure happened.
func TestFailFirst(t *testing.T) {
	ctx := context.Background()
	ex := Example{
		Dir:     "test/failfirst",
		Schema:  `CREATE TABLE t (id text PRIMARY KEY, n int)`,
		Effects: []Effect{{"t", "id"}},
	}
	url, err := postgres(t).CreateDatabase(ctx, "failfirst")
	if err != nil {
		t.Fatal(err)
	}
	if err := setUpStore(ctx, url, ex, nil, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := setUpFailures(ctx, url, ex, []string{"a", "never"}); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	upsert := `INSERT INTO t (id, n) VALUES ($1, 1) ON CONFLICT (id) DO UPDATE SET n = t.n + 1`
	if _, err := conn.Exec(ctx, upsert, "a"); err == nil {
		t.Fatal("the first attempt of a succeeded, want the injected failure")
	}
	for _, id := range []string{"a", "b", "a"} {
		if _, err := conn.Exec(ctx, upsert, id); err != nil {
			t.Fatalf("attempt of %s: %v", id, err)
		}
	}
	counts, _, err := effectCounts(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	if counts["a"] != 2 || counts["b"] != 1 {
		t.Errorf("audit rows %v, want a twice (the retry and the update) and b once", counts)
	}
	failed, err := failedFirst(ctx, conn)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(failed, []string{"a"}) {
		t.Errorf("failedFirst = %v, want [a]", failed)
	}
}
