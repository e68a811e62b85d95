package eval

import (
	"strings"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// toSetFunc is toset: strings with holes make a set as they are when each
// two of them are certainly equal (the same text) or certainly different
// (their literal starts or ends disagree), so the set's size is known —
// toset(["arn:${partition}:iam::aws:policy/A", "arn:${partition}:…/B"]) has
// two elements, and a for_each over it two instances. Anything else with
// holes stays unknown.
func (e *FuncEnv) toSetFunc() function.Function {
	base := stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType))
	guarded := e.wrap("toset", base, opaque)
	return function.New(&function.Spec{
		Params: base.Params(),
		Type:   base.ReturnTypeForValues,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if certainlyDistinctStrings(args[0]) {
				return base.Call(args)
			}
			return guarded.Call(args)
		},
	})
}

// distinctFunc is distinct() over strings with holes: known when every two
// different strings cannot become equal once their holes are filled (the
// same rule as toset), else unknown.
func (e *FuncEnv) distinctFunc() function.Function {
	base := stdlib.DistinctFunc
	guarded := e.wrap("distinct", base, opaque)
	return function.New(&function.Spec{
		Params: base.Params(),
		Type:   base.ReturnTypeForValues,
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if certainlyDistinctStrings(args[0]) {
				return base.Call(args)
			}
			return guarded.Call(args)
		},
	})
}

// maxPairwise bounds the strings compared two by two; a longer list with
// holes stays unknown.
const maxPairwise = 256

// certainlyDistinctStrings reports whether v is a known collection of
// known strings where every two different strings cannot become equal
// once their holes are filled.
func certainlyDistinctStrings(v cty.Value) bool {
	if !v.IsWhollyKnown() || v.IsNull() || !v.CanIterateElements() || v.LengthInt() > maxPairwise {
		return false
	}
	var ss []string
	for it := v.ElementIterator(); it.Next(); {
		_, x := it.Element()
		if x.IsNull() || x.Type() != cty.String {
			return false
		}
		ss = append(ss, x.AsString())
	}
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			if ss[i] != ss[j] && (hasSentinel(ss[i]) || hasSentinel(ss[j])) && !literalsDisagree(ss[i], ss[j]) {
				return false
			}
		}
	}
	return true
}

// literalsDisagree reports whether two strings with holes can never be
// equal: their literal prefixes or suffixes conflict.
func literalsDisagree(a, b string) bool {
	pa, pb := lint.LiteralPrefix(a), lint.LiteralPrefix(b)
	if !strings.HasPrefix(pa, pb) && !strings.HasPrefix(pb, pa) {
		return true
	}
	sa, sb := lint.LiteralSuffix(a), lint.LiteralSuffix(b)
	return !strings.HasSuffix(sa, sb) && !strings.HasSuffix(sb, sa)
}
