// Package confluentdefaults: confluent-kafka-go v2 consumers left on // want package:`configFindings\(param:autocommit/confluentdefaults\.Consume#1\[auto-commit=true,auto-store=true\]:store-ignored\)`
// librdkafka's defaults (auto-commit and auto-store on), beside the
// configurations that are safe.
package confluentdefaults

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type store struct{ dir string }

func (s *store) save(ctx context.Context, m *kafka.Message) error {
	if len(m.Value) == 0 {
		return errors.New("empty message")
	}
	if err := os.WriteFile(s.dir+"/"+string(m.Key), m.Value, 0o644); err != nil {
		return err
	}
	return ctx.Err()
}

// readLoop keeps the defaults: the offset is stored when ReadMessage returns.
func readLoop(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `enable.auto.commit and enable.auto.offset.store are on: librdkafka stores each message's offset when it is handed to the app`
		"bootstrap.servers": "localhost:9092",
		"group.id":          "archiver",
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"invoices"}, nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			var kerr kafka.Error
			if errors.As(err, &kerr) && kerr.IsTimeout() {
				continue
			}
			return fmt.Errorf("read: %w", err)
		}
		if err := s.save(ctx, msg); err != nil {
			return fmt.Errorf("save: %w", err)
		}
	}
	return nil
}

// readLoopStoreAfter is readLoop done right.
func readLoopStoreAfter(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-store off, StoreMessage after processing
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "archiver",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return fmt.Errorf("store: %w", err)
		}
	}
	return nil
}

// readLoopStringFalse spells the value as librdkafka's string form.
func readLoopStringFalse(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: "false" as a string is parsed by librdkafka
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "archiver",
		"enable.auto.offset.store": "false",
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
	return nil
}

// manualCommit turns auto-commit off and commits each message after
// processing: the stored offsets are never sent.
func manualCommit(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: auto-commit off, CommitMessage after processing
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "archiver",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
	}
	return nil
}

// pollLoop keeps the defaults with a Poll loop and a type switch.
func pollLoop(ctx context.Context, s *store) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "audit", "bootstrap.servers": "localhost:9092"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		log.Printf("new consumer: %v", err)
		return
	}
	defer c.Close()
	for ctx.Err() == nil {
		ev := c.Poll(100)
		switch e := ev.(type) {
		case *kafka.Message:
			if err := s.save(ctx, e); err != nil {
				log.Printf("save: %v", err)
				return
			}
		case kafka.Error:
			if e.IsFatal() {
				return
			}
		}
	}
}

// pollLoopStoreAfter is pollLoop done right.
func pollLoopStoreAfter(ctx context.Context, s *store) {
	cfg := kafka.ConfigMap{"group.id": "audit", "enable.auto.offset.store": false}
	c, err := kafka.NewConsumer(&cfg) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return
	}
	defer c.Close()
	for ctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if err := s.save(ctx, e); err != nil {
				return
			}
			if _, err := c.StoreMessage(e); err != nil {
				log.Printf("store: %v", err)
				return
			}
		case kafka.Error:
			log.Printf("consumer error: %v", e)
		}
	}
}

// consumerConfig builds the ConfigMap with SetKey and leaves auto-store on.
func consumerConfig(group string) *kafka.ConfigMap {
	cfg := &kafka.ConfigMap{
		"bootstrap.servers": "localhost:9092",
	}
	_ = cfg.SetKey("group.id", group)
	_ = cfg.SetKey("enable.auto.commit", true)
	return cfg
}

// helperConfig takes its config from a helper of this package.
func helperConfig(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(consumerConfig("ingest")) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
	}
}

// Consume's config comes from its callers, and it has none in this
// package: the settings are not known.
func Consume(ctx context.Context, cfg *kafka.ConfigMap, s *store) error {
	c, err := kafka.NewConsumer(cfg) // ok: opaque config (a parameter with no caller here) may disable auto-store
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
}

// readAlias processes the message through a local copy of its value.
func readAlias(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "alias"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			log.Printf("read: %v", err)
			continue
		}
		payload := msg.Value
		if len(payload) == 0 {
			continue
		}
		if err := s.save(ctx, &kafka.Message{Key: msg.Key, Value: payload}); err != nil {
			return err
		}
	}
}

// handOff hands each message to one worker. The defaults lose what is in
// flight; StoreMessage at the end of the loop would store before the
// worker processes it, so the fix stores in the worker, after the save.
func handOff(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "workers"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	go func() {
		for m := range jobs {
			_ = s.save(ctx, m)
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// noErrorExit processes the message only when err is nil and falls through
// otherwise: the fix stores at the end of the err == nil block, the only
// place with a message.
func noErrorExit(ctx context.Context, s *store) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "lenient"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err == nil {
			_ = s.save(ctx, msg)
		} else {
			log.Printf("read: %v", err)
		}
	}
}

// okThenGo hands the message to a goroutine only when the read
// succeeded: the fix runs it in place at the end of the if, and stores
// after it.
func okThenGo(ctx context.Context, s *store) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "lenient-go"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err == nil {
			go func() { _ = s.save(ctx, msg) }()
		}
	}
}

// globalConfig is a package-level map that keeps the auto-store: the fix
// adds the key to its initialiser, which only fromGlobal uses.
var globalConfig = kafka.ConfigMap{"group.id": "global"}

func fromGlobal(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&globalConfig) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
	}
}

// sharedConfig is a package-level map two consumers are built from: the
// fix sets the key on each consumer's copy.
var sharedConfig = kafka.ConfigMap{"group.id": "shared"}

func fromShared(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&sharedConfig) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
	}
}

func fromSharedToo(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&sharedConfig) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
	}
}

// storingConfig is a package-level map with the auto-store off: its
// consumer stores after saving.
var storingConfig = &kafka.ConfigMap{"group.id": "global", "enable.auto.offset.store": false}

func fromStoringGlobal(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(storingConfig) // ok: the initialiser turns the auto-store off
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
}

// loggedSave logs a failed save and carries on: the fix stores in an else,
// so a failed save is not stored.
func loggedSave(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "logged"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			log.Printf("save: %v", err)
		}
	}
}

// savedCount logs a failed save and goes on to count it: the fix continues
// from the error branch, so the store after the count runs only on success.
func savedCount(ctx context.Context, s *store, saved *int) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "counted"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			log.Printf("save: %v", err)
		}
		*saved++
	}
}

// handOffPool hands each message to a pool of workers: they finish
// messages out of order, so no store in them is sure to follow every
// message before it. The fix keeps one worker, which stores each message
// after saving it.
func handOffPool(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for i := 0; i < 4; i++ {
		go func() {
			for m := range jobs {
				_ = s.save(ctx, m)
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolNamed starts n workers that log their number, each added to
// a WaitGroup: the fix keeps the loop with a bound of 1.
func handOffPoolNamed(ctx context.Context, s *store, n int) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-named"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					log.Printf("worker %d: %v", i, err)
				}
			}
		}()
	}
	defer wg.Wait()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolStored turns the auto-store off and stores in the workers:
// the stores follow processing (their order across workers is hiwater's
// question).
func handOffPoolStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for range 4 {
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					continue
				}
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolMixed starts workers from a loop that also announces each
// one: the fix keeps one worker, announced once (the loop is replaced by
// its body), which stores after saving.
func handOffPoolMixed(ctx context.Context, s *store, audit chan<- string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-mixed"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for i := 0; i < 4; i++ {
		audit <- "worker started"
		go func() {
			for m := range jobs {
				_ = s.save(ctx, m)
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolMixedNamed names each worker from the loop variable, which
// starts at 1: the fix keeps the loop for one iteration (its bound
// becomes 2), so the one worker keeps its name.
func handOffPoolMixedNamed(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-mixed-named"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for i := 1; i < 5; i++ {
		name := fmt.Sprintf("worker-%d", i)
		log.Printf("starting %s", name)
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					log.Printf("%s: %v", name, err)
					continue
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolSkipping starts workers from a loop that skips some of its
// iterations: keeping the first iteration might start none, so the fix
// keeps the loop and stops it once it has started one worker (a break
// after the go statement), which stores after saving.
func handOffPoolSkipping(ctx context.Context, s *store, disabled map[int]bool) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-skipping"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for i := 0; i < 4; i++ {
		if disabled[i] {
			continue
		}
		go func() {
			for m := range jobs {
				_ = s.save(ctx, m)
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolSkippingStored skips disabled workers too, with the
// auto-store off and each worker storing after a successful save.
func handOffPoolSkippingStored(ctx context.Context, s *store, disabled map[int]bool) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-skipping-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for i := 0; i < 4; i++ {
		if disabled[i] {
			continue
		}
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					continue
				}
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolChecked gives up when the context ends while it starts its
// workers: the first iteration either returns, as it did, or starts the
// worker, so the fix runs the loop once (its bound becomes 1) and the
// one worker stores after saving.
func handOffPoolChecked(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-checked"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for range 4 {
		if err := ctx.Err(); err != nil {
			return err
		}
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					log.Printf("save: %v", err)
					continue
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolCheckedStored checks the context the same way, with the
// auto-store off and each worker storing after a successful save.
func handOffPoolCheckedStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-checked-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for range 4 {
		if err := ctx.Err(); err != nil {
			return err
		}
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					log.Printf("save: %v", err)
					continue
				}
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolMixedStored announces its workers too, with the auto-store
// off and each worker storing after its save.
func handOffPoolMixedStored(ctx context.Context, s *store, audit chan<- string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-mixed-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for i := 0; i < 4; i++ {
		audit <- "worker started"
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					continue
				}
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffTicking hands each message to one worker that also reports its
// progress on a ticker: the fix stores at the end of the worker's message
// case, after the save.
func handOffTicking(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ticking"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	go func() {
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		saved := 0
		for {
			select {
			case m := <-jobs:
				if err := s.save(ctx, m); err != nil {
					log.Printf("save: %v", err)
					continue
				}
				saved++
			case <-tick.C:
				log.Printf("saved %d messages", saved)
			}
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffTickingStored is handOffTicking done right: auto-store off, and
// the worker stores each message after its save.
func handOffTickingStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ticking-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	go func() {
		tick := time.NewTicker(time.Minute)
		defer tick.Stop()
		saved := 0
		for {
			select {
			case m := <-jobs:
				if err := s.save(ctx, m); err != nil {
					log.Printf("save: %v", err)
					continue
				}
				saved++
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			case <-tick.C:
				log.Printf("saved %d messages", saved)
			}
		}
	}()
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// readBound reads through a method value of ReadMessage: each call
// stores the offset on delivery, as a direct call does. The fix stores
// after the save, through the consumer in sight.
func readBound(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "bound"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	read := c.ReadMessage
	for ctx.Err() == nil {
		msg, err := read(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// readBoundStored is readBound done right.
func readBoundStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "bound-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	read := c.ReadMessage
	for ctx.Err() == nil {
		msg, err := read(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if _, err := c.StoreMessage(msg); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// goPerMessage saves each message in a goroutine of its own: no place in
// the loop is after the save. The fix saves in place (the go keyword
// goes) and stores after it.
func goPerMessage(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "fanout"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			if err := s.save(ctx, msg); err != nil {
				log.Printf("save: %v", err)
			}
		}()
	}
}

// goPerMessageStored turns the auto-store off and stores in each
// goroutine after the save.
func goPerMessageStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "fanout-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			if err := s.save(ctx, msg); err != nil {
				return
			}
			if _, err := c.StoreMessage(msg); err != nil {
				log.Printf("store offset: %v", err)
			}
		}()
	}
}

// saveAll writes a batch of messages in one round trip.
func (s *store) saveAll(ctx context.Context, ms []*kafka.Message) error {
	for _, m := range ms {
		if err := os.WriteFile(s.dir+"/"+string(m.Key), m.Value, 0o644); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// batched appends each message to a batch saved when it is full: the
// offsets of the messages waiting in the batch are stored already. The
// fix stores each message of the batch after the batch is saved, before
// it is reset.
func batched(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "batched"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	var pending []*kafka.Message
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		pending = append(pending, msg)
		if len(pending) < 100 {
			continue
		}
		if err := s.saveAll(ctx, pending); err != nil {
			return fmt.Errorf("save batch: %w", err)
		}
		pending = pending[:0]
	}
}

// batchedStored turns the auto-store off and stores the batch after it
// is saved.
func batchedStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "batched-stored", "enable.auto.offset.store": false}) // ok: auto-store off, each batch stored after it is saved
	if err != nil {
		return err
	}
	var pending []*kafka.Message
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		pending = append(pending, msg)
		if len(pending) < 100 {
			continue
		}
		if err := s.saveAll(ctx, pending); err != nil {
			return fmt.Errorf("save batch: %w", err)
		}
		for _, m := range pending {
			if _, err := c.StoreMessage(m); err != nil {
				log.Printf("store offset: %v", err)
			}
		}
		pending = pending[:0]
	}
}

// source wraps its consumer: next returns each message and the callers
// save it, after the offset is stored. The fix stores in each caller
// after the save (next is unchanged: it returns the message already).
type source struct{ c *kafka.Consumer }

func newSource() (*source, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "source"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return nil, err
	}
	return &source{c: c}, nil
}

func (s *source) next() (*kafka.Message, error) {
	return s.c.ReadMessage(time.Second)
}

func (s *source) run(ctx context.Context, st *store) error {
	for ctx.Err() == nil {
		m, err := s.next()
		if err != nil {
			continue
		}
		if err := st.save(ctx, m); err != nil {
			return fmt.Errorf("save: %w", err)
		}
	}
	return nil
}

// storedSource is source done right: auto-store off, the caller stores
// after the save.
type storedSource struct{ c *kafka.Consumer }

func newStoredSource() (*storedSource, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "source", "enable.auto.offset.store": false}) // ok: auto-store off, the caller stores after processing
	if err != nil {
		return nil, err
	}
	return &storedSource{c: c}, nil
}

func (s *storedSource) next() (*kafka.Message, error) {
	return s.c.ReadMessage(time.Second)
}

func (s *storedSource) run(ctx context.Context, st *store) error {
	for ctx.Err() == nil {
		m, err := s.next()
		if err != nil {
			continue
		}
		if err := st.save(ctx, m); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if _, err := s.c.StoreMessage(m); err != nil {
			return fmt.Errorf("store offset: %w", err)
		}
	}
	return nil
}

type order struct{ ID string }

// orders decodes each message in next and returns the order, which the
// caller applies. The fix makes next return the message as well, and
// the caller store it after applying the order.
type orders struct{ c *kafka.Consumer }

func newOrders() (*orders, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "orders"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return nil, err
	}
	return &orders{c: c}, nil
}

func (o *orders) next() (order, error) {
	msg, err := o.c.ReadMessage(time.Second)
	if err != nil {
		return order{}, err
	}
	if len(msg.Value) == 0 {
		return order{}, errors.New("empty order")
	}
	return order{ID: string(msg.Value)}, nil
}

func (o *orders) run(ctx context.Context, apply func(order) error) error {
	for ctx.Err() == nil {
		ord, err := o.next()
		if err != nil {
			log.Printf("next order: %v", err)
			continue
		}
		if err := apply(ord); err != nil {
			return err
		}
	}
	return nil
}

// storedOrders is orders done right: next returns the message too, and
// the caller stores it after applying the order.
type storedOrders struct{ c *kafka.Consumer }

func newStoredOrders() (*storedOrders, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "orders", "enable.auto.offset.store": false}) // ok: auto-store off, the caller stores after processing
	if err != nil {
		return nil, err
	}
	return &storedOrders{c: c}, nil
}

func (o *storedOrders) next() (order, *kafka.Message, error) {
	msg, err := o.c.ReadMessage(time.Second)
	if err != nil {
		return order{}, nil, err
	}
	if len(msg.Value) == 0 {
		return order{}, msg, errors.New("empty order")
	}
	return order{ID: string(msg.Value)}, msg, nil
}

func (o *storedOrders) run(ctx context.Context, apply func(order) error) error {
	for ctx.Err() == nil {
		ord, msg, err := o.next()
		if err != nil {
			log.Printf("next order: %v", err)
			continue
		}
		if err := apply(ord); err != nil {
			return err
		}
		if _, err := o.c.StoreMessage(msg); err != nil {
			return fmt.Errorf("store offset: %w", err)
		}
	}
	return nil
}

// audit records each message in an audit log.
func audit(ctx context.Context, m *kafka.Message) error { return ctx.Err() }

// fanOut hands each message to two goroutines, a save and an audit: no
// place in the loop is after both. The fix runs both in place, one after
// the other, and stores after them.
func fanOut(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "fan-out"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() {
			if err := s.save(ctx, msg); err != nil {
				log.Printf("save: %v", err)
			}
		}()
		go func() {
			if err := audit(ctx, msg); err != nil {
				log.Printf("audit: %v", err)
			}
		}()
	}
}

// fanOutJoined waits for both goroutines, then stores (auto-store off).
func fanOutJoined(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "fan-out-joined", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after both goroutines
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			if err := s.save(ctx, msg); err != nil {
				log.Printf("save: %v", err)
			}
		}()
		go func() {
			defer wg.Done()
			if err := audit(ctx, msg); err != nil {
				log.Printf("audit: %v", err)
			}
		}()
		wg.Wait()
		if _, err := c.StoreMessage(msg); err != nil {
			log.Printf("store offset: %v", err)
		}
	}
}

// handOffPerShard starts a worker per shard name, each saving the
// messages it takes from the one channel: the workers finish messages
// out of order. The fix keeps the loop and stops it once it has started
// the first worker (a break), which stores after saving.
func handOffPerShard(ctx context.Context, s *store, shards []string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "per-shard"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for _, shard := range shards {
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					log.Printf("%s: save: %v", shard, err)
					continue
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPerShardStored starts the same workers with the auto-store off,
// each storing after a successful save.
func handOffPerShardStored(ctx context.Context, s *store, shards []string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "per-shard-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	for _, shard := range shards {
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					log.Printf("%s: save: %v", shard, err)
					continue
				}
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			}
		}()
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// drain reads with the fetch it is given and saves each message; it
// cannot see the consumer.
func drain(ctx context.Context, s *store, read func(time.Duration) (*kafka.Message, error)) error {
	for ctx.Err() == nil {
		msg, err := read(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// readPassed passes ReadMessage on to drain: the fix turns the auto-store
// off, gives drain a store parameter, which this call fills with the
// consumer's StoreMessage, and drain stores after each save.
func readPassed(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "passed"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	return drain(ctx, s, c.ReadMessage)
}

// drainStored is drain done right: it stores after each save through
// the store it is given.
func drainStored(ctx context.Context, s *store, read func(time.Duration) (*kafka.Message, error), store func(*kafka.Message) ([]kafka.TopicPartition, error)) error {
	for ctx.Err() == nil {
		msg, err := read(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return err
		}
		if _, err := store(msg); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// readPassedStored passes ReadMessage and StoreMessage on, with the
// auto-store off.
func readPassedStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "passed-stored", "enable.auto.offset.store": false}) // ok: auto-store off, the loop function stores after processing
	if err != nil {
		return err
	}
	return drainStored(ctx, s, c.ReadMessage, c.StoreMessage)
}

// goNested saves the messages that carry a value in a goroutine started
// inside an if: no place in the loop is after the save. The fix saves in
// place (the go keyword goes) and stores after the if.
func goNested(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "nested"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if len(msg.Value) > 0 {
			go func() {
				if err := s.save(ctx, msg); err != nil {
					log.Printf("save: %v", err)
				}
			}()
		}
	}
}

// goNestedStored turns the auto-store off and stores in the nested
// goroutine after the save.
func goNestedStored(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "nested-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if len(msg.Value) > 0 {
			go func() {
				if err := s.save(ctx, msg); err != nil {
					return
				}
				if _, err := c.StoreMessage(msg); err != nil {
					log.Printf("store offset: %v", err)
				}
			}()
		}
	}
}

// handOffPoolCounted skips disabled workers and, after starting one,
// skips the count for those it does not report: the fix stops the loop
// at either continue once it has started a worker (each continue after
// the go statement becomes a break, and a break ends the body).
func handOffPoolCounted(ctx context.Context, s *store, disabled, quiet map[int]bool) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-counted"}) // want `enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	started := 0
	for i := 0; i < 4; i++ {
		if disabled[i] {
			continue
		}
		go func() {
			for m := range jobs {
				_ = s.save(ctx, m)
			}
		}()
		if quiet[i] {
			continue
		}
		started++
	}
	log.Printf("%d workers reported", started)
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// handOffPoolCountedStored counts its workers the same way, with the
// auto-store off and each worker storing after a successful save.
func handOffPoolCountedStored(ctx context.Context, s *store, disabled, quiet map[int]bool) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "pool-counted-stored", "enable.auto.offset.store": false}) // ok: auto-store off, StoreMessage after processing
	if err != nil {
		return err
	}
	jobs := make(chan *kafka.Message)
	started := 0
	for i := 0; i < 4; i++ {
		if disabled[i] {
			continue
		}
		go func() {
			for m := range jobs {
				if err := s.save(ctx, m); err != nil {
					continue
				}
				if _, err := c.StoreMessage(m); err != nil {
					log.Printf("store offset: %v", err)
				}
			}
		}()
		if quiet[i] {
			continue
		}
		started++
	}
	log.Printf("%d workers reported", started)
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// timerOff keeps auto-store and auto-commit on with the interval at 0,
// which turns librdkafka's timer off: the stored offsets are committed
// at rebalances and at Close only, inside this loop's reads or after it.
func timerOff(ctx context.Context, s *store) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // ok: no timer commits mid-processing
		"bootstrap.servers":       "localhost:9092",
		"group.id":                "ledger",
		"auto.commit.interval.ms": 0,
	})
	if err != nil {
		return fmt.Errorf("new consumer: %w", err)
	}
	defer c.Close()
	if err := c.SubscribeTopics([]string{"payments"}, nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.save(ctx, msg); err != nil {
			return fmt.Errorf("save: %w", err)
		}
	}
	return nil
}
