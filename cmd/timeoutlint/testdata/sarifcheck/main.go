// Command sarifcheck validates SARIF logs against the SARIF 2.1.0 JSON
// schema kept next to it (see README.md for where the schema comes from).
//
// Usage:
//
//	go run . file.sarif...
//
// It prints each invalid file's errors and exits 1 if any file is invalid.
// It is its own module so that the JSON Schema validator stays out of
// timeoutlint's dependencies; cmd/timeoutlint's tests run it.
package main

import (
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const schemaFile = "sarif-2.1.0.json"

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: sarifcheck file.sarif...")
		os.Exit(2)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // "uri", "uri-reference", "date-time" are checked too
	schema, err := c.Compile(schemaFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "sarifcheck: compiling %s: %v\n", schemaFile, err)
		os.Exit(2)
	}
	bad := false
	for _, name := range os.Args[1:] {
		if err := validate(schema, name); err != nil {
			fmt.Printf("%s: invalid: %v\n", name, err)
			bad = true
			continue
		}
		fmt.Printf("%s: valid\n", name)
	}
	if bad {
		os.Exit(1)
	}
}

func validate(schema *jsonschema.Schema, name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return err
	}
	return schema.Validate(doc)
}
