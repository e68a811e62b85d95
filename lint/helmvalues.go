package lint

import "strings"

// Helm values as Release.Values holds them: maps of string keys, lists and
// scalars, the way Helm reads YAML.

// MergeValues merges src into dst as Helm merges values files: maps merge,
// anything else replaces. src is deep-copied, so later merges never reach
// into it.
func MergeValues(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				MergeValues(dm, sm)
				continue
			}
		}
		dst[k] = CopyValue(v)
	}
}

// CopyValue deep-copies maps and lists of a values tree.
func CopyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = CopyValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = CopyValue(e)
		}
		return out
	}
	return v
}

// SplitSetName splits a --set / set{} name on unescaped dots
// ("a\.b.c" → "a.b", "c"). A backslash escapes the character after it,
// whatever it is, as Helm's strvals reads a key ("eks\.amazonaws\.com\/role-arn"
// is one key, "eks.amazonaws.com/role-arn").
func SplitSetName(name string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(name); i++ {
		switch {
		case name[i] == '\\' && i+1 < len(name):
			cur.WriteByte(name[i+1])
			i++
		case name[i] == '.':
			out = append(out, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(name[i])
		}
	}
	return append(out, cur.String())
}

// SetValuePath sets a value at a key path, creating maps on the way.
func SetValuePath(m map[string]any, path []string, v any) {
	for i, p := range path {
		if i == len(path)-1 {
			m[p] = v
			return
		}
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
}
