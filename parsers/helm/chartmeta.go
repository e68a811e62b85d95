package helm

import (
	"helm.sh/helm/v3/pkg/chart"
	sigsyaml "sigs.k8s.io/yaml"
)

// chartMetadata is a Chart.yaml (or a requirements.yaml) read as Helm's
// loader reads it: sigs.k8s.io/yaml
// into chart.Metadata, through JSON, so a key matches its field in any
// case (`Name:` names the chart as `name:` does).
func chartMetadata(data []byte) (*chart.Metadata, error) {
	var m chart.Metadata
	if err := sigsyaml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return &m, nil
}
