package extract

import (
	"strings"
	"testing"
)

func TestParseTaintFlag(t *testing.T) {
	for spec, want := range map[string]string{
		"gpu=true:NoSchedule": "gpu=true:NoSchedule",
		"dedicated:NoExecute": "dedicated=:NoExecute",
		"odd=1:Sometimes":     "odd=1:Sometimes unknown",
		"no-effect":           "",
		":NoSchedule":         "",
	} {
		got, ok := parseTaintFlag(spec)
		s := ""
		if ok {
			s = got.Key + "=" + got.Value + ":" + got.Effect
			if got.Unknown {
				s += " unknown"
			}
		}
		if s != want {
			t.Errorf("%q: %q, want %q", spec, s, want)
		}
	}
}

// TestNodeConfigParts reads the NodeConfig parts of a MIME multipart
// user data and leaves its shell script parts out.
func TestNodeConfigParts(t *testing.T) {
	text := "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"BOUND\"\n\n" +
		"--BOUND\nContent-Type: text/x-shellscript\n\n#!/bin/bash\necho hi\n" +
		"--BOUND\nContent-Type: application/node.eks.aws\n\napiVersion: node.eks.aws/v1alpha1\nkind: NodeConfig\n" +
		"--BOUND--\n"
	parts := nodeConfigParts(text)
	if len(parts) != 1 || !strings.Contains(parts[0], "kind: NodeConfig") || strings.Contains(parts[0], "echo") {
		t.Errorf("parts %q", parts)
	}
	if nodeConfigParts("MIME-Version: 1.0\nContent-Type: text/plain\n\nhello\n") != nil {
		t.Error("a user data of one text part has NodeConfig parts")
	}
}
