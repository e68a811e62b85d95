package kube

import (
	"bytes"
	"errors"
	"io"

	"go.yaml.in/yaml/v3"
)

// conflictMarker reports which git merge conflict marker line l is: '<'
// opens a conflict, '|' starts the merge base (diff3 style), '=' starts
// the other side, '>' closes it; 0 for any other line. A marker is seven
// of its character at the start of the line, alone or followed by a space
// (the side's name).
func conflictMarker(l []byte) byte {
	l = bytes.TrimRight(l, "\r")
	if len(l) < 7 {
		return 0
	}
	c := l[0]
	switch c {
	case '<', '|', '=', '>':
	default:
		return 0
	}
	for _, b := range l[1:7] {
		if b != c {
			return 0
		}
	}
	if len(l) > 7 && (c == '=' || l[7] != ' ') {
		return 0
	}
	return c
}

// oursOfConflict is data with each git merge conflict resolved to its
// first side (the lines between <<<<<<< and ||||||| or =======); ok is
// false when data holds no complete conflict.
func oursOfConflict(data []byte) (out []byte, ok bool) {
	var kept [][]byte
	side := byte(0) // the marker whose section the line is in
	for _, l := range bytes.Split(data, []byte("\n")) {
		switch m := conflictMarker(l); {
		case m == '<' && side == 0:
			side = '<'
			continue
		case (m == '|' || m == '=') && side != 0:
			side = m
			continue
		case m == '>' && side != 0:
			side, ok = 0, true
			continue
		}
		if side == 0 || side == '<' {
			kept = append(kept, l)
		}
	}
	if side != 0 {
		return nil, false
	}
	return bytes.Join(kept, []byte("\n")), ok
}

// conflictedNonManifest says what a file that holds git merge conflict
// markers is when its first side of every conflict parses as YAML and
// shows it is no Kubernetes object (notManifest's kinds). A conflicted
// manifest, or one whose side does not parse either, stays unread input.
func conflictedNonManifest(data []byte) (string, bool) {
	ours, ok := oursOfConflict(data)
	if !ok {
		return "", false
	}
	dec := yaml.NewDecoder(bytes.NewReader(ours))
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", false
		}
	}
	n := bytes.Count(ours, []byte("\n")) + 2
	return notManifest(append(ours, '\n'), 0, n)
}
