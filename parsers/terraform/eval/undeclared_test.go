package eval

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// A read of a local module's output is judged only against a child that
// is whole, read the way its call is made (by instance when it has count
// or for_each), and not a Terragrunt unit's source.
func TestUnsupportedOutputs(t *testing.T) {
	at := hcl.Range{Filename: "main.tf", Start: hcl.Pos{Line: 3, Column: 20}}
	child := &modInfo{Exists: true, Whole: true, Outputs: []string{"url"}}
	cases := []struct {
		name  string
		ref   OutputRef
		call  LocalCall
		child *modInfo
		skip  bool
		want  int
	}{
		{"an output the child does not declare", OutputRef{Call: "q", Output: "arn", Range: at}, LocalCall{Dir: "/t/q"}, child, false, 1},
		{"read by instance of a repeated call", OutputRef{Call: "q", Output: "arn", Indexed: true, Range: at}, LocalCall{Dir: "/t/q", Repeated: true}, child, false, 1},
		{"an output it declares", OutputRef{Call: "q", Output: "url", Range: at}, LocalCall{Dir: "/t/q"}, child, false, 0},
		{"a repeated call read whole", OutputRef{Call: "q", Output: "arn", Range: at}, LocalCall{Dir: "/t/q", Repeated: true}, child, false, 0},
		{"a single call read by instance", OutputRef{Call: "q", Output: "arn", Indexed: true, Range: at}, LocalCall{Dir: "/t/q"}, child, false, 0},
		{"a child not whole", OutputRef{Call: "q", Output: "arn", Range: at}, LocalCall{Dir: "/t/q"}, &modInfo{Exists: true, Outputs: []string{"url"}}, false, 0},
		{"a child not parsed", OutputRef{Call: "q", Output: "arn", Range: at}, LocalCall{Dir: "/t/q"}, nil, false, 0},
		{"a child without configuration", OutputRef{Call: "q", Output: "arn", Range: at}, LocalCall{Dir: "/t/q"}, &modInfo{Whole: true}, false, 0},
		{"a Terragrunt unit's source", OutputRef{Call: "q", Output: "arn", Range: at}, LocalCall{Dir: "/t/q"}, child, true, 0},
		{"a call that is not local", OutputRef{Call: "other", Output: "arn", Range: at}, LocalCall{Dir: "/t/q"}, child, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			info := &modInfo{OutputRefs: []OutputRef{c.ref}, LocalCalls: map[string]LocalCall{"q": c.call}}
			got := UnsupportedOutputs(info, func(dir string) *modInfo {
				if dir == "/t/q" {
					return c.child
				}
				return nil
			}, map[string]bool{"/t/q": c.skip})
			if len(got) != c.want {
				t.Fatalf("%d diagnostics, want %d: %v", len(got), c.want, got)
			}
			if c.want == 1 && (got[0].Summary != "Unsupported attribute" || *got[0].Subject != at) {
				t.Errorf("got %q at %v, want Unsupported attribute at %v", got[0].Summary, got[0].Subject, at)
			}
		})
	}
}
