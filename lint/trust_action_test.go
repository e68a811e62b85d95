package lint

import "testing"

func TestHasActionWildcardsAndCase(t *testing.T) {
	for _, c := range []struct {
		actions []string
		action  string
		want    bool
	}{
		{[]string{"sts:AssumeRoleWithWebIdentity"}, "sts:AssumeRoleWithWebIdentity", true},
		{[]string{"STS:assumerolewithwebidentity"}, "sts:AssumeRoleWithWebIdentity", true},
		{[]string{"sts:AssumeRole*"}, "sts:AssumeRoleWithWebIdentity", true},
		{[]string{"sts:AssumeRole*"}, "sts:TagSession", false},
		{[]string{"sts:*"}, "sts:TagSession", true},
		{[]string{"*"}, "sts:AssumeRole", true},
		{[]string{"sts:AssumeRole"}, "sts:AssumeRoleWithWebIdentity", false},
		{[]string{"sts:AssumeRole?"}, "sts:AssumeRole", false},
		{[]string{"iam:*"}, "sts:AssumeRole", false},
		{nil, "sts:AssumeRole", false},
	} {
		if got := (TrustStatement{Actions: c.actions}).HasAction(c.action); got != c.want {
			t.Errorf("%v has %s = %v, want %v", c.actions, c.action, got, c.want)
		}
	}
}
