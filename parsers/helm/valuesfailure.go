package helm

import (
	"fmt"
	"github.com/faultline-dev/faultline/lint"
	"strings"
	tparse "text/template/parse"
)

// readsValuesAt says whether the action text (a chart template file)
// holds at line:col — the position Go's template engine names for an
// execution error, as in "x.yaml:1:14: executing … at <.Values.a.b>" —
// is a read of the chart's values: a field chain from .Values
// (`.Values.a.b`, `$.Values.a`). A nil pointer there is a value the
// rendering did not have; anywhere else (an include's recursion, a
// function's error) it is the chart's own failure.
func readsValuesAt(text string, line, col int) bool {
	const name = "t"
	trees, err := parseTemplate(name, text)
	if err != nil || line <= 0 || col <= 0 {
		return false
	}
	// ErrorContext counts the column from 0.
	want := fmt.Sprintf("%s:%d:%d", name, line, col-1)
	found := false
	for _, t := range trees {
		walkNodes(t.Root, func(n tparse.Node) {
			if found || !valuesRead(n) {
				return
			}
			if loc, _ := t.ErrorContext(n); loc == want {
				found = true
			}
		})
	}
	return found
}

// templateLineReadsValues is Rendered.ReadsValuesAt of a template of cd
// shown as file: a range in another file (an include's define) may read
// anything, so it counts as reading values.
func templateLineReadsValues(cd *chartData, template, file string) func(lint.Range) bool {
	return func(r lint.Range) bool {
		if r.File != file {
			return true
		}
		return lineReadsValues(string(cd.templateData(template)), r.Line)
	}
}

// lineReadsValues reports whether a template's text reads the chart's
// values (a field chain from .Values) on line.
func lineReadsValues(text string, line int) bool {
	const name = "t"
	trees, err := parseTemplate(name, text)
	if err != nil || line <= 0 {
		return true
	}
	prefix := fmt.Sprintf("%s:%d:", name, line)
	found := false
	for _, t := range trees {
		walkNodes(t.Root, func(n tparse.Node) {
			if found || !valuesRead(n) {
				return
			}
			if loc, _ := t.ErrorContext(n); strings.HasPrefix(loc, prefix) {
				found = true
			}
		})
	}
	return found
}

// valuesRead says n reads a field chain from the chart's values.
func valuesRead(n tparse.Node) bool {
	switch n := n.(type) {
	case *tparse.FieldNode:
		return len(n.Ident) > 0 && n.Ident[0] == "Values"
	case *tparse.VariableNode:
		return len(n.Ident) > 1 && n.Ident[0] == "$" && n.Ident[1] == "Values"
	}
	return false
}

// walkNodes calls f on n and every node below it.
func walkNodes(n tparse.Node, f func(tparse.Node)) {
	if n == nil {
		return
	}
	f(n)
	switch n := n.(type) {
	case *tparse.ListNode:
		if n != nil {
			for _, c := range n.Nodes {
				walkNodes(c, f)
			}
		}
	case *tparse.ActionNode:
		walkNodes(n.Pipe, f)
	case *tparse.PipeNode:
		if n != nil {
			for _, d := range n.Decl {
				walkNodes(d, f)
			}
			for _, c := range n.Cmds {
				walkNodes(c, f)
			}
		}
	case *tparse.CommandNode:
		for _, a := range n.Args {
			walkNodes(a, f)
		}
	case *tparse.ChainNode:
		walkNodes(n.Node, f)
	case *tparse.IfNode:
		walkBranch(&n.BranchNode, f)
	case *tparse.RangeNode:
		walkBranch(&n.BranchNode, f)
	case *tparse.WithNode:
		walkBranch(&n.BranchNode, f)
	case *tparse.TemplateNode:
		walkNodes(n.Pipe, f)
	}
}

// walkBranch walks an if, range or with node's pipeline and lists.
func walkBranch(b *tparse.BranchNode, f func(tparse.Node)) {
	walkNodes(b.Pipe, f)
	if b.List != nil {
		walkNodes(b.List, f)
	}
	if b.ElseList != nil {
		walkNodes(b.ElseList, f)
	}
}

// readsValues reports whether a template's text reads the chart's values
// anywhere (a field chain from .Values or $.Values): only then can what it
// renders depend on values faultline could not evaluate.
// templateReadsValues is readsValues of the chart's template name, worked
// out once per chart.
func (cd *chartData) templateReadsValues(name string) bool {
	if v, ok := cd.readsValues.Load(name); ok {
		return v.(bool)
	}
	reads := readsValues(string(cd.fileData(name)))
	cd.readsValues.Store(name, reads)
	return reads
}

func readsValues(text string) bool {
	trees, err := parseTemplate("t", text)
	if err != nil {
		return false
	}
	found := false
	for _, t := range trees {
		walkNodes(t.Root, func(n tparse.Node) {
			found = found || valuesRead(n)
		})
	}
	return found
}
