package terraform

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// exprFacts are what evaluating an expression asks of its syntax every
// time: the variables it reads and whether it holds an == or != anywhere
// (without one it cannot compare a hole). They depend on the syntax tree
// alone, so a module works them out once per expression, for every
// instance and every root that evaluates it.
type exprFacts struct {
	vars     []hcl.Traversal
	equality bool
}

func factsOf(expr hcl.Expression) *exprFacts {
	f := &exprFacts{vars: expr.Variables()}
	if se, ok := expr.(hclsyntax.Expression); ok {
		f.equality = hasEquality(se)
	}
	return f
}

// facts are the facts of expr, kept by m when expr is written in one of
// its files (an expression of another module is worked out each time: m
// must not keep another module's syntax alive). The variables are shared:
// callers only read them.
func (m *module) facts(expr hcl.Expression) *exprFacts {
	if f, ok := m.exprFacts.Load(expr); ok {
		return f.(*exprFacts)
	}
	f := factsOf(expr)
	if _, own := m.src[expr.Range().Filename]; own {
		m.exprFacts.Store(expr, f)
	}
	return f
}
