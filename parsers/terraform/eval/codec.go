package eval

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"sync"
)

// EncodeOutput turns o into bytes DecodeOutput turns back into an equal
// RootOutput: equal in every field (lint.Value's own included), nil and
// empty lists and maps told apart, and two references to one object
// still one object. Entity types come registered by package lint.
func EncodeOutput(o RootOutput) ([]byte, error) {
	b, err := encodeExact(&o)
	if err != nil {
		return nil, fmt.Errorf("encoding root output: %w", err)
	}
	return b, nil
}

// DecodeOutput is the RootOutput EncodeOutput wrote as data; bytes it did
// not write (corrupt, truncated) are an error.
func DecodeOutput(data []byte) (RootOutput, error) {
	var o RootOutput
	if err := decodeExact(data, &o); err != nil {
		return RootOutput{}, fmt.Errorf("decoding root output: %w", err)
	}
	return o, nil
}

// encodeExact gob-encodes the value p points to, then its shape (shape
// below): what gob loses of it.
func encodeExact(p any) ([]byte, error) {
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	var s shape
	s.record(reflect.ValueOf(p).Elem())
	if err := enc.Encode(s.ops); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeExact decodes what encodeExact wrote into p. gob's decoder is
// meant to return errors on bad input; a panic is turned into one all the
// same.
func decodeExact(data []byte, p any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed data: %v", r)
		}
	}()
	dec := gob.NewDecoder(bytes.NewReader(data))
	var ops []byte
	if err := dec.Decode(p); err != nil {
		return err
	}
	if err := dec.Decode(&ops); err != nil {
		return fmt.Errorf("shape: %w", err)
	}
	if err := dec.Decode(new(struct{})); err != io.EOF {
		return errors.New("trailing data")
	}
	s := shape{ops: ops}
	s.apply(reflect.ValueOf(p).Elem())
	if s.err == nil && len(s.ops) > 0 {
		s.err = errors.New("shape longer than the value")
	}
	return s.err
}

// shape is what gob does not keep of a value: which pointers, slices,
// maps and interfaces are nil (gob decodes an empty list or map as nil,
// and drops a pointer to a zero struct), and which pointers are one
// pointer reached twice (gob writes each as a copy: the Release whose
// DuplicateKeys are also entities of the output). It is a list of
// operations, one per such value in a fixed walk (fields in order, map
// entries by sorted key), that the decoder replays over the decoded value.
// Types that encode themselves (gob.GobEncoder: lint.Value, Embedded) are
// not walked; they keep their own shape.
type shape struct {
	ops []byte
	// ptrs are the pointers met so far, by first meeting.
	ptrs  []reflect.Value
	index map[ptrKey]int
	err   error
}

type ptrKey struct {
	t reflect.Type
	p uintptr
}

// Operations: a nil value, a non-nil one, and (for pointers) the k-th
// pointer met again, written opAgain+k.
const (
	opNil = iota
	opSet
	opAgain
)

var gobEncoderType = reflect.TypeFor[gob.GobEncoder]()

// record appends the operations of v.
func (s *shape) record(v reflect.Value) {
	if !walked(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			s.op(opNil)
			return
		}
		k := ptrKey{v.Type(), v.Pointer()}
		if i, ok := s.index[k]; ok {
			s.op(opAgain + uint64(i))
			return
		}
		if s.index == nil {
			s.index = map[ptrKey]int{}
		}
		s.index[k] = len(s.index)
		s.op(opSet)
		s.record(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			s.op(opNil)
			return
		}
		s.op(opSet)
		s.record(v.Elem())
	case reflect.Slice, reflect.Map:
		if v.IsNil() {
			s.op(opNil)
			return
		}
		s.op(opSet)
		s.elems(v, s.record, false)
	case reflect.Array:
		s.elems(v, s.record, false)
	case reflect.Struct:
		s.fields(v, s.record)
	}
}

// apply replays the operations over v, a decoded value.
func (s *shape) apply(v reflect.Value) {
	if s.err != nil || !walked(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		switch op := s.next(); {
		case op == opNil:
			v.SetZero()
		case op == opSet:
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			s.ptrs = append(s.ptrs, v)
			s.apply(v.Elem())
		case op-opAgain < uint64(len(s.ptrs)) && s.ptrs[op-opAgain].Type() == v.Type():
			v.Set(s.ptrs[op-opAgain])
		default:
			s.fail()
		}
	case reflect.Interface:
		if s.next() == opNil {
			v.SetZero()
			return
		}
		if v.IsNil() {
			s.fail()
			return
		}
		if walked(v.Elem().Type()) {
			v.Set(s.settled(v.Elem()))
		}
	case reflect.Slice:
		if s.next() == opNil {
			v.SetZero()
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		}
		s.elems(v, s.apply, true)
	case reflect.Map:
		if s.next() == opNil {
			v.SetZero()
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		s.elems(v, s.apply, true)
	case reflect.Array:
		s.elems(v, s.apply, true)
	case reflect.Struct:
		s.fields(v, s.apply)
	}
}

// settled is a settable copy of v with the operations applied.
func (s *shape) settled(v reflect.Value) reflect.Value {
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	s.apply(c)
	return c
}

// elems visits the elements of a slice or array, or the values of a map
// by sorted key (copies, set back when set).
func (s *shape) elems(v reflect.Value, visit func(reflect.Value), set bool) {
	if !walked(v.Type().Elem()) {
		return
	}
	if v.Kind() != reflect.Map {
		for i := 0; i < v.Len(); i++ {
			visit(v.Index(i))
		}
		return
	}
	keys := v.MapKeys()
	if v.Type().Key().Kind() != reflect.String {
		s.err = fmt.Errorf("map %s: only string keys are ordered", v.Type())
		return
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	for _, k := range keys {
		c := reflect.New(v.Type().Elem()).Elem()
		c.Set(v.MapIndex(k))
		visit(c)
		if set {
			v.SetMapIndex(k, c)
		}
	}
}

// fields visits the exported fields of a struct (gob keeps no other).
func (s *shape) fields(v reflect.Value, visit func(reflect.Value)) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).IsExported() {
			visit(v.Field(i))
		}
	}
}

func (s *shape) op(o uint64) { s.ops = binary.AppendUvarint(s.ops, o) }

func (s *shape) next() uint64 {
	o, n := binary.Uvarint(s.ops)
	if n <= 0 {
		s.fail()
		return opNil
	}
	s.ops = s.ops[n:]
	return o
}

func (s *shape) fail() {
	if s.err == nil {
		s.err = errors.New("shape does not fit the value")
	}
}

var walkedTypes sync.Map // reflect.Type → bool

// walked reports whether a value of type t may hold something shape
// records: a pointer, slice, map or interface, outside types that encode
// themselves.
func walked(t reflect.Type) bool {
	if w, ok := walkedTypes.Load(t); ok {
		return w.(bool)
	}
	w := false
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map:
		w = true
	case reflect.Array:
		w = walked(t.Elem())
	case reflect.Struct:
		if t.Implements(gobEncoderType) || reflect.PointerTo(t).Implements(gobEncoderType) {
			break
		}
		for i := 0; i < t.NumField() && !w; i++ {
			w = t.Field(i).IsExported() && walked(t.Field(i).Type)
		}
	}
	walkedTypes.Store(t, w)
	return w
}

// embeddedWire is what an Embedded encodes as: its data, and the data its
// Map and Passed apply in place of the functions.
type embeddedWire struct {
	Addr, Root, File    string
	Content             []byte
	Inferred, DependsOn []string
	Pos                 *PositionMap
	Parts               []PassedPart
}

// GobEncode encodes em with what its Map and Passed apply; an Embedded
// whose functions were not set by SetMap and SetPassed cannot be stored.
func (em Embedded) GobEncode() ([]byte, error) {
	if (em.Map != nil) != (em.pos != nil) || (em.Passed != nil) != (em.parts != nil) {
		return nil, fmt.Errorf("embedded YAML of %s: Map or Passed not set by SetMap or SetPassed", em.Addr)
	}
	w := embeddedWire{Addr: em.Addr, Root: em.Root, File: em.File, Content: em.Content, Inferred: em.Inferred, DependsOn: em.DependsOn, Pos: em.pos, Parts: em.parts}
	b, err := encodeExact(&w)
	if err != nil {
		return nil, fmt.Errorf("embedded YAML of %s: %w", em.Addr, err)
	}
	return b, nil
}

// GobDecode decodes what GobEncode wrote, setting Map and Passed again.
func (em *Embedded) GobDecode(data []byte) error {
	var w embeddedWire
	if err := decodeExact(data, &w); err != nil {
		return fmt.Errorf("embedded YAML: %w", err)
	}
	*em = Embedded{Addr: w.Addr, Root: w.Root, File: w.File, Content: w.Content, Inferred: w.Inferred, DependsOn: w.DependsOn}
	if w.Pos != nil {
		em.SetMap(*w.Pos)
	}
	if w.Parts != nil {
		em.parts, em.Passed = w.Parts, passedBy(w.Parts)
	}
	return nil
}
