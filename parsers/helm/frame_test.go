package helm

import (
	"reflect"
	"testing"
)

// A request and a reply cross the pipe whole, files as bytes (a BOM, a
// NUL, invalid UTF-8, an empty file) and manifests as text; a frame cut
// short, with trailing bytes or with more or fewer contents than files
// or manifests is an error, never a panic.
func TestFrameRoundTrip(t *testing.T) {
	req := wireRequest{Request: Request{Chart: "c", Files: []File{
		{Name: "Chart.yaml", Data: []byte("name: c\n")},
		{Name: "files/bin", Data: []byte{0xEF, 0xBB, 0xBF, 0, 0xff, '\n'}},
		{Name: "files/empty", Data: []byte{}},
	}, Values: map[string]any{"a": "b"}, ReleaseName: "r"}, Hash: "h", CPUSeconds: 3}
	b, err := encodeRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	var got wireRequest
	if err := decodeRequest(b[frameHeader:], &got); err != nil || !reflect.DeepEqual(got, req) {
		t.Fatalf("request: %v\n%+v\nwant\n%+v", err, got, req)
	}
	rep := reply{Result: Result{Manifests: []Manifest{{Template: "t/a.yaml", Content: "kind: A\n\"quoted\" \\ \t\n"}, {Template: "t/empty.yaml"}}, Notes: []string{"n"}}, CPUMillis: 7}
	b, err = encodeReply(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back reply
	if err := decodeReply(b[frameHeader:], &back); err != nil || !reflect.DeepEqual(back, rep) {
		t.Fatalf("reply: %v\n%+v\nwant\n%+v", err, back, rep)
	}
	body := b[frameHeader:]
	for name, data := range map[string][]byte{
		"empty":                     nil,
		"head cut":                  body[:10],
		"last content's length cut": body[:len(body)-2],
		"first content cut":         body[:len(body)-5],
		"one content more":          append(append([]byte(nil), body...), 0, 0, 0, 1, 'x'),
		"a stray byte":              append(append([]byte(nil), body...), 0),
		"head past the end":         append([]byte{0xff, 0xff, 0xff, 0xff}, body[4:]...),
	} {
		var r reply
		if err := decodeReply(data, &r); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
