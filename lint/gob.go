package lint

import (
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
)

// EntityTypes are a zero value of every concrete Entity type the model
// has. Each is registered with encoding/gob (init below), so a value
// holding entities ([]Entity) can be encoded; a test checks that every
// type of this package embedding Object is listed.
func EntityTypes() []Entity {
	return []Entity{
		&Role{}, &InstanceProfile{}, &SecurityGroup{}, &LaunchTemplate{}, &NodeGroup{},
		&NodeClass{}, &NodePool{}, &ServiceAccount{}, &PodIdentityAssociation{},
		&AccessEntry{}, &Cluster{}, &Workload{}, &KubeObject{}, &Release{},
		&FargateProfile{}, &Subnet{}, &StorageClass{}, &VolumeClaim{}, &Volume{},
		&DuplicateKey{}, &OIDCProvider{}, &ModuleCall{}, &OtherCluster{},
		&ClusterLookup{}, &LooseTag{},
	}
}

func init() {
	for _, e := range EntityTypes() {
		gob.Register(e)
	}
	// Release.Values holds YAML values: gob knows the basic types, not
	// these.
	gob.Register(map[string]any{})
	gob.Register([]any{})
}

// Value flags in its encoding.
const (
	valueValid = 1 << iota
	valueHasSegs
)

// Segment flags in a Value's encoding.
const (
	segHole = 1 << iota
	segAnonymous
	segVia
)

// GobEncode encodes v whole (gob would drop its unexported fields): a
// flags byte (valid; segments non-nil, so an empty list stays one), the
// segment count, and each segment's text and hole. Holes are copied: two
// segments sharing one *HoleRef decode as two equal ones (nothing compares
// holes by pointer).
func (v Value) GobEncode() ([]byte, error) { return v.AppendBinary(nil) }

// AppendBinary appends what GobEncode returns to b
// (encoding.BinaryAppender: encoders that write many values need not
// allocate for each).
func (v Value) AppendBinary(b []byte) ([]byte, error) {
	var flags byte
	if v.valid {
		flags |= valueValid
	}
	if v.segs != nil {
		flags |= valueHasSegs
	}
	b = binary.AppendUvarint(append(b, flags), uint64(len(v.segs)))
	for _, s := range v.segs {
		b = appendString(b, s.Text)
		switch {
		case s.Ref == nil:
			b = append(b, 0)
		case s.Ref.Via != "":
			b = append(b, segHole|segAnonymous|segVia)
		case s.Ref.Anonymous:
			b = append(b, segHole|segAnonymous)
		default:
			b = append(b, segHole)
		}
		if s.Ref != nil {
			b = appendString(appendString(b, s.Ref.Object), s.Ref.Path)
			if s.Ref.Via != "" {
				b = appendString(b, s.Ref.Via)
			}
		}
	}
	return b, nil
}

// GobDecode decodes what GobEncode wrote; malformed bytes are an error.
func (v *Value) GobDecode(data []byte) error {
	d := decoder{data: data}
	flags := d.byte()
	n := d.uvarint()
	if d.err == nil && n > uint64(len(d.data)) { // each segment takes 2 bytes at least
		d.err = errors.New("segment count beyond the data")
	}
	var segs []Segment
	if flags&valueHasSegs != 0 && d.err == nil {
		segs = make([]Segment, 0, n)
	}
	for i := uint64(0); i < n && d.err == nil; i++ {
		s := Segment{Text: d.string()}
		if f := d.byte(); f&segHole != 0 {
			s.Ref = &HoleRef{Object: d.string(), Path: d.string(), Anonymous: f&segAnonymous != 0}
			if f&segVia != 0 {
				s.Ref.Via = d.string()
			}
		}
		segs = append(segs, s)
	}
	if d.err == nil && len(d.data) > 0 {
		d.err = errors.New("trailing bytes")
	}
	if d.err != nil {
		return fmt.Errorf("decoding value: %w", d.err)
	}
	v.segs, v.valid = segs, flags&valueValid != 0
	return nil
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// decoder reads a Value's encoding; the first error sticks.
type decoder struct {
	data []byte
	err  error
}

var errShort = errors.New("truncated")

func (d *decoder) byte() byte {
	if d.err != nil || len(d.data) == 0 {
		d.fail()
		return 0
	}
	c := d.data[0]
	d.data = d.data[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	n, k := binary.Uvarint(d.data)
	if k <= 0 {
		d.fail()
		return 0
	}
	d.data = d.data[k:]
	return n
}

func (d *decoder) string() string {
	n := d.uvarint()
	if d.err != nil || n > uint64(len(d.data)) {
		d.fail()
		return ""
	}
	s := string(d.data[:n])
	d.data = d.data[n:]
	return s
}

func (d *decoder) fail() {
	if d.err == nil {
		d.err = errShort
	}
}
