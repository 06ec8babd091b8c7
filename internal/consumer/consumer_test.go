package consumer_test

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// probe reports the consumer model of a package as diagnostics, so the
// scenarios can state it with // want comments:
//
//   - at each constructor call: "consumer <ctor>: <settings>", followed
//     by " (conditional: <settings>)" for those set on some paths only;
//   - at each modelled call: "<method> on the consumer of line N" or
//     "<method> unbound";
//   - at each handler registration: "handler <type>: <methods>; reaches
//     <functions>".
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report the consumer model",
	Requires: []*analysis.Analyzer{consumer.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[consumer.Analyzer].(*consumer.Model)
		if m == nil {
			return nil, nil
		}
		for _, c := range m.Consumers {
			msg := fmt.Sprintf("consumer %s: %s", short(c.Ctor.Func), c.Settings)
			if cond := sortedKeys(c.Settings.Cond); len(cond) > 0 {
				msg += " (conditional: " + strings.Join(cond, ", ") + ")"
			}
			pass.Reportf(c.Site.Pos(), "%s", msg)
			for _, h := range c.Handlers {
				var methods, reach []string
				for _, f := range []*ssa.Function{h.Consume, h.Cleanup} {
					if f != nil {
						methods = append(methods, f.Name())
					}
				}
				for f := range h.Reach {
					reach = append(reach, f.Name())
				}
				slices.Sort(reach)
				pass.Reportf(h.Register.Pos(), "handler %s: %s; reaches %s",
					types.TypeString(h.Type, (*types.Package).Name), strings.Join(methods, ", "), strings.Join(reach, " "))
			}
		}
		for _, call := range m.Calls {
			name := short(call.Func)
			if call.Consumer == nil {
				pass.Reportf(call.Pos(), "%s unbound", name)
				continue
			}
			if !slices.Contains(call.Consumer.Calls, call) {
				pass.Reportf(call.Pos(), "%s bound to a consumer that does not list it", name)
			}
			pass.Reportf(call.Pos(), "%s on the consumer of line %d", name, pass.Fset.Position(call.Consumer.Site.Pos()).Line)
		}
		return nil, nil
	},
}

// short is the last element of a FullName: "sarama.NewConsumerGroup",
// "MarkMessage".
func short(fullName string) string {
	if i := strings.LastIndex(fullName, ")."); i >= 0 {
		return fullName[i+2:]
	}
	return fullName[strings.LastIndex(fullName, "/")+1:]
}

func sortedKeys(m map[clientmodel.Setting]bool) []string {
	var out []string
	for k := range m {
		out = append(out, string(k))
	}
	slices.Sort(out)
	return out
}

func TestSettings(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testutil.TestData(t), probe, "consumer/settings")
}

func TestBinding(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testutil.TestData(t), probe, "consumer/binding")
	analysistest.Run(t, testutil.TestData(t), probe, "consumer/handlers")
}

// TestFacts checks the ConfigFacts of config helpers, and the settings of
// consumers another package builds from them.
func TestFacts(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, testutil.TestData(t), consumer.Analyzer, "consumer/facts")
	analysistest.Run(t, testutil.TestData(t), probe, "consumer/factuser")
}

// TestNoKafka: a package without a Kafka client has no model.
func TestNoKafka(t *testing.T) {
	t.Parallel()
	for _, r := range analysistest.Run(t, testutil.TestData(t), consumer.Analyzer, "kafkassa/nokafka") {
		if m := r.Result.(*consumer.Model); m != nil {
			t.Errorf("%s: model %+v, want nil", r.Pass.Pkg.Path(), m)
		}
	}
}

func TestSettingsGet(t *testing.T) {
	const k = clientmodel.AutoCommit
	client := &clientmodel.Client{Config: clientmodel.Config{Defaults: map[clientmodel.Setting]bool{k: true}}}
	for _, tc := range []struct {
		desc      string
		s         consumer.Settings
		on, known bool
		is, isNot bool
	}{
		{"the default", consumer.Settings{}, true, true, true, false},
		{"set off", consumer.Settings{Set: map[clientmodel.Setting]consumer.Value{k: {On: false}}}, false, true, false, true},
		{"set on, config opaque", consumer.Settings{Set: map[clientmodel.Setting]consumer.Value{k: {On: true}}, Opaque: true}, true, true, true, false},
		{"not set, config opaque", consumer.Settings{Opaque: true}, false, false, false, false},
		{"unknown", consumer.Settings{Unknown: map[clientmodel.Setting]bool{k: true}}, false, false, false, false},
	} {
		on, known := tc.s.Get(client, k)
		if on != tc.on || known != tc.known {
			t.Errorf("%s: Get = %t, %t; want %t, %t", tc.desc, on, known, tc.on, tc.known)
		}
		if is, isNot := tc.s.Is(client, k), tc.s.IsNot(client, k); is != tc.is || isNot != tc.isNot {
			t.Errorf("%s: Is, IsNot = %t, %t; want %t, %t", tc.desc, is, isNot, tc.is, tc.isNot)
		}
	}
}

func TestConstString(t *testing.T) {
	for _, tc := range []struct {
		v    ssa.Value
		want string
		ok   bool
	}{
		{ssa.NewConst(constant.MakeString("group.id"), types.Typ[types.String]), "group.id", true},
		{ssa.NewConst(constant.MakeInt64(1), types.Typ[types.Int]), "", false},
		{ssa.NewConst(nil, types.NewPointer(types.Typ[types.Int])), "", false},
	} {
		got, ok := ssaflow.ConstString(tc.v)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ConstString(%s) = %q, %t; want %q, %t", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}
