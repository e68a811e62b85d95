package helm

import "testing"

// A key a template action writes part of matches the rendered keys whose
// text around the actions is the template's, in order.
func TestKeyMatches(t *testing.T) {
	for _, c := range []struct {
		template, key string
		want          bool
	}{
		{`"kubernetes.io/cluster/{{ .Values.clusterName }}"`, `"kubernetes.io/cluster/prod"`, true},
		{`"kubernetes.io/cluster/{{ .Values.clusterName }}"`, `"karpenter.sh/discovery"`, false},
		{`{{ .Values.prefix }}/{{ .Values.name }}-tag`, `team/web-tag`, true},
		{`{{ .Values.prefix }}/{{ .Values.name }}-tag`, `team-web-tag`, false},
		{`ab{{ .x }}b`, `ab`, false},
		{`ab{{ .x }}b`, `abb`, true},
		{`{{ .x }}`, `anything`, true},
		{`open{{ .x`, `open-x`, false},
	} {
		parts := literalParts(c.template)
		if got := parts != nil && keyMatches(parts, c.key); got != c.want {
			t.Errorf("%s vs %s: %v, want %v", c.template, c.key, got, c.want)
		}
	}
}
