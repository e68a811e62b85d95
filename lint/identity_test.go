package lint

import "testing"

// TestParseARNAccountPlaceholder: an account field that is no account ID
// (a pipeline's placeholder) is not known.
func TestParseARNAccountPlaceholder(t *testing.T) {
	for arn, want := range map[string]string{
		"arn:aws:iam::123456789012:role/app":     "123456789012",
		"arn:aws:iam::ACCOUNT_ID:role/app":       "",
		"arn:aws:iam::<account-id>:role/app":     "",
		"arn:aws:iam::12345:role/app":            "",
		"arn:aws:iam::aws:policy/ReadOnlyAccess": "aws",
		"arn:aws:s3:::bucket":                    "",
	} {
		a, ok := ParseARN(Known(arn))
		if !ok || a.Account != want {
			t.Errorf("ParseARN(%s).Account = %q, %v; want %q", arn, a.Account, ok, want)
		}
	}
}
