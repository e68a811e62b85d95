package eval

import (
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// readProvider says whether evaluation reads a provider's configuration:
// only the aws provider's (its scope and default tags, evalProvider). Only
// those are dependencies; a kubernetes or helm provider configured from the
// cluster module's outputs would otherwise make every module call that
// inherits it wait on the cluster module, and the cluster module on what
// those calls feed it.
func readProvider(key string) bool {
	name, _, _ := strings.Cut(strings.TrimPrefix(key, "provider."), ".")
	return name == "aws"
}

// resourceProviderKeys are the graph keys of the provider configuration a
// resource uses (its provider argument, else its type's prefix), if
// evaluation reads it.
func resourceProviderKeys(r *Resource) []string {
	key := r.provider
	if key == "" {
		key = r.Type
		if i := strings.IndexByte(key, '_'); i > 0 {
			key = key[:i]
		}
	}
	if !readProvider(key) {
		return nil
	}
	return []string{"provider." + key}
}

// callProviderKeys are the provider configurations evaluation reads that a
// module call hands to its module: the default (unaliased) ones it
// inherits and those its providers argument names.
func callProviderKeys(c *Call, providerKeys []string) []string {
	var out []string
	for _, k := range providerKeys {
		if strings.Count(k, ".") == 1 && readProvider(k) {
			out = append(out, k)
		}
	}
	if oc, ok := c.providers.(*hclsyntax.ObjectConsExpr); ok {
		for _, item := range oc.Items {
			if src := TraversalString(item.ValueExpr); src != "" && readProvider(src) {
				out = append(out, "provider."+src)
			}
		}
	}
	return out
}
