package eval

import (
	"strconv"
	"sync/atomic"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// Holes adds the cty side to the run's sentinel codec; anons counts the
// fresh anonymous holes one root's evaluation made (nil: not counted).
type Holes struct {
	*lint.Holes
	anons *atomic.Int64
}

// made is how many fresh anonymous holes h has made.
func (h Holes) made() int64 {
	if h.anons == nil {
		return 0
	}
	return h.anons.Load()
}

func (h Holes) count() {
	if h.anons != nil {
		h.anons.Add(1)
	}
}

// val returns the sentinel for ref as a cty string.
func (h Holes) val(ref lint.HoleRef) cty.Value { return cty.StringVal(h.Sentinel(ref)) }

func hasSentinel(s string) bool { return lint.HasSentinel(s) }

func (h Holes) decode(s string) lint.Value { return h.Decode(s) }

func (h Holes) anonymize(s string) string {
	if hasSentinel(s) {
		h.count()
	}
	return h.Anonymize(s)
}

// anon is one fresh anonymous hole as a string value: what a string
// function returns for an argument with holes it cannot follow.
func (h Holes) anon() cty.Value {
	h.count()
	return cty.StringVal(h.Anonymous())
}

// derived is what a string function that cannot follow a hole returns for
// s: when s is exactly one named reference (aws_eks_cluster.x.identity[0].
// oidc[0].issuer), an anonymous hole that keeps it as its origin — it
// equals nothing, but a rule can still tell what it was derived from
// (replace(<issuer>, "https://", "") is an EKS cluster's issuer); else a
// fresh anonymous hole; a hole derived so is derived again from what it
// was. The same s always gives the same hole, so an evaluation that makes
// one is repeatable.
func (h Holes) derived(s string) cty.Value {
	// SoleOrigin, not SoleRef: a value derived twice (the IRSA module's
	// replace of an issuer the eks module already trimmed) keeps it.
	if ref, ok := h.decode(s).SoleOrigin(); ok {
		ref.Anonymous = true
		return h.val(ref)
	}
	return h.anon()
}

// valueHasSentinel reports whether v holds a sentinel anywhere (strings,
// object and map keys).
func valueHasSentinel(v cty.Value) bool {
	found := false
	_ = cty.Walk(v, func(_ cty.Path, x cty.Value) (bool, error) {
		if found || !x.IsKnown() || x.IsNull() {
			return false, nil
		}
		ty := x.Type()
		switch {
		case ty == cty.String:
			if hasSentinel(x.AsString()) {
				found = true
			}
		case ty.IsObjectType():
			for k := range ty.AttributeTypes() {
				if hasSentinel(k) {
					found = true
				}
			}
		case ty.IsMapType():
			for it := x.ElementIterator(); it.Next(); {
				k, _ := it.Element()
				if hasSentinel(k.AsString()) {
					found = true
				}
			}
		}
		return !found, nil
	})
	return found
}

// ToValue converts an evaluated cty value into a symbolic string value:
// unknown and null values are wholly unknown; numbers and bools print.
func (h Holes) ToValue(v cty.Value) lint.Value {
	if v == cty.NilVal || !v.IsWhollyKnown() || v.IsNull() {
		return lint.Unknown()
	}
	v, _ = v.Unmark()
	switch v.Type() {
	case cty.String:
		return h.Decode(v.AsString())
	case cty.Number:
		return lint.Known(v.AsBigFloat().Text('f', -1))
	case cty.Bool:
		return lint.Known(strconv.FormatBool(v.True()))
	}
	return lint.Unknown()
}
