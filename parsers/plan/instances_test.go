package plan

import (
	"fmt"
	"slices"
	"testing"
)

// TestAddressParts: addresses split at dots outside keys; keys may hold
// dots, brackets and escaped quotes.
func TestAddressParts(t *testing.T) {
	for addr, want := range map[string][]string{
		`aws_x.y`:                               {"aws_x.y"},
		`module.a[0].aws_x.y["k.1"]`:            {"module.a", "module.a.aws_x.y"},
		`module.a["x]y"].module.b.data.aws_x.y`: {"module.a", "module.a.module.b", "module.a.module.b.data.aws_x.y"},
		`module.a["q\"].z"].aws_x.y[*]`:         {"module.a", "module.a.aws_x.y"},
		`aws_x`:                                 nil,
		`module.a[0`:                            nil,
		`aws_x.y.z`:                             nil,
		`mapRoles entry arn of aws_x.y`:         nil,
	} {
		if got := ConfigPrefixes(addr); !slices.Equal(got, want) {
			t.Errorf("ConfigPrefixes(%s) = %q, want %q", addr, got, want)
		}
	}
}

// TestInstancesSettle: a complete plan settles the blocks its
// configuration declares and lists their planned keys; a targeted one
// (complete = false) settles nothing.
func TestInstancesSettle(t *testing.T) {
	src := `{"format_version":"1.2","complete":%s,
"planned_values":{"root_module":{"resources":[],"child_modules":[{"address":"module.pools[\"a\"]","resources":[
 {"address":"module.pools[\"a\"].aws_iam_role.this[0]","mode":"managed","type":"aws_iam_role","name":"this","index":0,"values":{}}]}]}},
"configuration":{"root_module":{"resources":[{"address":"aws_iam_role.spare","mode":"managed","type":"aws_iam_role","name":"spare"},{"address":"data.aws_iam_role.spare","mode":"data","type":"aws_iam_role","name":"spare"}],
 "module_calls":{"pools":{"source":"./pools","module":{"resources":[{"address":"aws_iam_role.this","mode":"managed","type":"aws_iam_role","name":"this"}]}}}}}}`
	for complete, settles := range map[string]bool{"true": true, "false": false} {
		p, err := ParseBytes([]byte(fmt.Sprintf(src, complete)))
		if err != nil {
			t.Fatal(err)
		}
		x := p.Instances()
		for _, b := range []string{"aws_iam_role.spare", "module.pools", `module.pools["a"].aws_iam_role.this`} {
			if x.Settles(b) != settles {
				t.Errorf("complete=%s: Settles(%s) = %v", complete, b, !settles)
			}
		}
		if x.Settles("data.aws_iam_role.spare") {
			t.Error("a data source is never settled: it may be read only at apply")
		}
		if x.Settles("aws_iam_role.other") {
			t.Error("a block the configuration does not declare is not settled")
		}
		if k := x.Keys("module.pools"); !slices.Equal(k, []string{`["a"]`}) {
			t.Errorf("module keys %q", k)
		}
		if k := x.Keys(`module.pools["a"].aws_iam_role.this`); !slices.Equal(k, []string{"[0]"}) {
			t.Errorf("resource keys %q", k)
		}
		if k := x.Keys("aws_iam_role.spare"); len(k) != 0 {
			t.Errorf("spare keys %q, want none", k)
		}
	}
}
