// Package oracle proves commitlint's verdicts by experiment: it runs each
// example consumer of examples/ against an in-process Kafka broker (kfake,
// on 127.0.0.1) and a throwaway PostgreSQL, SIGKILLs it at seeded random
// moments, restarts it, lets it drain and counts every record's effects in
// an audit table filled by triggers: an id with no effect was lost, an id
// with more than one was duplicated. The tests check each outcome against
// the example's report row (report.golden.json) and check that every
// buggy example loses nothing after commitlint -fix.
//
//	go test ./...                                 # the CI subset
//	go test -run TestVerdicts -oracle.seed=N      # replay a run
//	../scripts/oracle.sh                          # the full matrix and its table
package oracle
