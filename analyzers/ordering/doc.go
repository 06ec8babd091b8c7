/*
Package ordering defines an Analyzer that reports offset commits, marks
and stores made before the record they cover is processed.

# Analyzer ordering

ordering: report offsets committed before records are processed

The order of the two writes a consumer makes, the effect of a record and
its position, is the delivery semantic. A commit, mark or store of record
R's position that happens on every path before R is processed means a
crash in between loses R silently: zero lag, no error (at-most-once).

It reports (category commit-before-process) a position call that
dominates the processing of its record:

  - sarama MarkMessage/MarkOffset (with auto-commit on a mark is a commit:
    the timer may fire at any moment) and Commit;
  - franz-go CommitRecords, CommitOffsetsSync, CommitUncommittedOffsets
    (it commits everything polled, the current batch included),
    MarkCommitRecords with AutoCommitMarks, and kadm CommitOffsets;
  - kafka-go CommitMessages;
  - confluent-kafka-go CommitMessage, CommitOffsets, Commit (with
    auto-store on), StoreMessage/StoreOffsets (with auto-store off).

Processing R is a call taking a value derived from R or from the fetch
that produced it (the record, its key, value or headers, a struct decoded
from it), other than logging, metrics, tracing and string formatting (the
-ordering.ignore flag adds packages to that list). Committing a batch and
then looping over its records counts for every record in it. Data flow
goes through SSA values, struct fields, slices, closures and helper
functions; a helper that commits the record it is given is summarised,
across packages with a fact.

It stays silent for commits after processing (per record or per batch),
retries that finish before the commit, the offset written in the same
database transaction as the effect, deferred commits (they run after the
body), commits on one path only (behind a flag), and commits whose record
is not processed afterwards.

The suggested fix moves the commit (with the error check right after it)
after the last statement of the same block that processes the record.
*/
package ordering
