package helm

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// Argo CD's native OCI source is a chart's release only with Helm
// settings at path "." (or none), named by the repository's last segment.
func TestOCIChartSource(t *testing.T) {
	helm := &yaml.Node{Kind: yaml.MappingNode}
	for _, c := range []struct {
		repo, chart, path string
		helm              *yaml.Node
		name, dir         string
		ok                bool
	}{
		{"oci://public.ecr.aws/karpenter/karpenter", "", ".", helm, "karpenter", "public.ecr.aws/karpenter", true},
		{"oci://registry-1.docker.io/bitnamicharts/nginx/", "", "", helm, "nginx", "registry-1.docker.io/bitnamicharts", true},
		{"oci://public.ecr.aws/karpenter/karpenter", "", ".", nil, "", "", false},           // no Helm settings: any artifact
		{"oci://ghcr.io/acme/manifests", "", "deploy/prod", helm, "", "", false},            // a subpath: not a chart artifact
		{"oci://public.ecr.aws/karpenter/karpenter", "karpenter", ".", helm, "", "", false}, // chart written: the classic form
		{"public.ecr.aws/karpenter", "", ".", helm, "", "", false},                          // no oci://
		{"oci://karpenter", "", ".", helm, "", "", false},                                   // no repository above the chart
	} {
		name, dir, ok := ociChartSource(c.repo, c.chart, c.path, c.helm)
		if name != c.name || dir != c.dir || ok != c.ok {
			t.Errorf("ociChartSource(%q, %q, %q) = %q, %q, %v; want %q, %q, %v", c.repo, c.chart, c.path, name, dir, ok, c.name, c.dir, c.ok)
		}
	}
}
