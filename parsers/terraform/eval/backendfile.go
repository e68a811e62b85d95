package eval

import (
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/internal/nesting"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// A root whose backend block leaves where it keeps its state to
// terraform init (backend "s3" {} and -backend-config=FILE) often keeps
// that file beside it: Terraform's documentation names such files
// *.<type>.tfbackend, and backend.hcl and backend.conf are the common
// other names. What init is given is not in the tree, so a location
// taken from such a file is inferred: only one file, in the root's own
// directory, is taken, and joins through it are marked so.

// maxBackendFile bounds what is read of a backend configuration file.
const maxBackendFile = 64 << 10

// backendFileNames are the names, besides *.tfbackend, of a backend
// configuration file.
var backendFileNames = map[string]bool{"backend.hcl": true, "backend.conf": true, "backend.config": true, "backend.tfvars": true}

// backendConfigFile is the one backend configuration file in the root's
// directory, "" when there is none or more than one (one per
// environment: which init is given is not known).
func (e *Evaluator) backendConfigFile() string {
	ents, err := e.Tree().ReadDir(e.rootDir)
	if err != nil {
		return ""
	}
	found := ""
	for _, ent := range ents {
		n := ent.Name()
		if ent.IsDir() || !(backendFileNames[n] || strings.HasSuffix(n, ".tfbackend")) {
			continue
		}
		if found != "" {
			return ""
		}
		found = filepath.Join(e.rootDir, n)
	}
	return found
}

// withBackendFile is b with the literal arguments of the backend
// configuration file path merged in (they override the block's, as
// -backend-config does); false when the file cannot be read or is not
// a file of arguments.
func (e *Evaluator) withBackendFile(b *Backend, path string) (*Backend, bool) {
	src, err := e.Tree().ReadFile(path, maxBackendFile)
	if err != nil || nesting.HCLFile(path, src) != nil {
		return nil, false
	}
	f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, false
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok || len(body.Blocks) > 0 {
		return nil, false
	}
	attrs := map[string]cty.Value{}
	if b.Config.IsKnown() && !b.Config.IsNull() && b.Config.Type().IsObjectType() {
		for k, v := range b.Config.AsValueMap() {
			attrs[k] = v
		}
	}
	for n, a := range body.Attributes {
		v, d := staticValue(a.Expr)
		if d.HasErrors() {
			v = cty.DynamicVal
		}
		attrs[n] = v
	}
	return &Backend{Type: b.Type, Config: cty.ObjectVal(attrs), Range: b.Range}, true
}
