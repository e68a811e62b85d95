package kube

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A ytt template (Carvel's YAML templating tool) is valid YAML whose
// comments are code: `#@ load("@ytt:data", "data")`, `#@ for x in …:`,
// `name: #@ "bucket-" + tier.name`, `#@data/values`. Read as a manifest
// its values are what ytt replaces (a field holding `#@ expr` is null),
// so what it describes is unknown until ytt runs: it is a template, not a
// broken manifest, and no FL000.

// YttAnnotation reports whether data is a ytt template: a comment of its
// parsed YAML is a ytt annotation (a line "#@" followed by code or an
// annotation name). line is where the first one is written.
func YttAnnotation(data []byte) (line int, ok bool) {
	if !bytes.Contains(data, []byte("#@")) {
		return 0, false
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return 0, false
		}
		if err != nil {
			return 0, false // not YAML: read as it reads
		}
		if c, found := yttComment(&doc, 0); found {
			return lineOf(data, c), true
		}
	}
}

// yttComment is the first ytt annotation among n's comments and its
// descendants'.
func yttComment(n *yaml.Node, depth int) (string, bool) {
	if depth > maxYttDepth {
		return "", false
	}
	for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
		for _, l := range strings.Split(c, "\n") {
			if isYttAnnotation(strings.TrimSpace(l)) {
				return strings.TrimSpace(l), true
			}
		}
	}
	for _, k := range n.Content {
		if c, ok := yttComment(k, depth+1); ok {
			return c, true
		}
	}
	return "", false
}

// maxYttDepth bounds the walk (aliases are not followed; documents
// nested deeper than nesting.Max were reported already).
const maxYttDepth = 1000

// isYttAnnotation says whether a comment is ytt's: "#@" then a space
// (code: `#@ load(…)`, `#@ end`) or an annotation's name
// (`#@data/values`, `#@overlay/match by=…`).
func isYttAnnotation(c string) bool {
	rest, ok := strings.CutPrefix(c, "#@")
	if !ok || rest == "" {
		return false
	}
	b := rest[0]
	return b == ' ' || b == '\t' || ('a' <= b && b <= 'z') || ('A' <= b && b <= 'Z')
}

// lineOf is the line of data where comment c is written (1 when it is
// not found as written).
func lineOf(data []byte, c string) int {
	i := bytes.Index(data, []byte(c))
	if i < 0 {
		return 1
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}
