package templatetext

import (
	"strings"
	"testing"
)

func TestPlaceholders(t *testing.T) {
	for s, want := range map[string]bool{
		"name: {{ .Values.name }}":             true,
		"  - ${{ values.name }}.yaml":          true,
		"{%- if values.extra %}":               true,
		"role: ${cluster_name}-nodes":          true,
		"image: {IMAGE}":                       true,
		"bucket: __BUCKET__":                   true,
		"name: plain":                          false,
		"labels: {app: web}":                   false,
		"%{ for ns in namespaces ~}":           true,
		"  %{~ if enabled }":                   true,
		"match: '%{IP:client} %{WORD:verb}'":   false,
		"cidr: 10.0.0.0/16 # {not a token}":    false,
		"json: {\"a\": {\"b\": 1}}":            false,
		"  name: app-<< $name >>":              true,
		"vpcId: << .cfg.vpc >>":                true,
		"<<- range $k, $v := .cfg.zones >>":    true,
		"<<- end >>":                           true,
		"  <<: *defaults":                      false,
		"  cat <<EOF > /etc/app.conf":          false,
		"  <<-EOF":                             false,
		"    <CERT_MANAGER_ISSUER_ANNOTATION>": true,
		"name: <CLUSTER_NAME>-nodes":           true,
		"text: <a href=x>":                     false,
		"cmp: a <B> c":                         false,
		"  name: [DATA_PRODUCT]-ingestion":     true,
		"bucket: logs-[ENV]":                   true,
		"drop: [ALL]":                          false,
		"add: [NET_ADMIN, SYS_TIME]":           false,
		"args: [X]":                            false,
		"name: %%RELEASE_NAME%%":               true,
		"image: @IMAGE_TAG@":                   true,
		"email: ops@example.com":               false,
		"notify: team@EXAMPLE.COM":             false,
		"ratio: 50%% of 100%%":                 false,
	} {
		if got := HasString(s); got != want {
			t.Errorf("HasString(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestBlanked(t *testing.T) {
	for src, want := range map[string]string{
		"name = \"${{ values.name }}\"\n":           "name = \"xxxxxxxxxxxxxxxxxx\"\n",
		"n = ${{ values.n }}\n":                     "n = xxxxxxxxxxxxxxx\n",
		"{%- if values.fifo %}\nfifo = true\n":      "                     \nfifo = true\n",
		"owners = [{{ a }}, {{\n b }}]":             "owners = [xxxxxxx, xx\nxxxxx]",
		"cost = \"$${{ literal }}\" # ${x} stays\n": "cost = \"$xxxxxxxxxxxxxx\" # ${x} stays\n",
		// <% %> delimiters: statements blanked by spaces, values by xs.
		"<% if .auth %>auth = true<% end %>\nregion = \"<% index .Params `r` %>\"\nn = <%= name %>\n": "              auth = true         \nregion = \"xxxxxxxxxxxxxxxxxxxxxxx\"\nn = xxxxxxxxxxx\n",
		"<% if a %>x = 1<% else %>x = 2<% end %>\n":                                                   "          x = 1" + strings.Repeat(" ", 24) + "\n",
		// Go's actions ({{ }}, Helm and boilerplate templates): blocks
		// are statements, the first branch kept.
		"{{- if .Vpc }}\nvpc = true\n{{ else }}\nvpc = false\n{{ end }}\nr = \"{{ .R }}\"\n": "              \nvpc = true\n          \n           \n         \nr = \"xxxxxxxx\"\n",
		// Only a conditional's first branch is kept.
		"on = {% if a %}false{% else %}true{% endif %}\n":                            "on =           false                         \n",
		"{% if a %}\nx = 1\n{%- elif b -%}\nx = 2\n{% else %}\nx = 3\n{% endif %}\n": "          \nx = 1\n              \n     \n          \n     \n           \n",
		"{% if a %}{% if b %}1{% else %}2{% endif %}3{% else %}4{% endif %}5":        "                    1                      3                      5",
		// A Go action that declares or assigns a variable, or is a
		// comment, writes nothing; one that compares does.
		"{{ $bucket := env \"B\" }}\nb: {{ $bucket }}\n": strings.Repeat(" ", 24) + "\nb: " + strings.Repeat("x", 13) + "\n",
		"{{- $n = 2 }}\n{{/* why */}}\nn: 1\n":           strings.Repeat(" ", 13) + "\n" + strings.Repeat(" ", 13) + "\nn: 1\n",
		"v: {{ $a == $b }}\n":                            "v: xxxxxxxxxxxxxx\n",
	} {
		got, ok := Blanked([]byte(src))
		if !ok || string(got) != want {
			t.Errorf("Blanked(%q) = %q, %v; want %q", src, got, ok, want)
		}
	}
	for _, src := range []string{"name = \"${var.x}\"\n", "tags = { a = 1 }\n", "x = \"{{ open\"\n"} {
		if got, ok := Blanked([]byte(src)); ok {
			t.Errorf("Blanked(%q) = %q, want no tag", src, got)
		}
	}
}

// BlankLines empties the lines that are a placeholder alone, keeping the
// others and every line's number; data without one comes back as is.
func TestBlankLines(t *testing.T) {
	in := "a: 1\n  <EXTRA>\nb: ${x}\n    ${WHOLE}\n"
	out, first := BlankLines([]byte(in))
	if string(out) != "a: 1\n\nb: ${x}\n\n" || first != 2 {
		t.Errorf("BlankLines = %q, %d", out, first)
	}
	plain := []byte("a: 1\nb: 2\n")
	if out, first := BlankLines(plain); first != 0 || string(out) != string(plain) {
		t.Errorf("BlankLines(plain) = %q, %d", out, first)
	}
}
