package eval

import (
	"reflect"

	"github.com/faultline-dev/faultline/lint"
)

var holeRefType = reflect.TypeOf(lint.HoleRef{})

// holdsHole reports whether v, a model value walked by reflection (an
// entity), holds a HoleRef for which match (its object, whether it is
// anonymous) is true; with text set, also whether it holds a string
// (a release's values keep their sentinels as written) text is true for.
func holdsHole(v reflect.Value, match func(obj string, anonymous bool) bool, text func(string) bool) bool {
	switch v.Kind() {
	case reflect.String:
		return text != nil && text(v.String())
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && holdsHole(v.Elem(), match, text)
	case reflect.Struct:
		if v.Type() == holeRefType {
			return match(v.FieldByName("Object").String(), v.FieldByName("Anonymous").Bool())
		}
		for i := 0; i < v.NumField(); i++ {
			if holdsHole(v.Field(i), match, text) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if holdsHole(v.Index(i), match, text) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if holdsHole(it.Key(), match, text) || holdsHole(it.Value(), match, text) {
				return true
			}
		}
	}
	return false
}
