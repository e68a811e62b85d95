package terraform

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// variantChildEnv makes the test binary print a unit's variant and exit
// (TestUnitVariantSameInEveryProcess); "gob-first" encodes other types
// with gob before.
const variantChildEnv = "FAULTLINE_TEST_UNIT_VARIANT"

// sampleUnit is a unit with a bit of everything a variant digests.
func sampleUnit() (*Unit, UnitInputs) {
	r := hcl.Range{Filename: "/tree/live/vpc/terragrunt.hcl", Start: hcl.Pos{Line: 3, Column: 1}, End: hcl.Pos{Line: 3, Column: 9}}
	u := &Unit{
		Dir: "/tree/live/vpc", Config: "/tree/live/vpc/terragrunt.hcl", Files: []string{"/tree/live/vpc/terragrunt.hcl", "/tree/root.hcl"},
		Source: "terraform-aws-modules/vpc/aws", Version: "6.0.0", SourceRange: r, Range: r,
		Generated: []eval.GeneratedFile{{Name: "provider.tf", Src: []byte("provider \"aws\" {}\n")}},
		Backend:   &eval.Backend{Type: "s3", Config: cty.ObjectVal(map[string]cty.Value{"bucket": cty.StringVal("state"), "key": cty.StringVal("live/vpc")})},
		Notes:     []lint.Note{{Kind: lint.Unresolved, What: "an input is unknown"}},
	}
	in := UnitInputs{Values: []UnitInput{
		{Name: "cidr", Value: cty.StringVal("10.0.0.0/16"), Range: r},
		{Name: "tags", Value: cty.MapVal(map[string]cty.Value{"team": cty.StringVal("a"), "env": cty.StringVal("dev")}), Range: r},
	}}
	return u, in
}

// TestUnitVariantSameInEveryProcess: a unit's variant is its cache key
// across runs, so it must not depend on what the process did before — a
// run that decoded a kept entry with gob first gave every unit another
// variant (gob numbers types in the order a process meets them), and the
// first run after a cold one evaluated every Terragrunt unit again.
func TestUnitVariantSameInEveryProcess(t *testing.T) {
	if mode, ok := os.LookupEnv(variantChildEnv); ok {
		if mode == "gob-first" {
			type other struct{ A []lint.Note }
			_ = gob.NewEncoder(&bytes.Buffer{}).Encode(other{A: []lint.Note{{What: "x"}}})
			_ = gob.NewEncoder(&bytes.Buffer{}).Encode(map[string][]lint.Diagnostic{})
		}
		u, in := sampleUnit()
		v, ok := unitVariant(u, in, lint.NewHoles())
		fmt.Printf("variant=%s ok=%v\n", v, ok)
		os.Exit(0)
	}
	run := func(mode string) string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestUnitVariantSameInEveryProcess$")
		cmd.Env = append(os.Environ(), variantChildEnv+"="+mode)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("child %q: %v\n%s", mode, err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(line, "variant=") {
				return line
			}
		}
		t.Fatalf("child %q printed no variant:\n%s", mode, out)
		return ""
	}
	plain, after := run("plain"), run("gob-first")
	if !strings.HasSuffix(plain, "ok=true") {
		t.Fatalf("variant not digested: %s", plain)
	}
	if plain != after {
		t.Errorf("the variant depends on the process's history:\n  fresh process:      %s\n  after gob encoding: %s", plain, after)
	}
}
