package helm

import (
	"sync"

	"helm.sh/helm/v3/pkg/chart"
	sigsyaml "sigs.k8s.io/yaml"
)

// chartMetadata is a Chart.yaml (or a requirements.yaml) read as Helm's
// loader reads it: sigs.k8s.io/yaml
// into chart.Metadata, through JSON, so a key matches its field in any
// case (`Name:` names the chart as `name:` does). A text is decoded once
// per run (loading, dependencies, library and positions all ask for
// it, and the YAML-to-JSON decode is dear): the result is shared, so a
// caller copies it before changing it.
func chartMetadata(data []byte) (*chart.Metadata, error) {
	if v, ok := metadataMemo.Load(string(data)); ok {
		r := v.(metadataResult)
		return r.meta, r.err
	}
	var m chart.Metadata
	r := metadataResult{meta: &m}
	if err := sigsyaml.Unmarshal(data, &m); err != nil {
		r = metadataResult{err: err}
	}
	metadataMemo.Store(string(data), r)
	return r.meta, r.err
}

// metadataMemo holds chartMetadata's results by text.
var metadataMemo sync.Map

type metadataResult struct {
	meta *chart.Metadata
	err  error
}
