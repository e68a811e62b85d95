package templatetext

import "testing"

func TestPlaceholders(t *testing.T) {
	for s, want := range map[string]bool{
		"name: {{ .Values.name }}":          true,
		"  - ${{ values.name }}.yaml":       true,
		"{%- if values.extra %}":            true,
		"role: ${cluster_name}-nodes":       true,
		"image: {IMAGE}":                    true,
		"bucket: __BUCKET__":                true,
		"name: plain":                       false,
		"labels: {app: web}":                false,
		"match: '%{ if x }'":                false,
		"cidr: 10.0.0.0/16 # {not a token}": false,
		"json: {\"a\": {\"b\": 1}}":         false,
	} {
		if got := HasString(s); got != want {
			t.Errorf("HasString(%q) = %v, want %v", s, got, want)
		}
	}
}
