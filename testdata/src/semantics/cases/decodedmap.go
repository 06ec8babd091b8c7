package cases

import (
	"encoding/json"
	"log"
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// runDecodedMap fills its ConfigMap with the operator's JSON after
// setting auto-store off: the JSON may turn it back on, or turn
// auto-commit off (sabariramc/goserverbase's StrictJsonTransformer).
func runDecodedMap() {
	cm := &kafka.ConfigMap{"group.id": "ledger", "enable.auto.offset.store": false}
	if err := json.Unmarshal([]byte(os.Getenv("KAFKA_CONFIG")), cm); err != nil {
		log.Fatal(err)
	}
	c, err := kafka.NewConsumer(cm) // case: decodedmap
	if err != nil {
		log.Fatal(err)
	}
	storeLoop(c)
}

// runDecodedOther is its twin: the JSON fills another map, which only
// names the topic.
func runDecodedOther() {
	var extra map[string]string
	if err := json.Unmarshal([]byte(os.Getenv("KAFKA_EXTRA")), &extra); err != nil {
		log.Fatal(err)
	}
	cm := &kafka.ConfigMap{"group.id": "ledger-" + extra["suffix"], "enable.auto.offset.store": false}
	c, err := kafka.NewConsumer(cm) // case: decodedother
	if err != nil {
		log.Fatal(err)
	}
	storeLoop(c)
}

// storeLoop stores each message's offset once it is applied.
func storeLoop(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Printf("store: %v", err)
		}
	}
}

var _, _ = runDecodedMap, runDecodedOther
