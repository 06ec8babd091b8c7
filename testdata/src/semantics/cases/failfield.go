package cases

import (
	"context"
	"log"
	"net/http"
	"strings"

	"github.com/segmentio/kafka-go"
)

// ormDB reports a failure in a field of what its calls return, as gorm's
// *gorm.DB does.
type ormDB struct{ Error error }

func (d *ormDB) Create(v any) *ormDB { return d }

// failFieldSkip logs a failed insert and goes on: the next commit passes
// the record.
func failFieldSkip(ctx context.Context, db *ormDB) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-failfield", Topic: "t"}) // case: failfield
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := db.Create(&m.Value).Error; err != nil {
			log.Printf("insert: %v", err)
			continue
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

var _ = failFieldSkip

// postKey posts a key and only logs a failure.
func postKey(url, key string) {
	resp, err := http.Post(url, "text/plain", strings.NewReader(key))
	if err != nil {
		log.Printf("post: %v", err)
		return
	}
	resp.Body.Close()
}

// derivedArgSkip hands the message's key, not the message, to a handler
// that swallows its failure: the commit passes the record.
func derivedArgSkip(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-derivedarg", Topic: "t"}) // case: derivedarg
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		postKey("http://inventory", string(m.Key))
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

var _ = derivedArgSkip

// postValue posts a message's value and only logs a failure.
func postValue(url string, m *kafka.Message) error {
	resp, err := http.Post(url, "text/plain", strings.NewReader(string(m.Value)))
	if err != nil {
		log.Printf("post: %v", err)
		return nil
	}
	return resp.Body.Close()
}

// consumeWith processes each message with the handler its caller passes,
// stopping on the handler's error.
func consumeWith(ctx context.Context, r *kafka.Reader, process func(*kafka.Message) error) {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if err := process(&m); err != nil {
			return
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return
		}
	}
}

func runConsumeWith(ctx context.Context) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"k:9092"}, GroupID: "g-funcparam", Topic: "t"}) // case: funcparam
	consumeWith(ctx, r, func(m *kafka.Message) error { return postValue("http://inventory", m) })
}

var _ = runConsumeWith
