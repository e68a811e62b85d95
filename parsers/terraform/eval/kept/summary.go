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
	// CrossFile are its duplicate declarations of a name each of its
	// files declares (eval's modInfo.CrossFile).
	CrossFile []SummaryDiag
	// ProviderRefs are those of its provider blocks, by configuration;
	// Providers the configurations its code uses.
	ProviderRefs map[string][]SummaryDiag
	// LooseProviderRefs are the loose ones of its provider blocks (see
	// LooseRefs), by configuration.
	LooseProviderRefs map[string][]SummaryDiag
	Providers         ProviderUses
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
	// ChildPatterns are the globs of the directories calls with sources
	// evaluated early may name (eval's modInfo.ChildPatterns).
	ChildPatterns []string
	// Elsewhere are its calls of remote sources naming a subdirectory
	// (eval's modInfo.Elsewhere).
	Elsewhere []RemoteCall
	Remote    bool
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

// RemoteCall is a module call of a remote source naming a subdirectory
// of its package: the subdirectory, and the arguments the call gives.
type RemoteCall struct {
	Subdir string
	Args   []string
}

// SummaryDiag is a parse diagnostic as a summary keeps it.
type SummaryDiag struct {
	Severity        hcl.DiagnosticSeverity
	Summary, Detail string
	Subject         *hcl.Range
	// Hint is the lint.DiagnosticHint the diagnostic carries ("" none).
	Hint string
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

// ProviderUses are the provider configurations a module's code uses
// ("aws", "aws.west", as its own blocks name them): those its resources,
// data sources, ephemeral resources and imports use, and those its
// module calls pass to code that uses them.
type ProviderUses struct {
	// Own are those its own blocks use: a provider argument's, else the
	// default configuration of the type's provider.
	Own []string
	// Configures are the default configurations it has provider blocks
	// for itself: its blocks and those of modules it calls use those,
	// never one a caller's module would otherwise pass down.
	Configures []string
	// Calls are its module calls.
	Calls []ProviderCall
	// All is set when its uses cannot be read (a JSON file, a provider
	// argument that is no reference): every configuration counts as used.
	All bool
}

// ProviderCall is a module call as provider configurations go through
// it: the called directory ("" for a remote source, whose code is not
// read), and the providers argument mapping the child's configurations
// to the caller's (nil when not written: the child inherits the
// caller's default configurations). Unread is set when the argument is
// no map of references.
type ProviderCall struct {
	Dir    string
	Passes map[string]string
	Unread bool
	// Models are, for a registry call faultline models, the embedded
	// stand-ins of every version its constraint allows: the providers
	// all of their resources use, the real module's too.
	Models []string
}
