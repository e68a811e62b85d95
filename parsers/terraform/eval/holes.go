package eval

import (
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
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

// derived is what the string function name, called with args, returns
// when it cannot follow a hole in s, its first: when s is exactly one
// named reference (aws_eks_cluster.x.identity[0].oidc[0].issuer), an
// anonymous hole that keeps it as its origin — a rule can still tell what
// it was derived from (replace(<issuer>, "https://", "") is an EKS
// cluster's issuer) — and names the call (called); else what called
// returns; a hole derived so is derived again from what it was. The same
// call always gives the same hole, so an evaluation that makes one is
// repeatable.
func (h Holes) derived(s string, name string, args []cty.Value) cty.Value {
	// SoleOrigin, not SoleRef: a value derived twice (the IRSA module's
	// replace of an issuer the eks module already trimmed) keeps it.
	if ref, ok := h.decode(s).SoleOrigin(); ok {
		ref.Anonymous = true
		ref.Via, _ = h.via(name, args)
		return h.val(ref)
	}
	return h.called(name, args)
}

// called is the string a call of the function name with args returns when
// it cannot follow the holes among them: a hole naming the call
// (lint.HoleRef.Via), which equals the same call made elsewhere
// (substr(var.id, 0, 20) in two names), when every hole among the
// arguments stands for a reference; else a fresh anonymous hole.
func (h Holes) called(name string, args []cty.Value) cty.Value {
	if via, ok := h.via(name, args); ok {
		return h.val(lint.HoleRef{Anonymous: true, Via: via})
	}
	return h.anon()
}

// perHole is s, a string with holes, with lit applied to its literal text
// and each hole replaced by the hole of the function name over it, with
// more as its other arguments (called): what a function that maps the
// parts of a string one by one (lower, upper, a one-character replace)
// makes of it.
func (h Holes) perHole(s string, lit func(string) string, name string, more ...cty.Value) string {
	var b strings.Builder
	rest := s
	lint.MapSentinels(s, func(sentinel string) string {
		i := strings.Index(rest, sentinel)
		b.WriteString(lit(rest[:i]))
		args := append([]cty.Value{cty.StringVal(sentinel)}, more...)
		b.WriteString(h.called(name, args).AsString())
		rest = rest[i+len(sentinel):]
		return sentinel
	})
	b.WriteString(lit(rest))
	return b.String()
}

// via is the call of the function name with args written out the same in
// every run (lint.HoleRef.Via): its arguments as JSON, their holes as the
// references they stand for; false when an argument is not known or holds
// a hole that stands for none.
func (h Holes) via(name string, args []cty.Value) (string, bool) {
	if h.Holes == nil {
		return "", false
	}
	var b strings.Builder
	b.WriteString(name)
	b.WriteByte('(')
	for i, a := range args {
		if a.IsMarked() || !a.IsWhollyKnown() {
			return "", false
		}
		if i > 0 {
			b.WriteString(", ")
		}
		if a.Type() == cty.String && !a.IsNull() {
			p, ok := h.PortableNamed(a.AsString())
			if !ok {
				return "", false
			}
			b.WriteString(strconv.Quote(p))
			continue
		}
		if valueHasSentinel(a) {
			return "", false
		}
		j, err := ctyjson.Marshal(a, a.Type())
		if err != nil {
			return "", false
		}
		b.Write(j)
	}
	b.WriteByte(')')
	return b.String(), true
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
