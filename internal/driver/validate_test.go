package driver

import (
	"bytes"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ValidateSARIF validates a SARIF log against the schema file at path.
func ValidateSARIF(schemaPath string, log []byte) error {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile(schemaPath)
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(log))
	if err != nil {
		return err
	}
	return sch.Validate(inst)
}
