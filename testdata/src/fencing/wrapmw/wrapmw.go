// Package wrapmw: honestbank/kp's consumer middleware, which commits
// through an interface of another package (wrapsvc.Consumer) whose only
// implementation there returns CommitMessage's error, and drops it (#12):
// deferred, as a statement, assigned to _, and through an exported
// function of that package; beside callers that check it, return it or
// log it in a deferred closure, and calls whose wrapper is not known to
// return the commit's error.
package wrapmw

import (
	"context"
	"fmt"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"fencing/wrapsvc"
)

type middleware struct {
	consumer wrapsvc.Consumer
}

// Process polls a message, hands it to next and commits it when next
// returns, deferred (kp's consumerMiddleware.Process).
func (c middleware) Process(ctx context.Context, item *kafka.Message, next func(context.Context, *kafka.Message) error) error {
	if item != nil {
		return next(ctx, item)
	}
	msg := c.consumer.GetMessage()
	if msg == nil {
		return nil
	}
	defer c.consumer.Commit(msg) // want `the error of Commit, which returns the error of CommitMessage, is discarded: a failed commit, such as one rejected after a rebalance, goes unnoticed`

	return next(ctx, msg)
}

// ProcessLogged logs it in a deferred closure.
func (c middleware) ProcessLogged(ctx context.Context, next func(context.Context, *kafka.Message) error) error {
	msg := c.consumer.GetMessage()
	if msg == nil {
		return nil
	}
	defer func() {
		if err := c.consumer.Commit(msg); err != nil { // ok: logged
			log.Printf("commit: %v", err)
		}
	}()
	return next(ctx, msg)
}

// Run commits each message it handled, as a statement.
func (c middleware) Run(ctx context.Context, next func(context.Context, *kafka.Message) error) {
	for ctx.Err() == nil {
		msg := c.consumer.GetMessage()
		if msg == nil {
			continue
		}
		if err := next(ctx, msg); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		c.consumer.Commit(msg) // want `the error of Commit, which returns the error of CommitMessage, is discarded`
	}
}

// RunBlank assigns the error to _.
func (c middleware) RunBlank(ctx context.Context, next func(context.Context, *kafka.Message) error) {
	for ctx.Err() == nil {
		msg := c.consumer.GetMessage()
		if msg == nil {
			continue
		}
		if err := next(ctx, msg); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		_ = c.consumer.Commit(msg) // want `the error of Commit, which returns the error of CommitMessage, is discarded`
	}
}

// RunChecked checks it.
func (c middleware) RunChecked(ctx context.Context, next func(context.Context, *kafka.Message) error) {
	for ctx.Err() == nil {
		msg := c.consumer.GetMessage()
		if msg == nil {
			continue
		}
		if err := next(ctx, msg); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		if err := c.consumer.Commit(msg); err != nil { // ok: checked
			log.Printf("commit: %v", err)
		}
	}
}

// Once returns it.
func (c middleware) Once(ctx context.Context, next func(context.Context, *kafka.Message) error) error {
	msg := c.consumer.GetMessage()
	if msg == nil {
		return nil
	}
	if err := next(ctx, msg); err != nil {
		return err
	}
	return c.consumer.Commit(msg) // ok: returned
}

// Direct commits through the package's exported function.
func Direct(ctx context.Context, k *kafka.Consumer, next func(context.Context, *kafka.Message) error) {
	for ctx.Err() == nil {
		msg, err := k.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := next(ctx, msg); err != nil {
			continue
		}
		_ = wrapsvc.CommitOn(k, msg) // want `the error of CommitOn, which returns the error of CommitMessage, is discarded`
	}
}

// NotWrappers drops the errors of calls not known to return a commit's:
// a function that logs it itself, an interface with two implementations,
// an unexported interface.
func NotWrappers(ctx context.Context, k *kafka.Consumer, cm wrapsvc.Committer, next func(context.Context, *kafka.Message) error) {
	a := wrapsvc.Acker(k)
	for ctx.Err() == nil {
		msg, err := k.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := next(ctx, msg); err != nil {
			continue
		}
		_ = wrapsvc.CommitLogged(k, msg) // ok: logged by the function itself
		cm.Commit(msg)                   // ok: Committer has a second implementation, Nop
		a.Ack(msg)                       // ok: acker is unexported
	}
}

// commit is the middleware's own wrapper of Consumer.Commit.
func (c middleware) commit(msg *kafka.Message) error {
	if err := c.consumer.Commit(msg); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// RunOwn drops the error of its own wrapper of the interface's.
func (c middleware) RunOwn(ctx context.Context, next func(context.Context, *kafka.Message) error) {
	for ctx.Err() == nil {
		msg := c.consumer.GetMessage()
		if msg == nil || next(ctx, msg) != nil {
			continue
		}
		c.commit(msg) // want `the error of commit, which returns the error of CommitMessage, is discarded`
	}
}
