package kustomize

import (
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
