package eval

import (
	"path/filepath"
	"strings"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// Terraspace (terraspace.cloud) builds each stack before Terraform runs
// it: `terraspace build` copies app/stacks/<stack> to
// .terraspace-cache/<region>/<env>/stacks/<stack>, layers the project's
// config/terraform/*.tf (provider, backend, shared locals; ERB templates)
// into it, and copies app/modules/* and vendor/modules/* (what the
// Terrafile vendors) side by side into .terraspace-cache/<region>/<env>/modules.
// A stack's "../../modules/eks" is that directory: app/modules/eks when
// the project has it, else vendor/modules/eks.

// TerraspaceProject is the directory of the Terraspace project holding
// dir (one with config/app.rb and an app directory), "" when none does.
func TerraspaceProject(tree *treefs.Tree, dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if tree.Contains(d) && tree.IsFile(filepath.Join(d, "config", "app.rb")) && tree.IsDir(filepath.Join(d, "app")) {
			return d
		}
		if p := filepath.Dir(d); p == d || !tree.Contains(p) {
			return ""
		}
	}
}

// TerraspaceStack reports whether dir is a stack of a Terraspace project
// (app/stacks/<stack>) into which the build layers the project's
// config/terraform files: what the stack reads may be declared there.
func TerraspaceStack(tree *treefs.Tree, dir string) bool {
	p := TerraspaceProject(tree, dir)
	if p == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Join(p, "app", "stacks"), filepath.Clean(dir))
	return err == nil && rel != "." && !strings.HasPrefix(rel, "..") && !strings.Contains(rel, string(filepath.Separator))
}

// TerraspaceLayered reports whether dir is a Terraspace project's
// config/terraform: files the build layers into every stack, never a
// root Terraform runs in by itself.
func TerraspaceLayered(tree *treefs.Tree, dir string) bool {
	p := TerraspaceProject(tree, dir)
	return p != "" && filepath.Clean(dir) == filepath.Join(p, "config", "terraform")
}

// terraspaceModule is where a module directory dir, missing as written,
// is once the stack is built: a directory under the project's
// app/modules is the one of that name the Terrafile vendored under
// vendor/modules, and the other way round; "" when dir is neither, or
// the other is not there either.
func terraspaceModule(tree *treefs.Tree, dir string) string {
	p := TerraspaceProject(tree, dir)
	if p == "" {
		return ""
	}
	app, vendor := filepath.Join(p, "app", "modules"), filepath.Join(p, "vendor", "modules")
	for _, pair := range [][2]string{{app, vendor}, {vendor, app}} {
		rel, err := filepath.Rel(pair[0], filepath.Clean(dir))
		if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
			continue
		}
		if alt := filepath.Join(pair[1], rel); tree.IsDir(alt) {
			return alt
		}
	}
	return ""
}
