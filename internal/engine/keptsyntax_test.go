package engine

import (
	"slices"
	"testing"
)

// A root evaluated again reads back the syntax of the modules it calls
// that did not change and parses those that did, even at the same size:
// each run's model and result are a fresh run's.
func TestKeptSyntaxOfModules(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"modules/nodes/main.tf": "variable \"name\" {}\n\nresource \"aws_iam_role\" \"this\" {\n  name = \"${var.name}-aaaa\"\n}\n",
		"prod/main.tf":          "module \"nodes\" {\n  source = \"../modules/nodes\"\n  name   = \"prod\"\n}\n",
		"dev/main.tf":           "resource \"aws_iam_role\" \"dev\" {\n  name = \"dev-nodes\"\n}\n",
	})
	c, opts := cachedRunOf(t, root)
	step := func(what string, read, written int) []string {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if r := l.Cache.Roots; r.SyntaxRead != read || r.SyntaxWritten != written {
			t.Errorf("%s: module syntax %d read back, %d written; want %d, %d", what, r.SyntaxRead, r.SyntaxWritten, read, written)
		}
		sameAsFresh(t, what, opts, l, got)
		var names []string
		for _, r := range l.Input.Model.Roles {
			names = append(names, r.Name.String())
		}
		slices.Sort(names)
		return names
	}
	step("cold", 0, 3)
	write(t, root, map[string]string{"prod/main.tf": "module \"nodes\" {\n  source = \"../modules/nodes\"\n  name   = \"prod\"\n}\n# edited\n"})
	step("root edited", 1, 1)
	write(t, root, map[string]string{"modules/nodes/main.tf": "variable \"name\" {}\n\nresource \"aws_iam_role\" \"this\" {\n  name = \"${var.name}-bbbb\"\n}\n"})
	if names := step("module edited, same size", 1, 1); !slices.Contains(names, "prod-bbbb") {
		t.Errorf("roles %v: the module's edit was not read", names)
	}
}
