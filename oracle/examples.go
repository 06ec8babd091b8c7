package oracle

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// Example describes how to run one consumer of examples/ and observe it:
// the tables it writes (created by the harness), the tables whose rows are
// its effects, and the record it decodes.
type Example struct {
	Dir        string   // under examples/, e.g. "franzgo/commitfirst"; with Command, the consumer's name
	Topic      string   // the topic it consumes
	Group      string   // its consumer group, "" when it has none
	Schema     string   // DDL of the tables it uses
	Seed       string   // SQL run before the triggers exist; $1 is the text[] of record ids
	Effects    []Effect // the tables whose inserted or updated rows are effects
	Record     func(id string) Record
	Records    int    // records per run, when the default is done before the consumer's first auto-commit
	Partitions int32  // partitions of the topic, when the consumer reads fewer than the default
	Skip       string // why it is not run, when it cannot be observed

	// Output names the topics a transactional example produces to. The
	// harness reads them with read_committed isolation while the
	// experiment runs and counts each committed record's key (the input
	// record's id) as an effect, next to any Effects tables.
	Output []string
	// Outside names tables the example writes outside its transaction,
	// beyond the row's scope (effectively-once in Kafka): their counts are
	// logged, not checked.
	Outside []Effect
	// Faults are the broker errors injected into the run (seeded), for
	// bugs that only a failing broker request shows.
	Faults []Fault
	// FailFirst makes the first attempt of the effect of this many
	// records (drawn from the run's seed) fail in the store, as a call to
	// a flaky downstream fails once: a trigger raises before the write
	// (failSQL); every later attempt succeeds. The consumer then does what
	// its code does on a failed effect (returns, exits, retries, skips);
	// one that exits is restarted as a killed one is. For the findings
	// whose loss needs a failed effect, which kills never cause.
	FailFirst int
	// Churn runs a second instance of the consumer in the same group that
	// joins and leaves during the kill phase, so that the first instance's
	// partitions are revoked while it processes.
	Churn bool
	// Trickle, when set, produces a tenth of the records before the
	// consumer starts and the rest one at a time this far apart while it
	// runs, so that a consumer polls records one by one, not one batch.
	Trickle time.Duration

	// Command is the command to build and run, under examples/, when the
	// consumer is one of several that a service runs in one process
	// (examples/service): Dir then names the consumer, Group picks its
	// row of the command's report.golden.json, and Env tells the command
	// to start that consumer alone. "" means the command in Dir.
	Command string
	// Env is added to the consumer's environment.
	Env []string
}

// command returns the package to build and run, under examples/.
func (e Example) command() string {
	if e.Command != "" {
		return e.Command
	}
	return e.Dir
}

// fixPattern returns the packages commitlint -fix runs on, relative to
// examples/: the example's directory, or for a service's consumer the
// service's whole tree (its first element: "./service/..."), where the
// fixes of its internal packages land.
func (e Example) fixPattern() string {
	if e.Command != "" {
		top, _, _ := strings.Cut(e.Command, "/")
		return "./" + top + "/..."
	}
	return "./" + e.Dir + "/..."
}

// Effect names a table and the column that holds the record id.
type Effect struct{ Table, Column string }

// Record is one Kafka record as produced.
type Record struct{ Key, Value []byte }

// jsonRecord returns a Record builder that sets field idField to the id and
// the other fields to the given constants; the key is the id.
func jsonRecord(idField string, fields map[string]any) func(string) Record {
	return func(id string) Record {
		m := map[string]any{idField: id}
		for k, v := range fields {
			m[k] = v
		}
		b, err := json.Marshal(m)
		if err != nil {
			panic(fmt.Sprintf("encode %v: %v", m, err)) // constants only: cannot happen
		}
		return Record{Key: []byte(id), Value: b}
	}
}

// rawRecord returns a Record builder whose value is the id itself.
func rawRecord(id string) Record { return Record{Key: []byte(id), Value: []byte(id)} }

const (
	productSearch = `CREATE TABLE product_search (product_id text PRIMARY KEY, title text, price_cents bigint)`
	alertTable    = `CREATE TABLE alert_deliveries (alert_id text PRIMARY KEY, device_id text, message text, delivered_at timestamptz)`
	stockLevels   = `CREATE TABLE stock_levels (sku text, warehouse text, quantity bigint, PRIMARY KEY (sku, warehouse))`
	stockSeed     = `INSERT INTO stock_levels (sku, warehouse, quantity) SELECT unnest($1::text[]), 'w1', 0`
	invoiceIndex  = `CREATE TABLE invoice_index (invoice_id text PRIMARY KEY, customer text, total_cents bigint)`
	pageCounts    = `CREATE TABLE page_counts (url text PRIMARY KEY, views bigint)`
	shipmentRows  = `CREATE TABLE shipment_events (shipment_id text, status text, kafka_offset bigint, UNIQUE (shipment_id, kafka_offset))`
	shipmentLog   = `CREATE TABLE shipment_events (shipment_id text, status text, kafka_offset bigint)` // a plain INSERT: a unique key would fail replays
	shipmentScans = `CREATE TABLE shipment_scans (shipment_id text, depot text, scanned_at text)`
	payments      = `CREATE TABLE payments (payment_id text PRIMARY KEY, account text, amount_cents bigint)`
	orderStatus   = `CREATE TABLE order_status (order_id text PRIMARY KEY, status text, updated_at timestamptz)`
	emailLog      = `CREATE TABLE email_log (request_id text PRIMARY KEY, recipient text, template text, sent_at timestamptz)`
	ledger        = `CREATE TABLE ledger (account text, cents bigint, source_offset bigint);
		CREATE TABLE consumer_offsets (topic text, partition int, next_offset bigint, PRIMARY KEY (topic, partition))`
	ledgerSeed    = `INSERT INTO consumer_offsets (topic, partition, next_offset) SELECT 'ledger', p, 0 FROM generate_series(0, 63) p`
	loyalty       = `CREATE TABLE loyalty_accounts (member_id text PRIMARY KEY, points bigint)`
	loyaltySeed   = `INSERT INTO loyalty_accounts (member_id, points) SELECT unnest($1::text[]), 0`
	auditEvents   = `CREATE TABLE audit_log (event_id text PRIMARY KEY, actor text, action text)`
	hourlyKWh     = `CREATE TABLE hourly_kwh (meter text, hour timestamptz, kwh float8, PRIMARY KEY (meter, hour))`
	walletCredits = `CREATE TABLE wallet_credits (credit_id text, wallet text, cents bigint);
		CREATE TABLE consumer_offsets (group_id text, topic text, partition int, next_offset bigint, PRIMARY KEY (group_id, topic, partition))`
	timestamp   = "2026-12-01T10:00:00Z"
	settlements = `CREATE TABLE settlements (payment_key text, settled_at timestamptz)`
)

// slowWrites returns DDL (starting with ";") that makes one in twenty of
// the given writes (INSERT, UPDATE or "INSERT OR UPDATE") to table take
// 400 ms, as a call to a slow downstream or a lock wait does in a real
// deployment. A position committed while such a write is in flight is then
// exposed for 400 ms instead of a few milliseconds, long enough for a
// seeded kill to land in it. It is per database: each experiment has one.
func slowWrites(table, ops string) string {
	return fmt.Sprintf(`;
		CREATE FUNCTION slow_write() RETURNS trigger AS $$
		BEGIN IF random() < 0.05 THEN PERFORM pg_sleep(0.4); END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
		CREATE TRIGGER slow_write BEFORE %s ON %s FOR EACH ROW EXECUTE FUNCTION slow_write()`, ops, table)
}

// txnTimedOut is the fault the transactional examples' bugs need: a
// transaction the coordinator aborted because it outlived its timeout.
// The harness aborts it and bumps the producer's epoch (as the coordinator
// does on a timeout), and the commit (EndTxn) or the offsets' AddOffsetsToTxn
// is answered PRODUCER_FENCED (90; INVALID_PRODUCER_EPOCH, 47, before
// version 2), the answer a real broker gives a producer whose transaction
// timed out. At most twice per run, each such request failing with odds 1/4.
func txnTimedOut(key kmsg.Key) []Fault {
	return []Fault{{Key: key, Times: 2, Odds: 4}}
}

var (
	// slowPayments is payments whose inserts are sometimes slow, as a call
	// to a payment provider is (slowWrites). Concurrent handlers then
	// finish out of order, and a position that jumps past an unfinished
	// record is committed while the record is still in flight (without it
	// those windows last a millisecond and no kill hits them).
	slowPayments = payments + slowWrites("payments", "INSERT")
)

var (
	product  = jsonRecord("product_id", map[string]any{"title": "kettle", "price_cents": 1999})
	alert    = jsonRecord("alert_id", map[string]any{"device_id": "d1", "message": "door open"})
	stock    = jsonRecord("sku", map[string]any{"warehouse": "w1", "delta": 1})
	invoice  = jsonRecord("invoice_id", map[string]any{"customer": "c1", "total_cents": 1200})
	shipment = jsonRecord("shipment_id", map[string]any{"status": "delivered"})
	scan     = jsonRecord("shipment_id", map[string]any{"depot": "d1", "scanned_at": timestamp})
	payment  = jsonRecord("payment_id", map[string]any{"account": "a1", "amount_cents": 500})
	order    = jsonRecord("order_id", map[string]any{"status": "shipped"})
	email    = jsonRecord("request_id", map[string]any{"to": "a@example.com", "template": "welcome"})
	entry    = jsonRecord("account", map[string]any{"cents": 100})
	award    = jsonRecord("member_id", map[string]any{"award_id": "a1", "points": 10})
	event    = jsonRecord("event_id", map[string]any{"actor": "u1", "action": "login"})
	reading  = jsonRecord("meter", map[string]any{"kwh": 1.5, "at": timestamp})
	credit   = jsonRecord("credit_id", map[string]any{"wallet": "w1", "cents": 100})
)

// Examples lists every consumer of examples/ the oracle knows how to run.
var Examples = []Example{
	// franz-go
	{Dir: "franzgo/commitfirst", Topic: "product-updates", Group: "product-indexer-eager", Schema: productSearch, Effects: []Effect{{"product_search", "product_id"}}, Record: product},
	{Dir: "franzgo/manual", Topic: "product-updates", Group: "product-indexer", Schema: productSearch, Effects: []Effect{{"product_search", "product_id"}}, Record: product},
	{Dir: "franzgo/fanoutjoined", Topic: "alerts", Group: "alert-notifier", Schema: alertTable, Effects: []Effect{{"alert_deliveries", "alert_id"}}, Record: alert},
	{Dir: "franzgo/handoff", Topic: "alerts", Group: "alert-notifier", Schema: alertTable, Effects: []Effect{{"alert_deliveries", "alert_id"}}, Record: alert, Records: 2000},
	{Dir: "franzgo/fanoutmarks", Topic: "readings", Group: "reading-store",
		Schema:  `CREATE TABLE readings (sensor text, value float8, at text); CREATE TABLE readings_dead_letter (topic text, part int, off bigint, payload bytea, reason text)`,
		Effects: []Effect{{"readings", "sensor"}}, Record: jsonRecord("sensor", map[string]any{"value": 1.5, "at": timestamp}), Records: 2000},
	{Dir: "franzgo/greedy", Topic: "pageviews", Group: "pageview-archiver",
		Schema:  `CREATE TABLE page_views (session_id text, url text, viewed_at timestamptz)`,
		Effects: []Effect{{"page_views", "session_id"}}, Record: jsonRecord("session_id", map[string]any{"url": "/", "viewed_at": timestamp})},
	// The loss marknoop's finding names (autocommit marks-ignored: a
	// record left unmarked after a failed apply is committed anyway)
	// needs a failed apply: some fail once (failedEffects), as does its
	// twin marks.
	{Dir: "franzgo/marknoop", Topic: "inventory-adjustments", Group: "inventory-applier", Schema: stockLevels, Seed: stockSeed, Effects: []Effect{{"stock_levels", "sku"}}, Record: stock, FailFirst: failedEffects},
	{Dir: "franzgo/marks", Topic: "inventory-adjustments", Group: "inventory-applier", Schema: stockLevels, Seed: stockSeed, Effects: []Effect{{"stock_levels", "sku"}}, Record: stock, FailFirst: failedEffects},
	// Slow writes (slowWrites), for workerpool and its twin perpartition
	// alike: a worker still indexing an invoice when another worker's later
	// mark is committed stays in flight for 400 ms, long enough for a kill;
	// with effects of 25 ms alone none of 8 runs lost a record. 1500
	// records: the 8 workers take longer than the first 5s tick, and the
	// fixed consumer (one worker) drains within cfg.Drain.
	{Dir: "franzgo/perpartition", Topic: "invoices", Group: "invoice-indexer", Schema: invoiceIndex + slowWrites("invoice_index", "INSERT"), Effects: []Effect{{"invoice_index", "invoice_id"}}, Record: invoice},
	// A consumer outside any group that keeps the group's offsets with
	// kadm (an admin client of its own), committing a poll before or after
	// indexing it.
	{Dir: "franzgo/kadmafter", Topic: "invoices", Group: "invoice-indexer-direct", Schema: invoiceIndex, Effects: []Effect{{"invoice_index", "invoice_id"}}, Record: invoice},
	{Dir: "franzgo/kadmfirst", Topic: "invoices", Group: "invoice-indexer-direct", Schema: invoiceIndex, Effects: []Effect{{"invoice_index", "invoice_id"}}, Record: invoice},
	{Dir: "franzgo/workerpool", Topic: "invoices", Group: "invoice-indexer", Schema: invoiceIndex + slowWrites("invoice_index", "INSERT"), Effects: []Effect{{"invoice_index", "invoice_id"}}, Record: invoice, Records: 1500},
	{Dir: "franzgo/rebalanceabandon", Topic: "shipments", Group: "shipment-recorder", Schema: shipmentRows, Effects: []Effect{{"shipment_events", "shipment_id"}}, Record: shipment},
	{Dir: "franzgo/rebalanceskip", Topic: "shipments", Group: "shipment-recorder", Schema: shipmentLog, Effects: []Effect{{"shipment_events", "shipment_id"}}, Record: shipment},
	{Dir: "franzgo/revokecommit", Topic: "pageviews", Group: "page-counter", Schema: pageCounts, Effects: []Effect{{"page_counts", "url"}}, Record: rawRecord, Churn: true}, // twin of revokeinflight, under the same churn
	// Its bug needs a live member rebalancing: a second instance churns.
	{Dir: "franzgo/revokeinflight", Topic: "pageviews", Group: "page-counter", Schema: pageCounts, Effects: []Effect{{"page_counts", "url"}}, Record: rawRecord, Churn: true},
	{Dir: "franzgo/revokelog", Topic: "pageviews", Group: "page-counter", Schema: pageCounts, Effects: []Effect{{"page_counts", "url"}}, Record: rawRecord},
	{Dir: "franzgo/syncloop", Topic: "payments", Group: "payments-ledger",
		Schema:  `CREATE TABLE ledger_entries (payment_id text PRIMARY KEY, account text, amount_cents bigint)`,
		Effects: []Effect{{"ledger_entries", "payment_id"}}, Record: payment},
	{Dir: "franzgo/sinkrestore", Topic: "wallet-credits", Group: "wallet-crediter", Schema: walletCredits, Effects: []Effect{{"wallet_credits", "credit_id"}}, Record: credit},
	{Dir: "franzgo/sinkblind", Topic: "wallet-credits", Group: "wallet-crediter-blind", Schema: walletCredits, Effects: []Effect{{"wallet_credits", "credit_id"}}, Record: credit},
	// Its bug needs a rebalance during a transaction (End then aborts and
	// returns false): a second instance churns through the group, and the
	// records trickle in so that each poll is a transaction of its own.
	// The settlements are written outside the transaction (logged, not
	// checked: the row's scope is Kafka).
	{Dir: "franzgo/txnend", Topic: "payments-raw", Group: "payments-converter", Schema: settlements, Output: []string{"payments-eur"},
		Outside: []Effect{{"settlements", "payment_key"}}, Record: rawRecord, Churn: true, Trickle: 20 * time.Millisecond},
	{Dir: "franzgo/txnendchecked", Topic: "payments-raw", Group: "payments-converter", Schema: settlements, Output: []string{"payments-eur"},
		Outside: []Effect{{"settlements", "payment_key"}}, Record: rawRecord, Churn: true, Trickle: 20 * time.Millisecond},

	// sarama
	{Dir: "sarama/batchcommit", Topic: "shipment-scans", Group: "shipment-scan-batcher", Schema: shipmentScans, Effects: []Effect{{"shipment_scans", "shipment_id"}}, Record: scan},
	{Dir: "sarama/manualcommit", Topic: "shipment-scans", Group: "shipment-scan-recorder", Schema: shipmentScans, Effects: []Effect{{"shipment_scans", "shipment_id"}}, Record: scan},
	{Dir: "sarama/nocommit", Topic: "shipment-scans", Group: "shipment-scan-recorder", Schema: shipmentScans, Effects: []Effect{{"shipment_scans", "shipment_id"}}, Record: scan},
	{Dir: "sarama/commitfirst", Topic: "parcel-weights", Group: "parcel-weights",
		Schema:  `CREATE TABLE parcel_weights (parcel_id text PRIMARY KEY, grams float8)`,
		Effects: []Effect{{"parcel_weights", "parcel_id"}}, Record: jsonRecord("parcel_id", map[string]any{"grams": 250.0}), Records: 120},
	{Dir: "sarama/handoff", Topic: "orders", Group: "order-status-projector", Schema: orderStatus, Effects: []Effect{{"order_status", "order_id"}}, Record: order},
	{Dir: "sarama/lowwater", Topic: "payments", Group: "payment-recorder", Schema: slowPayments, Effects: []Effect{{"payments", "payment_id"}}, Record: payment},
	// Each message handed to an asynchronous shipper whose completion
	// callback marks it (out of order), and its low-water twin.
	{Dir: "sarama/shipcallback", Topic: "payments", Group: "payment-shipper", Schema: slowPayments, Effects: []Effect{{"payments", "payment_id"}}, Record: payment},
	{Dir: "sarama/shiplowwater", Topic: "payments", Group: "payment-shipper", Schema: slowPayments, Effects: []Effect{{"payments", "payment_id"}}, Record: payment},
	{Dir: "sarama/pergoroutine", Topic: "payments", Group: "payment-recorder", Schema: slowPayments, Effects: []Effect{{"payments", "payment_id"}}, Record: payment},
	// Slow writes (slowWrites) for markfirst and its twin markafter: the 1s
	// tick must fall while a marked record is still being written; with
	// 25 ms writes alone markfirst lost a record in 2 of 5 runs.
	{Dir: "sarama/markafter", Topic: "orders", Group: "order-status-projector", Schema: orderStatus + slowWrites("order_status", "INSERT"), Effects: []Effect{{"order_status", "order_id"}}, Record: order},
	{Dir: "sarama/markfirst", Topic: "orders", Group: "order-status-projector", Schema: orderStatus + slowWrites("order_status", "INSERT"), Effects: []Effect{{"order_status", "order_id"}}, Record: order},
	{Dir: "sarama/sinkrestore", Topic: "wallet-credits", Group: "wallet-crediter-sarama", Schema: walletCredits, Effects: []Effect{{"wallet_credits", "credit_id"}}, Record: credit},
	// One transaction per record, the records trickling in. txnabort and
	// txncommit need a failed commit: a timed-out transaction, answered on
	// EndTxn (txnabort aborts and returns; txncommit logs it and reads on).
	// txnbegin loses through the path its finding names, and needs no
	// injected fault for it: sarama's BeginTxn sends no request and fails
	// only when the producer is not ready. Its handlers share one producer
	// across claims (sarama runs one ConsumeClaim per claim), so BeginTxn
	// fails ("invalid transition attempted") whenever another claim's
	// transaction is open, the record is skipped, and the claim's next
	// transaction commits past it: in a run of seed 7000 every one of the
	// 27 records lost had such a logged failure (31 skipped). On one
	// partition no fault a broker returns makes it lose: after a failed
	// EndTxn (a timed-out transaction) every later BeginTxn fails until an
	// AbortTxn the loop never reaches, so no transaction commits past the
	// skipped records and they are read again after a restart (seed 7000:
	// 388 failed begins, 0 lost).
	{Dir: "sarama/txnabort", Topic: "clicks", Group: "click-enricher", Output: []string{"clicks-enriched"}, Record: rawRecord, Records: 200, Trickle: 30 * time.Millisecond, Faults: txnTimedOut(kmsg.EndTxn)},
	{Dir: "sarama/txnbegin", Topic: "clicks", Group: "click-enricher", Output: []string{"clicks-enriched"}, Record: rawRecord, Records: 200, Trickle: 30 * time.Millisecond},
	{Dir: "sarama/txncommit", Topic: "clicks", Group: "click-enricher", Output: []string{"clicks-enriched"}, Record: rawRecord, Records: 200, Trickle: 30 * time.Millisecond, Faults: txnTimedOut(kmsg.EndTxn)},

	// kafka-go
	{Dir: "kafkago/collector", Topic: "audit", Group: "audit-archiver",
		Schema:  `CREATE TABLE audit_log (topic text, part int, off bigint, actor text, action text)`,
		Effects: []Effect{{"audit_log", "actor"}}, Record: jsonRecord("actor", map[string]any{"action": "login"})},
	{Dir: "kafkago/commitfirst", Topic: "email-requests", Group: "email-sender-fast", Schema: emailLog, Effects: []Effect{{"email_log", "request_id"}}, Record: email},
	{Dir: "kafkago/fetchcommit", Topic: "email-requests", Group: "email-sender", Schema: emailLog, Effects: []Effect{{"email_log", "request_id"}}, Record: email},
	{Dir: "kafkago/readmessage", Topic: "email-requests", Group: "email-sender", Schema: emailLog, Effects: []Effect{{"email_log", "request_id"}}, Record: email},
	{Dir: "kafkago/readfatal", Topic: "page-views", Group: "page-view-recorder",
		Schema:  `CREATE TABLE page_views (view_id text PRIMARY KEY, path text, user_id text, seen_at timestamptz)`,
		Effects: []Effect{{"page_views", "view_id"}}, Record: jsonRecord("view_id", map[string]any{"path": "/", "user_id": "u1"})},
	{Dir: "kafkago/nogroup", Topic: "fx-rates",
		Schema:  `CREATE TABLE fx_rates (pair text PRIMARY KEY, rate float8, source_offset bigint)`,
		Effects: []Effect{{"fx_rates", "pair"}}, Record: jsonRecord("pair", map[string]any{"rate": 1.1}), Partitions: 1},
	{Dir: "kafkago/offsetrow", Topic: "ledger", Group: "ledger-applier", Schema: ledger, Seed: ledgerSeed, Effects: []Effect{{"ledger", "account"}}, Record: entry},
	{Dir: "kafkago/sinkseek", Topic: "wallet-credits", Schema: walletCredits, Effects: []Effect{{"wallet_credits", "credit_id"}}, Record: credit, Partitions: 1},
	// Slow credits (as slowPayments): the kill lands between the position
	// write and the credit often enough to show the loss.
	// kafka-go's Generation API: a reader per assigned partition, the
	// offset committed with Generation.CommitOffsets before or after the
	// write.
	{Dir: "kafkago/genafter", Topic: "orders", Group: "order-status-gen", Schema: orderStatus, Effects: []Effect{{"order_status", "order_id"}}, Record: order},
	{Dir: "kafkago/genfirst", Topic: "orders", Group: "order-status-gen", Schema: orderStatus, Effects: []Effect{{"order_status", "order_id"}}, Record: order},
	{Dir: "kafkago/statefirst", Topic: "wallet-credits", Schema: walletCredits + slowWrites("wallet_credits", "INSERT"),
		Effects: []Effect{{"wallet_credits", "credit_id"}}, Record: credit, Partitions: 1},
	{Dir: "kafkago/txoffset", Topic: "ledger", Group: "ledger-applier", Schema: ledger, Seed: ledgerSeed, Effects: []Effect{{"ledger", "account"}}, Record: entry},
	{Dir: "kafkago/txfirst", Topic: "inventory", Group: "inventory-applier",
		Schema:  `CREATE TABLE inventory (sku text PRIMARY KEY, on_hand bigint); CREATE TABLE inventory_log (sku text, delta bigint, source_offset bigint)`,
		Seed:    `INSERT INTO inventory (sku, on_hand) SELECT unnest($1::text[]), 0`,
		Effects: []Effect{{"inventory_log", "sku"}}, Record: jsonRecord("sku", map[string]any{"delta": 1})},

	// confluent-kafka-go
	{Dir: "confluent/commitfirst", Topic: "loyalty-awards", Group: "loyalty-awarder", Schema: loyalty, Seed: loyaltySeed, Effects: []Effect{{"loyalty_accounts", "member_id"}}, Record: award},
	{Dir: "confluent/manualcommit", Topic: "loyalty-awards", Group: "loyalty-awarder", Schema: loyalty, Seed: loyaltySeed, Effects: []Effect{{"loyalty_accounts", "member_id"}}, Record: award},
	// Slow writes (slowWrites) here and for storefirst and its twin
	// storeafter: the 5000 ms tick must fall while a record handed over
	// (storenoop) or stored (storefirst) is still being written, and the
	// kill before that write ends; with effects of 25 ms alone storenoop
	// lost nothing in 8 runs and storefirst once in 8.
	{Dir: "confluent/storenoop", Topic: "loyalty-awards", Group: "loyalty-awarder", Schema: loyalty + slowWrites("loyalty_accounts", "UPDATE"), Seed: loyaltySeed, Effects: []Effect{{"loyalty_accounts", "member_id"}}, Record: award},
	// Slow writes, as storenoop: librdkafka's defaults store on delivery.
	{Dir: "confluent/defaults", Topic: "invoices", Group: "invoice-archiver",
		Schema:  `CREATE TABLE invoice_archive (invoice_id text PRIMARY KEY, customer text, total_cents bigint, raw bytea)` + slowWrites("invoice_archive", "INSERT"),
		Effects: []Effect{{"invoice_archive", "invoice_id"}}, Record: invoice},
	{Dir: "confluent/lowwater", Topic: "shipments", Group: "shipment-writer", Schema: shipmentRows, Effects: []Effect{{"shipment_events", "shipment_id"}}, Record: shipment},
	{Dir: "confluent/maxstore", Topic: "shipments", Group: "shipment-writer", Schema: shipmentRows, Effects: []Effect{{"shipment_events", "shipment_id"}}, Record: shipment, Records: 2000},
	{Dir: "confluent/pgxoffset", Topic: "shipment-events", Group: "shipment-status",
		Schema: `CREATE TABLE shipment_status (shipment_id text PRIMARY KEY, status text);
			CREATE TABLE consumer_offsets (topic text, partition int, next_offset bigint, PRIMARY KEY (topic, partition))`,
		Effects: []Effect{{"shipment_status", "shipment_id"}}, Record: shipment},
	{Dir: "confluent/sinkblind", Topic: "wallet-credits", Group: "wallet-crediter-confluent", Schema: walletCredits, Effects: []Effect{{"wallet_credits", "credit_id"}}, Record: credit},
	// Slow writes, as storenoop: pollstore, storefirst and their twin storeafter.
	{Dir: "confluent/pollstore", Topic: "audit-events", Group: "audit-ingest", Schema: auditEvents + slowWrites("audit_log", "INSERT"), Effects: []Effect{{"audit_log", "event_id"}}, Record: event},
	{Dir: "confluent/storeafter", Topic: "audit-events", Group: "audit-ingest", Schema: auditEvents + slowWrites("audit_log", "INSERT"), Effects: []Effect{{"audit_log", "event_id"}}, Record: event},
	{Dir: "confluent/storefirst", Topic: "audit-events", Group: "audit-ingest", Schema: auditEvents + slowWrites("audit_log", "INSERT"), Effects: []Effect{{"audit_log", "event_id"}}, Record: event},
	{Dir: "confluent/revokebatch", Topic: "meter-readings", Group: "meter-aggregator", Schema: hourlyKWh, Effects: []Effect{{"hourly_kwh", "meter"}}, Record: reading},
	{Dir: "confluent/revokecommit", Topic: "meter-readings", Group: "meter-aggregator", Schema: hourlyKWh, Effects: []Effect{{"hourly_kwh", "meter"}}, Record: reading},
	// Its loss needs a rebalance while a batch is held: the records
	// trickle in (a batch of 100 takes 2 s to fill) while a second
	// instance joins and leaves, and the callback's commit passes the
	// batch that a kill, or the leaving instance's shutdown, drops.
	{Dir: "confluent/revokeheld", Topic: "meter-readings", Group: "meter-aggregator", Schema: hourlyKWh, Effects: []Effect{{"hourly_kwh", "meter"}}, Record: reading, Churn: true, Trickle: 20 * time.Millisecond},
	// One transaction per record, the records trickling in; a failed CommitTransaction (a timed-out
	// transaction, answered on EndTxn) is what txncommit's bug needs.
	{Dir: "confluent/txnabort", Topic: "card-events", Group: "card-masker", Output: []string{"card-events-masked"}, Record: rawRecord, Records: 200, Trickle: 30 * time.Millisecond, Faults: txnTimedOut(kmsg.EndTxn)},
	{Dir: "confluent/txncommit", Topic: "card-events", Group: "card-masker", Output: []string{"card-events-masked"}, Record: rawRecord, Records: 200, Trickle: 30 * time.Millisecond, Faults: txnTimedOut(kmsg.EndTxn)},

	// examples/service: one command (cmd/orders) running eight consumers,
	// two per client, in one process; each is started alone
	// (SERVICE_CONSUMERS) and checked against its row of the command's
	// report (matched by group). All of them upsert the service's orders
	// table, so the effects of a run are its one consumer's.
	serviceConsumer("orders-indexer", "orders", serviceOrders, 0),
	// The shipper's finding (autocommit marks-ignored) names a loss after
	// a failed booking: some saves fail once (failedEffects), as they do
	// for its twin orders-audit.
	failing(serviceConsumer("orders-audit", "orders", serviceOrders, 0)),
	failing(serviceConsumer("orders-shipper", "orders", serviceOrders, 0)),
	// 2000 records: librdkafka's first 5 s commit must find goroutines
	// still writing (400 are all written within 3 s).
	serviceConsumer("payments-ledger", "payments", serviceOrders, 2000),
	serviceConsumer("payments-sync", "payments", serviceOrders, 0),
	// Slow writes, as sarama/markfirst and its twin markafter: the 1s tick
	// must commit a mark while its save is still running (with 25 ms saves
	// alone the projector lost records in 1 run of 3, seeds 7000-7002).
	serviceConsumer("orders-projector", "orders", serviceOrders+slowWrites("orders", "INSERT"), 0),
	serviceConsumer("orders-archive", "orders", serviceOrders+slowWrites("orders", "INSERT"), 0),
	serviceConsumer("orders-search", "orders", serviceOrders, 0),
	serviceConsumer("orders-fanout", "orders", serviceOrders, 0),
}

const serviceOrders = `CREATE TABLE orders (order_id text PRIMARY KEY, status text, cents bigint)`

// serviceOrder is the event every topic of the orders service carries.
var serviceOrder = jsonRecord("order_id", map[string]any{"status": "paid", "cents": 1200})

// serviceConsumer returns the entry of the orders service's consumer of
// group, which reads topic and writes the tables of schema; records as
// Example.Records.
func serviceConsumer(group, topic, schema string, records int) Example {
	return Example{Dir: "service/" + group, Command: "service/cmd/orders", Env: []string{"SERVICE_CONSUMERS=" + group},
		Topic: topic, Group: group, Schema: schema, Effects: []Effect{{"orders", "order_id"}}, Record: serviceOrder, Records: records}
}

// failedEffects is the FailFirst of the examples whose finding names a
// loss after a failed effect, and of their twins: a handful per run, so
// that a consumer that exits on each failure is restarted a bounded number
// of times.
const failedEffects = 3

// failing returns e with failedEffects records whose effect fails once.
func failing(e Example) Example {
	e.FailFirst = failedEffects
	return e
}

// Lookup returns the example in directory dir.
func Lookup(dir string) (Example, bool) {
	for _, e := range Examples {
		if e.Dir == dir {
			return e, true
		}
	}
	return Example{}, false
}
