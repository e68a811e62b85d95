package rules

import (
	"fmt"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// External Secrets Operator reads AWS secrets with the credentials each
// store names (spec.provider.aws.auth): static keys, a token of the
// service account auth.jwt.serviceAccountRef names (exchanged for the role
// of that account's annotation), or, with neither, the controller's own.
// The IRSA rules read the stores for two things: an account a store
// authenticates as is in use though no workload runs as it, and the
// controller's own role annotation is used by no store the tree shows
// when each authenticates otherwise.

// externalSecretsDoc is what FL201's and FL202's pages say of External
// Secrets' stores.
const externalSecretsDoc = `An account an External Secrets store authenticates as
(` + "`spec.provider.aws.auth.jwt.serviceAccountRef`" + `) is not spare: the controller
requests its token for every read of the store.

External Secrets' controller uses its own credentials only for an AWS
store that writes no ` + "`auth`" + `. When the refused account is one of its
chart's, and every AWS store of the tree authenticates otherwise (as
another account's token, or with keys from ` + "`auth.secretRef`" + `), the finding
is a notice: the annotation is redundant, and only a store the tree does
not show would fail. A store whose authentication is known only at apply,
or whose jwt account the tree shows is not among the accounts of its
namespace (it fails too: the chart named its account otherwise), keeps
the finding an error.
`

// chartExternalSecrets is the name of External Secrets Operator's chart.
const chartExternalSecrets = "external-secrets"

// awsStores are the External Secrets stores of the AWS provider that may
// be in the cluster of sa.
func awsStores(m *lint.Model, sa *lint.ServiceAccount) []*lint.KubeObject {
	var out []*lint.KubeObject
	for _, o := range m.Objects {
		if o.Store != nil && o.Scope.Compatible(sa.Scope, true, true) {
			out = append(out, o)
		}
	}
	return out
}

// storeMayAuthenticateAs reports whether a store may use the token of sa:
// its jwt account may be sa, or how it authenticates is not known.
func storeMayAuthenticateAs(s *lint.SecretStoreAuth, sa *lint.ServiceAccount) bool {
	switch s.Auth {
	case lint.StoreAuthUnknown:
		return true
	case lint.StoreAuthJWT:
		ns, _ := sa.PlacedNamespace()
		return lint.Compare(s.AccountNamespace, ns) != lint.No && lint.Compare(s.AccountName, sa.Name) != lint.No
	}
	return false
}

// storeAuthenticatesAs names a store of the tree that may authenticate as
// sa (its jwt account), "" when none does.
func storeAuthenticatesAs(m *lint.Model, sa *lint.ServiceAccount) string {
	for _, o := range awsStores(m, sa) {
		if o.Store.Auth == lint.StoreAuthJWT && storeMayAuthenticateAs(o.Store, sa) {
			return o.Label
		}
	}
	return ""
}

// externalSecretsAccount reports whether sa is an account of External
// Secrets Operator's chart: created by a release of it (named by the
// chart's convention), or the account a workload the chart renders runs
// as. Known by the chart, never by the account's name.
func externalSecretsAccount(m *lint.Model, sa *lint.ServiceAccount) bool {
	if r, ok := m.Lookup(sa.Release).(*lint.Release); ok && sa.Release != "" {
		return chartBase(r.Chart) == chartExternalSecrets
	}
	ns, _ := sa.PlacedNamespace()
	for _, w := range m.Workloads {
		if w.Chart != chartExternalSecrets || !w.ServiceAccount.IsSet() {
			continue
		}
		wns, _ := w.PlacedNamespace()
		if lint.Compare(wns, ns) == lint.Yes && lint.Compare(w.ServiceAccount.Value, sa.Name) == lint.Yes {
			return true
		}
	}
	return false
}

// controllerCredentialsUnused says, for a refused binding of an External
// Secrets controller's account, what the finding rests on when no store
// the tree shows uses that account's role: the tree has AWS stores, each
// authenticates with static keys or as another account's token (none
// with the controller's own credentials, none as this account, none in a
// way not known). The refusal then breaks only stores the tree does not
// show. "" otherwise.
func controllerCredentialsUnused(m *lint.Model, sa *lint.ServiceAccount) string {
	if !externalSecretsAccount(m, sa) {
		return ""
	}
	stores := awsStores(m, sa)
	if len(stores) == 0 {
		return ""
	}
	var how []string
	for _, o := range stores {
		s := o.Store
		if s.Auth == lint.StoreAuthController || storeMayAuthenticateAs(s, sa) {
			return ""
		}
		if s.Auth == lint.StoreAuthSecret {
			how = append(how, o.Label+" with static keys (auth.secretRef)")
		} else {
			if accountAbsent(m, s.AccountNamespace, s.AccountName, sa) {
				// The store's own account is not there: it fails as
				// well, and the refused one may be the account meant.
				return ""
			}
			how = append(how, fmt.Sprintf("%s as %s/%s (auth.jwt)", o.Label, s.AccountNamespace, s.AccountName))
		}
	}
	return fmt.Sprintf("External Secrets' controller uses its own credentials only for an AWS store that writes no auth, and every AWS store of the tree authenticates otherwise: %s", strings.Join(how, "; "))
}

// accountAbsent reports whether the tree shows accounts in namespace ns
// of sa's cluster, none of which may be named name: the account a store
// authenticates as is not among them (the chart that runs the controller
// named its account otherwise).
func accountAbsent(m *lint.Model, ns, name lint.Value, sa *lint.ServiceAccount) bool {
	seen := false
	for _, o := range m.ServiceAccounts {
		if !o.Scope.Compatible(sa.Scope, true, true) {
			continue
		}
		ons, _ := o.PlacedNamespace()
		if lint.Compare(ons, ns) != lint.Yes {
			if lint.Compare(ons, ns) == lint.Maybe && lint.Compare(o.Name, name) != lint.No {
				return false // may be it, in a namespace not known
			}
			continue
		}
		if lint.Compare(o.Name, name) != lint.No {
			return false
		}
		seen = true
	}
	return seen
}

// unusedControllerHint is the hint of a refused External Secrets
// controller account whose role no store of the tree uses.
func unusedControllerHint(sa *lint.ServiceAccount, role *lint.Role) string {
	return fmt.Sprintf("remove the eks.amazonaws.com/role-arn annotation from %s, whose credentials no store of the tree uses; or, for stores that write no auth, add %s to the :sub condition of role %s", saLabel(sa), subjectOf(sa.Namespace, sa.Name), roleName(role))
}
