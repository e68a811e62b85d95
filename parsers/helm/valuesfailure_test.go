package helm

import (
	"errors"
	"io"
	"regexp"
	"strconv"
	"testing"
	"text/template"
)

// execErrorAt executes text with empty values, as Helm's engine renders
// a chart without values (a missing key is the zero value, so a field of
// it is a nil pointer), and returns the line and column its execution
// error names, the column from 1 as the renderer reports it
// (chartrender's templateError; text/template counts from 0).
func execErrorAt(t *testing.T, text string) (int, int) {
	t.Helper()
	return execErrorWith(t, text, map[string]any{"Values": map[string]any{}})
}

// execErrorWith is execErrorAt with the data given.
func execErrorWith(t *testing.T, text string, data map[string]any) (int, int) {
	t.Helper()
	tm, err := template.New("t").Option("missingkey=zero").Funcs(template.FuncMap{"fail": func(s string) (string, error) { return "", errors.New(s) }}).Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	err = tm.Execute(io.Discard, data)
	var ee template.ExecError
	if !errors.As(err, &ee) {
		t.Fatalf("%q: %v, want an execution error", text, err)
	}
	m := regexp.MustCompile(`t:(\d+):(\d+)`).FindStringSubmatch(ee.Error())
	if m == nil {
		t.Fatalf("%q: no position in %v", text, ee)
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	return line, col + 1
}

// An execution error is a value the rendering lacked only where the
// action Go's engine names reads from .Values.
func TestReadsValuesAt(t *testing.T) {
	for text, want := range map[string]bool{
		"{{- if .Values.gpu.enabled }}\nkind: NodePool\n{{- end }}\n":                   true,
		"kind: Secret\ndata:\n  host: {{ $.Values.db.host | printf \"%s\" }}\n":         true,
		"{{ define \"img\" }}{{ .Values.image.repo }}{{ end }}{{ template \"img\" . }}": true,
		"{{ $v := .Values }}{{ $v.a.b }}":                                               true,
		"{{ fail \"set a role\" }}":                                                     false,
		"{{ .Release.Labels.team }}":                                                    false,
	} {
		line, col := execErrorAt(t, text)
		if got := readsValuesAt(text, line, col); got != want {
			t.Errorf("%q at %d:%d: readsValuesAt = %v, want %v", text, line, col, got, want)
		}
	}
	// What holds a value read from .Values reads values too: a variable
	// declared from one, the dot inside a range or with over one; not
	// what holds another object.
	data := map[string]any{
		"Values":  map[string]any{"jobs": map[string]any{"extra": "not a table"}, "probe": map[string]any{"port": 80}},
		"Release": map[string]any{"Name": "web"},
	}
	for text, want := range map[string]bool{
		"{{ range $name, $job := .Values.jobs }}\npath: {{ $job.path }}\n{{ end }}": true,
		"{{ with .Values.probe }}{{ .http.path }}{{ end }}":                         true,
		"{{ range .Values.jobs }}{{ .path }}{{ end }}":                              true,
		"{{ $r := .Release }}{{ $r.Labels.team }}":                                  false,
		"{{ with .Release }}{{ .Labels.team }}{{ end }}":                            false,
	} {
		line, col := execErrorWith(t, text, data)
		if got := readsValuesAt(text, line, col); got != want {
			t.Errorf("%q at %d:%d: readsValuesAt = %v, want %v", text, line, col, got, want)
		}
	}
	if readsValuesAt("{{ .Values.a.b }}", 2, 1) || readsValuesAt("{{ if }", 1, 1) {
		t.Error("a position with no action there, or a template that does not parse, reads values")
	}
}

// TestRuneColumn: a byte column of a template error is reported in
// characters.
func TestRuneColumn(t *testing.T) {
	text := []byte("a: 1\nname: \"é–{{ .Values.x.y }}\"\n")
	for _, c := range []struct{ line, col, want int }{
		{2, 13, 10}, // "{{" after a 2- and a 3-byte character
		{1, 1, 1},
		{2, 0, 1},
		{9, 3, 3}, // past the text: as given
	} {
		if got := runeColumn(text, c.line, c.col); got != c.want {
			t.Errorf("runeColumn(%d, %d) = %d, want %d", c.line, c.col, got, c.want)
		}
	}
}
