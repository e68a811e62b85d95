package wire_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/wire"
)

// node is a type with what the codec must keep exactly: pointers that
// may be shared, an interface, nil against empty lists and maps.
type node struct {
	Name     string
	N        int
	U        uint16
	F        float64
	B        bool
	Sum      [4]byte
	Data     []byte
	Kids     []*node
	Next     *node
	Any      any
	Tags     map[string][]string
	Self     selfEncoded
	Appended appended
	List     selfList
	Lists    map[string]selfList
	Counts   []selfCounts
	hidden   int
	Fn       func()
}

// selfEncoded encodes itself through gob's interfaces, as Embedded does.
type selfEncoded struct{ v string }

func (s selfEncoded) GobEncode() ([]byte, error) {
	if s.v == "fail" {
		return nil, errors.New("cannot encode")
	}
	return []byte(s.v), nil
}

func (s *selfEncoded) GobDecode(b []byte) error { s.v = string(b); return nil }

// appended encodes itself by appending, as lint.Value does.
type appended struct{ n uint64 }

func (a appended) AppendBinary(b []byte) ([]byte, error) { return binary.AppendUvarint(b, a.n), nil }

func (a *appended) GobDecode(b []byte) error {
	n, k := binary.Uvarint(b)
	if k != len(b) {
		return errors.New("bad appended")
	}
	a.n = n
	return nil
}

// selfList is a named slice type that encodes itself, as yamlwire.Docs
// does: written as "L:" and its items joined by commas.
type selfList []string

func (l selfList) AppendBinary(b []byte) ([]byte, error) {
	if l == nil {
		return append(b, '-'), nil
	}
	return append(append(b, "L:"...), strings.Join(l, ",")...), nil
}

func (l *selfList) GobDecode(b []byte) error {
	switch {
	case string(b) == "-":
		*l = nil
	case string(b) == "L:":
		*l = selfList{}
	case bytes.HasPrefix(b, []byte("L:")):
		*l = strings.Split(string(b[2:]), ",")
	default:
		return fmt.Errorf("bad list %q", b)
	}
	return nil
}

// selfCounts is a named map type that encodes itself through gob's
// interfaces: "C" and its one key's count.
type selfCounts map[string]int

func (c selfCounts) GobEncode() ([]byte, error) {
	return fmt.Appendf(nil, "C%d", c["n"]), nil
}

func (c *selfCounts) GobDecode(b []byte) error {
	var n int
	if _, err := fmt.Sscanf(string(b), "C%d", &n); err != nil {
		return err
	}
	*c = selfCounts{"n": n}
	return nil
}

var codec = wire.New(&node{}, "", 0, map[string]any{}, []any{})

func sample() *node {
	shared := &node{Name: "shared", Tags: map[string][]string{}}
	return &node{
		Name: "root", N: -42, U: 65535, F: -1.5, B: true, Sum: [4]byte{1, 2, 3, 4},
		Data: []byte{}, Kids: []*node{shared, shared, nil, {Name: "other", Data: []byte("x")}},
		Next: shared, Any: map[string]any{"list": []any{"a", 7, nil, []any{}}, "node": shared},
		Tags: map[string][]string{"nil": nil, "empty": {}, "two": {"a", "b"}},
		Self: selfEncoded{"itself"}, Appended: appended{1 << 40},
		List: selfList{"a", "b"}, Lists: map[string]selfList{"nil": nil, "empty": {}, "one": {"c"}},
		Counts: []selfCounts{{"n": 3}, {"n": 12}},
		hidden: 9, Fn: func() {},
	}
}

// TestRoundTrip wants a value back exactly: nil and empty apart, shared
// pointers one pointer, interfaces their concrete types, values that
// encode themselves as they encode; unexported and func fields zero.
func TestRoundTrip(t *testing.T) {
	in := sample()
	data, err := codec.Append(nil, in)
	if err != nil {
		t.Fatal(err)
	}
	var out node
	rest, err := codec.Decode(data, &out)
	if err != nil || len(rest) != 0 {
		t.Fatalf("decode: %v, %d bytes left", err, len(rest))
	}
	want := *in
	want.hidden, want.Fn = 0, nil
	if !reflect.DeepEqual(&out, &want) {
		t.Fatalf("decoded %+v\nwant %+v", out, want)
	}
	if out.Kids[0] != out.Kids[1] || out.Kids[0] != out.Next || out.Any.(map[string]any)["node"] != out.Next {
		t.Error("a pointer reached four times decodes as more than one")
	}
	if out.Data == nil || out.Tags["empty"] == nil || out.Tags["nil"] != nil || out.Kids[0].Tags == nil {
		t.Error("nil and empty are not told apart")
	}
	// Named slices and maps that encode themselves are written as they
	// write themselves, wherever they are (a field, a map value, a slice
	// element), not item by item.
	for _, own := range []string{"L:a,b", "L:c", "C3", "C12"} {
		if !bytes.Contains(data, []byte(own)) {
			t.Errorf("the encoding lacks %q: a named slice or map was not written by itself", own)
		}
	}
}

// TestConsecutive decodes values appended one after the other, each in
// turn, and an encoding streamed to a writer, which must be the bytes
// Append gives (written in several parts).
func TestConsecutive(t *testing.T) {
	big := &node{Name: strings.Repeat("x", 100<<10)}
	for i := 0; i < 3000; i++ {
		big.Kids = append(big.Kids, &node{Name: fmt.Sprint(i), Tags: map[string][]string{"k": {"v"}}})
	}
	data, err := codec.Append(nil, sample())
	if err != nil {
		t.Fatal(err)
	}
	if data, err = codec.Append(data, big); err != nil {
		t.Fatal(err)
	}
	var first, second node
	rest, err := codec.Decode(data, &first)
	if err != nil || first.Name != "root" {
		t.Fatalf("first: %v %q", err, first.Name)
	}
	if rest, err = codec.Decode(rest, &second); err != nil || len(rest) != 0 || !reflect.DeepEqual(&second, big) {
		t.Fatalf("second: %v, %d bytes left, equal %v", err, len(rest), reflect.DeepEqual(&second, big))
	}
	want, err := codec.Append(nil, big)
	if err != nil {
		t.Fatal(err)
	}
	w := &countWriter{}
	if err := codec.Encode(w, big); err != nil {
		t.Fatal(err)
	}
	// Map order is random, but these maps hold one key each.
	if !bytes.Equal(w.buf.Bytes(), want) || w.writes < 2 {
		t.Errorf("streamed %d bytes in %d writes, want the %d bytes Append gives, in parts", w.buf.Len(), w.writes, len(want))
	}
}

type countWriter struct {
	buf    bytes.Buffer
	writes int
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}

// TestNotEncodable wants an error for a concrete type the codec was not
// made with and for a value that fails to encode itself.
func TestNotEncodable(t *testing.T) {
	for _, in := range []*node{{Any: 1.5}, {Self: selfEncoded{"fail"}}, {Kids: []*node{{Any: struct{}{}}}}} {
		if _, err := codec.Append(nil, in); err == nil {
			t.Errorf("%+v encodes", in)
		}
	}
	if _, err := codec.Append(nil, node{}); err == nil {
		t.Error("a value that is not a pointer encodes")
	}
}

// TestCorrupt wants every truncation to fail and flipped bytes to fail or
// decode, never panic.
func TestCorrupt(t *testing.T) {
	data, err := codec.Append(nil, sample())
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(data); n++ {
		var out node
		if rest, err := codec.Decode(data[:n], &out); err == nil {
			t.Fatalf("%d of %d bytes decode (%d left)", n, len(data), len(rest))
		}
	}
	for i := range data {
		for _, b := range []byte{0, 1, 0x7f, 0x80, 0xff} {
			c := bytes.Clone(data)
			c[i] = b
			var out node
			_, _ = codec.Decode(c, &out)
		}
	}
}

// FuzzDecode wants any bytes to decode or fail, never panic.
func FuzzDecode(f *testing.F) {
	data, err := codec.Append(nil, sample())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		var out node
		if _, err := codec.Decode(data, &out); err == nil {
			if _, err := codec.Append(nil, &out); err != nil {
				t.Errorf("decoded value does not encode: %v", err)
			}
		}
	})
}
