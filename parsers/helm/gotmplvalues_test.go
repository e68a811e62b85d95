package helm

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// A .gotmpl values file is read with each action that writes a value as
// a hole, comments and assignments writing nothing and trim markers
// trimming; an action that shapes the YAML leaves the file unread.
func TestFillTemplateActions(t *testing.T) {
	h := lint.NewHoles()
	b := &builder{Finder: &Finder{opts: Options{Holes: h}}}
	hole := func(text string) string { return h.Sentinel(lint.HoleRef{Object: "{{ " + text + " }}"}) }
	for _, tc := range []struct {
		name, in, want string
		actions        int
		ok             bool
	}{
		{"value", "arn: arn:aws:iam::{{ requiredEnv \"ACCOUNT\" }}:role/x\n", "arn: arn:aws:iam::" + hole(`requiredEnv "ACCOUNT"`) + ":role/x\n", 1, true},
		{"comment and trims", "{{/* note */}}\n{{- $out := readFile \"o.json\" | fromJson -}}\n\nname: {{ .Environment.Name }}\n", "name: " + hole(".Environment.Name") + "\n", 3, true},
		{"no actions", "a: 1\n", "a: 1\n", 0, true},
		{"condition", "{{ if .Values.x }}a: 1{{ end }}\n", "", 1, false},
		{"block of YAML", "labels:\n  {{- toYaml .Values.labels | nindent 2 }}\n", "", 1, false},
		{"unclosed", "a: {{ .Values.x\n", "", 0, false},
	} {
		got, actions, ok := b.fillTemplateActions([]byte(tc.in))
		if ok != tc.ok || actions != tc.actions || ok && string(got) != tc.want {
			t.Errorf("%s: %q, %d actions, %v; want %q, %d, %v", tc.name, strings.ReplaceAll(string(got), "\n", `\n`), actions, ok, tc.want, tc.actions, tc.ok)
		}
	}
}
