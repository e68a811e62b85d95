package eval

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/terraform/models"
	"github.com/faultline-dev/faultline/parsers/terraform/modsource"
	"github.com/hashicorp/hcl/v2"
)

// Every embedded stand-in parses, cites its sources, and lies in a
// version directory the index finds.
func TestModelsParse(t *testing.T) {
	ix := modsource.BuildModelIndex(models.FS)
	if len(ix["terraform-aws-modules/eks/aws"]) == 0 {
		t.Fatal("no eks root model indexed")
	}
	var s modelSet
	for key, dirs := range ix {
		for _, d := range dirs {
			m := s.module(d.Dir)
			for _, dg := range m.diags {
				if dg.Severity == hcl.DiagError {
					t.Errorf("%s %s: %s", key, d.Dir, dg.Error())
				}
			}
			if len(m.files) == 0 {
				t.Errorf("%s: no configuration", d.Dir)
			}
			main, err := fs.ReadFile(models.FS, d.Dir+"/main.tf")
			if err != nil || !strings.Contains(string(main), "github.com/") {
				t.Errorf("%s/main.tf does not cite its sources", d.Dir)
			}
		}
	}
}
