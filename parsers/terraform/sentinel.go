package terraform

import (
	"strconv"
	"strings"
	"sync"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
)

// Unknown references are evaluated as sentinel strings: a private-use
// character, the hole's number in base 36, another private-use character.
// User text never contains them, and cty carries them through templates,
// object keys, jsonencode, yamlencode and templatefile unchanged. After
// evaluation they are decoded back into lint holes; they never reach output.
const (
	sentinelOpen  = '\uE000'
	sentinelClose = '\uE001'
)

// holes numbers the unknown references of one evaluation.
type holes struct {
	mu    sync.Mutex
	refs  []lint.HoleRef
	index map[lint.HoleRef]int
}

func newHoles() *holes { return &holes{index: map[lint.HoleRef]int{}} }

// sentinel returns the sentinel string for ref, the same one each time.
func (h *holes) sentinel(ref lint.HoleRef) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.index[ref]
	if !ok {
		n = len(h.refs)
		h.refs = append(h.refs, ref)
		h.index[ref] = n
	}
	return string(sentinelOpen) + strconv.FormatInt(int64(n), 36) + string(sentinelClose)
}

// val returns the sentinel for ref as a cty string.
func (h *holes) val(ref lint.HoleRef) cty.Value { return cty.StringVal(h.sentinel(ref)) }

// anonymous returns a fresh hole that equals nothing (a transformed unknown).
func (h *holes) anonymous() string {
	h.mu.Lock()
	n := len(h.refs)
	h.refs = append(h.refs, lint.HoleRef{Object: "anonymous#" + strconv.Itoa(n), Anonymous: true})
	h.mu.Unlock()
	return string(sentinelOpen) + strconv.FormatInt(int64(n), 36) + string(sentinelClose)
}

func (h *holes) lookup(n int) (lint.HoleRef, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n < 0 || n >= len(h.refs) {
		return lint.HoleRef{}, false
	}
	return h.refs[n], true
}

// hasSentinel reports whether s contains a sentinel.
func hasSentinel(s string) bool { return strings.ContainsRune(s, sentinelOpen) }

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

// decode turns a sentinel-bearing string into a symbolic value.
func (h *holes) decode(s string) lint.Value {
	if !hasSentinel(s) {
		return lint.Known(s)
	}
	var segs []lint.Segment
	for s != "" {
		i := strings.IndexRune(s, sentinelOpen)
		if i < 0 {
			segs = append(segs, lint.Segment{Text: s})
			break
		}
		if i > 0 {
			segs = append(segs, lint.Segment{Text: s[:i]})
		}
		rest := s[i+len(string(sentinelOpen)):]
		j := strings.IndexRune(rest, sentinelClose)
		if j < 0 {
			return lint.Unknown()
		}
		n, err := strconv.ParseInt(rest[:j], 36, 64)
		ref, ok := h.lookup(int(n))
		if err != nil || !ok {
			return lint.Unknown()
		}
		r := ref
		segs = append(segs, lint.Segment{Ref: &r})
		s = rest[j+len(string(sentinelClose)):]
	}
	return lint.FromSegments(segs)
}

// toValue converts an evaluated cty value into a symbolic string value:
// unknown and null values are wholly unknown; numbers and bools print.
func (h *holes) toValue(v cty.Value) lint.Value {
	if v == cty.NilVal || !v.IsWhollyKnown() || v.IsNull() {
		return lint.Unknown()
	}
	v, _ = v.Unmark()
	switch v.Type() {
	case cty.String:
		return h.decode(v.AsString())
	case cty.Number:
		return lint.Known(v.AsBigFloat().Text('f', -1))
	case cty.Bool:
		return lint.Known(strconv.FormatBool(v.True()))
	}
	return lint.Unknown()
}

// anonymize replaces every sentinel in s by a fresh anonymous hole: the
// positions of unknown parts stay, but they no longer equal their source.
func (h *holes) anonymize(s string) string {
	if !hasSentinel(s) {
		return s
	}
	var b strings.Builder
	for s != "" {
		i := strings.IndexRune(s, sentinelOpen)
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		rest := s[i+len(string(sentinelOpen)):]
		j := strings.IndexRune(rest, sentinelClose)
		if j < 0 {
			break
		}
		b.WriteString(h.anonymous())
		s = rest[j+len(string(sentinelClose)):]
	}
	return b.String()
}
