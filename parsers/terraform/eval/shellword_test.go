package eval

import "testing"

// The --var-file the unloaded-variables note suggests pastes into a
// shell as one word.
func TestShellWord(t *testing.T) {
	for in, want := range map[string]string{
		"envs/prod.tfvars":         "envs/prod.tfvars",
		"VPC repo/dev-vars.tfvars": "'VPC repo/dev-vars.tfvars'",
		"it's/x.tfvars":            `'it'\''s/x.tfvars'`,
		"$HOME/x.tfvars":           "'$HOME/x.tfvars'",
		"":                         "''",
	} {
		if got := shellWord(in); got != want {
			t.Errorf("shellWord(%q) = %q, want %q", in, got, want)
		}
	}
}
