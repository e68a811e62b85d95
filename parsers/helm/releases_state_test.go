package helm

import "testing"

// A helmfile state file under a name of its own is one by what it holds:
// a releases list naming a release and its chart, in a document with no
// apiVersion or kind.
func TestIsHelmfileState(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"repositories:\n  - name: x\n    url: https://x.example\nreleases:\n  - name: dns\n    chart: x/external-dns\n", true},
		{"environments:\n  prod: {}\n---\nreleases:\n  - name: dns\n    chart: ./charts/dns\n", true},
		{"apiVersion: v1\nkind: ConfigMap\nreleases:\n  - name: dns\n    chart: x/dns\n", false},
		{"releases:\n  - name: v1.2.0\n    notes: first\n", false},
		{"releases: []\n", false},
		{"image:\n  tag: 1\n", false},
	} {
		data := []byte(c.text)
		docs, _ := parseYAML(data)
		if got := mayBeHelmfileState(data) && isHelmfileState(docs); got != c.want {
			t.Errorf("%q: helmfile state %v, want %v", c.text, got, c.want)
		}
	}
}

// A helmfile that parses only once its expressions are rendered is read
// with each plain scalar that held one as written; one with a statement
// (if, range) is not read.
func TestExpressionsQuoted(t *testing.T) {
	src := "releases:\n  - name: web\n    namespace: web\n    values:\n      - host: {{ requiredEnv \"ENV\" }}.example.com\n        port: 80\n"
	docs, ok := expressionsQuoted([]byte(src))
	if !ok {
		t.Fatal("not read")
	}
	host := at(at(body(docs[0]), "releases").Content[0], "values").Content[0]
	if got := str(at(host, "host")); got != `{{ requiredEnv "ENV" }}.example.com` {
		t.Errorf("host %q", got)
	}
	if got := str(at(host, "port")); got != "80" {
		t.Errorf("port %q", got)
	}
	if _, ok := expressionsQuoted([]byte("releases:\n{{ if .Values.web }}\n  - name: web\n    host: {{ .Values.host }}.x\n{{ end }}\n")); ok {
		t.Error("a helmfile with a statement is read")
	}
	// A variable declared atop a list writes nothing: blanked.
	decl := "repositories:\n  {{ $url := env \"REPO\" | default \"https://charts.example.com\" }}\n  - name: corp\n    url: {{ $url }}\nreleases:\n  - name: api\n    chart: corp/api\n"
	docs, ok = expressionsQuoted([]byte(decl))
	if !ok {
		t.Fatal("a helmfile declaring a variable is not read")
	}
	if got := str(at(at(body(docs[0]), "releases").Content[0], "chart")); got != "corp/api" {
		t.Errorf("chart %q", got)
	}
}
