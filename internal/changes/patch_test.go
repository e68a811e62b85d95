package changes

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// A patch as git diff-index writes it, with content lines that look like
// headers: the hunk counts keep them content.
const trickyPatch = `diff --git a/a.tf b/a.tf
index 1111111..2222222 100644
--- a/a.tf
+++ b/a.tf
@@ -1,0 +2,4 @@ resource "x" "y" {
+diff --git a/evil b/evil
+++ b/evil
+@@ -1 +99,5 @@
+rename to evil
@@ -9 +13 @@
-old
\ No newline at end of file
+new
\ No newline at end of file
diff --git a/same name b/same name
old mode 100644
new mode 100755
diff --git "a/tab\there" "b/tab\there"
new file mode 100644
index 0000000..e69de29
diff --git a/gone.tf b/gone.tf
deleted file mode 100644
index 3333333..0000000
--- a/gone.tf
+++ /dev/null
@@ -1,2 +0,0 @@
--- a/x
-++ b/y
diff --git a/img.png b/img.png
index 4444444..5555555 100644
Binary files a/img.png and b/img.png differ
diff --git a/old dir/f.tf b/new "dir"/f.tf
similarity index 90%
rename from old dir/f.tf
rename to "new \"dir\"/f.tf"
index 6666666..7777777 100644
--- a/old dir/f.tf	
+++ "b/new \"dir\"/f.tf"	
@@ -3,2 +3,0 @@
-a
-b
diff --git a/sp ace.tf b/sp ace.tf
index 8888888..9999999 100644
--- a/sp ace.tf	
+++ b/sp ace.tf	
@@ -0,0 +1 @@
+é
diff --git a/\303\251 b/\303\251
index 8888888..9999999 100644
--- "a/\303\251"
+++ "b/\303\251"
@@ -5 +5,2 @@
-x
+y
+z`

func TestParsePatch(t *testing.T) {
	got, err := parsePatch(strings.NewReader(trickyPatch))
	if err != nil {
		t.Fatal(err)
	}
	want := []fileDiff{
		{Old: "a.tf", New: "a.tf", Ranges: []LineRange{{2, 5}, {13, 13}}},
		{Old: "same name", New: "same name"},
		{New: "tab\there", Whole: true},
		{Old: "gone.tf"},
		{Old: "img.png", New: "img.png", Whole: true},
		{Old: "old dir/f.tf", New: `new "dir"/f.tf`, Ranges: []LineRange{{3, 4}}},
		{Old: "sp ace.tf", New: "sp ace.tf", Ranges: []LineRange{{1, 1}}},
		{Old: "é", New: "é", Ranges: []LineRange{{5, 6}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%+v\nwant\n%+v", got, want)
	}
}

func TestParsePatchErrors(t *testing.T) {
	head := "diff --git a/a b/a\n--- a/a\n+++ b/a\n"
	for name, in := range map[string]string{
		"hunk cut short":          head + "@@ -1,2 +1,2 @@\n-a\n+b\n",
		"hunk longer than header": head + "@@ -1 +1 @@\n-a\n+b\n+c\n",
		"bad hunk header":         head + "@@ -x +1 @@\n",
		"hunk header without @@":  head + "@@ -1 +1\n",
		"line 0 with lines":       head + "@@ -1 +0,2 @@\n-a\n+b\n+c\n",
		"foreign line in a hunk":  head + "@@ -1 +1 @@\n-a\nb\n",
		"empty line in a hunk":    head + "@@ -1 +1 @@\n\n",
		"ambiguous header":        "diff --git a/x b/y\nold mode 100644\nnew mode 100755\n",
		"bad quoting":             "diff --git \"a/x\\q\" \"b/x\\q\"\nnew file mode 100644\n",
		"unterminated quote":      "diff --git a/a b/a\n--- \"a/a\n+++ b/a\n",
		"label without prefix":    "diff --git a/a b/a\n--- x/a\n+++ b/a\n",
	} {
		if d, err := parsePatch(strings.NewReader(in)); err == nil {
			t.Errorf("%s: no error, got %+v", name, d)
		}
	}
	if d, err := parsePatch(strings.NewReader("")); err != nil || d != nil {
		t.Errorf("empty patch: %v, %v", d, err)
	}
}

func TestParseHunkHeader(t *testing.T) {
	for _, c := range []struct {
		in       string
		want     LineRange
		old, new int
	}{
		{"@@ -3 +3 @@", LineRange{3, 3}, 1, 1},
		{"@@ -3,0 +4,2 @@ func", LineRange{4, 5}, 0, 2},
		{"@@ -4,2 +3,0 @@", LineRange{3, 4}, 2, 0}, // deletion after line 3
		{"@@ -1 +0,0 @@", LineRange{1, 1}, 1, 0},   // the first line deleted
		{"@@ -1,3 +0,0 @@", LineRange{1, 1}, 3, 0}, // emptied
	} {
		r, o, n, err := parseHunkHeader(c.in)
		if err != nil || r != c.want || o != c.old || n != c.new {
			t.Errorf("%s: %v %d %d %v, want %v %d %d", c.in, r, o, n, err, c.want, c.old, c.new)
		}
	}
}

func TestUnquoteC(t *testing.T) {
	v, rest, err := unquoteC(`"a\tb\"c\\d\303\251\377" tail`)
	if err != nil || v != "a\tb\"c\\d\xc3\xa9\xff" || rest != " tail" {
		t.Errorf("got %q %q %v", v, rest, err)
	}
	for _, bad := range []string{`"abc`, `"a\`, `"a\9xx"`, `"a\12"`, `abc`} {
		if _, _, err := unquoteC(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func TestLongLine(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	in := "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1,2 @@\n-" + long + "\n+" + long + "\n+" + long + "\n"
	got, err := parsePatch(strings.NewReader(in))
	if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0].Ranges, []LineRange{{1, 2}}) {
		t.Errorf("got %+v, %v", got, err)
	}
}

func BenchmarkParsePatch(b *testing.B) {
	var sb strings.Builder
	for f := 0; f < 200; f++ {
		sb.WriteString("diff --git a/dir/file" + strings.Repeat("x", f%7) + ".tf b/dir/file" + strings.Repeat("x", f%7) + ".tf\nindex 1111111..2222222 100644\n--- a/dir/file" + strings.Repeat("x", f%7) + ".tf\n+++ b/dir/file" + strings.Repeat("x", f%7) + ".tf\n")
		for h := 1; h <= 20; h++ {
			sb.WriteString("@@ -" + strconv.Itoa(h*10) + ",2 +" + strconv.Itoa(h*10) + ",3 @@ resource\n-  a = 1\n-  b = 2\n+  a = 2\n+  b = 3\n+  c = 4\n")
		}
	}
	in := sb.String()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parsePatch(strings.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}
