// Package wire encodes Go values for the result cache without type
// information: what one build of faultline writes only the same build
// reads (an entry's key holds the build's identity), so the Go types
// themselves are the schema. Unlike encoding/gob, a stream does not
// describe its types and a decoder compiles nothing, so an entry per
// Terraform root costs its values alone; and the value comes back
// exactly: nil and empty lists and maps told apart, a pointer reached
// twice decoded as one pointer, an interface as the concrete type it
// held (one of the types the Codec was made with).
//
// Structs encode their exported fields, in order; func and chan fields
// are skipped, as gob skips them. A struct, or a named slice or map type,
// that encodes itself (gob.GobEncoder and GobDecoder, or
// encoding.BinaryAppender beside GobDecoder) is written as its bytes.
package wire

import (
	"encoding"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"sync"
)

// Codec encodes and decodes values whose interfaces hold only the
// concrete types it was made with. It is safe for concurrent use.
type Codec struct {
	concrete []reflect.Type
	index    map[reflect.Type]uint64
	plans    sync.Map // reflect.Type → *plan
}

// New is a Codec for values whose interfaces hold values of the types
// of concrete (a zero value of each).
func New(concrete ...any) *Codec {
	c := &Codec{index: map[reflect.Type]uint64{}}
	for _, v := range concrete {
		t := reflect.TypeOf(v)
		if _, dup := c.index[t]; dup {
			continue
		}
		c.index[t] = uint64(len(c.concrete))
		c.concrete = append(c.concrete, t)
	}
	return c
}

// plan is how values of one type are written.
type plan struct {
	// self: the type encodes itself; appends: through AppendBinary.
	self, appends bool
	// fields are the indexes of a struct's encoded fields.
	fields []int
}

var (
	gobEncoderType = reflect.TypeFor[gob.GobEncoder]()
	gobDecoderType = reflect.TypeFor[gob.GobDecoder]()
	appenderType   = reflect.TypeFor[encoding.BinaryAppender]()
)

// planOf is the plan of t, made once.
func (c *Codec) planOf(t reflect.Type) *plan {
	if p, ok := c.plans.Load(t); ok {
		return p.(*plan)
	}
	p := &plan{}
	pt := reflect.PointerTo(t)
	if pt.Implements(gobDecoderType) && (pt.Implements(gobEncoderType) || pt.Implements(appenderType)) {
		p.self, p.appends = true, pt.Implements(appenderType)
	} else if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.IsExported() && f.Type.Kind() != reflect.Func && f.Type.Kind() != reflect.Chan {
				p.fields = append(p.fields, i)
			}
		}
	}
	c.plans.Store(t, p)
	return p
}

// namedSelf is the plan of t when t is a named slice or map type that
// encodes itself (yamlwire.Docs), else nil. Structs are planned where
// their fields are; other kinds never encode themselves here.
func (c *Codec) namedSelf(t reflect.Type) *plan {
	if k := t.Kind(); (k != reflect.Slice && k != reflect.Map) || t.Name() == "" {
		return nil
	}
	if p := c.planOf(t); p.self {
		return p
	}
	return nil
}

// Pointer, slice, map and interface tags: nil, a value follows, and (for
// pointers) the k-th pointer met again, written again+k.
const (
	tagNil = iota
	tagSet
	tagAgain
)

// Append appends the encoding of the value p points to to b. Pointers are
// shared within one call: a pointer reached twice decodes as one.
func (c *Codec) Append(b []byte, p any) ([]byte, error) {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return b, fmt.Errorf("wire: encoding %T, not a pointer", p)
	}
	e := encoder{c: c, b: b}
	if err := e.value(v.Elem()); err != nil {
		return b, fmt.Errorf("wire: encoding %s: %w", v.Elem().Type(), err)
	}
	return e.b, nil
}

// Decode decodes into the value p points to what one call of Append
// wrote at the start of data, and returns the bytes after it. Bytes
// Append did not write are an error or decode to another value; they
// never panic.
func (c *Codec) Decode(data []byte, p any) (rest []byte, err error) {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return data, fmt.Errorf("wire: decoding into %T, not a pointer", p)
	}
	d := decoder{c: c, b: data}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("wire: decoding %s: malformed data: %v", v.Elem().Type(), r)
		}
	}()
	d.value(v.Elem(), 0)
	if d.err != nil {
		return data, fmt.Errorf("wire: decoding %s: %w", v.Elem().Type(), d.err)
	}
	return d.b, nil
}

// Encode writes the encoding of the value p points to to w, what Append
// would append, a part at a time: the whole encoding is never in memory.
func (c *Codec) Encode(w io.Writer, p any) error {
	v := reflect.ValueOf(p)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("wire: encoding %T, not a pointer", p)
	}
	e := encoder{c: c, w: w, b: make([]byte, 0, 2*flushSize)}
	if err := e.value(v.Elem()); err != nil {
		return fmt.Errorf("wire: encoding %s: %w", v.Elem().Type(), err)
	}
	return e.flush()
}

// flushSize is how much an encoder writing to a writer holds before it
// writes.
const flushSize = 64 << 10

type ptrKey struct {
	t reflect.Type
	p uintptr
}

type encoder struct {
	c    *Codec
	b    []byte
	ptrs map[ptrKey]uint64
	// w, when set, takes the encoding whenever b grows past flushSize.
	w   io.Writer
	err error
}

// flush writes what b holds to w.
func (e *encoder) flush() error {
	if e.w == nil || e.err != nil {
		return e.err
	}
	if _, err := e.w.Write(e.b); err != nil {
		e.err = err
		return err
	}
	e.b = e.b[:0]
	return nil
}

func (e *encoder) uvarint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }

// value appends v.
func (e *encoder) value(v reflect.Value) error {
	if e.w != nil && len(e.b) >= flushSize {
		if err := e.flush(); err != nil {
			return err
		}
	}
	t := v.Type()
	if p := e.c.namedSelf(t); p != nil {
		return e.self(v, p)
	}
	switch t.Kind() {
	case reflect.Bool:
		if v.Bool() {
			e.b = append(e.b, 1)
		} else {
			e.b = append(e.b, 0)
		}
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.b = binary.AppendVarint(e.b, v.Int())
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.uvarint(v.Uint())
		return nil
	case reflect.Float32, reflect.Float64:
		e.b = binary.LittleEndian.AppendUint64(e.b, math.Float64bits(v.Float()))
		return nil
	case reflect.String:
		e.uvarint(uint64(v.Len()))
		e.b = append(e.b, v.String()...)
		return nil
	case reflect.Slice:
		if v.IsNil() {
			e.uvarint(tagNil)
			return nil
		}
		e.uvarint(uint64(v.Len()) + 1)
		if t.Elem().Kind() == reflect.Uint8 {
			e.b = append(e.b, v.Bytes()...)
			return nil
		}
		return e.elems(v)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && v.CanAddr() {
			e.b = append(e.b, v.Bytes()...)
			return nil
		}
		return e.elems(v)
	case reflect.Map:
		if v.IsNil() {
			e.uvarint(tagNil)
			return nil
		}
		e.uvarint(uint64(v.Len()) + 1)
		it := v.MapRange()
		for it.Next() {
			if err := e.value(it.Key()); err != nil {
				return err
			}
			if err := e.value(it.Value()); err != nil {
				return err
			}
		}
		return nil
	case reflect.Pointer:
		return e.pointer(v)
	case reflect.Interface:
		if v.IsNil() {
			e.uvarint(tagNil)
			return nil
		}
		i, ok := e.c.index[v.Elem().Type()]
		if !ok {
			return fmt.Errorf("%s in an interface: not a type of the codec", v.Elem().Type())
		}
		e.uvarint(i + 1)
		return e.value(v.Elem())
	case reflect.Struct:
		p := e.c.planOf(t)
		if p.self {
			return e.self(v, p)
		}
		for _, i := range p.fields {
			if err := e.value(v.Field(i)); err != nil {
				return fmt.Errorf("%s.%s: %w", t, t.Field(i).Name, err)
			}
		}
		return nil
	}
	return fmt.Errorf("%s cannot be encoded", t)
}

func (e *encoder) elems(v reflect.Value) error {
	for i := 0; i < v.Len(); i++ {
		if err := e.value(v.Index(i)); err != nil {
			return err
		}
	}
	return nil
}

// pointer appends a pointer: nil, again, or set and its value.
func (e *encoder) pointer(v reflect.Value) error {
	if v.IsNil() {
		e.uvarint(tagNil)
		return nil
	}
	k := ptrKey{v.Type(), v.Pointer()}
	if i, ok := e.ptrs[k]; ok {
		e.uvarint(tagAgain + i)
		return nil
	}
	if e.ptrs == nil {
		e.ptrs = map[ptrKey]uint64{}
	}
	e.ptrs[k] = uint64(len(e.ptrs))
	e.uvarint(tagSet)
	return e.value(v.Elem())
}

// self appends a value that encodes itself, its bytes length-prefixed.
func (e *encoder) self(v reflect.Value, p *plan) error {
	if !v.CanAddr() {
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		v = c
	}
	x := v.Addr().Interface()
	if p.appends {
		// The length goes before bytes of unknown size: append them,
		// then move them up past the length.
		start := len(e.b)
		b, err := x.(encoding.BinaryAppender).AppendBinary(e.b)
		if err != nil {
			return err
		}
		n := len(b) - start
		var pre [binary.MaxVarintLen64]byte
		k := binary.PutUvarint(pre[:], uint64(n))
		b = append(b, pre[:k]...)
		copy(b[start+k:], b[start:start+n])
		copy(b[start:], pre[:k])
		e.b = b
		return nil
	}
	data, err := x.(gob.GobEncoder).GobEncode()
	if err != nil {
		return err
	}
	e.uvarint(uint64(len(data)))
	e.b = append(e.b, data...)
	return nil
}

// maxDepth bounds the nesting of a decoded value (malformed data must not
// exhaust the stack).
const maxDepth = 10000

type decoder struct {
	c    *Codec
	b    []byte
	ptrs []reflect.Value
	err  error
	// strings are the short strings decoded so far: a value repeats its
	// file paths, addresses and names many times over, and each is
	// allocated once.
	strings map[string]string
}

// maxInterned is the length of the longest string a decoder allocates
// once for all its occurrences.
const maxInterned = 256

// intern is b as a string, the one decoded before when there was one.
func (d *decoder) intern(b []byte) string {
	if len(b) == 0 || len(b) > maxInterned {
		return string(b)
	}
	if s, ok := d.strings[string(b)]; ok {
		return s
	}
	if d.strings == nil {
		d.strings = map[string]string{}
	}
	s := string(b)
	d.strings[s] = s
	return s
}

var errShort = errors.New("truncated or malformed")

func (d *decoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.fail(errShort)
		return 0
	}
	d.b = d.b[k:]
	return n
}

// length reads a length of what follows, at most the bytes left (every
// element takes one at least).
func (d *decoder) length() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail(errShort)
		return 0
	}
	return int(n)
}

// bytes takes the next n bytes.
func (d *decoder) bytes(n int) []byte {
	if d.err != nil {
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

// value decodes into v, settable.
func (d *decoder) value(v reflect.Value, depth int) {
	if d.err != nil {
		return
	}
	if depth > maxDepth {
		d.fail(errors.New("nested too deep"))
		return
	}
	t := v.Type()
	if d.c.namedSelf(t) != nil {
		d.self(v)
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		switch b := d.bytes(min(1, len(d.b))); {
		case len(b) == 1 && b[0] <= 1:
			v.SetBool(b[0] == 1)
		default:
			d.fail(errShort)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, k := binary.Varint(d.b)
		if k <= 0 || v.OverflowInt(n) {
			d.fail(errShort)
			return
		}
		d.b = d.b[k:]
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := d.uvarint()
		if v.OverflowUint(n) {
			d.fail(errShort)
			return
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		if len(d.b) < 8 {
			d.fail(errShort)
			return
		}
		f := math.Float64frombits(binary.LittleEndian.Uint64(d.bytes(8)))
		if v.OverflowFloat(f) {
			d.fail(errShort)
			return
		}
		v.SetFloat(f)
	case reflect.String:
		n := d.length()
		v.SetString(d.intern(d.bytes(n)))
	case reflect.Slice:
		d.slice(v, depth)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			if v.Len() > len(d.b) {
				d.fail(errShort)
				return
			}
			reflect.Copy(v, reflect.ValueOf(d.bytes(v.Len())))
			return
		}
		for i := 0; i < v.Len() && d.err == nil; i++ {
			d.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		d.mapValue(v, depth)
	case reflect.Pointer:
		d.pointer(v, depth)
	case reflect.Interface:
		tag := d.uvarint()
		if tag == tagNil || d.err != nil {
			v.SetZero()
			return
		}
		if tag-1 >= uint64(len(d.c.concrete)) || !d.c.concrete[tag-1].AssignableTo(t) {
			d.fail(errShort)
			return
		}
		c := reflect.New(d.c.concrete[tag-1]).Elem()
		d.value(c, depth+1)
		v.Set(c)
	case reflect.Struct:
		p := d.c.planOf(t)
		if p.self {
			d.self(v)
			return
		}
		for _, i := range p.fields {
			d.value(v.Field(i), depth+1)
		}
	default:
		d.fail(fmt.Errorf("%s cannot be decoded", t))
	}
}

// self decodes a value that encodes itself into v, addressable.
func (d *decoder) self(v reflect.Value) {
	n := d.length()
	if err := v.Addr().Interface().(gob.GobDecoder).GobDecode(d.bytes(n)); err != nil {
		d.fail(err)
	}
}

// count reads the tag of a slice or map: nil (false), else its length,
// at most the bytes left (every element takes one at least).
func (d *decoder) count() (int, bool) {
	tag := d.uvarint()
	if d.err != nil || tag == tagNil {
		return 0, false
	}
	if tag-1 > uint64(len(d.b)) {
		d.fail(errShort)
		return 0, false
	}
	return int(tag - 1), true
}

func (d *decoder) slice(v reflect.Value, depth int) {
	n, ok := d.count()
	if !ok {
		if d.err == nil {
			v.SetZero()
		}
		return
	}
	s := reflect.MakeSlice(v.Type(), n, n)
	if v.Type().Elem().Kind() == reflect.Uint8 {
		reflect.Copy(s, reflect.ValueOf(d.bytes(n)))
	} else {
		for i := 0; i < n && d.err == nil; i++ {
			d.value(s.Index(i), depth+1)
		}
	}
	v.Set(s)
}

func (d *decoder) mapValue(v reflect.Value, depth int) {
	n, ok := d.count()
	if !ok {
		if d.err == nil {
			v.SetZero()
		}
		return
	}
	t := v.Type()
	m := reflect.MakeMapWithSize(t, n)
	k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
	for i := 0; i < n && d.err == nil; i++ {
		k.SetZero()
		e.SetZero()
		d.value(k, depth+1)
		d.value(e, depth+1)
		m.SetMapIndex(k, e)
	}
	v.Set(m)
}

func (d *decoder) pointer(v reflect.Value, depth int) {
	switch tag := d.uvarint(); {
	case d.err != nil:
	case tag == tagNil:
		v.SetZero()
	case tag == tagSet:
		p := reflect.New(v.Type().Elem())
		d.ptrs = append(d.ptrs, p)
		d.value(p.Elem(), depth+1)
		v.Set(p)
	case tag-tagAgain < uint64(len(d.ptrs)) && d.ptrs[tag-tagAgain].Type() == v.Type():
		v.Set(d.ptrs[tag-tagAgain])
	default:
		d.fail(errShort)
	}
}
