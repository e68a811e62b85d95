// Package yamlwire encodes YAML node trees for the result cache, as
// yaml.v3 decodes documents: the kept parse of a manifest and the
// documents of a kept kustomize build or chart rendering are read back on
// every run that takes them, so reading them must cost much less than
// parsing the YAML again. The reflective codec of internal/wire costs two
// thirds of a parse on node trees (an allocation and a reflect call per
// field); this one allocates every node of a value at once, every list
// of children at once, and every string as a slice of one copy of the
// payload.
//
// The encoding is the build's own (a cache key holds the build), so it
// carries no version: a node count, then each node in pre-order with
// every field of yaml.Node (a test pins the field list), an alias as the
// index of the node it names. A node that is not a tree node of the
// value (an alias to a node outside it, a node reached twice) cannot be
// encoded: it is an error, and the caller keeps nothing.
package yamlwire

import (
	"encoding/binary"
	"errors"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// Docs are documents as yaml.v3 decodes them. Docs implements
// encoding.BinaryAppender and *Docs gob.GobDecoder, which internal/wire uses to
// write and read it.
type Docs []*yaml.Node

// maxDepth bounds the nesting a decoder follows: data that is not an
// encoding must not exhaust the stack (the YAML faultline reads is
// bounded far below it by internal/nesting).
const maxDepth = 10000

// Error prefixes.
var (
	errShort  = errors.New("truncated or malformed data")
	errShared = errors.New("a node is reached twice")
	errAlias  = errors.New("an alias names a node outside the documents")
)

// AppendBinary appends the encoding of d to b.
func (d Docs) AppendBinary(b []byte) ([]byte, error) {
	if d == nil {
		return append(b, 0), nil
	}
	e := encoder{b: append(b, 1)}
	nodes, edges := 0, 0
	var count func(n *yaml.Node, depth int) error
	count = func(n *yaml.Node, depth int) error {
		if n == nil {
			return errors.New("a nil node")
		}
		if depth > maxDepth {
			return errors.New("nested too deep")
		}
		nodes++
		edges += len(n.Content)
		for _, c := range n.Content {
			if err := count(c, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, n := range d {
		if err := count(n, 0); err != nil {
			return b, fmt.Errorf("yamlwire: %w", err)
		}
	}
	// Every node is numbered first, so that an alias can name one later
	// in the documents, and a node reached twice shows.
	e.index = make(map[*yaml.Node]uint64, nodes)
	e.uvarint(uint64(len(d)))
	e.uvarint(uint64(nodes))
	e.uvarint(uint64(edges))
	for _, n := range d {
		e.number(n)
	}
	if len(e.index) != nodes {
		return b, fmt.Errorf("yamlwire: %w", errShared)
	}
	for _, n := range d {
		if err := e.node(n); err != nil {
			return b, fmt.Errorf("yamlwire: %w", err)
		}
	}
	return e.b, nil
}

type encoder struct {
	b     []byte
	index map[*yaml.Node]uint64
}

func (e *encoder) uvarint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }

func (e *encoder) str(s string) {
	e.uvarint(uint64(len(s)))
	e.b = append(e.b, s...)
}

// number gives every node of n its pre-order index.
func (e *encoder) number(n *yaml.Node) {
	e.index[n] = uint64(len(e.index))
	for _, c := range n.Content {
		e.number(c)
	}
}

// node appends n and its children, in pre-order.
func (e *encoder) node(n *yaml.Node) error {
	e.uvarint(uint64(n.Kind))
	e.uvarint(uint64(n.Style))
	e.str(n.Tag)
	e.str(n.Value)
	e.str(n.Anchor)
	e.str(n.HeadComment)
	e.str(n.LineComment)
	e.str(n.FootComment)
	e.uvarint(uint64(n.Line))
	e.uvarint(uint64(n.Column))
	if n.Alias == nil {
		e.uvarint(0)
	} else {
		i, ok := e.index[n.Alias]
		if !ok {
			return errAlias
		}
		e.uvarint(i + 1)
	}
	// A list of no children is told apart from none (nil).
	if n.Content == nil {
		e.uvarint(0)
	} else {
		e.uvarint(uint64(len(n.Content)) + 1)
	}
	for _, c := range n.Content {
		if err := e.node(c); err != nil {
			return err
		}
	}
	return nil
}

// GobDecode sets d to the documents data encodes. Data AppendBinary did
// not write is an error or decodes to other documents; it never panics.
func (d *Docs) GobDecode(data []byte) error {
	if len(data) == 0 {
		return fmt.Errorf("yamlwire: %w", errShort)
	}
	if data[0] == 0 {
		if len(data) != 1 {
			return fmt.Errorf("yamlwire: %w", errShort)
		}
		*d = nil
		return nil
	}
	r := decoder{b: data[1:], s: string(data[1:])}
	docs, nodes, edges := r.uvarint(), r.uvarint(), r.uvarint()
	// Every node takes a byte at least for each of its twelve fields:
	// counts beyond the data are malformed, and are refused before
	// allocating.
	if r.err != nil || nodes > uint64(len(r.b))/12 || docs > nodes || edges > nodes {
		return fmt.Errorf("yamlwire: %w", errShort)
	}
	r.nodes = make([]yaml.Node, nodes)
	r.edges = make([]*yaml.Node, edges)
	out := make(Docs, docs)
	for i := range out {
		out[i] = r.node(0)
	}
	if r.err == nil && (r.next != len(r.nodes) || r.edge != len(r.edges) || r.off != len(r.b)) {
		r.err = errShort
	}
	if r.err != nil {
		return fmt.Errorf("yamlwire: %w", r.err)
	}
	*d = out
	return nil
}

type decoder struct {
	b []byte
	// s is b as one string: every string decoded is a slice of it.
	s   string
	off int
	err error
	// nodes and edges are every node and every child pointer, allocated
	// at once; next and edge are the first not yet used.
	nodes      []yaml.Node
	edges      []*yaml.Node
	next, edge int
}

func (r *decoder) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	// Most numbers are below 128: one byte.
	if r.off < len(r.b) && r.b[r.off] < 0x80 {
		r.off++
		return uint64(r.b[r.off-1])
	}
	n, k := binary.Uvarint(r.b[r.off:])
	if k <= 0 {
		r.err = errShort
		return 0
	}
	r.off += k
	return n
}

func (r *decoder) str() string {
	n := r.uvarint()
	if r.err != nil || n > uint64(len(r.b)-r.off) {
		r.err = errShort
		return ""
	}
	s := r.s[r.off : r.off+int(n)]
	r.off += int(n)
	return s
}

// small is a uvarint that must fit an int32 field.
func (r *decoder) small() int {
	n := r.uvarint()
	if n > 1<<31-1 {
		r.err = errShort
	}
	return int(n)
}

// node decodes the next node and its children.
func (r *decoder) node(depth int) *yaml.Node {
	if r.err != nil {
		return nil
	}
	if depth > maxDepth || r.next >= len(r.nodes) {
		r.err = errShort
		return nil
	}
	n := &r.nodes[r.next]
	r.next++
	n.Kind = yaml.Kind(r.small())
	n.Style = yaml.Style(r.small())
	n.Tag = r.str()
	n.Value = r.str()
	n.Anchor = r.str()
	n.HeadComment = r.str()
	n.LineComment = r.str()
	n.FootComment = r.str()
	n.Line = r.small()
	n.Column = r.small()
	if a := r.uvarint(); a > 0 {
		if a > uint64(len(r.nodes)) {
			r.err = errShort
			return nil
		}
		n.Alias = &r.nodes[a-1]
	}
	k := r.uvarint()
	if k == 0 || r.err != nil {
		return n
	}
	k--
	if k > uint64(len(r.edges)-r.edge) {
		r.err = errShort
		return nil
	}
	start := r.edge
	r.edge += int(k)
	n.Content = r.edges[start:r.edge:r.edge]
	for i := range n.Content {
		n.Content[i] = r.node(depth + 1)
	}
	return n
}
