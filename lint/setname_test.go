package lint

import (
	"slices"
	"testing"
)

// TestSplitSetName: keys split on unescaped dots, a backslash escaping
// the character after it, as Helm's strvals reads a --set name.
func TestSplitSetName(t *testing.T) {
	for name, want := range map[string][]string{
		`serviceAccount.name`: {"serviceAccount", "name"},
		`serviceAccount.annotations.eks\.amazonaws\.com/role-arn`:  {"serviceAccount", "annotations", "eks.amazonaws.com/role-arn"},
		`serviceAccount.annotations.eks\.amazonaws\.com\/role-arn`: {"serviceAccount", "annotations", "eks.amazonaws.com/role-arn"},
		`podLabels.a\\b`: {"podLabels", `a\b`},
		`trailing\`:      {`trailing\`},
	} {
		if got := SplitSetName(name); !slices.Equal(got, want) {
			t.Errorf("SplitSetName(%q) = %q, want %q", name, got, want)
		}
	}
}
