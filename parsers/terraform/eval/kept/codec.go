package kept

import (
	"errors"
	"fmt"

	"github.com/faultline-dev/faultline/internal/wire"
	"github.com/faultline-dev/faultline/lint"
)

// EncodeOutput turns o into bytes DecodeOutput turns back into an equal
// RootOutput: equal in every field (lint.Value's own included), nil and
// empty lists and maps told apart, and two references to one object
// still one object (the Release whose DuplicateKeys are also entities of
// the output). The bytes hold no type information (package wire): only
// the build that wrote them may read them, as the result cache ensures.
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

// Wire is the codec of root outputs and of what the result cache keeps
// beside them: the types an interface of an output may hold are the
// entity types and the values of YAML documents (Release.Values).
func Wire() *wire.Codec { return outputWire }

// outputWire is Wire's codec; it only caches how each type is written.
var outputWire = wire.New(wireTypes()...)

func wireTypes() []any {
	types := []any{map[string]any{}, []any{}, "", false, 0, int64(0), uint64(0), float64(0)}
	for _, e := range lint.EntityTypes() {
		types = append(types, e)
	}
	return types
}

// encodeExact encodes the value p points to with Wire.
func encodeExact(p any) ([]byte, error) {
	return outputWire.Append(nil, p)
}

// decodeExact decodes what encodeExact wrote into p: all of data.
func decodeExact(data []byte, p any) error {
	rest, err := outputWire.Decode(data, p)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return errors.New("trailing data")
	}
	return nil
}

// embeddedWire is what an Embedded encodes as: its data, and the data its
// Map and Passed apply in place of the functions.
type embeddedWire struct {
	Addr, Root, File    string
	Content             []byte
	Inferred, DependsOn []string
	Pos                 *PositionMap
	Parts               []PassedPart
	SubstitutionSource  bool
	AddsData            bool
	DataUnknown         bool
	Namespace           string
	NamespaceOverride   bool
	NamespaceRange      lint.Range
	Cluster             string
}

// GobEncode encodes em with what its Map and Passed apply; an Embedded
// whose functions were not set by SetMap and SetPassed cannot be stored.
func (em Embedded) GobEncode() ([]byte, error) {
	if (em.Map != nil) != (em.pos != nil) || (em.Passed != nil) != (em.parts != nil) {
		return nil, fmt.Errorf("embedded YAML of %s: Map or Passed not set by SetMap or SetPassed", em.Addr)
	}
	w := embeddedWire{Addr: em.Addr, Root: em.Root, File: em.File, Content: em.Content, Inferred: em.Inferred, DependsOn: em.DependsOn, Pos: em.pos, Parts: em.parts, SubstitutionSource: em.SubstitutionSource, AddsData: em.AddsData, DataUnknown: em.DataUnknown, Namespace: em.Namespace, NamespaceOverride: em.NamespaceOverride, NamespaceRange: em.NamespaceRange, Cluster: em.Cluster}
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
	*em = Embedded{Addr: w.Addr, Root: w.Root, File: w.File, Content: w.Content, Inferred: w.Inferred, DependsOn: w.DependsOn, SubstitutionSource: w.SubstitutionSource, AddsData: w.AddsData, DataUnknown: w.DataUnknown, Namespace: w.Namespace, NamespaceOverride: w.NamespaceOverride, NamespaceRange: w.NamespaceRange, Cluster: w.Cluster}
	if w.Pos != nil {
		em.SetMap(*w.Pos)
	}
	if w.Parts != nil {
		em.parts, em.Passed = w.Parts, passedBy(w.Parts)
	}
	return nil
}
