// Package nokafka uses no Kafka client: no SSA may be built for it.
package nokafka

import "strings"

func Upper(s string) string { return strings.ToUpper(s) }
