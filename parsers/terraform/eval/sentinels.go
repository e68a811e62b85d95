package eval

import (
	"reflect"

	"github.com/faultline-dev/faultline/lint"
)

// A root's output holds sentinels (lint.Holes) in its strings — release
// values, embedded YAML, names not yet decoded — numbered by the run that
// evaluated it. An output kept for a later run is renumbered into that
// run's holes: ExportHoles lists what its sentinels stand for, and
// RenumberHoles rewrites them (lint.Holes.Import gives the new numbers).

// HoleCodec is the session's hole numbering.
func (l *Session) HoleCodec() *lint.Holes { return l.holes() }

// ExportHoles lists the holes o's strings hold, by sentinel.
func ExportHoles(o *RootOutput, h *lint.Holes) map[string]lint.PortableHole {
	out := map[string]lint.PortableHole{}
	walkStrings(reflect.ValueOf(o).Elem(), func(s string) string {
		h.Export(s, out)
		return s
	}, false)
	return out
}

// RenumberHoles rewrites every sentinel in o's strings by renumber.
func RenumberHoles(o *RootOutput, renumber map[string]string) {
	walkStrings(reflect.ValueOf(o).Elem(), func(s string) string {
		return lint.Renumber(s, renumber)
	}, true)
}

// walkStrings calls f on every string reachable from v through exported
// fields, pointers, interfaces, slices, arrays and map keys and values
// (and on the text of every byte slice),
// and with set stores what f returns (v must be addressable). Unexported
// fields hold no sentinel (lint.Value holds decoded holes).
func walkStrings(v reflect.Value, f func(string) string, set bool) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); lint.HasSentinel(s) {
			if n := f(s); set && n != s {
				v.SetString(n)
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			walkStrings(v.Elem(), f, set)
		}
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		c := reflect.New(v.Elem().Type()).Elem()
		c.Set(v.Elem())
		walkStrings(c, f, set)
		if set {
			v.Set(c)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).IsExported() {
				walkStrings(v.Field(i), f, set)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			walkBytes(v, f, set)
			return
		}
		for i := range v.Len() {
			walkStrings(v.Index(i), f, set)
		}
	case reflect.Map:
		walkMap(v, f, set)
	}
}

// walkBytes is walkStrings of a byte slice (YAML an Embedded holds).
func walkBytes(v reflect.Value, f func(string) string, set bool) {
	if s := string(v.Bytes()); lint.HasSentinel(s) {
		if n := f(s); set && n != s {
			v.SetBytes([]byte(n))
		}
	}
}

// walkMap is walkStrings of a map: each key and value is walked as a
// copy, and set back when set.
func walkMap(v reflect.Value, f func(string) string, set bool) {
	if v.IsNil() {
		return
	}
	keys := v.MapKeys()
	for _, k := range keys {
		val := reflect.New(v.Type().Elem()).Elem()
		val.Set(v.MapIndex(k))
		walkStrings(val, f, set)
		nk := reflect.New(k.Type()).Elem()
		nk.Set(k)
		walkStrings(nk, f, set)
		if !set {
			continue
		}
		if !nk.Equal(k) {
			v.SetMapIndex(k, reflect.Value{})
		}
		v.SetMapIndex(nk, val)
	}
}
