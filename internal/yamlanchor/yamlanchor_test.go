package yamlanchor

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestAliased(t *testing.T) {
	var doc yaml.Node
	src := `
javaDefaults: &java
  JAVA_OPTS: -Xmx512m
unused: &spare
  a: 1
orders:
  env:
    <<: *java
    PORT: "8080"
billing:
  env: *java
`
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	got := Aliased(&doc)
	if !got["java"] || got["spare"] || len(got) != 1 {
		t.Errorf("aliased = %v, want java alone", got)
	}
	top := doc.Content[0]
	if !Holds(top.Content[1], got) || Holds(top.Content[3], got) || Holds(top.Content[5], got) {
		t.Error("Holds: javaDefaults holds an aliased anchor; unused and orders do not")
	}
}
