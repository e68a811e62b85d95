package awsauth

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	text := `- rolearn: arn:aws:iam::111122223333:role/prod-nodes
  username: system:node:{{EC2PrivateDNSName}}
  groups:
    - system:bootstrappers
    - system:nodes
- groups: [system:masters]
  rolearn: arn:aws:iam::111122223333:role/admin
  username: admin
- username: no-arn
`
	roles, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(roles) != 2 {
		t.Fatalf("got %d entries, want 2: %+v", len(roles), roles)
	}
	if roles[0].RoleARN != "arn:aws:iam::111122223333:role/prod-nodes" || roles[0].Line != 1 || !roles[0].IsNodeMapping() {
		t.Errorf("entry 0 = %+v", roles[0])
	}
	if roles[1].RoleARN != "arn:aws:iam::111122223333:role/admin" || roles[1].Line != 6 || roles[1].IsNodeMapping() {
		t.Errorf("entry 1 = %+v", roles[1])
	}
}

func TestParseJSONAndEmpty(t *testing.T) {
	roles, err := Parse(`[{"rolearn":"arn:aws:iam::1:role/a","groups":["system:nodes"]}]`)
	if err != nil || len(roles) != 1 || !roles[0].IsNodeMapping() {
		t.Fatalf("JSON form: %+v, %v", roles, err)
	}
	for _, empty := range []string{"", "null", "[]\n"} {
		if roles, err := Parse(empty); err != nil || len(roles) != 0 {
			t.Errorf("Parse(%q) = %+v, %v; want nothing", empty, roles, err)
		}
	}
}

// A null entry (a conditional mapping left out, as yamlencode writes
// it) is skipped, as the authenticator skips it; the others stay.
func TestParseNullEntrySkipped(t *testing.T) {
	for _, text := range []string{
		"- rolearn: arn:aws:iam::1:role/nodes\n  groups: [system:nodes]\n- null\n",
		`[{"rolearn":"arn:aws:iam::1:role/nodes","groups":["system:nodes"]},null]`,
		"- ~\n- rolearn: arn:aws:iam::1:role/nodes\n  groups: [system:nodes]\n",
	} {
		roles, err := Parse(text)
		if err != nil || len(roles) != 1 || roles[0].RoleARN != "arn:aws:iam::1:role/nodes" {
			t.Errorf("Parse(%q) = %+v, %v; want the nodes mapping", text, roles, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{"rolearn: x\n", "- just a string\n", "- rolearn: [unclosed\n", strings.Repeat("x", MaxSize+1)} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%.30q) succeeded, want an error", bad)
		}
	}
}

// FuzzParse checks that no mapRoles text makes Parse panic.
func FuzzParse(f *testing.F) {
	f.Add("- rolearn: arn:aws:iam::1:role/a\n  groups: [system:nodes]\n")
	f.Add("[{\"rolearn\": 1}]")
	f.Add("- &a {rolearn: x, groups: *a}\n")
	f.Fuzz(func(t *testing.T, s string) {
		roles, err := Parse(s)
		if err == nil {
			for _, r := range roles {
				if r.RoleARN == "" {
					t.Errorf("an entry without rolearn: %+v", r)
				}
			}
		}
	})
}
