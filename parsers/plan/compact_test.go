package plan

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	tfjson "github.com/hashicorp/terraform-json"
)

// planFiles are the repository's plan fixtures (genuine `terraform show
// -json` output, prior state and all).
func planFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "plan.json" {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 10 {
		t.Fatalf("found %d plan fixtures: %v", len(out), out)
	}
	return out
}

// TestCompactKeepsWhatIsRead compares, on every plan fixture, what the
// plan gives the model when the decoded plan is compacted and when it is
// kept whole.
func TestCompactKeepsWhatIsRead(t *testing.T) {
	opts := Options{File: "plan.json", SourceRange: func(a string) (lint.Range, bool) {
		return lint.Range{File: "main.tf", Line: len(a)}, strings.Contains(a, "node_group")
	}}
	dropped := 0
	for _, path := range planFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		compacted, err := ParseBytes(data)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		var raw tfjson.Plan
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatal(err)
		}
		whole := &Plan{raw: &raw}
		dropped += len(raw.ResourceChanges) - len(compacted.raw.ResourceChanges)
		if got, want := compacted.Changes(opts), whole.Changes(opts); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: changes differ when compacted:\n%+v\nwant\n%+v", path, got, want)
		}
		if got, want := compacted.Resources(opts), whole.Resources(opts); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: resources differ when compacted", path)
		}
		if got, want := compacted.Instances(), whole.Instances(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: instances differ when compacted", path)
		}
		if compacted.raw.PriorState != nil || compacted.raw.ResourceDrift != nil {
			t.Errorf("%s: prior state or drift kept", path)
		}
	}
	if dropped == 0 {
		t.Error("no fixture has a resource change that compacting drops: the comparison shows nothing")
	}
}
