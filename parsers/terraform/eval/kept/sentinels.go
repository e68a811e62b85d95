package kept

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"sync"

	"github.com/faultline-dev/faultline/lint"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// A root's output holds sentinels (lint.Holes) in its strings — release
// values, embedded YAML, names not yet decoded — numbered by the run that
// evaluated it. An output kept for a later run is renumbered into that
// run's holes: ExportHoles lists what its sentinels stand for, and
// RenumberHoles rewrites them (lint.Holes.Import gives the new numbers).

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
	if len(renumber) == 0 {
		return // no sentinel to rewrite
	}
	walkStrings(reflect.ValueOf(o).Elem(), func(s string) string {
		return lint.Renumber(s, renumber)
	}, true)
}

// holdsSentinel reports whether a string reachable from v as walkStrings
// walks it holds a sentinel: what is worth copying to rewrite.
func holdsSentinel(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		return lint.HasSentinel(v.String())
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && holdsSentinel(v.Elem())
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			if t.Field(i).IsExported() && holdsSentinel(v.Field(i)) {
				return true
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return lint.HasSentinelBytes(v.Bytes())
		}
		for i := range v.Len() {
			if holdsSentinel(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if holdsSentinel(it.Key()) || holdsSentinel(it.Value()) {
				return true
			}
		}
	}
	return false
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
		if v.IsNil() || !holdsSentinel(v.Elem()) {
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
		if !holdsSentinel(k) && !holdsSentinel(v.MapIndex(k)) {
			continue
		}
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

// MapValueStrings is v with f applied to every known string in it, map
// keys included; an object attribute name holding a sentinel cannot be
// rewritten (an error).
func MapValueStrings(v cty.Value, f func(string) string) (cty.Value, error) {
	if !v.IsKnown() || v.IsNull() {
		return v, nil
	}
	ty := v.Type()
	switch {
	case ty == cty.String:
		if s := v.AsString(); lint.HasSentinel(s) {
			return cty.StringVal(f(s)), nil
		}
		return v, nil
	case ty.IsPrimitiveType() || ty == cty.DynamicPseudoType || ty.IsCapsuleType():
		return v, nil
	case ty.IsObjectType():
		attrs := map[string]cty.Value{}
		for name, av := range v.AsValueMap() {
			if lint.HasSentinel(name) {
				return cty.NilVal, fmt.Errorf("object attribute %q holds a hole", name)
			}
			nv, err := MapValueStrings(av, f)
			if err != nil {
				return cty.NilVal, err
			}
			attrs[name] = nv
		}
		return cty.ObjectVal(attrs), nil
	case ty.IsMapType():
		if v.LengthInt() == 0 {
			return v, nil
		}
		elems := map[string]cty.Value{}
		for k, ev := range v.AsValueMap() {
			nv, err := MapValueStrings(ev, f)
			if err != nil {
				return cty.NilVal, err
			}
			if lint.HasSentinel(k) {
				k = f(k)
			}
			elems[k] = nv
		}
		return cty.MapVal(elems), nil
	case ty.IsListType() || ty.IsSetType() || ty.IsTupleType():
		if v.LengthInt() == 0 {
			return v, nil
		}
		var elems []cty.Value
		for it := v.ElementIterator(); it.Next(); {
			_, ev := it.Element()
			nv, err := MapValueStrings(ev, f)
			if err != nil {
				return cty.NilVal, err
			}
			elems = append(elems, nv)
		}
		switch {
		case ty.IsListType():
			return cty.ListVal(elems), nil
		case ty.IsSetType():
			return cty.SetVal(elems), nil
		}
		return cty.TupleVal(elems), nil
	}
	return v, nil
}

// EncodeValue turns a value into bytes (its type in appendType's form,
// then the value in msgpack: unknowns and their refinements kept);
// DecodeValue reverses it.
// A marked value cannot be encoded.
func EncodeValue(v cty.Value) ([]byte, error) {
	ty, err := appendType(nil, v.Type())
	if err != nil {
		return nil, fmt.Errorf("value type: %w", err)
	}
	data, err := ctymsgpack.Marshal(v, v.Type())
	if err != nil {
		return nil, fmt.Errorf("value: %w", err)
	}
	out := binary.AppendUvarint(nil, uint64(len(ty)))
	return append(append(out, ty...), data...), nil
}

// DecodeValue is the value EncodeValue gave data for.
func DecodeValue(data []byte) (cty.Value, error) {
	var d ValueDecoder
	return d.Decode(data)
}

// ValueDecoder is DecodeValue for many values: each type it meets is
// decoded once (the roots of a tree share few output types). The zero
// value is ready; it is safe for concurrent use.
type ValueDecoder struct {
	mu    sync.Mutex
	types map[string]cty.Type
}

// Decode is the value EncodeValue gave data for.
func (d *ValueDecoder) Decode(data []byte) (cty.Value, error) {
	n, k := binary.Uvarint(data)
	if k <= 0 || uint64(len(data)-k) < n {
		return cty.NilVal, fmt.Errorf("value: truncated")
	}
	ty, err := d.typeOf(data[k : k+int(n)])
	if err != nil {
		return cty.NilVal, fmt.Errorf("value type: %w", err)
	}
	v, err := ctymsgpack.Unmarshal(data[k+int(n):], ty)
	if err != nil {
		return cty.NilVal, fmt.Errorf("value: %w", err)
	}
	return v, nil
}

// typeOf is the type appendType wrote as data.
func (d *ValueDecoder) typeOf(data []byte) (cty.Type, error) {
	d.mu.Lock()
	ty, ok := d.types[string(data)]
	d.mu.Unlock()
	if ok {
		return ty, nil
	}
	ty, rest, err := readType(data, 0)
	if err == nil && len(rest) != 0 {
		err = errTypeData
	}
	if err != nil {
		return cty.NilType, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.types == nil {
		d.types = map[string]cty.Type{}
	}
	d.types[string(data)] = ty
	return ty, nil
}
