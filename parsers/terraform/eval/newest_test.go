package eval

import (
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// The newest versions of a stand-in directory, as its input versions tell
// them apart, start at the last change inside the span: an input added
// (>=, >) or removed (<, <=); a change past the span's end, or before its
// start, moves nothing.
func TestNewestOf(t *testing.T) {
	mustRange := func(c string) modsource.VersionRange {
		r, ok := modsource.ParseConstraint(c)
		if !ok {
			t.Fatalf("constraint %q", c)
		}
		return r
	}
	span := mustRange(">= 5.0.0, < 6.0.0")
	for name, c := range map[string]struct {
		versions string // the faultline_input_versions map's entries
		want     string // the newest versions, as a constraint
	}{
		"inputs never changed":           {``, ">= 5.0.0, < 6.0.0"},
		"one added":                      {`a = [">= 5.20.0"]`, ">= 5.20.0, < 6.0.0"},
		"two added, the later":           {"a = [\">= 5.20.0\"]\nb = [\">= 5.33.0\"]", ">= 5.33.0, < 6.0.0"},
		"added after a version":          {`a = ["> 5.33.0"]`, "> 5.33.0, < 6.0.0"},
		"removed before a version":       {`a = [">= 5.2.0, < 5.40.0"]`, ">= 5.40.0, < 6.0.0"},
		"removed after a version":        {`a = ["<= 5.39.1"]`, "> 5.39.1, < 6.0.0"},
		"added at and after one version": {"a = [\">= 5.33.0\"]\nb = [\"> 5.33.0\"]\nc = [\">= 5.33.0\"]", "> 5.33.0, < 6.0.0"},
		"changed in the next major":      {`a = [">= 6.1.0"]`, ">= 5.0.0, < 6.0.0"},
		"older than the span":            {`a = [">= 4.3.0"]`, ">= 5.0.0, < 6.0.0"},
	} {
		src := "locals {\n  faultline_input_versions = {\n" + c.versions + "\n  }\n}\n"
		f, diags := hclsyntax.ParseConfig([]byte(src), "variables.tf", hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		m := newModule("stand-in")
		m.addParsed("variables.tf", f, nil, false)
		got := newestOf(m, span)
		want := mustRange(c.want)
		if got.Lo.String() != want.Lo.String() || got.Hi.String() != want.Hi.String() {
			t.Errorf("%s: newest %s..%s, want %s..%s", name, got.Lo, got.Hi, want.Lo, want.Hi)
		}
	}
}
