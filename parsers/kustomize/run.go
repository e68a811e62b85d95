package kustomize

import (
	"fmt"
	"os"
	"strings"
	"sync"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/kustomize/kyaml/openapi"
)

// krustyGate lets krusty builds run concurrently where kustomize's
// process-wide state allows it. kustomize keeps two things for the
// process that a build may touch:
//
//   - kyaml's OpenAPI schema (openapi.globalSchema), parsed lazily on
//     first use and replaced by a kustomization's `openapi:` field. Its
//     maps are written under kyaml's own lock but read without it
//     (kustomize issues 4824, 5805), so the lazy parse must not overlap a
//     build that reads them, and a build that sets a schema must run
//     alone;
//   - os.Stderr, where krusty prints its deprecation notices for
//     kustomization fields straight away; faultline points it at the null
//     device for such a build, which no other build may see happen.
//
// Every other build reads the schema only (krusty's SetSchema with no
// `openapi:` field rewrites the same empty version under kyaml's lock),
// so once the default schema is parsed such builds share the gate. The
// zero value is ready for use.
type krustyGate struct {
	mu sync.RWMutex
	// warm: the default schema is parsed (written under mu held
	// exclusively, read under mu in either mode).
	warm bool
}

// gate is the one krustyGate: the state it guards is kustomize's, and
// kustomize has it once per process.
var gate krustyGate

// globalFields are the kustomization fields whose build touches process
// state: `openapi` replaces the schema, the rest make krusty print a
// deprecation notice on os.Stderr (types.Kustomization.CheckDeprecatedFields).
var globalFields = []string{"openapi", "bases", "commonLabels", "imageTags", "patchesJson6902", "patchesStrategicMerge", "vars"}

// touchesGlobals reports whether krusty's build of this tree may touch
// process state (see krustyGate): a kustomization in it names one of
// globalFields (in any case: krusty matches keys case-insensitively), or
// is not a mapping faultline could read.
func (b *builder) touchesGlobals() bool {
	for _, k := range b.order {
		if k.top == nil {
			return true
		}
		for i := 0; i < len(k.top.Content); i += 2 {
			for _, f := range globalFields {
				if strings.EqualFold(k.top.Content[i].Value, f) {
					return true
				}
			}
		}
	}
	return false
}

// run builds the kustomization at path in fs: root-only load restrictions,
// builtin plugins only (no exec, no Go plugins, no KRM functions). A build
// that touches process state (exclusive) runs alone, with os.Stderr
// quiet; any other shares the gate with builds like it.
func run(fs filesys.FileSystem, path string, exclusive bool) (resmap.ResMap, error) {
	if exclusive {
		return gate.alone(func() (resmap.ResMap, error) {
			var rm resmap.ResMap
			var err error
			quietStderr(func() { rm, err = build(fs, path) })
			return rm, err
		})
	}
	return gate.shared(func() (resmap.ResMap, error) { return build(fs, path) })
}

// build is one krusty build; a panic in kustomize is an error.
func build(fs filesys.FileSystem, path string) (rm resmap.ResMap, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kustomize panicked: %v", r)
		}
	}()
	return krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(fs, path)
}

// alone runs f with no other build running. A schema the build brings
// (`openapi:`) is dropped afterwards: kustomize keeps it for the process,
// and with it the next root's strategic-merge patches would merge by
// another schema's keys (or replace lists), depending on which root built
// first. The default schema is parsed again before the gate opens when
// shared builds rely on it.
func (g *krustyGate) alone(f func() (resmap.ResMap, error)) (resmap.ResMap, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	before := openapi.GetSchemaVersion()
	defer func() {
		if openapi.GetSchemaVersion() == before {
			return
		}
		openapi.ResetOpenAPI()
		if g.warm {
			warmSchema()
		}
	}()
	return f()
}

// shared runs f alongside other shared builds, once the default schema is
// parsed.
func (g *krustyGate) shared(f func() (resmap.ResMap, error)) (resmap.ResMap, error) {
	g.mu.RLock()
	if !g.warm {
		g.mu.RUnlock()
		g.mu.Lock()
		if !g.warm {
			warmSchema()
			g.warm = true
		}
		g.mu.Unlock()
		g.mu.RLock() // warm stays true: alone parses the schema again
	}
	defer g.mu.RUnlock()
	return f()
}

// warmSchema parses kyaml's schema (the default one: every build that
// sets another runs alone and drops it), so that no build parses it
// lazily while another reads it.
func warmSchema() {
	defer func() { _ = recover() }() // a schema that cannot parse fails the build that reads it
	_ = openapi.Schema()
}

// quietStderr runs f with os.Stderr pointing at the null device: krusty
// prints deprecation notices for the user's kustomization fields
// ("'patchesStrategicMerge' is deprecated") straight to os.Stderr, and a
// linter must not echo a library's raw output. Only builds that run alone
// call it (see krustyGate), so no other build sees the swap.
func quietStderr(f func()) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		f()
		return
	}
	old := os.Stderr
	os.Stderr = null
	defer func() {
		os.Stderr = old
		null.Close()
	}()
	f()
}
