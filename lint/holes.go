package lint

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
)

// Unknown references travel through evaluation as sentinel strings: a
// private-use character, the hole's number in base 36, another private-use
// character. User text never contains them; cty carries them through
// templates, object keys, jsonencode, yamlencode and templatefile, Helm
// carries them through values and templates, and YAML keeps them in
// scalars and keys. Readers decode them back into holes with the run's
// Holes; they never reach output.
const (
	sentinelOpen  = '\uE000'
	sentinelClose = '\uE001'
)

// Holes numbers the unknown references of one run. It is safe for
// concurrent use; one Holes serves every parser of a run so a sentinel made
// by the Terraform evaluator decodes in a rendered chart.
//
// A run makes hundreds of thousands of holes and keeps every one (a
// sentinel may be decoded by a later parser), so a hole is stored as two
// numbers: its object and its path, each interned once (a few thousand
// distinct objects, a few hundred paths). The holes of one object are
// chained (an object has a few paths), instead of a map of every hole;
// the holes a call makes (HoleRef.Via) are chained by the call.
type Holes struct {
	mu   sync.Mutex
	refs []holeEntry
	// next is, by hole, the next hole of its object, plus one (0: none);
	// first is, by string number, the first hole of that object, plus one.
	next  []uint32
	first []uint32
	strs  []string
	ids   map[string]uint32
}

// holeEntry is one hole: the interned object and path; obj is anonObject
// for a fresh anonymous hole, and anonFlag is set in path for an
// anonymous reference made by name; via is the interned HoleRef.Via plus
// one (0: none).
type holeEntry struct{ obj, path, via uint32 }

const (
	// anonObject marks a fresh anonymous hole, whose object is its number.
	anonObject = ^uint32(0)
	// anonFlag marks, in a path, a named reference that is anonymous.
	anonFlag = uint32(1) << 31
)

// NewHoles returns an empty codec.
func NewHoles() *Holes {
	return &Holes{ids: map[string]uint32{}}
}

// intern is the number of s in the string table (h.mu held).
func (h *Holes) intern(s string) uint32 {
	if n, ok := h.ids[s]; ok {
		return n
	}
	n := uint32(len(h.strs))
	h.strs = append(h.strs, s)
	h.first = append(h.first, 0)
	h.ids[s] = n
	return n
}

// sentinelDigits is the width every hole number is written in (zeros in
// front): a sentinel's length does not depend on its number, so the
// sentinels of an output kept from an earlier run are renumbered into
// this run's holes without moving any column (Import). 36^5 holes are
// about 60 million; a run making more writes wider numbers.
const sentinelDigits = 5

// sentinel is the sentinel string of hole number n.
func sentinel(n int) string {
	digits := strconv.FormatInt(int64(n), 36)
	if pad := sentinelDigits - len(digits); pad > 0 {
		digits = strings.Repeat("0", pad) + digits
	}
	return string(sentinelOpen) + digits + string(sentinelClose)
}

// Sentinel returns the sentinel string for ref, the same one each time.
func (h *Holes) Sentinel(ref HoleRef) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	e := holeEntry{obj: h.intern(ref.Object), path: h.intern(ref.Path)}
	if ref.Anonymous {
		e.path |= anonFlag
	}
	if ref.Via != "" {
		e.via = h.intern(ref.Via) + 1
	}
	// Holes are chained by object, a call's by its Via: the holes
	// several calls make of one reference do not lengthen its chain.
	chain := e.obj
	if e.via != 0 {
		chain = e.via - 1
	}
	for n := h.first[chain]; n != 0; n = h.next[n-1] {
		if h.refs[n-1] == e {
			return sentinel(int(n - 1))
		}
	}
	n := len(h.refs)
	h.refs = append(h.refs, e)
	h.next = append(h.next, h.first[chain])
	h.first[chain] = uint32(n + 1)
	return sentinel(n)
}

// Anonymous returns a fresh hole that equals nothing: the result of a
// function that transformed an unknown in a way faultline cannot follow,
// kept in place so the literal text around it survives.
func (h *Holes) Anonymous() string { return h.anonymous() }

// anonymous returns a fresh hole that equals nothing (a transformed unknown).
func (h *Holes) anonymous() string {
	h.mu.Lock()
	n := len(h.refs)
	h.refs = append(h.refs, holeEntry{obj: anonObject})
	h.next = append(h.next, 0)
	h.mu.Unlock()
	return sentinel(n)
}

func (h *Holes) lookup(n int) (HoleRef, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n < 0 || n >= len(h.refs) {
		return HoleRef{}, false
	}
	e := h.refs[n]
	if e.obj == anonObject {
		return HoleRef{Object: "anonymous#" + strconv.Itoa(n), Anonymous: true}, true
	}
	ref := HoleRef{Object: h.strs[e.obj], Path: h.strs[e.path&^anonFlag], Anonymous: e.path&anonFlag != 0}
	if e.via != 0 {
		ref.Via = h.strs[e.via-1]
	}
	return ref, true
}

// HasSentinel reports whether s contains a sentinel.
func HasSentinel(s string) bool { return strings.ContainsRune(s, sentinelOpen) }

// IsHole reports whether s is one sentinel and nothing else: an unknown
// value whose type is not known either (a resource attribute known only
// after apply), not a string built around one.
func IsHole(s string) bool {
	rest, ok := strings.CutPrefix(s, string(sentinelOpen))
	return ok && strings.IndexRune(rest, sentinelClose) == len(rest)-len(string(sentinelClose)) && !strings.ContainsRune(rest, sentinelOpen)
}

// HasSentinelBytes is HasSentinel of a text held as bytes, without
// copying it into a string.
func HasSentinelBytes(b []byte) bool { return bytes.ContainsRune(b, sentinelOpen) }

// Decode turns a sentinel-bearing string into a symbolic value.
func (h *Holes) Decode(s string) Value {
	if !HasSentinel(s) {
		return Known(s)
	}
	var segs []Segment
	for s != "" {
		i := strings.IndexRune(s, sentinelOpen)
		if i < 0 {
			segs = append(segs, Segment{Text: s})
			break
		}
		if i > 0 {
			segs = append(segs, Segment{Text: s[:i]})
		}
		rest := s[i+len(string(sentinelOpen)):]
		j := strings.IndexRune(rest, sentinelClose)
		if j < 0 {
			return Unknown()
		}
		n, err := strconv.ParseInt(rest[:j], 36, 64)
		ref, ok := h.lookup(int(n))
		if err != nil || !ok {
			return Unknown()
		}
		r := ref
		segs = append(segs, Segment{Ref: &r})
		s = rest[j+len(string(sentinelClose)):]
	}
	return FromSegments(segs)
}

// Anonymize replaces every sentinel in s by a fresh anonymous hole: the
// positions of unknown parts stay, but they no longer equal their source.
func (h *Holes) Anonymize(s string) string {
	if !HasSentinel(s) {
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

// LiteralPrefix returns the text of s before its first sentinel (all of s
// when it has none).
func LiteralPrefix(s string) string {
	if i := strings.IndexRune(s, sentinelOpen); i >= 0 {
		return s[:i]
	}
	return s
}

// LiteralSuffix returns the text of s after its last sentinel.
func LiteralSuffix(s string) string {
	if i := strings.LastIndex(s, string(sentinelClose)); i >= 0 {
		return s[i+len(string(sentinelClose)):]
	}
	return s
}

// Len is how many holes h has numbered: every hole made later has a
// number at least Len.
func (h *Holes) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.refs)
}

// PortableHole is a hole of one run as another run can number it: the
// reference, or Fresh for an anonymous hole that equals nothing.
type PortableHole struct {
	Ref   HoleRef
	Fresh bool
}

// Export adds to into the holes whose sentinels s holds, by sentinel: what
// another run needs to number them (Import).
func (h *Holes) Export(s string, into map[string]PortableHole) {
	for s != "" {
		i := strings.IndexRune(s, sentinelOpen)
		if i < 0 {
			return
		}
		rest := s[i+len(string(sentinelOpen)):]
		j := strings.IndexRune(rest, sentinelClose)
		if j < 0 {
			return
		}
		text := s[i : i+len(string(sentinelOpen))+j+len(string(sentinelClose))]
		s = rest[j+len(string(sentinelClose)):]
		if _, done := into[text]; done {
			continue
		}
		n, err := strconv.ParseInt(rest[:j], 36, 64)
		if err != nil {
			continue
		}
		h.mu.Lock()
		fresh := n >= 0 && int(n) < len(h.refs) && h.refs[n].obj == anonObject
		h.mu.Unlock()
		if ref, ok := h.lookup(int(n)); ok {
			into[text] = PortableHole{Ref: ref, Fresh: fresh}
		}
	}
}

// Import numbers in h the holes of another run (Export): the sentinel each
// old sentinel becomes — the same hole for a reference, a new anonymous
// hole for a fresh one. ok is false when a new sentinel is not as long as
// the old (more holes than sentinelDigits writes): a text renumbered with
// it would move its columns.
func (h *Holes) Import(holes map[string]PortableHole) (renumber map[string]string, ok bool) {
	renumber = make(map[string]string, len(holes))
	for old, p := range holes {
		var s string
		if p.Fresh {
			s = h.anonymous()
		} else {
			s = h.Sentinel(p.Ref)
		}
		if len(s) != len(old) {
			return nil, false
		}
		renumber[old] = s
	}
	return renumber, true
}

// Renumber replaces each sentinel of s that renumber names.
func Renumber(s string, renumber map[string]string) string {
	return MapSentinels(s, func(text string) string {
		if n, ok := renumber[text]; ok {
			return n
		}
		return text
	})
}

// MapSentinels replaces each sentinel of s, in order, by what f makes of
// it; the text around them is kept.
func MapSentinels(s string, f func(sentinel string) string) string {
	if !HasSentinel(s) {
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
			b.WriteString(s[i:])
			break
		}
		b.WriteString(f(s[i : i+len(string(sentinelOpen))+j+len(string(sentinelClose))]))
		s = rest[j+len(string(sentinelClose)):]
	}
	return b.String()
}

// Portable replaces each sentinel of s by what it stands for, written out
// (the reference, or a mark for a fresh anonymous hole): the same text in
// every run, for digests of values that hold holes.
func (h *Holes) Portable(s string) string {
	if !HasSentinel(s) {
		return s
	}
	holes := map[string]PortableHole{}
	h.Export(s, holes)
	out := s
	for text, p := range holes {
		w := "\uE002" + p.Ref.Object + "\x1f" + p.Ref.Path
		switch {
		case p.Fresh:
			w = "\uE002fresh"
		case p.Ref.Via != "":
			w += "\x1fvia\x1f" + p.Ref.Via
		case p.Ref.Anonymous:
			w += "\x1fanonymous"
		}
		out = strings.ReplaceAll(out, text, w+"\uE003")
	}
	return out
}

// PortableNamed is Portable of s when every hole of s stands for a
// reference (named, or derived by a call: HoleRef.Via); false when one is
// an anonymous hole that equals nothing, which no other text can name.
func (h *Holes) PortableNamed(s string) (string, bool) {
	holes := map[string]PortableHole{}
	h.Export(s, holes)
	for _, p := range holes {
		if p.Fresh || p.Ref.Anonymous && p.Ref.Via == "" {
			return "", false
		}
	}
	return h.Portable(s), true
}
