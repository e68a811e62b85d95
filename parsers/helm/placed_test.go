package helm

import "testing"

func TestLiteralDir(t *testing.T) {
	for in, want := range map[string]string{
		"apps/api":               "apps/api",
		"./apps/api":             "./apps/api",
		"apps/{{path.basename}}": "apps/",
		"apps/*":                 "apps/",
		"clusters/prod/apps-*/x": "clusters/prod/",
		"{{.path.path}}":         ".",
		"*":                      ".",
	} {
		if got := literalDir(in); got != want {
			t.Errorf("literalDir(%q) = %q, want %q", in, got, want)
		}
	}
}
