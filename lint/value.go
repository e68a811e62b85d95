package lint

import (
	"strings"
)

// HoleRef names the reference an unknown part of a Value came from: the
// object it belongs to (a Terraform address qualified by its root module
// directory, "var.x", "module.eks", …) and the attribute path read from it.
type HoleRef struct {
	// Object is the referenced object, e.g. "infra/prod:module.nodes.aws_iam_role.this".
	Object string
	// Path is the attribute path read from Object, e.g. "arn" or "vpc_config[0].id".
	Path string
	// Anonymous marks a hole derived from a reference by a transformation
	// (lower, replace, …): it keeps its position but equals nothing. Object
	// and Path then name the reference it was derived from when that is
	// known (its Origin), else Object is "anonymous#<n>".
	Anonymous bool
	// Via is, for an anonymous hole a function made of values it cannot
	// follow, that call written out the same in every run (the function,
	// its arguments, their holes as the references they stand for): two
	// holes with the same Via are the same value (substr(var.id, 0, 20)
	// twice). Empty for a hole that equals nothing.
	Via string
}

// String renders the reference as a user would write it, without the root
// module directory, and a manifest object as its kind and name, without
// the file and document it is in.
func (h HoleRef) String() string {
	obj := h.Object
	// The qualifier ends at the last colon before any instance key
	// (aws_iam_role.x["a:b"]).
	if i := qualifierEnd(obj); i >= 0 {
		obj = obj[i+1:]
	}
	obj = manifestObjectName(obj)
	if h.Path == "" {
		return obj
	}
	return obj + "." + h.Path
}

// Segment is one part of a Value: literal text, or a hole standing for an
// unknown value that came from Ref.
type Segment struct {
	Text string
	Ref  *HoleRef
}

// Value is a symbolic string: literal segments and holes. The zero Value is
// wholly unknown (no structure at all); Known("") is the empty string.
type Value struct {
	segs  []Segment
	valid bool
}

// Known returns a fully known value.
func Known(s string) Value { return Value{segs: []Segment{{Text: s}}, valid: true} }

// Unknown returns a value of which nothing is known.
func Unknown() Value { return Value{} }

// Hole returns a value that is exactly the unknown result of ref.
func Hole(ref HoleRef) Value {
	r := ref
	return Value{segs: []Segment{{Ref: &r}}, valid: true}
}

// Concat joins parts into one value. Any wholly unknown part makes the result
// wholly unknown.
func Concat(parts ...Value) Value {
	var out []Segment
	for _, p := range parts {
		if !p.valid {
			return Unknown()
		}
		out = append(out, p.segs...)
	}
	return FromSegments(out)
}

// FromSegments builds a value from segments, merging adjacent literals.
func FromSegments(segs []Segment) Value {
	out := make([]Segment, 0, len(segs))
	for _, s := range segs {
		if s.Ref == nil {
			if s.Text == "" {
				continue
			}
			if n := len(out); n > 0 && out[n-1].Ref == nil {
				out[n-1].Text += s.Text
				continue
			}
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		out = []Segment{{Text: ""}}
	}
	return Value{segs: out, valid: true}
}

// Segments returns the value's parts (nil when wholly unknown).
func (v Value) Segments() []Segment { return v.segs }

// IsUnknown reports whether nothing at all is known of v.
func (v Value) IsUnknown() bool { return !v.valid }

// IsKnown reports whether v is fully known.
func (v Value) IsKnown() bool {
	if !v.valid {
		return false
	}
	for _, s := range v.segs {
		if s.Ref != nil {
			return false
		}
	}
	return true
}

// Str returns the literal text of a fully known value and whether it is known.
func (v Value) Str() (string, bool) {
	if !v.IsKnown() {
		return "", false
	}
	var b strings.Builder
	for _, s := range v.segs {
		b.WriteString(s.Text)
	}
	return b.String(), true
}

// SoleRef returns the reference when v is exactly one hole.
func (v Value) SoleRef() (HoleRef, bool) {
	if v.valid && len(v.segs) == 1 && v.segs[0].Ref != nil && !v.segs[0].Ref.Anonymous {
		return *v.segs[0].Ref, true
	}
	return HoleRef{}, false
}

// SoleOrigin is the reference v was evaluated or derived from when v is
// exactly one hole that names one (HoleRef.Origin): SoleRef, or an
// anonymous hole a transformation (replace, trimprefix) derived from one.
func (v Value) SoleOrigin() (HoleRef, bool) {
	if !v.valid || len(v.segs) != 1 || v.segs[0].Ref == nil {
		return HoleRef{}, false
	}
	return v.segs[0].Ref.Origin()
}

// Refs returns the named references that v's holes came from.
func (v Value) Refs() []HoleRef {
	var out []HoleRef
	for _, s := range v.segs {
		if s.Ref != nil && !s.Ref.Anonymous {
			out = append(out, *s.Ref)
		}
	}
	return out
}

// String renders v for messages: literal text with holes as ${ref}; a wholly
// unknown value is "(unknown)".
func (v Value) String() string {
	if !v.valid {
		return "(unknown)"
	}
	var b strings.Builder
	for _, s := range v.segs {
		if s.Ref != nil {
			if s.Ref.Anonymous {
				b.WriteString("${…}")
			} else {
				b.WriteString("${" + s.Ref.String() + "}")
			}
			continue
		}
		b.WriteString(s.Text)
	}
	return b.String()
}

// Prefix returns the literal text before the first hole.
func (v Value) Prefix() string {
	if !v.valid || len(v.segs) == 0 || v.segs[0].Ref != nil {
		return ""
	}
	return v.segs[0].Text
}

// Suffix returns the literal text after the last hole.
func (v Value) Suffix() string {
	if !v.valid || len(v.segs) == 0 || v.segs[len(v.segs)-1].Ref != nil {
		return ""
	}
	return v.segs[len(v.segs)-1].Text
}

// TrimPrefixKnown removes a literal prefix when v provably starts with it.
func (v Value) TrimPrefixKnown(p string) (Value, bool) {
	if !v.valid || !strings.HasPrefix(v.Prefix(), p) {
		return v, false
	}
	segs := append([]Segment(nil), v.segs...)
	segs[0].Text = strings.TrimPrefix(segs[0].Text, p)
	return FromSegments(segs), true
}

// AfterLast returns the part of v after the last literal occurrence of sep
// ("arn:…:role/${x}/nodes" → "nodes", "arn:…:role/${var.name}" →
// "${var.name}"). Holes after that point are assumed not to contain sep.
func (v Value) AfterLast(sep string) (Value, bool) {
	if !v.valid {
		return v, false
	}
	for i := len(v.segs) - 1; i >= 0; i-- {
		s := v.segs[i]
		if s.Ref != nil {
			continue
		}
		j := strings.LastIndex(s.Text, sep)
		if j < 0 {
			continue
		}
		rest := append([]Segment{{Text: s.Text[j+len(sep):]}}, v.segs[i+1:]...)
		return FromSegments(rest), true
	}
	return v, false
}

// Tri is a three-valued comparison result.
type Tri int

// The three answers of a comparison.
const (
	Maybe Tri = iota // cannot be decided statically
	Yes              // provably the same
	No               // provably different
)

func (t Tri) String() string {
	switch t {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "maybe"
}

// Compare decides whether a and b are the same string: Yes when both are
// known and equal or are structurally the same references, No when their
// literal parts cannot match, Maybe otherwise.
func Compare(a, b Value) Tri {
	if !a.valid || !b.valid {
		return Maybe
	}
	if as, ok := a.Str(); ok {
		if bs, ok := b.Str(); ok {
			if as == bs {
				return Yes
			}
			return No
		}
		if matchPattern(b.segs, as) {
			return Maybe
		}
		return No
	}
	if _, ok := b.Str(); ok {
		return Compare(b, a)
	}
	if sameStructure(a, b) {
		return Yes
	}
	// Both have holes: compare the literal prefix and suffix.
	ap, bp := a.Prefix(), b.Prefix()
	if !strings.HasPrefix(ap, bp) && !strings.HasPrefix(bp, ap) {
		return No
	}
	as, bs := a.Suffix(), b.Suffix()
	if !strings.HasSuffix(as, bs) && !strings.HasSuffix(bs, as) {
		return No
	}
	return Maybe
}

func sameStructure(a, b Value) bool {
	if len(a.segs) != len(b.segs) {
		return false
	}
	for i := range a.segs {
		x, y := a.segs[i], b.segs[i]
		if (x.Ref == nil) != (y.Ref == nil) {
			return false
		}
		if x.Ref == nil {
			if x.Text != y.Text {
				return false
			}
			continue
		}
		if *x.Ref != *y.Ref || x.Ref.Anonymous && x.Ref.Via == "" {
			return false
		}
	}
	return true
}

// matchPattern reports whether s can be produced by segs with every hole
// standing for any string.
func matchPattern(segs []Segment, s string) bool {
	if len(segs) > 16 {
		return true // too many holes to decide cheaply: assume it may match
	}
	if len(segs) == 0 {
		return s == ""
	}
	first := segs[0]
	if first.Ref == nil {
		if !strings.HasPrefix(s, first.Text) {
			return false
		}
		return matchPattern(segs[1:], s[len(first.Text):])
	}
	rest := segs[1:]
	if len(rest) == 0 {
		return true
	}
	for i := 0; i <= len(s); i++ {
		if matchPattern(rest, s[i:]) {
			return true
		}
	}
	return false
}

// GlobMatch reports whether v matches a Karpenter selector's tag value
// or name, which Karpenter hands to EC2 as a filter value: "*" matches
// any run of characters, "?" any one, and a backslash escapes either
// ("*Public*", "dev-private-?"). A pattern without wildcards is compared
// as a value; one with holes and wildcards may match.
func GlobMatch(pattern, v Value) Tri {
	p, ok := pattern.Str()
	if !ok {
		for _, seg := range pattern.Segments() {
			if seg.Ref == nil && strings.ContainsAny(seg.Text, "*?") {
				if Compare(pattern, v) == Yes {
					return Yes
				}
				return Maybe
			}
		}
		return Compare(pattern, v)
	}
	if !strings.ContainsAny(p, "*?") {
		return Compare(pattern, v)
	}
	if s, ok := v.Str(); ok {
		if ec2Glob(p, s) {
			return Yes
		}
		return No
	}
	if v.IsUnknown() {
		return Maybe
	}
	// A value with holes: its literal start decides against the
	// pattern's literal start.
	lit := globPrefix(p)
	if vp := v.Prefix(); !strings.HasPrefix(vp, lit) && !strings.HasPrefix(lit, vp) {
		return No
	}
	return Maybe
}

// globPrefix is the literal text an EC2 filter pattern starts with, up to
// its first wildcard.
func globPrefix(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '*' || c == '?':
			return b.String()
		case c == '\\' && i+1 < len(p):
			i++
			b.WriteByte(p[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ec2Glob reports whether s matches EC2 filter pattern p ("*" any run,
// "?" one character, "\\" escaping the next), byte by byte; a star
// retried one byte further on a mismatch, so linear in practice.
func ec2Glob(p, s string) bool {
	px, sx := 0, 0
	starPx, starSx := -1, -1
	for px < len(p) || sx < len(s) {
		if px < len(p) {
			switch c := p[px]; {
			case c == '*':
				starPx, starSx = px, sx+1
				px++
				continue
			case c == '?':
				if sx < len(s) {
					px, sx = px+1, sx+1
					continue
				}
			case c == '\\' && px+1 < len(p):
				if sx < len(s) && s[sx] == p[px+1] {
					px, sx = px+2, sx+1
					continue
				}
			default:
				if sx < len(s) && s[sx] == c {
					px, sx = px+1, sx+1
					continue
				}
			}
		}
		if starPx >= 0 && starSx <= len(s) {
			px, sx = starPx+1, starSx
			starSx++
			continue
		}
		return false
	}
	return true
}

// CutLiteral splits v at the first sep in a literal part (holes are taken
// not to contain it): the parts before and after, and whether sep was
// found.
func (v Value) CutLiteral(sep byte) (before, after Value, found bool) {
	segs := v.Segments()
	for i, s := range segs {
		if s.Ref != nil {
			continue
		}
		j := strings.IndexByte(s.Text, sep)
		if j < 0 {
			continue
		}
		b := append(append([]Segment(nil), segs[:i]...), Segment{Text: s.Text[:j]})
		a := append([]Segment{{Text: s.Text[j+1:]}}, segs[i+1:]...)
		return FromSegments(b), FromSegments(a), true
	}
	return v, Unknown(), false
}

// manifestObjectName is a manifest object's address (FILE#DOC/KIND/NAME,
// as the manifest parsers make it) without its file and document, and
// any other address unchanged.
func manifestObjectName(obj string) string {
	head := obj
	if k := strings.IndexAny(head, `["`); k >= 0 {
		head = head[:k]
	}
	i := strings.LastIndexByte(head, '#')
	if i < 0 {
		return obj
	}
	doc, rest, ok := strings.Cut(obj[i+1:], "/")
	if !ok || doc == "" || rest == "" || strings.Trim(doc, "0123456789") != "" {
		return obj
	}
	return rest
}

// MayBeOneOf reports whether the known string s may be one of vals
// (values known in part, such as tag keys built from a name not known).
func MayBeOneOf(s string, vals []Value) bool {
	k := Known(s)
	for _, v := range vals {
		if Compare(k, v) != No {
			return true
		}
	}
	return false
}
