// Package kept holds what a load keeps of an evaluated Terraform root
// (RootOutput: its entities, notes, embedded YAML and remote-state reads)
// and of a module directory's first parse (ModuleSummary), and the codecs
// that carry them from run to run: exact bytes for the result cache
// (EncodeOutput, Wire, EncodeValue) and the renumbering of holes into a
// later run (ExportHoles, RenumberHoles). It evaluates nothing: package
// eval fills these values.
package kept

import "github.com/faultline-dev/faultline/lint"

// RootOutput is what a load keeps of an evaluated root.
type RootOutput struct {
	Entities  []lint.Entity
	Notes     []lint.Note
	Calls     map[string][]lint.Range
	Embedded  []Embedded
	Templates []string
	// KustomizationReads are the kustomization files file() reads as
	// data (a Flux Kustomization's text handed to a chart).
	KustomizationReads []string
	// Written are the files of the tree a local_file writes at apply
	// time that the tree lacks.
	Written  []Written
	VarFiles []string
	VarDiags []lint.Diagnostic
	// Reads are its remote-state reads (package eval, remotestate.go).
	Reads []RemoteRead
	// Unapplied are its resources making Kubernetes objects of which it
	// makes no instance (package eval, unapplied.go).
	Unapplied []lint.Unapplied
}

// Written is a file a Terraform resource writes at apply time (a
// local_file) that the tree does not hold: what reads it before apply
// (a kustomization) reads nothing.
type Written struct {
	// Path is the file, absolute.
	Path string
	// By names the resource and where it is written, for a note
	// ("local_file.values (infra/main.tf:12)").
	By string
}
