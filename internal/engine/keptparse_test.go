package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// A run the whole-run cache misses parses only the manifests whose text
// changed, and its model and result are a fresh run's.
func TestKeptParsesOnlyWhatChanged(t *testing.T) {
	root := t.TempDir()
	sa := "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: api\n  namespace: prod\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/api\n"
	write(t, root, kustTree)
	write(t, root, map[string]string{
		"k8s/sa.yaml":       sa,
		"k8s/deploy.yaml":   "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: prod\nspec:\n  template:\n    spec:\n      serviceAccountName: api\n      containers:\n        - name: api\n          image: api:1\n",
		"k8s/nodepool.yaml": "apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: general\nspec:\n  template:\n    spec:\n      nodeClassRef:\n        group: karpenter.k8s.aws\n        kind: EC2NodeClass\n        name: missing\n",
	})
	c, opts := cachedRunOf(t, root)
	var parsedFirst int
	for i, edit := range []string{"", "k8s/sa.yaml"} {
		if edit != "" {
			write(t, root, map[string]string{edit: strings.Replace(sa, "name: api", "name: web", 1)})
		}
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		u := l.Cache.Units
		switch i {
		case 0:
			if u.ParsesKept != 0 || u.ParsesMade != 3 {
				t.Fatalf("cold: %s; want every manifest parsed", u)
			}
			parsedFirst = u.ParsesMade
		case 1:
			if u.ParsesMade != 1 || u.ParsesKept != parsedFirst-1 {
				t.Errorf("one manifest edited: %s; want 1 parsed, %d kept", u, parsedFirst-1)
			}
		}
		sameAsFresh(t, fmt.Sprintf("run %d", i), opts, l, got)
	}
}
