package terraform

import "github.com/faultline-dev/faultline/parsers/terraform/modsource"

// ModuleCall is one module call of a root and how it was resolved (listed
// by --verbose).
type ModuleCall = modsource.ModuleCall

// Resolution says how a module call was answered.
type Resolution = modsource.Resolution

// How a module call resolves, in this order (modsource.Resolution).
const (
	ResolvedLocal    = modsource.ResolvedLocal
	ResolvedCached   = modsource.ResolvedCached
	ResolvedModelled = modsource.ResolvedModelled
	ResolvedUnknown  = modsource.ResolvedUnknown
)
