package helm

import "testing"

// TestHelmSecretsFile tells the helm-secrets plugin's schemes from a
// remote values file's.
func TestHelmSecretsFile(t *testing.T) {
	for v, want := range map[string]bool{
		"secrets://secrets.prod.yaml":                true,
		"secrets+age-import://key.txt?secrets.yaml":  true,
		"secrets+literal://vault:path/to/secret#key": true,
		"https://example.com/values.yaml":            false,
		"values-prod.yaml":                           false,
		"$values/envs/prod/secrets.yaml":             false,
		"mysecrets://not-the-plugin.yaml":            false,
	} {
		if got := helmSecretsFile(v); got != want {
			t.Errorf("helmSecretsFile(%q) = %v, want %v", v, got, want)
		}
	}
}
