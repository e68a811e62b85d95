package helm

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkAnalyzeTemplatesBuiltInclude analyses a chart of 300 defines
// whose templates include by a name built at run time inside a range (the
// idiom of large charts such as Loki's): every such include may run any
// define or template file.
func BenchmarkAnalyzeTemplatesBuiltInclude(b *testing.B) {
	var helpers strings.Builder
	for i := range 300 {
		fmt.Fprintf(&helpers, "{{- define \"app.part%d\" -}}\nname: {{ .Values.parts.p%d.name | default \"p%d\" }}\n{{- end }}\n", i, i, i)
	}
	files := map[string]string{"templates/_helpers.tpl": helpers.String()}
	for i := range 20 {
		files[fmt.Sprintf("templates/part%d.yaml", i)] = `{{- range $n := .Values.enabledParts }}
---
{{ include (printf "app.part%s" $n) $ }}
{{- end }}
`
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := AnalyzeTemplates(files); err != nil {
			b.Fatal(err)
		}
	}
}
