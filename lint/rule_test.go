package lint

import "testing"

// TestRuleDocURL pins the one base URL every rule link uses (SARIF helpUri,
// the Markdown report, `faultline rules --format json`): the rule's own page
// under docs/rules/, and nothing for an ID or name that is not well-formed.
func TestRuleDocURL(t *testing.T) {
	for _, c := range []struct{ id, name, want string }{
		{"FL101", "shared-node-role", "https://github.com/faultline-dev/faultline/blob/main/docs/rules/FL101.md"},
		{"FL000", "invalid-input", "https://github.com/faultline-dev/faultline/blob/main/docs/rules/FL000.md"},
		{"fl101", "shared-node-role", ""},
		{"FL101", "Shared Node Role", ""},
		{"FL1011", "shared-node-role", ""},
	} {
		if got := RuleDocURL(c.id, c.name); got != c.want {
			t.Errorf("RuleDocURL(%q, %q) = %q, want %q", c.id, c.name, got, c.want)
		}
	}
}
