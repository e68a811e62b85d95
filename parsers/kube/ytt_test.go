package kube

import "testing"

// A ytt template is told by its parsed comments: an annotation as a
// head, line or foot comment, code or a named annotation; text that only
// looks like one (inside a block scalar, a plain comment) is not.
func TestYttAnnotation(t *testing.T) {
	for name, c := range map[string]struct {
		src  string
		line int
		ok   bool
	}{
		"load before the document": {"#@ load(\"@ytt:data\", \"data\")\n---\nkind: ConfigMap\n", 1, true},
		"value from code":          {"kind: ConfigMap\nmetadata:\n  name: #@ data.values.name\n", 3, true},
		"named annotation":         {"#@data/values\n---\nregion: eu-west-1\n", 1, true},
		"overlay on a key":         {"kind: Deployment\nspec:\n  #@overlay/match missing_ok=True\n  replicas: 3\n", 3, true},
		"end of a loop":            {"items:\n- a: 1\n#@ end\n", 3, true},
		"second document":          {"kind: A\n---\nkind: B\nname: #@ x\n", 4, true},
		"in a block scalar":        {"kind: ConfigMap\ndata:\n  script: |\n    #@ not code here\n    echo hi\n", 0, false},
		"plain comment":            {"# @owner platform-team\nkind: ConfigMap\n", 0, false},
		"ytt comment alone":        {"#! a ytt comment, but no code\nkind: ConfigMap\n", 0, false},
		"at sign then digit":       {"kind: A # see #@2\n", 0, false},
		"not YAML":                 {"kind: [A\n#@ end\n", 0, false},
		"no comment at all":        {"kind: ConfigMap\nmetadata: {name: a}\n", 0, false},
	} {
		line, ok := YttAnnotation([]byte(c.src))
		if ok != c.ok || line != c.line {
			t.Errorf("%s: YttAnnotation = %d, %v; want %d, %v", name, line, ok, c.line, c.ok)
		}
	}
}
