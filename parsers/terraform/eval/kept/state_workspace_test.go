package kept

import "testing"

// A read of another workspace's state is of the root keeping the default
// workspace's at the key the prefix and workspace lead to: inferred.
func TestSameStateOtherWorkspace(t *testing.T) {
	root := StateLocation{Kind: "s3", Store: "b", Path: "identity.tfstate", WorkspacePrefix: "tenants"}
	for _, c := range []struct {
		read           StateLocation
		same, inferred bool
	}{
		{StateLocation{Kind: "s3", Store: "b", Path: "identity.tfstate"}, true, false},
		{StateLocation{Kind: "s3", Store: "b", Path: "tenants/staging/identity.tfstate"}, true, true},
		{StateLocation{Kind: "s3", AnyStore: true, Path: "tenants/staging/identity.tfstate"}, true, true},
		{StateLocation{Kind: "s3", Store: "other", Path: "tenants/staging/identity.tfstate"}, false, true},
		{StateLocation{Kind: "s3", Store: "b", Path: "tenants/a/b/identity.tfstate"}, false, false},
		{StateLocation{Kind: "s3", Store: "b", Path: "tenants//identity.tfstate"}, false, false},
		{StateLocation{Kind: "s3", Store: "b", Path: "env:/staging/identity.tfstate"}, false, false},
		{StateLocation{Kind: "gcs", Store: "b", Path: "tenants/staging/identity.tfstate"}, false, false},
	} {
		same, inferred := SameState(c.read, root)
		if same != c.same || same && inferred != c.inferred {
			t.Errorf("%+v: same %v inferred %v, want %v %v", c.read, same, inferred, c.same, c.inferred)
		}
	}
}
