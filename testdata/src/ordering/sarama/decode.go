package sarama

import (
	"encoding/json"

	"github.com/IBM/sarama"
)

// decodeMarked marks the message, then decodes it and hands the event to
// its caller, which applies it: the event leaves the function, so a mark
// moved within it, after the decode, would still come before db.Save. The
// fix moves the mark to the caller, after the processing.
func decodeMarked(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (event, error) {
	sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
	var ev event
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return event{}, err
	}
	return ev, nil
}

// decoding applies what decodeMarked returns.
type decoding struct{}

func (decoding) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (decoding) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (decoding) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ev, err := decodeMarked(sess, msg)
		if err != nil {
			return err
		}
		if err := db.Save(sess.Context(), ev); err != nil {
			return err
		}
	}
	return nil
}

// decodeOnly is decodeMarked's twin: the caller marks after applying.
func decodeOnly(msg *sarama.ConsumerMessage) (event, error) {
	var ev event
	err := json.Unmarshal(msg.Value, &ev)
	return ev, err
}

type decodingAfter struct{}

func (decodingAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (decodingAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (decodingAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		ev, err := decodeOnly(msg)
		if err != nil {
			return err
		}
		if err := db.Save(sess.Context(), ev); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: marked after the event is applied
	}
	return nil
}

// parseMarked is decodeMarked, called in an if statement's init.
func parseMarked(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) (event, error) {
	sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed`
	var ev event
	err := json.Unmarshal(msg.Value, &ev)
	return ev, err
}

// parsing applies what parseMarked returns in the else branch of the
// check of its error.
type parsing struct{}

func (parsing) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (parsing) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (parsing) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if ev, err := parseMarked(sess, msg); err != nil {
			return err
		} else if err := db.Save(sess.Context(), ev); err != nil {
			return err
		}
	}
	return nil
}

// parsingAfter is parsing's twin: the helper only decodes and the caller
// marks after the else branch.
type parsingAfter struct{}

func (parsingAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (parsingAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (parsingAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if ev, err := decodeOnly(msg); err != nil {
			return err
		} else if err := db.Save(sess.Context(), ev); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: marked after the else branch applies the event
	}
	return nil
}
