// Package kutil builds the franz-go clients of the svc scenarios for the
// services that use them: the client is the result of its constructor.
package kutil

import "github.com/twmb/franz-go/pkg/kgo"

func NewDirect() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumeTopics("t-kutil")) // case: kutil
}
