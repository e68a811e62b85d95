package kept

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"github.com/zclconf/go-cty/cty"
)

// A value's type is written in a binary form of its own: the JSON form
// (ctyjson.MarshalType) cost a run after an edit most of the time it spent
// decoding the kept roots' outputs, whose object types are large. The
// form is a tag per type, then its element type, or its attributes in
// name order (then the optional ones) or its elements; it is
// deterministic, so an encoded value may be digested.

// Type tags.
const (
	tyString byte = iota + 1
	tyNumber
	tyBool
	tyDynamic
	tyList
	tySet
	tyMap
	tyObject
	tyTuple
)

// appendType appends the binary form of ty; a capsule type has none.
func appendType(out []byte, ty cty.Type) ([]byte, error) {
	switch {
	case ty == cty.String:
		return append(out, tyString), nil
	case ty == cty.Number:
		return append(out, tyNumber), nil
	case ty == cty.Bool:
		return append(out, tyBool), nil
	case ty == cty.DynamicPseudoType:
		return append(out, tyDynamic), nil
	case ty.IsListType():
		return appendType(append(out, tyList), ty.ElementType())
	case ty.IsSetType():
		return appendType(append(out, tySet), ty.ElementType())
	case ty.IsMapType():
		return appendType(append(out, tyMap), ty.ElementType())
	case ty.IsObjectType():
		attrs := ty.AttributeTypes()
		names := make([]string, 0, len(attrs))
		for n := range attrs {
			names = append(names, n)
		}
		sort.Strings(names)
		out = binary.AppendUvarint(append(out, tyObject), uint64(len(names)))
		var optional []string
		for _, n := range names {
			out = appendString(out, n)
			var err error
			if out, err = appendType(out, attrs[n]); err != nil {
				return nil, err
			}
			if ty.AttributeOptional(n) {
				optional = append(optional, n)
			}
		}
		out = binary.AppendUvarint(out, uint64(len(optional)))
		for _, n := range optional {
			out = appendString(out, n)
		}
		return out, nil
	case ty.IsTupleType():
		elems := ty.TupleElementTypes()
		out = binary.AppendUvarint(append(out, tyTuple), uint64(len(elems)))
		for _, e := range elems {
			var err error
			if out, err = appendType(out, e); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("type %s cannot be kept", ty.FriendlyName())
}

func appendString(out []byte, s string) []byte {
	return append(binary.AppendUvarint(out, uint64(len(s))), s...)
}

// errTypeData is the error of bytes appendType did not write.
var errTypeData = errors.New("damaged type")

// maxTypeDepth bounds the nesting of a type read back: a damaged entry
// must not recurse without end.
const maxTypeDepth = 256

// readType is the type appendType wrote at the start of data, and what
// follows it.
func readType(data []byte, depth int) (cty.Type, []byte, error) {
	if len(data) == 0 || depth > maxTypeDepth {
		return cty.NilType, nil, errTypeData
	}
	tag, data := data[0], data[1:]
	switch tag {
	case tyString:
		return cty.String, data, nil
	case tyNumber:
		return cty.Number, data, nil
	case tyBool:
		return cty.Bool, data, nil
	case tyDynamic:
		return cty.DynamicPseudoType, data, nil
	case tyList, tySet, tyMap:
		elem, rest, err := readType(data, depth+1)
		if err != nil {
			return cty.NilType, nil, err
		}
		switch tag {
		case tyList:
			return cty.List(elem), rest, nil
		case tySet:
			return cty.Set(elem), rest, nil
		}
		return cty.Map(elem), rest, nil
	case tyObject:
		return readObject(data, depth)
	case tyTuple:
		n, data, err := readCount(data)
		if err != nil {
			return cty.NilType, nil, err
		}
		elems := make([]cty.Type, n)
		for i := range elems {
			if elems[i], data, err = readType(data, depth+1); err != nil {
				return cty.NilType, nil, err
			}
		}
		return cty.Tuple(elems), data, nil
	}
	return cty.NilType, nil, errTypeData
}

func readObject(data []byte, depth int) (cty.Type, []byte, error) {
	n, data, err := readCount(data)
	if err != nil {
		return cty.NilType, nil, err
	}
	attrs := make(map[string]cty.Type, n)
	for range n {
		var name string
		if name, data, err = readString(data); err != nil {
			return cty.NilType, nil, err
		}
		if attrs[name], data, err = readType(data, depth+1); err != nil {
			return cty.NilType, nil, err
		}
	}
	if len(attrs) != n {
		return cty.NilType, nil, errTypeData
	}
	if n, data, err = readCount(data); err != nil {
		return cty.NilType, nil, err
	}
	if n == 0 {
		return cty.Object(attrs), data, nil
	}
	optional := make([]string, n)
	for i := range optional {
		if optional[i], data, err = readString(data); err != nil {
			return cty.NilType, nil, err
		}
		if _, ok := attrs[optional[i]]; !ok {
			return cty.NilType, nil, errTypeData
		}
	}
	return cty.ObjectWithOptionalAttrs(attrs, optional), data, nil
}

// readCount is a count of items that each take a byte at least.
func readCount(data []byte) (int, []byte, error) {
	n, k := binary.Uvarint(data)
	if k <= 0 || n > uint64(len(data)-k) {
		return 0, nil, errTypeData
	}
	return int(n), data[k:], nil
}

func readString(data []byte) (string, []byte, error) {
	n, k := binary.Uvarint(data)
	if k <= 0 || n > uint64(len(data)-k) {
		return "", nil, errTypeData
	}
	return string(data[k : k+int(n)]), data[k+int(n):], nil
}
