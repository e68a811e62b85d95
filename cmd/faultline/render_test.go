package main

import (
	"bytes"
	"encoding/binary"
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

// frame is a request as the worker protocol carries it: a 4-byte
// big-endian length, then the JSON.
func frame(t *testing.T, req helm.Request) []byte {
	t.Helper()
	body, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(body))), body...)
}

// TestRenderCommand: `faultline __render` answers every request on its
// stdin, in order, until stdin ends.
func TestRenderCommand(t *testing.T) {
	files := []helm.File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: hello\nversion: 0.1.0\n")},
		{Name: "values.yaml", Data: []byte("greeting: hi\n")},
		{Name: "templates/cm.yaml", Data: []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\ndata:\n  greeting: {{ .Values.greeting }}\n")},
	}
	var in bytes.Buffer
	for _, ns := range []string{"apps", "tools"} {
		in.Write(frame(t, helm.Request{Chart: "charts/hello", Files: files, ReleaseName: "greeter", Namespace: ns}))
	}
	cmd := renderCommand()
	if !cmd.Hidden || cmd.Name() != "__render" {
		t.Errorf("command %q hidden=%v", cmd.Name(), cmd.Hidden)
	}
	var out bytes.Buffer
	cmd.SetIn(&in)
	cmd.SetOut(&out)
	cmd.SetArgs(nil)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, ns := range []string{"apps", "tools"} {
		if out.Len() < 4 {
			t.Fatalf("no reply for namespace %s", ns)
		}
		n := int(binary.BigEndian.Uint32(out.Next(4)))
		var reply struct {
			Result helm.Result
			Error  *helm.RenderError
		}
		if err := json.Unmarshal(out.Next(n), &reply); err != nil {
			t.Fatalf("reply: %v", err)
		}
		if reply.Error != nil || len(reply.Result.Manifests) != 1 {
			t.Fatalf("reply = %+v", reply)
		}
		if c := reply.Result.Manifests[0].Content; !strings.Contains(c, "name: greeter") || !strings.Contains(c, "namespace: "+ns) || !strings.Contains(c, "greeting: hi") {
			t.Errorf("rendered:\n%s", c)
		}
	}
	if out.Len() != 0 {
		t.Errorf("%d bytes after the replies", out.Len())
	}
}
