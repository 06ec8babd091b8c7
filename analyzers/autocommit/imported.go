package autocommit

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- consumers built by another package's function ----

// A consumer built in a helper package (its BuiltFact) and handed by this
// package to code of a third package that needs a setting (a loop storing
// offsets needs auto-store off) is checked here like one built here
// (ineffective, at the hand-over). Its configuration is in the helper
// package: that package's run exports, with each function returning the
// consumer, the edits that change each setting a call of its client may
// need (settingFixes), and the finding here carries them. A front end that
// has not loaded the helper package's files (go vet runs one package at a
// time) cannot apply them: the finding then says where the change goes.

// settingFixes is the object fact exported for a function returning a
// consumer it builds: the edits of the consumer's configuration that give
// a setting the value a call of its client needs.
type settingFixes struct {
	Fixes []settingFix
}

// settingFix is the edits giving Setting the value On.
type settingFix struct {
	Setting clientmodel.Setting
	On      bool
	Edits   []edit.FileEdit
}

func (*settingFixes) AFact() {}

func (f *settingFixes) String() string {
	var parts []string
	for _, x := range f.Fixes {
		parts = append(parts, fmt.Sprintf("%s=%t", x.Setting, x.On))
	}
	return "settingFixes(" + strings.Join(parts, " ") + ")"
}

// exportSettingFixes exports the settingFixes of each function returning a
// consumer built in the package: one per setting a call of the client
// needs and the consumer's settings do not give.
func (c *checker) exportSettingFixes() {
	for _, k := range c.m.Consumers {
		if len(k.Returned) == 0 {
			continue
		}
		var f settingFixes
		for _, call := range k.Client.Calls {
			s, on := call.NeedsSetting, call.NeedsValue
			if s == "" || slices.ContainsFunc(f.Fixes, func(x settingFix) bool { return x.Setting == s && x.On == on }) {
				continue
			}
			if v, known := k.Settings.Get(k.Client, s); known && v == on {
				continue
			}
			edits, ok := c.setSetting(k, s, on)
			if !ok {
				continue
			}
			fx := settingFix{Setting: s, On: on}
			for _, e := range edits {
				fx.Edits = append(fx.Edits, edit.Portable(c.pass.Fset, e))
			}
			f.Fixes = append(f.Fixes, fx)
		}
		if len(f.Fixes) == 0 {
			continue
		}
		for _, fn := range k.Returned {
			c.pass.ExportObjectFact(fn, &f)
		}
	}
}

// importedSetting returns the edits, in the file of another package, that
// give setting the value on in the configuration of the imported consumer
// k, when that file is loaded in this run.
func (c *checker) importedSetting(k *consumer.Consumer, setting clientmodel.Setting, on bool) ([]analysis.TextEdit, bool) {
	var f settingFixes
	if !c.pass.ImportObjectFact(k.From, &f) {
		return nil, false
	}
	i := slices.IndexFunc(f.Fixes, func(x settingFix) bool { return x.Setting == setting && x.On == on })
	if i < 0 {
		return nil, false
	}
	return edit.Resolve(c.pass.Fset, f.Fixes[i].Edits)
}
