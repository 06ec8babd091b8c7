package autocommit_test

import (
	"testing"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// passedNoFixSrc passes confluent's defaults to svc.NewFeed, whose loop
// hands each message to a channel: the finding reported here has no fix
// (svc's message says why), and says nothing of a fix in svc.
const passedNoFixSrc = `package passednofix

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"autocommit/passedcfg/svc"
)

func run() {
	f, err := svc.NewFeed(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "feed"}) // want "NewFeed builds its confluent-kafka-go consumer from the configuration passed here \\(the client's defaults\\), and with it, in package autocommit/passedcfg/svc \\(svc.go:\\d+\\): enable.auto.commit and enable.auto.offset.store are on: .*; no automatic fix: the message is sent on a channel whose values leave the package [^;]*; set enable.auto.offset.store to false and let the code that processes it call StoreMessage \\(hand it the message, or a function that stores it\\)$"
	if err != nil {
		return
	}
	go f.Run()
	for m := range f.Out {
		_ = m
	}
}
`

// TestPassedNoFix runs passedNoFixSrc: one finding, without a fix, whose
// message ends with svc's reason.
func TestPassedNoFix(t *testing.T) {
	t.Parallel()
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/passedcfg", "passednofix", passedNoFixSrc)
}
