// Package rules holds faultline's rule catalogue: one rule per file, each a
// lint.Rule value, listed in order in All.
package rules

import "github.com/faultline-dev/faultline/lint"

// All is the catalogue, in ID order.
var All = []*lint.Rule{
	InvalidInput,
	IgnoreProblem,
	DuplicateKey,
	SharedNodeRole,
	SharedInstanceProfile,
	SharedSecurityGroup,
	NodeGroupOwnedIdentity,
	SelectorSpread,
	IRSANamespaceMismatch,
	IRSAServiceAccountMismatch,
	IRSAWildcardSubject,
	IRSAMissingAudience,
	IRSAIssuerMismatch,
	PodIdentityMismatch,
	IRSAMalformedCondition,
	RoleCannotBeAssumedByPod,
	SharedRoleNodeGroupDeletion,
	OrphanedDeletion,
	InUseIdentityDeletion,
	OIDCProviderDeletion,
	NodeAccessRemoval,
	SplitLifecycle,
	UnschedulableRequests,
	UnsatisfiableNodeSelector,
	UntoleratedTaint,
	ZoneInfeasible,
	NodeClassSelectsNothing,
	ModuleInputDrift,
	ChartValueDrift,
}

// Find returns the rule named by ID or name.
func Find(key string) *lint.Rule { return lint.FindRule(All, key) }
