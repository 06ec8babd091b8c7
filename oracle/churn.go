package oracle

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// churner runs a second instance of the consumer under test in the same
// group while the kills happen: it joins, stays a seeded 1-3 s, leaves
// (SIGTERM, a graceful shutdown) and rejoins after a seeded 0.5-1.5 s, at
// most maxChurns times. Each join and leave rebalances the group, so the
// first instance's partitions are revoked while it processes.
type churner struct {
	quit chan struct{}
	done chan struct{}
	n    int // joins, read after done
}

const maxChurns = 8

// instance and churnInstance are the INSTANCE_ID of the consumer under
// test (the same across its restarts, as a deployment's pod name) and of
// the churn's second instance.
const (
	instance      = "oracle-1"
	churnInstance = "oracle-2"
)

// reaped, when not nil, is called after each second instance has stopped
// (for a transactional example: to abort a transaction it left open, as
// reap does for the first).
func startChurn(cfg Config, env []string, logw io.Writer, reaped func()) *churner {
	c := &churner{quit: make(chan struct{}), done: make(chan struct{})}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x636875726e))
	pause := func(lo, hi time.Duration) bool {
		t := time.NewTimer(lo + time.Duration(rng.Int64N(int64(hi-lo)+1)))
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-c.quit:
			return false
		}
	}
	go func() {
		defer close(c.done)
		if !pause(500*time.Millisecond, 1500*time.Millisecond) {
			return
		}
		for c.n < maxChurns {
			p, err := startConsumer(cfg.Binary, append(slices.Clone(env), "INSTANCE_ID="+churnInstance), prefixed{logw, "churn: "})
			if err != nil {
				note(logw, "churn: %v", err)
				return
			}
			c.n++
			note(logw, "churn: a second instance joins (%d)", c.n)
			stay := pause(time.Second, 3*time.Second)
			p.stop()
			note(logw, "churn: the second instance left")
			if reaped != nil {
				reaped()
			}
			if !stay || !pause(500*time.Millisecond, 1500*time.Millisecond) {
				return
			}
		}
	}()
	return c
}

// stop ends the churn (the second instance stops gracefully, within the
// consumer's bounded stop) and returns how many times it joined.
func (c *churner) stop() int {
	select {
	case <-c.quit:
	default:
		close(c.quit)
	}
	<-c.done
	return c.n
}

// prefixed writes each write to w with a prefix, so that the second
// instance's output is told apart in the log.
type prefixed struct {
	w      io.Writer
	prefix string
}

func (p prefixed) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, p.prefix+string(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// outsideCounts describes the effects in tables outside the row's scope:
// how many records have none and how many have more than one.
func outsideCounts(ctx context.Context, conn *pgx.Conn, tables []Effect, ids []string) (string, error) {
	var parts []string
	for _, e := range tables {
		q := fmt.Sprintf(`SELECT %s, count(*) FROM %s GROUP BY 1`, pgx.Identifier{e.Column}.Sanitize(), pgx.Identifier{e.Table}.Sanitize())
		rows, err := conn.Query(ctx, q)
		if err != nil {
			return "", err
		}
		counts := map[string]int{}
		for rows.Next() {
			var id string
			var n int
			if err := rows.Scan(&id, &n); err != nil {
				return "", err
			}
			counts[id] = n
		}
		if err := rows.Err(); err != nil {
			return "", err
		}
		lost, dup := 0, 0
		for _, id := range ids {
			switch n := counts[id]; {
			case n == 0:
				lost++
			case n > 1:
				dup++
			}
		}
		parts = append(parts, fmt.Sprintf("%s %d without a row, %d with more than one", e.Table, lost, dup))
	}
	return strings.Join(parts, "; "), nil
}
