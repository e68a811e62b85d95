package eval

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestStringMapInputReadByKey: a map(string) input with no value that the
// module reads only key by key (.env or ["env"]) is a map of holes at those keys, so a name
// built from one names what it reads (two names built from the same key
// are the same name); read whole anywhere (for_each, a function of the
// map), it stays wholly unknown, its keys not known, and a name built
// from it holds an anonymous hole.
func TestStringMapInputReadByKey(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      string // local.x as its holes read
	}{
		{"by key", `variable "tags" { type = map(string) }
locals { x = "nodes-${var.tags.env}" }`, "nodes-${var.tags.env}"},
		{"read whole too", `variable "tags" { type = map(string) }
locals {
  x = "nodes-${var.tags.env}"
  n = length(var.tags)
}`, "nodes-${…}"},
		{"by index", `variable "tags" { type = map(string) }
locals { x = "nodes-${var.tags["env"]}" }`, "nodes-${var.tags.env}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"main.tf": tc.src})
			e := testSession(Options{Root: dir}).Evaluate(dir)
			if e.rootInst == nil {
				t.Fatal("not evaluated")
			}
			v := e.rootInst.locals["x"]
			if !v.IsKnown() {
				t.Fatalf("x unknown, want %q", tc.want)
			}
			got := e.Holes.Decode(v.AsString())
			if got.String() != tc.want || !lint.HasSentinel(v.AsString()) {
				t.Errorf("x = %q, want %q", got.String(), tc.want)
			}
		})
	}
}
