// Package wrapper wraps a Kafka client without naming it in its own API.
package wrapper

import "kafkassa/direct"

type Consumer struct{ close func() }

func New() (*Consumer, error) {
	cl, err := direct.New()
	if err != nil {
		return nil, err
	}
	return &Consumer{close: cl.Close}, nil
}
