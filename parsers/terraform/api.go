package terraform

import (
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
	"github.com/faultline-dev/faultline/parsers/terraform/eval/kept"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
)

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

// Embedded is Kubernetes YAML written inside Terraform (a kubectl_manifest
// yaml_body, a kubernetes_manifest manifest), for the manifest parser.
type Embedded = kept.Embedded

// Backend is where a root keeps its state: a backend block's type and
// its configuration (Terraform's own files, or a unit's remote_state).
type Backend = eval.Backend

// GeneratedFile is Terraform configuration a unit generates.
type GeneratedFile = eval.GeneratedFile

// ConfigEval evaluates expressions outside a Terraform module (Terragrunt
// configuration) with Terraform's functions, bounded as a root is.
type ConfigEval = eval.ConfigEval

// ConfigMark is a ConfigEval's budget at the start of an evaluation
// whose cost is measured.
type ConfigMark = eval.ConfigMark

// ConfigCost is what an evaluation of a ConfigEval cost, to charge again.
type ConfigCost = eval.ConfigCost

// SavedBudget is a ConfigEval's budget saved, to restore.
type SavedBudget = eval.SavedBudget

// NewConfigEval is a ConfigEval reading files of tree relative to dir.
func NewConfigEval(tree *treefs.Tree, dir string, h *lint.Holes) *ConfigEval {
	return eval.NewConfigEval(tree, dir, h)
}

// IsConfigFile reports whether a file name is Terraform or OpenTofu
// configuration (.tf, .tf.json, .tofu, .tofu.json).
func IsConfigFile(name string) bool { return eval.IsConfigFile(name) }

// WithoutShadowed drops from names the Terraform files a .tofu file of
// the same name shadows (OpenTofu reads x.tofu in place of x.tf).
func WithoutShadowed(names []string) []string { return eval.WithoutShadowed(names) }

// RootMostCPU is what a root costs the run's budget when it uses all of
// one of its own bounds (eval.RootMostCPU).
const RootMostCPU = eval.RootMostCPU
