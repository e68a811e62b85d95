package kept

import (
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
	"github.com/hashicorp/hcl/v2"
)

// ModuleSummary is what a run keeps of a module directory's first parse.
type ModuleSummary struct {
	Exists bool
	Files  []string
	Diags  []SummaryDiag
	// Refs are its references to what it does not declare, reported
	// unless a Terragrunt unit may generate the declarations.
	Refs, LooseRefs []SummaryDiag
	// OutputRefs, LocalCalls, Outputs and Whole are what a check of
	// reads of local modules' outputs needs (eval.UnsupportedOutputs).
	OutputRefs []OutputRef
	LocalCalls map[string]LocalCall
	Outputs    []string
	Whole      bool
	// Applied is set on a root Terraform is run in (a backend, and
	// something managed).
	Applied  bool
	Children []string
	Remote   bool
	// Inputs are what the parse read and listed; Refused the notes of
	// the files the tree refused; NotKept why a root using the module
	// cannot be kept.
	Inputs  cache.InputRecord
	Refused []lint.Note
	NotKept string
	// Templates are the files its code renders with templatefile at a
	// path under its directory.
	Templates []string
}

// SummaryDiag is a parse diagnostic as a summary keeps it.
type SummaryDiag struct {
	Severity        hcl.DiagnosticSeverity
	Summary, Detail string
	Subject         *hcl.Range
}

// OutputRef is a read of a module call's output: module.CALL.OUTPUT, or
// module.CALL[KEY].OUTPUT (Indexed), the output's name at Range.
type OutputRef struct {
	Call, Output string
	Indexed      bool
	Range        hcl.Range
}

// LocalCall is a call of a local module: its directory, and whether it
// has count or for_each (its outputs are read by instance).
type LocalCall struct {
	Dir      string
	Repeated bool
}
