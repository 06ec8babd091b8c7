// Package observe lists the packages whose calls only observe a record:
// loggers, metrics and tracing. Their calls are not processing (ordering),
// a branch that only calls them only logs (fencing), and their errors are
// no failure of the record's processing (the report's "on failure").
package observe

import "strings"

// Packages are the observing packages' paths; each also covers the
// packages below it (github.com/go-kit/log/level).
var Packages = []string{
	"go.uber.org/zap", "github.com/sirupsen/logrus", "github.com/rs/zerolog",
	"github.com/go-logr/logr", "k8s.io/klog", "github.com/go-kit/log",
	"github.com/go-kit/kit/log", "github.com/prometheus/client_golang",
	"go.opentelemetry.io/otel", "github.com/DataDog/dd-trace-go",
}

// Is reports whether path is one of Packages or below one.
func Is(path string) bool {
	for _, p := range Packages {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// LoggerMethod reports whether name is a logger's method (Printf, Infow,
// Error): a call of it, made through an application's Logger interface
// and returning nothing, only observes what it is given.
func LoggerMethod(name string) bool {
	switch strings.TrimSuffix(strings.TrimSuffix(name, "f"), "w") {
	case "Print", "Println", "Debug", "Info", "Warn", "Warning", "Error":
		return true
	}
	return false
}
