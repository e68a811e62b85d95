package kustomize

import (
	"fmt"

	"go.yaml.in/yaml/v3"
	"sigs.k8s.io/kustomize/api/resource"
)

// functionAnnotations are the annotations that make a plugin config a KRM
// function (kyaml's runtimeutil, current and old spelling).
var functionAnnotations = []string{"config.kubernetes.io/function", "config.k8s.io/function"}

// isExternalPlugin reports whether a document listed as a generator,
// transformer or validator configures an external plugin: an object
// (a mapping with a kind) whose apiVersion is not krusty's builtin one.
// krusty refuses those with builtin plugins only, and faultline never runs
// them. Empty documents and documents that are no object are left to
// krusty, which reports what is wrong with them.
func isExternalPlugin(doc *yaml.Node) bool {
	m := docRoot(doc)
	if m == nil || m.Kind != yaml.MappingNode || kindOf(doc) == "" {
		return false
	}
	return !isBuiltinPlugin(doc)
}

// externalKind says what kind of external plugin an object configures
// (see pluginRuntime), from its parsed annotations.
func externalKind(obj *yaml.Node) string {
	annos := get(get(obj, "metadata"), "annotations")
	return pluginRuntime(func(key string) string { return str(get(annos, key)) })
}

// runtimes are the ways a KRM function runs, by the key of its function
// annotation that says so.
var runtimes = []struct{ key, what string }{
	{"exec", "an exec KRM function"},
	{"container", "a container KRM function"},
	{"starlark", "a Starlark KRM function"},
}

// pluginRuntime says what kind of external plugin a config with these
// annotations is: a KRM function run as a program (exec), in a container
// or as a Starlark script, as its parsed function annotation says, else an
// exec or Go plugin looked up by kind.
func pluginRuntime(annotation func(key string) string) string {
	for _, key := range functionAnnotations {
		spec := annotation(key)
		if spec == "" {
			continue
		}
		var fn yaml.Node
		if err := yaml.Unmarshal([]byte(spec), &fn); err != nil {
			return "a KRM function"
		}
		for _, rt := range runtimes {
			if get(docRoot(&fn), rt.key) != nil {
				return rt.what
			}
		}
		return "a KRM function"
	}
	return "an exec or Go plugin"
}

// externalNote is the coverage note for an external plugin (what, of a
// kind) configured in file and left out.
func externalNote(what, kind, plugin, file string) string {
	return fmt.Sprintf("kustomize %s %s in %s not run: it is %s, and %s", what, orNoKind(kind), file, plugin, builtinsOnly)
}

// builtinsOnly ends every note about an external plugin left out.
const builtinsOnly = "faultline runs builtin plugins only; the kustomization is rendered without it"

// orNoKind is a kind for a message.
func orNoKind(kind string) string {
	if kind == "" {
		return "(no kind)"
	}
	return kind
}

// pluginDir vets a directory listed as a generator, transformer or
// validator. krusty builds such a directory and loads every object of its
// output as a plugin config, so it is built here first, on its own: when
// an object would configure an external plugin (or exec helm), the entry
// is left out with a note and the rest renders without it. A directory
// that does not build is left to the kustomization's build, which reports
// it.
func (b *builder) pluginDir(k *kustomization, r ref) {
	p := absUnder(k.dir, r.value)
	rm, err := run(b.fs, b.mem(p), b.setsSchema(), b.mayWarn())
	if err != nil {
		return
	}
	for _, res := range rm.Resources() {
		if why := refusedPlugin(res); why != "" {
			r.remove()
			b.note(b.at(k, r.node), fmt.Sprintf("kustomize %s directory %q not run: its output configures %s, %s, and %s",
				noun(r.field), r.value, orNoKind(res.GetKind()), why, builtinsOnly))
			return
		}
	}
}

// refusedPlugin says why an object a plugin directory builds must not
// reach krusty as a plugin config, or "".
func refusedPlugin(res *resource.Resource) string {
	gvk := res.GetGvk()
	switch {
	case gvk.Group != "" || gvk.Version != "builtin":
		annos := res.GetAnnotations()
		return pluginRuntime(func(key string) string { return annos[key] })
	case gvk.Kind == "HelmChartInflationGenerator":
		return "a Helm chart inflation (it would run helm)"
	}
	return ""
}
