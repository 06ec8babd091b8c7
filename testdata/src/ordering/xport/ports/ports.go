// Package ports declares what the Kafka adapter needs from the core
// (hexagonal code): the adapter imports only this package.
package ports

type Payload struct{ TxID string }

// SettlementAdapter is the port the consumer hands each payload to.
type SettlementAdapter interface {
	HandleSettlement(data Payload)
	InitWorkerPool()
}

// Ledger is the port a consumer given it as a parameter writes to.
type Ledger interface {
	Append(p Payload)
}
