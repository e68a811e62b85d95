package eval

import "testing"

// TestProviderUsed follows provider configurations through module calls
// as Terraform's pruning of unused configurations does.
func TestProviderUsed(t *testing.T) {
	whole := func(u ProviderUses) *modInfo { return &modInfo{Exists: true, Whole: true, Providers: u} }
	children := map[string]*modInfo{
		"m/defaults": whole(ProviderUses{Own: []string{"aws"}}),
		"m/replica":  whole(ProviderUses{Own: []string{"aws", "aws.replica"}}),
		"m/nothing":  whole(ProviderUses{}),
		"m/broken":   {Exists: true, Whole: false},
		"m/nested":   whole(ProviderUses{Calls: []ProviderCall{{Dir: "m/replica", Passes: map[string]string{"aws.replica": "aws.dr"}}}}),
		"m/loop":     whole(ProviderUses{Calls: []ProviderCall{{Dir: "m/loop"}}}),
		"m/remote":   whole(ProviderUses{Calls: []ProviderCall{{}}}),
	}
	child := func(dir string) *modInfo { return children[dir] }
	for _, c := range []struct {
		name   string
		root   ProviderUses
		config string
		want   Use
	}{
		{"own resource", ProviderUses{Own: []string{"aws.west"}}, "aws.west", Used},
		{"nothing uses it", ProviderUses{Own: []string{"aws"}}, "aws.west", NotUsed},
		{"default inherited by a child that uses it", ProviderUses{Calls: []ProviderCall{{Dir: "m/defaults"}}}, "aws", Used},
		{"default inherited by a child that uses none", ProviderUses{Calls: []ProviderCall{{Dir: "m/nothing"}}}, "aws", NotUsed},
		{"alias passed to a child that does not use it", ProviderUses{Calls: []ProviderCall{{Dir: "m/defaults", Passes: map[string]string{"aws.replica": "aws.west"}}}}, "aws.west", NotUsed},
		{"alias passed to a child that uses it", ProviderUses{Calls: []ProviderCall{{Dir: "m/replica", Passes: map[string]string{"aws.replica": "aws.west"}}}}, "aws.west", Used},
		{"alias passed on through two calls", ProviderUses{Calls: []ProviderCall{{Dir: "m/nested", Passes: map[string]string{"aws.dr": "aws.west"}}}}, "aws.west", Used},
		{"alias given to a remote module", ProviderUses{Calls: []ProviderCall{{Passes: map[string]string{"aws.replica": "aws.west"}}}}, "aws.west", MaybeUsed},
		{"default inherited by a remote module", ProviderUses{Calls: []ProviderCall{{}}}, "aws", MaybeUsed},
		{"alias not given to a remote module", ProviderUses{Calls: []ProviderCall{{}}}, "aws.west", NotUsed},
		{"child not read whole", ProviderUses{Calls: []ProviderCall{{Dir: "m/broken", Passes: map[string]string{"aws.x": "aws.west"}}}}, "aws.west", MaybeUsed},
		{"providers argument not read", ProviderUses{Calls: []ProviderCall{{Dir: "m/nothing", Unread: true}}}, "aws.west", MaybeUsed},
		{"uses not read", ProviderUses{All: true}, "aws.west", MaybeUsed},
		{"alias not known", ProviderUses{}, "aws.?", MaybeUsed},
		{"a call of itself", ProviderUses{Calls: []ProviderCall{{Dir: "m/loop"}}}, "aws", MaybeUsed},
		{"used by its own resource and given to a remote module", ProviderUses{Own: []string{"aws"}, Calls: []ProviderCall{{}}}, "aws", Used},
		{"used by a child and given to a remote module through it", ProviderUses{Calls: []ProviderCall{{Dir: "m/remote"}}}, "aws", MaybeUsed},
	} {
		if got := ProviderUsed(&modInfo{Exists: true, Whole: true, Providers: c.root}, c.config, child); got != c.want {
			t.Errorf("%s: ProviderUsed(%q) = %d, want %d", c.name, c.config, got, c.want)
		}
	}
}
