package extract

import "testing"

// The here-documents kubectl reads from standard input, with the index of
// their first line; one of another command, or that the shell expands,
// is not.
func TestStdinHeredocs(t *testing.T) {
	text := "set -e\n" +
		"cat <<EOF | kubectl apply -f -\nkind: A\nEOF\n" +
		"kubectl apply -f - <<-'YAML'\n\tkind: B\n\tYAML\n" +
		"cat <<EOF > /tmp/x.yaml\nkind: C\nEOF\n" +
		"cat <<EOF | kubectl create --filename=-\nname: $NAME\nEOF\n" +
		"kubectl --context prod create -f - <<\"DOC\"\nkind: $D\nDOC\n"
	got := stdinHeredocs(text)
	want := []heredocBody{{"kind: A\n", 2}, {"kind: B\n", 5}, {"kind: $D\n", 14}}
	if len(got) != len(want) {
		t.Fatalf("heredocs %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("heredoc %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
