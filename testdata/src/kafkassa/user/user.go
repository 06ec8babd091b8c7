// Package user imports only the wrapper: it uses Kafka through a dependency.
package user

import "kafkassa/wrapper"

func Run() error {
	_, err := wrapper.New()
	return err
}
