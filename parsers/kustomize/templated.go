package kustomize

import (
	"bytes"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/templatetext"
)

// structuralTag is the line of the first template tag ({{ … }}, {% … %})
// of a YAML file that gives it structure the filled-in file would not
// have — `caBundle: {{caBundle}}` is a flow mapping to YAML, a string once
// an installer fills it — when one does. A tag inside a string
// (an alerting template in a ConfigMap) changes no structure: the file
// is not a template of YAML, and ok is false.
func structuralTag(data []byte) (line int, ok bool) {
	if line, ok := placeholderLine(data); ok {
		return line, true
	}
	blank, has := templatetext.Blanked(data)
	if !has {
		return 0, false
	}
	written, ok := pluginDocs(data)
	if !ok {
		return 0, false // refused as unparsable elsewhere
	}
	filled, ok := pluginDocs(blank)
	if !ok {
		return 0, false
	}
	if len(written) != len(filled) {
		return 1, true
	}
	for i := range written {
		if n := firstDifference(written[i], filled[i], 0); n != nil {
			return n.Line, true
		}
	}
	return 0, false
}

// maxTagDepth bounds the walk (the files were read within the nesting
// bound before).
const maxTagDepth = 200

// firstDifference is the first node of a whose kind or number of children
// differs from b's, nil when their shapes agree.
func firstDifference(a, b *yaml.Node, depth int) *yaml.Node {
	if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
		return a
	}
	if depth > maxTagDepth {
		return nil
	}
	for i := range a.Content {
		if n := firstDifference(a.Content[i], b.Content[i], depth+1); n != nil {
			return n
		}
	}
	return nil
}

// placeholderLine is the first line of a YAML file that is a placeholder
// alone (templatetext.BlankLines: a skeleton's blank a generator fills
// with whole lines of YAML, `<ISSUER_ANNOTATION>`), when the file with
// every such line left empty parses and the file as written does not,
// or reads the blank into a plain scalar (where the filled-in file has a
// mapping). A blank inside a block or quoted scalar is text (an alert
// template's `{{ .x }}` line), not a blank of YAML.
func placeholderLine(data []byte) (line int, ok bool) {
	blank, line := templatetext.BlankLines(data)
	if line == 0 {
		return 0, false
	}
	if _, ok := pluginDocs(blank); !ok {
		return 0, false
	}
	written, ok := pluginDocs(data)
	if !ok {
		return line, true
	}
	text := string(bytes.TrimSpace(lineOf(data, line)))
	for _, d := range written {
		if plainScalarHolding(d, text, 0) {
			return line, true
		}
	}
	return 0, false
}

// lineOf is the 1-based line n of data.
func lineOf(data []byte, n int) []byte {
	for l := range bytes.Lines(data) {
		if n--; n == 0 {
			return l
		}
	}
	return nil
}

// plainScalarHolding reports whether a plain scalar below n holds text.
func plainScalarHolding(n *yaml.Node, text string, depth int) bool {
	if n == nil || depth > maxTagDepth {
		return false
	}
	if n.Kind == yaml.ScalarNode {
		return n.Style == 0 && strings.Contains(n.Value, text)
	}
	for _, c := range n.Content {
		if plainScalarHolding(c, text, depth+1) {
			return true
		}
	}
	return false
}
