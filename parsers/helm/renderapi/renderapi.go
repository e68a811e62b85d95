// Package renderapi is what one chart rendering takes and gives: the
// request (the chart's files, values, release and Kubernetes version),
// the rendered manifests, and the errors of a chart or of a stopped
// renderer. It imports nothing of Helm, so that the process that sends
// requests (faultline) and the one that renders them (faultline-render,
// package chartrender) share these types without the first linking Helm.
package renderapi

// DefaultKubeVersion is the Kubernetes version charts see in
// .Capabilities when none is configured.
const DefaultKubeVersion = "1.31"

// File is one file of a chart, by its path inside the chart.
type File struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}

// Request is everything a renderer needs: no file system, no cluster.
type Request struct {
	// Chart names the chart in messages.
	Chart string `json:"chart"`
	// Files are the chart's files (subcharts under charts/), as walked by
	// the parent: nothing outside the chart.
	Files []File `json:"files"`
	// Values are the user values (Helm coalesces them with the chart's
	// defaults).
	Values      map[string]any `json:"values"`
	ReleaseName string         `json:"releaseName"`
	Namespace   string         `json:"namespace"`
	// KubeVersion is the Kubernetes version in .Capabilities ("1.31").
	KubeVersion string `json:"kubeVersion"`
	// APIVersions are added to .Capabilities.APIVersions.
	APIVersions []string `json:"apiVersions,omitempty"`
	// IncludeCRDs adds the chart's crds/ files to the manifests.
	IncludeCRDs bool `json:"includeCRDs,omitempty"`
	// FilesDigest, when set, identifies Files (their names and contents,
	// in order: the parent's filesHash of them) for the parent's own
	// use, such as a result cache's key or its workers' chart cache; it
	// is never sent as part of the request.
	FilesDigest string `json:"-"`
	// LoadFiles, when set, gives Files whole: a parent that kept a
	// chart's load without the contents only a rendering reads (Data nil
	// in Files) reads them when a rendering must run, never on a cache
	// hit. Never sent; Complete calls it.
	LoadFiles func() ([]File, error) `json:"-"`
}

// Complete is r with its Files whole: LoadFiles called, then cleared.
func (r Request) Complete() (Request, error) {
	if r.LoadFiles == nil {
		return r, nil
	}
	files, err := r.LoadFiles()
	if err != nil {
		return r, err
	}
	r.Files, r.LoadFiles = files, nil
	return r, nil
}

// Manifest is one rendered template.
type Manifest struct {
	// Template is the template's path inside the chart
	// ("templates/x.yaml", "charts/sub/templates/y.yaml").
	Template string `json:"template"`
	Content  string `json:"content"`
}

// Result is a successful rendering.
type Result struct {
	// Manifests are the rendered YAML templates, sorted, empty ones left
	// out.
	Manifests []Manifest `json:"manifests"`
	// Notes are what Helm logged while rendering (missing required
	// values, `fail` calls, coalescing warnings) and dependencies that are
	// not vendored.
	Notes []string `json:"notes,omitempty"`
	// RefusedValues is set when the chart refused the values it rendered
	// with: a `fail` call or a missing required value, which the
	// lint-mode rendering logs and goes on past.
	RefusedValues bool `json:"refusedValues,omitempty"`
	// Unvendored are the dependencies the values enable that are not in
	// charts/: what they would render is not in Manifests.
	Unvendored []string `json:"unvendored,omitempty"`
}

// RenderError is a problem with the chart itself: it cannot be loaded, or
// a template does not parse or execute.
type RenderError struct {
	// Stage is "load", "values" or "template".
	Stage string `json:"stage"`
	// Template is the failing template's path inside the chart, when
	// Helm named one; Line and Column its position, from 1 (0 when
	// unknown): Column counts bytes, as text/template does.
	Template string `json:"template,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Message  string `json:"message"`
	// Unknown, for a template that failed while it executed, is what the
	// rendering went without: dependencies Chart.yaml declares that are
	// not in charts/ (`dependency "loki"`) and required values no value
	// gave (`required value (owner is required)`). The failure may follow
	// from them — a named template or a default the dependency brings, a
	// value the installer must give — so it is no evidence against the
	// chart. A template that does not parse has none.
	Unknown []string `json:"unknown,omitempty"`
	// Executing says a template failed while it executed (Go's
	// template.ExecError), not while it parsed.
	Executing bool `json:"executing,omitempty"`
}

func (e *RenderError) Error() string { return e.Message }

// StoppedError reports a renderer that was stopped or failed as a process:
// CPU or memory limit, too much output, the wall-clock backstop, a crash.
type StoppedError struct {
	Reason string
	// WallClock says the wall-clock backstop stopped the rendering: unlike
	// the other bounds, whether it does depends on the machine's load.
	WallClock bool
}

func (e *StoppedError) Error() string { return "chart rendering stopped: " + e.Reason }
