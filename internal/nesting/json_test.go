package nesting

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"

	hcljson "github.com/hashicorp/hcl/v2/json"
)

func TestJSONRejectsDeepInput(t *testing.T) {
	const n = 200000
	cases := []struct {
		name string
		src  string
		col  int
	}{
		{"arrays", `{"locals": {"x": ` + repeat("[", n) + repeat("]", n) + `}}`, 18 + 998},
		{"objects", `{"locals": ` + repeat(`{"a": `, n) + "1" + repeat("}", n) + "}", 12 + 6*999},
		// the template in a string continues the depth of its brackets
		{"template in a string", `{"locals": {"x": "${` + repeat("(", 2000) + `}"}}`, 21 + 997},
		{"escaped template", `{"locals": {"x": "\u0024{` + repeat("(", 2000) + `}"}}`, 18},
		{"type constraint", `{"variable": {"v": {"type": "` + repeat("list(", 2000) + `"}}}`, 34 + 5*997},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := JSON([]byte(c.src))
			if e == nil || e.Line != 1 || e.Column != c.col {
				t.Fatalf("got %+v, want column %d", e, c.col)
			}
		})
	}
}

func TestJSONOrdinaryFiles(t *testing.T) {
	src := `{
  "resource": {"aws_iam_role": {"r": {
    "name": "${var.env}-role",
    "description": "[[[[ {{{{ not structure",
    "policy": "{\"Statement\": [{\"Effect\": \"Allow\"}]}",
    "type": "list(string)"
  }}}
}`
	if e := JSON([]byte(src)); e != nil {
		t.Fatalf("rejected: %v", e)
	}
	// four objects, and the interpolation in "name"
	if d := jsonDepth(t, src); d != 5 {
		t.Fatalf("depth %d", d)
	}
}

// TestJSONStringsEndAsHCLEndsThem: hcl's JSON tokenizer keeps a quote
// after a prepended mark (U+0600) inside the string, and ends a string at
// a raw newline; the scanner does the same, so brackets hcl reads as
// structure are counted.
func TestJSONStringsEndAsHCLEndsThem(t *testing.T) {
	src := "{\"a\": \"\u0600\"\", \"b\": [[1]]}"
	f, _ := hcljson.Parse([]byte(src), "t.tf.json")
	attrs, _ := f.Body.JustAttributes()
	if _, ok := attrs["b"]; !ok {
		t.Fatalf("hcl did not read b as an attribute: %v", attrs)
	}
	if d := jsonDepth(t, src); d != 3 {
		t.Errorf("depth %d, want 3", d)
	}
	if d := jsonDepth(t, "{\"a\": \"x\n[[[\"}"); d != 4 {
		t.Errorf("newline in a string: depth %d, want 4", d)
	}
	if d := jsonDepth(t, "{\"a\": \"x\x01[[[\"}"); d != 1 {
		t.Errorf("control byte ends the scan as it ends hcl's: depth %d", d)
	}
}

// jsonDepth measures src without a bound.
func jsonDepth(t *testing.T, src string) int {
	t.Helper()
	s := &jsonScanner{src: []byte(src), max: 1 << 30, hit: -1}
	s.run()
	return s.deepest
}

// standardDepth is the nesting encoding/json sees in valid JSON.
func standardDepth(src []byte) int {
	dec := json.NewDecoder(bytes.NewReader(src))
	d, deepest := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return deepest
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			d++
			deepest = max(deepest, d)
		case json.Delim(']'), json.Delim('}'):
			d--
		}
	}
}

// FuzzJSON: never panics, positions are inside the input, and for valid
// ASCII JSON the structure is never counted shallower than encoding/json
// counts it.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, {"b": "${x}"}]}`,
		`{"a": "\"[[[", "b": [[["\\"]]]}`,
		"{\"a\": \"\u0600\"\", \"b\": [[1]]}",
		`{"variable": {"v": {"type": "map(list(string))"}}}`,
		`{"a": "\u0024{(((}"}`,
		repeat("[", 3000),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got := 0
		if e := scanJSON(src, 8, func(_, d int) { got = max(got, d) }); e != nil {
			inside(t, src, e)
		}
		if !json.Valid(src) || bytes.ContainsFunc(src, func(r rune) bool { return r >= 0x80 }) {
			return
		}
		if want := standardDepth(src); min(want, 9) > got {
			t.Fatalf("depth %d < encoding/json's %d in %q", got, want, src)
		}
	})
}
