package kustomize

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/resmap"
	"sigs.k8s.io/kustomize/api/types"
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
//     kustomization fields straight away. faultline points it at the null
//     device while any build that may print one runs (quiet), and builds
//     that print nothing may run alongside: they never read it.
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

// schemaFields are the kustomization fields whose build replaces kyaml's
// schema; warningFields make krusty print a deprecation notice on
// os.Stderr (types.Kustomization.CheckDeprecatedFields).
var (
	schemaFields  = []string{"openapi"}
	warningFields = []string{"bases", "commonLabels", "imageTags", "patchesJson6902", "patchesStrategicMerge", "vars"}
)

// setsSchema reports whether krusty's build of this tree may replace
// kyaml's schema (see krustyGate): a kustomization in it names `openapi`,
// or is not a mapping faultline could read.
func (b *builder) setsSchema() bool { return b.names(schemaFields) }

// mayWarn reports whether krusty's build of this tree may print on
// os.Stderr: a kustomization in it names a deprecated field, or is not a
// mapping faultline could read.
func (b *builder) mayWarn() bool { return b.names(warningFields) }

// names reports whether a kustomization of the tree has one of fields as
// a key (in any case: krusty matches keys case-insensitively), or is not
// a mapping faultline could read.
func (b *builder) names(fields []string) bool {
	return slices.ContainsFunc(b.order, func(k *kustomization) bool { return k.names(fields) })
}

// names reports whether the kustomization has one of fields as a key (in
// any case), or is not a mapping faultline could read.
func (k *kustomization) names(fields []string) bool {
	if k.top == nil {
		return true
	}
	for i := 0; i < len(k.top.Content); i += 2 {
		for _, f := range fields {
			if strings.EqualFold(k.top.Content[i].Value, f) {
				return true
			}
		}
	}
	return false
}

// run builds the kustomization at path in fs: root-only load restrictions,
// builtin plugins only (no exec, no Go plugins, no KRM functions). A build
// that may replace the schema runs alone; any other shares the gate with
// builds like it. A build that may print runs with os.Stderr quiet.
func run(fs filesys.FileSystem, path string, alone, warns bool) (resmap.ResMap, error) {
	return runWith(krustyOptions(), fs, path, alone, warns)
}

// runUnrestricted is run without kustomize's root-only load restriction:
// a kustomization may read files outside its directory, as Flux's
// kustomize-controller builds every Kustomization's path
// (LoadRestrictionsNone; fluxcd/pkg kustomize). Reads stay within the
// in-memory copy of the tree.
func runUnrestricted(fs filesys.FileSystem, path string, alone, warns bool) (resmap.ResMap, error) {
	o := krustyOptions()
	o.LoadRestrictions = types.LoadRestrictionsNone
	return runWith(o, fs, path, alone, warns)
}

// runWith is run with the krusty options o.
func runWith(o *krusty.Options, fs filesys.FileSystem, path string, alone, warns bool) (resmap.ResMap, error) {
	do := func() (resmap.ResMap, error) {
		if !warns {
			return build(o, fs, path)
		}
		defer quiet.start()()
		return build(o, fs, path)
	}
	if alone {
		return gate.alone(do)
	}
	return gate.shared(do)
}

// build is one krusty build with the options o; a panic in kustomize is
// an error.
func build(o *krusty.Options, fs filesys.FileSystem, path string) (rm resmap.ResMap, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kustomize panicked: %v", r)
		}
	}()
	return krusty.MakeKustomizer(o).Run(fs, path)
}

// krustyOptions are the options of every krusty build faultline makes:
// krusty's defaults, which are `kustomize build`'s — root-only load
// restrictions, builtin plugins only (no exec, no Go plugins, no KRM
// functions), Helm chart inflation off (faultline renders helmCharts
// through its own Helm path before krusty runs), no managed-by label,
// resources in input order.
func krustyOptions() *krusty.Options { return krusty.MakeDefaultOptions() }

// BuildOnDisk is what `kustomize build dir` does, with the options
// faultline builds with (krustyOptions), and nothing of faultline's own:
// krusty reads the kustomization and everything it names straight from
// the disk (no copy into memory, no entry left out, no chart rendered —
// a helmCharts entry fails the build as `kustomize build` without
// --enable-helm fails), and the output is serialised as `kustomize build`
// prints it; no positions are mapped. alone says the build may replace
// kyaml's schema (Build.Alone): it then runs with no other build, as
// faultline's do. krusty's notices on os.Stderr are silenced, as in
// faultline's builds. Safe for concurrent use. It is the benchmark's
// krusty floor (internal/krustyfloor), not used by faultline.
func BuildOnDisk(dir string, alone bool) ([]byte, error) {
	rm, err := run(filesys.MakeFsOnDisk(), dir, alone, true)
	if err != nil {
		return nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	out, err := rm.AsYaml()
	if err != nil {
		return nil, fmt.Errorf("kustomize build %s: output: %w", dir, err)
	}
	return out, nil
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

// quieter points os.Stderr at the null device while at least one build
// that may print runs: krusty prints deprecation notices for the user's
// kustomization fields ("'patchesStrategicMerge' is deprecated") straight
// to os.Stderr, and a linter must not echo a library's raw output. The
// first start swaps it, the last stop puts back what it was, so builds
// that overlap share one swap.
type quieter struct {
	mu   sync.Mutex
	n    int      // builds that started and have not stopped
	old  *os.File // os.Stderr before the swap
	null *os.File // the null device, nil when it could not be opened
}

// quiet is the one quieter: os.Stderr is the process's.
var quiet quieter

// start quiets os.Stderr for a build and returns what ends it.
func (q *quieter) start() (stop func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.n == 0 {
		q.null = nil
		if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
			q.old, q.null = os.Stderr, null
			os.Stderr = null
		}
	}
	q.n++
	return q.stop
}

func (q *quieter) stop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.n--
	if q.n == 0 && q.null != nil {
		os.Stderr = q.old
		q.null.Close()
		q.null = nil
	}
}
