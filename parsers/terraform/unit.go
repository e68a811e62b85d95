package terraform

import (
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// A Unit is a root module that a tool outside Terraform composes from a
// module source and input values: a Terragrunt unit. It is evaluated as a
// root of its own, its addresses qualified by Dir, the module at Source
// called with the inputs written in the unit's configuration, so that a
// finding about an input points where the input is written and a finding
// about a resource points into the module (or, for a module the tree does
// not hold, at the unit's source).
type Unit struct {
	// Dir is the unit's directory (absolute): the root users see.
	Dir string
	// Config is the unit's configuration file (absolute).
	Config string
	// Files are every file read to configure the unit (Config, the files
	// it includes or reads), absolute.
	Files []string
	// Source is the module source in Terraform's module-source syntax: an
	// absolute path for a local source, "namespace/name/provider" (host-
	// qualified or not) for a registry source, a go-getter address for
	// others. Empty when the unit names no source (its own directory's
	// .tf files are then the module, as Terragrunt runs them).
	Source string
	// Version is the registry version constraint ("" when none).
	Version string
	// SourceRange is where the source is written; Range is the block
	// entities of a module the tree does not hold are anchored at.
	SourceRange, Range hcl.Range
	// Dependencies are the units (their Dir) whose outputs the inputs
	// read, in the order written.
	Dependencies []string
	// Inputs computes the unit's inputs once the outputs of its
	// dependencies can be asked for: outputs(dir) is the outputs object of
	// the unit (or root module) at dir, ok false when it cannot be
	// evaluated. Nil when the unit has no inputs.
	Inputs func(outputs func(dir string) (cty.Value, bool)) UnitInputs
	// Generated are the files the unit's generate blocks write into the
	// module directory, read as if present.
	Generated []eval.GeneratedFile
	// GeneratedUnknown are the names of the files generate blocks write
	// with contents not known: written over a file of that name too.
	GeneratedUnknown []string
	// Backend is the remote state the unit configures (nil when none).
	Backend *eval.Backend
	// Passed are the -var-file and -var arguments Terragrunt passes the
	// unit's plan (extra_arguments), in order: they override its inputs
	// and the root's own variables files.
	Passed []eval.PassedVar
	// Notes are what reading the unit's configuration could not follow.
	Notes []lint.Note
	// Diagnostics are the unit's configuration errors (FL000).
	Diagnostics []lint.Diagnostic
}

// UnitInputs are a unit's input values and what could not be read.
type UnitInputs struct {
	Values []UnitInput
	Notes  []lint.Note
}

// UnitInput is one input variable's value as the unit gives it.
type UnitInput struct {
	Name  string
	Value cty.Value
	// Range is where the value is written (the inputs item's value);
	// NameRange where its name is (the item's key).
	Range, NameRange hcl.Range
	// Inferred says what the value rests on that is assumed (a
	// dependency's mock_outputs), "" when nothing.
	Inferred string
}
