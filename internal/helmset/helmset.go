// Package helmset applies a `--set NAME=VALUE` to release values the way
// Helm's strvals does: NAME's dots are keys (a backslash escapes one) and
// its `[N]` suffixes are list indices (tolerations[0].key sets a key of the
// list's first element, making the list when it is not there), over the
// values the release already has.
package helmset

import (
	"strings"

	"helm.sh/helm/v3/pkg/strvals"
)

// token stands for the value while strvals walks NAME: letters and digits
// only, so strvals reads it as one plain string.
const token = "faultlinesetvalue7f3a9c"

// Set puts v at name in values as `helm --set` does (strvals.ParseInto
// over the values the release already has), with v already typed as the
// caller wants it (faultline's values may hold holes strvals must not
// read). It reports false, changing nothing, when strvals refuses name
// (Helm fails the release then) or name holds the token.
func Set(values map[string]any, name string, v any) bool {
	if strings.Contains(name, token) {
		return false
	}
	scratch := deepCopy(values).(map[string]any)
	if err := strvals.ParseIntoString(name+"="+token, scratch); err != nil {
		return false
	}
	if !replace(scratch, v) {
		return false
	}
	clear(values)
	for k, x := range scratch {
		values[k] = x
	}
	return true
}

// replace puts v where the token is in x (once); false when it is not.
func replace(x any, v any) bool {
	switch c := x.(type) {
	case map[string]any:
		for k, e := range c {
			if s, ok := e.(string); ok && s == token {
				c[k] = v
				return true
			}
			if replace(e, v) {
				return true
			}
		}
	case []any:
		for i, e := range c {
			if s, ok := e.(string); ok && s == token {
				c[i] = v
				return true
			}
			if replace(e, v) {
				return true
			}
		}
	}
	return false
}

// deepCopy copies the maps and lists of x (strvals changes them in
// place; a refused name must leave the values as they were).
func deepCopy(x any) any {
	switch c := x.(type) {
	case map[string]any:
		out := make(map[string]any, len(c))
		for k, e := range c {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(c))
		for i, e := range c {
			out[i] = deepCopy(e)
		}
		return out
	}
	return x
}
