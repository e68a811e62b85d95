package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// remoteOverlayBase is a remote base an overlay lists: never fetched.
const remoteOverlayBase = "https://github.com/example/infra//karpenter/base?ref=v1"

// stampPlugin is an exec KRM function that would write marker: its
// script is in the tree, executable, and must never run.
func stampPlugin(t *testing.T, root, marker string) {
	t.Helper()
	writeFiles(t, root, map[string]string{
		"deploy/prod/stamp.yaml": "apiVersion: fn.example.com/v1\nkind: Stamp\nmetadata:\n  name: stamp\n  annotations:\n    config.kubernetes.io/function: |\n      exec:\n        path: ./stamp.sh\n",
		"deploy/prod/stamp.sh":   "#!/bin/sh\ntouch '" + marker + "'\ncat\n",
		"deploy/prod/gen.yaml":   "apiVersion: fn.example.com/v1\nkind: NodeClassGen\nmetadata:\n  name: gen\n  annotations:\n    config.kubernetes.io/function: |\n      container:\n        image: registry.example.com/nodeclass-gen:1.0.0\n",
	})
	if err := os.Chmod(filepath.Join(root, "deploy", "prod", "stamp.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestHostileKustomizeSkippedBesidePlugin: an overlay listing a remote
// resource and an entry faultline must not run (an exec or container KRM
// function, a configurations file outside the tree) is rendered without
// both, each with a note: its FL101 (its node class shares the planted
// chain's role) is still found, nothing runs, nothing from outside the
// tree is printed, and nothing is FL000.
func TestHostileKustomizeSkippedBesidePlugin(t *testing.T) {
	cases := map[string]struct {
		kustomization string
		note          string
	}{
		"exec transformer after the remote resource": {
			"resources:\n  - nodeclass.yaml\n  - " + remoteOverlayBase + "\ntransformers:\n  - stamp.yaml\n",
			"transformer Stamp in deploy/prod/stamp.yaml not run"},
		"exec transformer before the remote resource": {
			"transformers:\n  - stamp.yaml\nresources:\n  - " + remoteOverlayBase + "\n  - nodeclass.yaml\n",
			"transformer Stamp in deploy/prod/stamp.yaml not run"},
		"inline exec transformer": {
			"resources:\n  - " + remoteOverlayBase + "\n  - nodeclass.yaml\ntransformers:\n  - |\n    apiVersion: fn.example.com/v1\n    kind: Stamp\n    metadata:\n      name: stamp\n      annotations:\n        config.kubernetes.io/function: |\n          exec:\n            path: ./stamp.sh\n",
			"transformer Stamp in deploy/prod/kustomization.yaml not run"},
		"container generator": {
			"generators:\n  - gen.yaml\nresources:\n  - nodeclass.yaml\n  - " + remoteOverlayBase + "\n",
			"generator NodeClassGen in deploy/prod/gen.yaml not run"},
		"configurations outside the tree": {
			"resources:\n  - " + remoteOverlayBase + "\n  - nodeclass.yaml\nconfigurations:\n  - ../../../elsewhere/namerefs.yaml\n",
			`configurations entry "../../../elsewhere/namerefs.yaml" not read`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			root, outside := hostileTree(t)
			kustomizeChain(t, root)
			marker := filepath.Join(t.TempDir(), "executed")
			stampPlugin(t, root, marker)
			writeFiles(t, outside, map[string]string{"namerefs.yaml": "nameReference:\n  - kind: OUTSIDE_SECRET_KIND\n    fieldSpecs:\n      - path: spec/role\n        kind: EC2NodeClass\n"})
			writeFiles(t, root, map[string]string{"deploy/prod/kustomization.yaml": c.kustomization})
			r := runHostile(t, root, nil, ".")
			assertClean(t, r)
			assertChain(t, r)
			assertFinding(t, r, overlayFound)
			if r.exit != 1 {
				t.Errorf("exit %d, want 1 (the findings)", r.exit)
			}
			for _, f := range r.findings(t) {
				if strings.HasPrefix(f, "FL000") {
					t.Errorf("%s: nothing here is broken input", f)
				}
			}
			assertNote(t, r, "remote kustomize resource "+remoteOverlayBase+" not fetched")
			assertNote(t, r, c.note)
			if _, err := os.Stat(marker); !os.IsNotExist(err) {
				t.Errorf("the exec plugin ran (marker: %v)", err)
			}
		})
	}
}
