// Package unitcache is the engine's per-unit result cache for the
// Kubernetes side of a run: kustomization builds and their parsed
// output, the search for kustomization roots, chart loads, chart
// renderings and their parsed templates, manifest files' parses,
// Crossplane composition stages and ignore-comment scans.
//
// Each unit is keyed by what it read (file contents, listings, values,
// options) and by faultline's build, stored in an internal/cache Store,
// checked when read (an entry that does not decode, or whose inputs
// changed, is a miss) and written only when the run proves stable. The
// engine (internal/engine) asks it for a unit before doing the work and
// offers it the result after; the Terraform roots' cache stays in the
// engine, beside the evaluation it serves.
package unitcache
