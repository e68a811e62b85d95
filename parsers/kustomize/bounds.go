package kustomize

import (
	"bytes"
	"errors"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Bounds on what one kustomization tree may make krusty do. krusty builds a
// base once for every path that reaches it and expands every YAML alias
// into a copy, so a small tree can otherwise ask for exponential work.
const (
	// maxBuilds bounds the kustomizations krusty builds for one overlay,
	// counting a base once per path that reaches it.
	maxBuilds = 1000
	// maxNesting bounds how deep kustomizations include one another.
	maxNesting = 100
	// maxAliasNodes bounds the YAML nodes aliases add across one tree's
	// files once expanded.
	maxAliasNodes = 100000
	// maxYAMLDepth bounds the nesting of a document with its aliases
	// expanded (the YAML parser refuses deeper written nesting itself).
	maxYAMLDepth = 10000
)

// Errors the alias scan ends with.
var (
	errAliasLoop = errors.New("an alias refers to a node that contains it")
	errTooDeep   = fmt.Errorf("its aliases nest it deeper than %d levels", maxYAMLDepth)
	errExpansion = fmt.Errorf("its YAML aliases expand the kustomization tree's files by more than %d nodes (kustomize copies every alias)", maxAliasNodes)
)

// aliasScan measures what expanding the aliases of YAML documents adds.
type aliasScan struct {
	seen  map[*yaml.Node]extent // anchored nodes measured
	open  map[*yaml.Node]bool   // anchored nodes being measured
	extra int64                 // nodes aliases add, so far
	limit int64
	line  int // the alias where the scan stopped
	err   error
}

// extent is a node's size and height with its aliases expanded.
type extent struct {
	size   int64
	height int
}

// measureAliases returns how many nodes expanding the aliases in data adds
// (0 without aliases), failing past limit, on an alias loop or past
// maxYAMLDepth; line is the alias it stopped at. Text that does not parse
// as YAML adds nothing: krusty reports it. Without an anchor ('&') there
// is nothing to expand (an alias to no anchor does not parse), so most
// files are not parsed here at all.
func measureAliases(data []byte, limit int64) (extra int64, line int, err error) {
	if !bytes.Contains(data, []byte("*")) || !bytes.Contains(data, []byte("&")) {
		return 0, 0, nil
	}
	w := &aliasScan{seen: map[*yaml.Node]extent{}, open: map[*yaml.Node]bool{}, limit: limit}
	defer func() {
		if r := recover(); r != nil {
			extra, line, err = 0, 0, nil // unparsable: krusty reports it
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for w.err == nil {
		var d yaml.Node
		if dec.Decode(&d) != nil {
			break // the end, or text krusty reports
		}
		w.walk(&d, 0)
	}
	return w.extra, w.line, w.err
}

// walk measures n, found at nesting depth.
func (w *aliasScan) walk(n *yaml.Node, depth int) extent {
	if n == nil || w.err != nil {
		return extent{}
	}
	if n.Kind == yaml.AliasNode {
		return w.alias(n, depth)
	}
	if e, ok := w.seen[n]; ok {
		return e
	}
	if depth > maxYAMLDepth {
		w.fail(n, errTooDeep)
		return extent{}
	}
	if n.Anchor != "" {
		w.open[n] = true
		defer delete(w.open, n)
	}
	e := extent{size: 1, height: 1}
	for _, c := range n.Content {
		ce := w.walk(c, depth+1)
		e.size = min(e.size+ce.size, 1<<50)
		e.height = max(e.height, ce.height+1)
	}
	if n.Anchor != "" && w.err == nil {
		w.seen[n] = e
	}
	return e
}

// alias accounts for one alias: the copy of its target it stands for.
func (w *aliasScan) alias(n *yaml.Node, depth int) extent {
	if n.Alias == nil {
		return extent{size: 1, height: 1}
	}
	if w.open[n.Alias] {
		w.fail(n, errAliasLoop)
		return extent{}
	}
	e := w.walk(n.Alias, depth)
	switch {
	case w.err != nil:
	case depth+e.height > maxYAMLDepth:
		w.fail(n, errTooDeep)
	default:
		w.extra = min(w.extra+e.size-1, 1<<50)
		if w.extra > w.limit {
			w.fail(n, errExpansion)
		}
	}
	return e
}

func (w *aliasScan) fail(n *yaml.Node, err error) {
	if w.err == nil {
		w.err, w.line = err, n.Line
	}
}
