package cases

import (
	"context"
	"log"

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
