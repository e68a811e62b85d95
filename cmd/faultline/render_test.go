package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm"
)

// TestMain lets this test binary act as the child renderer when the CLI
// under test renders charts through helm.NewChild.
func TestMain(m *testing.M) {
	helm.ServeIfChild()
	os.Exit(m.Run())
}

func TestRenderCommand(t *testing.T) {
	req, err := json.Marshal(helm.Request{
		Chart: "charts/hello",
		Files: []helm.File{
			{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: hello\nversion: 0.1.0\n")},
			{Name: "values.yaml", Data: []byte("greeting: hi\n")},
			{Name: "templates/cm.yaml", Data: []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\ndata:\n  greeting: {{ .Values.greeting }}\n")},
		},
		ReleaseName: "greeter",
		Namespace:   "apps",
	})
	if err != nil {
		t.Fatal(err)
	}
	cmd := renderCommand()
	if !cmd.Hidden || cmd.Name() != "__render" {
		t.Errorf("command %q hidden=%v", cmd.Name(), cmd.Hidden)
	}
	var out bytes.Buffer
	cmd.SetIn(bytes.NewReader(req))
	cmd.SetOut(&out)
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	var reply struct {
		Result helm.Result
		Error  *helm.RenderError
	}
	if err := json.Unmarshal(out.Bytes(), &reply); err != nil {
		t.Fatalf("reply %q: %v", out.String(), err)
	}
	if reply.Error != nil || len(reply.Result.Manifests) != 1 {
		t.Fatalf("reply = %+v", reply)
	}
	if c := reply.Result.Manifests[0].Content; !strings.Contains(c, "name: greeter") || !strings.Contains(c, "namespace: apps") || !strings.Contains(c, "greeting: hi") {
		t.Errorf("rendered:\n%s", c)
	}
}
