package extract

import (
	"hash/crc32"
	"sort"
	"strconv"

	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// setEntry is one set / set_sensitive / set_list element of a
// helm_release: its index as written, its object and its name.
type setEntry struct {
	i    int
	obj  cty.Value
	name string
	// unknownOrder: the provider's order of this element among others
	// setting the same name is unknown (a value known only at apply).
	unknownOrder bool
}

// sdkSetOrder orders a helm_release's set or set_sensitive blocks as the
// helm provider 2.x applies them. There they are a TypeSet of the plugin
// SDK (helm/resource_release.go at v2.15.0: getValues ranges over
// d.Get("set").(*schema.Set).List()), whose List() sorts the elements by
// the decimal text of their hash: the CRC-32 of
// "name:<name>;type:<type>;value:<value>;" (schema.HashResource). The
// order blocks are written in does not decide which of two blocks setting
// one name wins (terraform-provider-helm#1612); 3.x's list attribute,
// `set = [...]`, is applied in order. Elements whose hash is unknown keep
// their place; one that sets a name another element sets too is marked
// unknownOrder.
func sdkSetOrder(entries []setEntry, typed bool) []setEntry {
	type keyed struct {
		setEntry
		key string
		ok  bool
	}
	ks := make([]keyed, len(entries))
	unknown := map[string]bool{}
	count := map[string]int{}
	for i, e := range entries {
		key, ok := sdkSetHash(e.obj, typed)
		ks[i] = keyed{e, key, ok}
		count[e.name]++
		if !ok {
			unknown[e.name] = true
		}
	}
	known := make([]keyed, 0, len(ks))
	for _, k := range ks {
		if k.ok {
			known = append(known, k)
		}
	}
	sort.SliceStable(known, func(a, b int) bool { return known[a].key < known[b].key })
	out := make([]setEntry, 0, len(entries))
	next := 0
	for _, k := range ks {
		e := k.setEntry
		if k.ok {
			e = known[next].setEntry
			next++
		}
		e.unknownOrder = unknown[e.name] && count[e.name] > 1
		out = append(out, e)
	}
	return out
}

// sdkSetHash is the key the plugin SDK sorts a set element by; ok false
// when a part of it is known only at apply.
func sdkSetHash(obj cty.Value, typed bool) (string, bool) {
	attrs := []string{"name", "type", "value"}
	if !typed {
		attrs = []string{"name", "value"} // 1.x's set_string has no type
	}
	var text string
	for _, attr := range attrs {
		s, ok := sdkString(eval.GetAttr(obj, attr))
		if !ok {
			return "", false
		}
		text += attr + ":" + s + ";"
	}
	return strconv.Itoa(int(crc32.ChecksumIEEE([]byte(text)))), true
}

// sdkString is an attribute as the SDK holds a TypeString: null is "",
// a number or bool its text.
func sdkString(v cty.Value) (string, bool) {
	if v == cty.NilVal || v.IsNull() {
		return "", true
	}
	v, _ = v.UnmarkDeep()
	if !v.IsWhollyKnown() {
		return "", false
	}
	s, err := convert.Convert(v, cty.String)
	if err != nil || s.IsNull() {
		return "", false
	}
	return s.AsString(), true
}
