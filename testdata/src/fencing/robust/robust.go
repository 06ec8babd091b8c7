// Package robust: shapes the analyzer does not model (generics, results
// flowing into expressions, producers behind interfaces, method values,
// SQL built at run time): no panic, no finding.
package robust

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

type committer interface{ CommitTxn() error }

// wrapped hides the producer behind an interface of its own.
func wrapped(p committer, n int) {
	for i := 0; i < n; i++ {
		p.CommitTxn() // ok: not a modelled call (an interface of this package)
	}
}

// nested uses the error inside expressions.
func nested(p sarama.SyncProducer, msgs []*sarama.ConsumerMessage) error {
	var errs []error
	for range msgs {
		errs = append(errs, p.CommitTxn()) // ok: the error is collected and joined
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return p.CommitTxn() // ok: returned
}

// generic commits through a type parameter.
func generic[C interface{ CommitUncommittedOffsets(context.Context) error }](ctx context.Context, c C, polls int) {
	for i := 0; i < polls; i++ {
		c.CommitUncommittedOffsets(ctx) // ok: a type parameter, not a modelled call
	}
}

func useGeneric(ctx context.Context, cl *kgo.Client) { generic(ctx, cl, 3) }

// methodValue calls the commit through a method value.
func methodValue(ctx context.Context, cl *kgo.Client) {
	commit := cl.CommitUncommittedOffsets
	for {
		cl.PollFetches(ctx)
		commit(ctx) // ok: a method value is not followed
	}
}

// stored keeps the error in a field.
type loop struct{ lastErr error }

func (l *loop) run(ctx context.Context, c *kafka.Consumer) {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		_, l.lastErr = c.CommitMessage(m) // ok: stored in a field
	}
}

// dynamicSQL builds its statement at run time.
func dynamicSQL(ctx context.Context, db *sql.DB, table string, r *kgo.Record) error {
	_, err := db.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET next_offset = $1 WHERE partition = $2", table), r.Offset+1, r.Partition) // ok: not a constant statement
	return err
}

// switchErr inspects the error in a switch.
func switchErr(ctx context.Context, cl *kgo.Client) error {
	for {
		cl.PollFetches(ctx)
		switch err := cl.CommitUncommittedOffsets(ctx); {
		case err == nil:
		default:
			return err
		}
	}
}
