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
// (`.Values.a.b`, `$.Values.a`), or from what holds a value read so (a
// variable declared from one: `range $k, $v := fromYaml .Values.jobs` …
// `$v.path`; the dot inside a range or with over one). A nil pointer
// there is a value the rendering did not have; anywhere else (an
// include's recursion, a function's error) it is the chart's own failure.
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
		walkValueReads(t.Root, valueScope{vars: map[string]bool{}}, func(n tparse.Node) {
			if loc, _ := t.ErrorContext(n); loc == want {
				found = true
			}
		})
	}
	return found
}

// valueScope is what holds values read from .Values where a node is: the
// dot (inside a range or with over such a read) and the variables
// declared from one. A name declared again later in the template is
// taken as the same variable: a failure is then a value's, not the
// chart's, which errs towards a note over FL000.
type valueScope struct {
	dot  bool
	vars map[string]bool
}

// walkValueReads calls f on every node below n that reads the chart's
// values (readsValuesAt's sense), with scope what holds them at n.
func walkValueReads(n tparse.Node, scope valueScope, f func(tparse.Node)) {
	switch n := n.(type) {
	case nil:
	case *tparse.FieldNode:
		if len(n.Ident) > 0 && (n.Ident[0] == "Values" || scope.dot) {
			f(n)
		}
	case *tparse.VariableNode:
		if len(n.Ident) > 1 && (n.Ident[0] == "$" && n.Ident[1] == "Values" || scope.vars[n.Ident[0]]) {
			f(n)
		}
	case *tparse.ListNode:
		if n != nil {
			for _, c := range n.Nodes {
				walkValueReads(c, scope, f)
			}
		}
	case *tparse.ActionNode:
		walkValueReads(n.Pipe, scope, f)
	case *tparse.PipeNode:
		if n == nil {
			return
		}
		reads := false
		for _, c := range n.Cmds {
			walkValueReads(c, scope, func(r tparse.Node) { reads = true; f(r) })
		}
		for _, d := range n.Decl {
			if len(d.Ident) > 0 && reads {
				scope.declare(d.Ident[0])
			}
		}
	case *tparse.CommandNode:
		for _, a := range n.Args {
			walkValueReads(a, scope, f)
		}
	case *tparse.ChainNode:
		reads := false
		walkValueReads(n.Node, scope, func(r tparse.Node) { reads = true; f(r) })
		if reads && len(n.Field) > 0 {
			f(n)
		}
	case *tparse.IfNode:
		walkValueBranch(&n.BranchNode, scope, false, f)
	case *tparse.RangeNode:
		walkValueBranch(&n.BranchNode, scope, true, f)
	case *tparse.WithNode:
		walkValueBranch(&n.BranchNode, scope, true, f)
	case *tparse.TemplateNode:
		walkValueReads(n.Pipe, scope, f)
	}
}

// declare records a variable declared from a value read; the map is
// shared with the scopes it was copied from, as a template's variables
// outlive the action that declares them to the end of its block.
func (s valueScope) declare(name string) { s.vars[name] = true }

// walkValueBranch walks an if, range or with node: its list sees the dot
// as a value read when setsDot (range, with) and its pipeline reads one.
func walkValueBranch(b *tparse.BranchNode, scope valueScope, setsDot bool, f func(tparse.Node)) {
	reads := false
	walkValueReads(b.Pipe, scope, func(r tparse.Node) { reads = true; f(r) })
	inner := scope
	if setsDot {
		inner.dot = reads
	}
	if b.List != nil {
		walkValueReads(b.List, inner, f)
	}
	if b.ElseList != nil {
		walkValueReads(b.ElseList, scope, f)
	}
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
