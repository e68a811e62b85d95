// Package tffuncs holds Terraform's own functions where they differ from
// go-cty's stdlib ones of the same name (Terraform's internal/lang/funcs),
// or where go-cty has none: plain cty functions, each checked by a
// conformance case (parsers/terraform/eval/testdata/conformance). Package
// eval puts them in its function table, where they learn about holes and
// the budget.
package tffuncs

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"net"
	"time"

	"github.com/hashicorp/go-cty-funcs/cidr"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	"golang.org/x/text/encoding/ianaindex"
)

// LengthFunc is Terraform's length: strings count grapheme clusters,
// tuples and objects their elements and attributes.
var LengthFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType, AllowDynamicType: true, AllowUnknown: true, AllowMarked: true}},
	Type: func(args []cty.Value) (cty.Type, error) {
		ty := args[0].Type()
		switch {
		case ty == cty.String || ty == cty.DynamicPseudoType || ty.IsTupleType() || ty.IsObjectType() || ty.IsCollectionType():
			return cty.Number, nil
		}
		return cty.NilType, errors.New("argument must be a string, a collection type, or a structural type")
	},
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		v, marks := args[0].Unmark()
		ty := v.Type()
		switch {
		case ty.IsTupleType():
			return cty.NumberIntVal(int64(len(ty.TupleElementTypes()))).WithMarks(marks), nil
		case ty.IsObjectType():
			return cty.NumberIntVal(int64(len(ty.AttributeTypes()))).WithMarks(marks), nil
		case !v.IsKnown():
			return cty.UnknownVal(cty.Number).WithMarks(marks), nil
		case ty == cty.String:
			n, err := stdlib.Strlen(v)
			return n.WithMarks(marks), err
		}
		return v.Length().WithMarks(marks), nil
	},
})

// IndexFunc is Terraform's index(list, value): the position of value.
var IndexFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}, {Name: "value", Type: cty.DynamicPseudoType}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		list := args[0]
		if !list.Type().IsListType() && !list.Type().IsTupleType() {
			return cty.NilVal, errors.New("argument must be a list or tuple")
		}
		if !list.IsKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		if list.LengthInt() == 0 {
			return cty.NilVal, errors.New("cannot search an empty list")
		}
		for it := list.ElementIterator(); it.Next(); {
			i, v := it.Element()
			eq, err := stdlib.Equal(v, args[1])
			if err != nil {
				return cty.NilVal, err
			}
			if !eq.IsKnown() {
				return cty.UnknownVal(cty.Number), nil
			}
			if eq.True() {
				return i, nil
			}
		}
		return cty.NilVal, errors.New("item not found")
	},
})

// ElementAt is element(list, index) for the arguments whose result is
// plain: a known, unmarked, non-empty list or tuple and a known whole
// index, not negative. It reports false for any other arguments, which
// ElementFunc decides (errors and unknowns among them). It exists because
// calling a function.Function walks every element of each argument
// (looking for marks, several times through the wrappers of a function
// table), so element() over a long list once per count index — an
// install manifest's documents — took time quadratic in the list.
func ElementAt(list, index cty.Value) (cty.Value, bool) {
	if !list.IsKnown() || list.IsNull() || list.IsMarked() || !index.IsKnown() || index.IsNull() || index.IsMarked() || index.Type() != cty.Number {
		return cty.NilVal, false
	}
	if ty := list.Type(); !ty.IsListType() && !ty.IsTupleType() {
		return cty.NilVal, false
	}
	i, acc := index.AsBigFloat().Int64()
	if acc != big.Exact || i < 0 {
		return cty.NilVal, false
	}
	n := list.LengthInt()
	if n == 0 {
		return cty.NilVal, false
	}
	return list.Index(cty.NumberIntVal(i % int64(n))), true
}

// ElementFunc is element: a negative index is an error (Terraform
// fails on it).
func ElementFunc() function.Function {
	f := stdlib.ElementFunc
	return function.New(&function.Spec{
		Params: f.Params(),
		Type: func(args []cty.Value) (cty.Type, error) {
			if idx, _ := args[1].Unmark(); idx.IsKnown() && !idx.IsNull() && idx.LessThan(cty.Zero).True() {
				return cty.NilType, function.NewArgErrorf(1, "cannot use element function with a negative index")
			}
			if v, ok := ElementAt(args[0], args[1]); ok {
				return v.Type(), nil
			}
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if v, ok := ElementAt(args[0], args[1]); ok {
				return v, nil
			}
			return f.Call(args)
		},
	})
}

// SumFunc is Terraform's sum: an empty list or a null element is an
// error.
var SumFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "list", Type: cty.DynamicPseudoType}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		l := args[0]
		ty := l.Type()
		if !ty.IsListType() && !ty.IsSetType() && !ty.IsTupleType() {
			return cty.NilVal, function.NewArgErrorf(0, "argument must be list, set, or tuple. Received %s", ty.FriendlyName())
		}
		if !l.IsKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		if l.LengthInt() == 0 {
			return cty.NilVal, function.NewArgErrorf(0, "cannot sum an empty list")
		}
		if !l.IsWhollyKnown() {
			return cty.UnknownVal(cty.Number), nil
		}
		total := cty.Zero
		for it := l.ElementIterator(); it.Next(); {
			_, v := it.Element()
			if v.IsNull() {
				return cty.NilVal, function.NewArgErrorf(0, "argument must be list, set, or tuple of number values")
			}
			n, err := convert.Convert(v, cty.Number)
			if err != nil {
				return cty.NilVal, function.NewArgErrorf(0, "argument must be list, set, or tuple of number values")
			}
			if n.AsBigFloat().IsInf() && total.AsBigFloat().IsInf() && n.AsBigFloat().Sign() != total.AsBigFloat().Sign() {
				return cty.NilVal, errors.New("can't compute sum of opposing infinities")
			}
			total = total.Add(n)
		}
		return total, nil
	},
})

// AllTrueFunc and AnyTrueFunc are Terraform's alltrue and anytrue: a
// null element is false.
var (
	AllTrueFunc = boolListFunc(true)
	AnyTrueFunc = boolListFunc(false)
)

// boolListFunc is alltrue (all) or anytrue.
func boolListFunc(all bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "list", Type: cty.List(cty.Bool)}},
		Type:   function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			unknown := false
			for it := args[0].ElementIterator(); it.Next(); {
				_, v := it.Element()
				switch {
				case !v.IsKnown() && all:
					return cty.UnknownVal(cty.Bool), nil
				case !v.IsKnown():
					unknown = true
				case v.IsNull() && all:
					return cty.False, nil
				case v.IsNull():
				case all && v.False():
					return cty.False, nil
				case !all && v.True():
					return cty.True, nil
				}
			}
			if unknown {
				return cty.UnknownVal(cty.Bool), nil
			}
			return cty.BoolVal(all), nil
		},
	})
}

// MatchKeysFunc is Terraform's matchkeys.
var MatchKeysFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "values", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "keys", Type: cty.List(cty.DynamicPseudoType)},
		{Name: "searchset", Type: cty.List(cty.DynamicPseudoType)},
	},
	Type: func(args []cty.Value) (cty.Type, error) {
		if ty, _ := convert.UnifyUnsafe([]cty.Type{args[1].Type(), args[2].Type()}); ty == cty.NilType {
			return cty.NilType, errors.New("keys and searchset must be of the same type")
		}
		return args[0].Type(), nil
	},
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		values := args[0]
		if !values.IsKnown() {
			return cty.UnknownVal(retType), nil
		}
		if values.LengthInt() != args[1].LengthInt() {
			return cty.NilVal, errors.New("length of keys and values should be equal")
		}
		ty, _ := convert.UnifyUnsafe([]cty.Type{args[1].Type(), args[2].Type()})
		keys, _ := convert.Convert(args[1], ty)
		search, _ := convert.Convert(args[2], ty)
		empty := cty.ListValEmpty(retType.ElementType())
		if search.LengthInt() == 0 {
			return empty, nil
		}
		if !values.IsWhollyKnown() || !keys.IsWhollyKnown() {
			return cty.UnknownVal(retType), nil
		}
		var out []cty.Value
		i := int64(0)
		for it := keys.ElementIterator(); it.Next(); i++ {
			_, key := it.Element()
			for s := search.ElementIterator(); s.Next(); {
				_, x := s.Element()
				eq, err := stdlib.Equal(key, x)
				if err != nil {
					return cty.NilVal, err
				}
				if !eq.IsKnown() {
					return empty, nil
				}
				if eq.True() {
					out = append(out, values.Index(cty.NumberIntVal(i)))
					break
				}
			}
		}
		if len(out) == 0 {
			return empty, nil
		}
		return cty.ListVal(out), nil
	},
})

// TransposeFunc is Terraform's transpose.
var TransposeFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "values", Type: cty.Map(cty.List(cty.String))}},
	Type:   function.StaticReturnType(cty.Map(cty.List(cty.String))),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		in := args[0]
		if !in.IsWhollyKnown() {
			return cty.UnknownVal(retType), nil
		}
		tmp := map[string][]cty.Value{}
		for it := in.ElementIterator(); it.Next(); {
			k, l := it.Element()
			for li := l.ElementIterator(); li.Next(); {
				_, v := li.Element()
				if v.IsNull() {
					return cty.NilVal, errors.New("input must be a map of lists of strings")
				}
				tmp[v.AsString()] = append(tmp[v.AsString()], k)
			}
		}
		if len(tmp) == 0 {
			return cty.MapValEmpty(cty.List(cty.String)), nil
		}
		out := make(map[string]cty.Value, len(tmp))
		for k, vs := range tmp {
			out[k] = cty.ListVal(vs)
		}
		return cty.MapVal(out), nil
	},
})

// stringFunc is a function of one known string to a string.
func stringFunc(name string, f func(string) (string, error)) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: name, Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			s, err := f(args[0].AsString())
			if err != nil {
				return cty.UnknownVal(cty.String), err
			}
			return cty.StringVal(s), nil
		},
	})
}

// Base64SHA256Func, Base64SHA512Func and Base64GzipFunc are Terraform's
// base64sha256, base64sha512 and base64gzip: the hash (or gzip) of the
// string's bytes, in base64.
var (
	Base64SHA256Func = stringFunc("str", func(s string) (string, error) {
		h := sha256.Sum256([]byte(s))
		return base64.StdEncoding.EncodeToString(h[:]), nil
	})
	Base64SHA512Func = stringFunc("str", func(s string) (string, error) {
		h := sha512.Sum512([]byte(s))
		return base64.StdEncoding.EncodeToString(h[:]), nil
	})
	Base64GzipFunc = stringFunc("str", func(s string) (string, error) {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		if _, err := w.Write([]byte(s)); err != nil {
			return "", fmt.Errorf("failed to write gzip raw data: %w", err)
		}
		if err := w.Flush(); err != nil {
			return "", fmt.Errorf("failed to flush gzip writer: %w", err)
		}
		if err := w.Close(); err != nil {
			return "", fmt.Errorf("failed to close gzip writer: %w", err)
		}
		return base64.StdEncoding.EncodeToString(b.Bytes()), nil
	})
)

// TextCodecFunc is textencodebase64 (encode) or textdecodebase64.
func TextCodecFunc(encode bool) function.Function {
	return function.New(&function.Spec{
		Params: []function.Parameter{{Name: "string", Type: cty.String}, {Name: "encoding", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			name := args[1].AsString()
			enc, err := ianaindex.IANA.Encoding(name)
			if err != nil || enc == nil {
				return cty.UnknownVal(cty.String), function.NewArgErrorf(1, "%q is not a supported IANA encoding name or alias", name)
			}
			s := args[0].AsString()
			if encode {
				b, err := enc.NewEncoder().Bytes([]byte(s))
				if err != nil {
					return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "the given string contains characters that cannot be represented in %s", name)
				}
				return cty.StringVal(base64.StdEncoding.EncodeToString(b)), nil
			}
			raw, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "the given value is not a valid base64 encoded string")
			}
			b, err := enc.NewDecoder().Bytes(raw)
			if err != nil || bytes.ContainsRune(b, '\uFFFD') {
				return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "the given string contains symbols that are not defined for %s", name)
			}
			return cty.StringVal(string(b)), nil
		},
	})
}

// NetmaskFunc is cidrnetmask: an IPv6 prefix has no netmask (Terraform
// fails on it).
var NetmaskFunc = function.New(&function.Spec{
	Params: cidr.NetmaskFunc.Params(),
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		ip, _, err := net.ParseCIDR(args[0].AsString())
		if err == nil && ip.To4() == nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("IPv6 addresses cannot have a netmask: %s", args[0].AsString())
		}
		return cidr.NetmaskFunc.Call(args)
	},
})

// TimeCmpFunc is Terraform's timecmp: -1, 0 or 1 as the first RFC 3339
// timestamp is before, at or after the second.
var TimeCmpFunc = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "timestamp_a", Type: cty.String}, {Name: "timestamp_b", Type: cty.String}},
	Type:   function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		var ts [2]time.Time
		for i := range ts {
			t, err := time.Parse(time.RFC3339, args[i].AsString())
			if err != nil {
				return cty.UnknownVal(cty.Number), function.NewArgError(i, err)
			}
			ts[i] = t
		}
		return cty.NumberIntVal(int64(ts[0].Compare(ts[1]))), nil
	},
})
