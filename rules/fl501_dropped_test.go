package rules

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// The hint of a dropped attribute names the one the type declares that it
// was likely meant as: its singular or plural, else the one attribute with
// the same last word; none when that is not one.
func TestRenamedAttribute(t *testing.T) {
	for _, tc := range []struct {
		name     string
		declared []string
		want     string
	}{
		{"conditions", []string{"actions", "condition", "principals"}, "condition"},
		{"version", []string{"addon_version", "most_recent", "name"}, "addon_version"},
		{"cluster_version", []string{"ami_release_version", "kubernetes_version"}, ""},
		{"operator", []string{"effect", "key", "value"}, ""},
	} {
		got, ok := renamedAttribute(lint.DroppedAttribute{Name: tc.name, Declared: tc.declared})
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, ok, tc.want)
		}
	}
}
