package yamldup

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"k8s.io/apimachinery/pkg/runtime"
	kyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// dupValues writes keys twice at two depths, once inside an anchored
// mapping an alias reuses.
const dupValues = `replicas: 1
image:
  repository: nginx
  tag: "1.25"
  tag: "1.27"
base: &base
  cpu: 100m
  cpu: 250m
other: *base
replicas: 3
`

// decodeLastWins is what faultline reads: LastWins, then yaml.v3's decoding.
func decodeLastWins(t *testing.T, data string) (map[string]any, []Duplicate) {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(data), &doc); err != nil {
		t.Fatal(err)
	}
	n, dups := LastWins(&doc)
	var v map[string]any
	if err := n.Decode(&v); err != nil {
		t.Fatalf("decoding the last-wins document: %v", err)
	}
	return v, dups
}

// asJSON compares values as JSON sees them (numbers as float64).
func asJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestHelmKeepsTheLastValue pins Helm's own reading at the go.mod
// version: chartutil.ReadValues (values files, --values) and the chart
// loader (a chart's values.yaml) keep the last value of a duplicate key,
// and LastWins reads the same.
func TestHelmKeepsTheLastValue(t *testing.T) {
	helmVals, err := chartutil.ReadValues([]byte(dupValues))
	if err != nil {
		t.Fatalf("Helm refuses duplicate keys now (%v): values files with them no longer install, so faultline must report them as FL000", err)
	}
	got, dups := decodeLastWins(t, dupValues)
	if want := asJSON(t, map[string]any(helmVals)); !reflect.DeepEqual(asJSON(t, got), want) {
		t.Errorf("LastWins reads %v, Helm reads %v", got, want)
	}
	if helmVals["replicas"] != float64(3) {
		t.Errorf("Helm's replicas = %v, want the last value, 3", helmVals["replicas"])
	}

	ch, err := loader.LoadFiles([]*loader.BufferedFile{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: app\nversion: 0.1.0\n")},
		{Name: "values.yaml", Data: []byte(dupValues)},
	})
	if err != nil {
		t.Fatalf("Helm's loader refuses a values.yaml with duplicate keys now: %v", err)
	}
	if !reflect.DeepEqual(asJSON(t, ch.Values), asJSON(t, got)) {
		t.Errorf("LastWins reads %v, Helm's chart loader reads %v", got, ch.Values)
	}

	var lines []string
	for _, d := range dups {
		lines = append(lines, d.Key+":"+itoa(d.First.Line)+"-"+itoa(d.Last.Line))
	}
	if want := "replicas:1-10 tag:4-5 cpu:7-8"; strings.Join(lines, " ") != want {
		t.Errorf("duplicates = %q, want %q", strings.Join(lines, " "), want)
	}
}

// TestKubectlKeepsTheLastValue pins kubectl apply's reading: its
// StreamVisitor (k8s.io/cli-runtime pkg/resource/visitor.go) decodes
// each document with apimachinery's YAMLOrJSONDecoder into a
// runtime.RawExtension, whose YAML-to-JSON step (sigs.k8s.io/yaml)
// keeps the last value; schema validation then sees JSON without the
// duplicate.
func TestKubectlKeepsTheLastValue(t *testing.T) {
	const manifest = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: first
  name: second
spec:
  replicas: 1
  replicas: 2
`
	d := kyaml.NewYAMLOrJSONDecoder(bytes.NewReader([]byte(manifest)), 4096)
	var ext runtime.RawExtension
	if err := d.Decode(&ext); err != nil {
		t.Fatalf("kubectl's decoder refuses duplicate keys now: %v", err)
	}
	var kubectl any
	if err := json.Unmarshal(ext.Raw, &kubectl); err != nil {
		t.Fatal(err)
	}
	got, dups := decodeLastWins(t, manifest)
	if !reflect.DeepEqual(asJSON(t, got), kubectl) {
		t.Errorf("LastWins reads %v, kubectl reads %s", got, ext.Raw)
	}
	if len(dups) != 2 {
		t.Errorf("duplicates = %v, want name and replicas", dups)
	}
	var rest runtime.RawExtension
	if err := d.Decode(&rest); err != io.EOF {
		t.Errorf("second decode = %v, want EOF", err)
	}
}

// TestLastWinsLeavesTheInputAlone: the input tree is shared with other
// readers; a document without duplicates comes back as is.
func TestLastWinsLeavesTheInputAlone(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(dupValues), &doc); err != nil {
		t.Fatal(err)
	}
	before := len(doc.Content[0].Content)
	out, _ := LastWins(&doc)
	if out == &doc || len(doc.Content[0].Content) != before {
		t.Error("LastWins changed its input")
	}
	var plain yaml.Node
	if err := yaml.Unmarshal([]byte("a: 1\nb: {c: 2}\n"), &plain); err != nil {
		t.Fatal(err)
	}
	if out, dups := LastWins(&plain); out != &plain || dups != nil {
		t.Errorf("a document without duplicates: got a copy or duplicates %v", dups)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
