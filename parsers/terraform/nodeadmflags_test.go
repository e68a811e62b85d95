package terraform

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestNodeConfigFlagValueAsNextItem checks that a NodeConfig kubelet flag
// written as two list items (the flag, then its value) is read as kubelet
// reads the flags nodeadm joins with spaces, beside the one-item form.
func TestNodeConfigFlagValueAsNextItem(t *testing.T) {
	res := loadTree(t, map[string]string{"main.tf": `
resource "aws_launch_template" "batch" {
  name = "batch"
  user_data = base64encode(<<-EOT
    apiVersion: node.eks.aws/v1alpha1
    kind: NodeConfig
    spec:
      kubelet:
        flags:
          - --register-with-taints
          - dedicated=batch:NoSchedule
          - --node-labels=lane=batch
          - --v
          - "2"
  EOT
  )
}
`})
	for _, e := range res.Entities {
		lt, ok := e.(*lint.LaunchTemplate)
		if !ok {
			continue
		}
		if len(lt.NodeTaints) != 1 || lt.NodeTaints[0].Key != "dedicated" || lt.NodeTaints[0].Value != "batch" || lt.NodeTaints[0].Effect != "NoSchedule" {
			t.Errorf("taints %+v, want dedicated=batch:NoSchedule", lt.NodeTaints)
		}
		if lt.NodeLabels["lane"] != "batch" || len(lt.NodeLabels) != 1 {
			t.Errorf("labels %v, want lane=batch", lt.NodeLabels)
		}
		return
	}
	t.Fatal("no launch template")
}
