package rules_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// A node class that may be for any of several clusters, one of whose
// networking is not declared, is not judged by FL405, and a coverage
// note says so at its first subnet term.
func TestFL405NodeClassOfSeveralClustersIsANote(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL405", "negative_node_class_of_two_clusters_one_network_unknown"), rules.NodeClassSelectsNothing)
	notes := unresolvedNotes(res, "FL405")
	want := "whether Karpenter EC2NodeClass default selects any subnet or security group: it may launch nodes for any of the 2 EKS clusters the tree declares"
	if len(res.Findings) != 0 || len(notes) != 1 || !strings.HasPrefix(notes[0], want) {
		t.Errorf("findings %d, FL405 notes %q; want the note %q", len(res.Findings), notes, want)
	}
}

// A node class whose security group selection cannot be compared (the
// group's tag comes from a variable without a value) is a note that says
// why and what gives the value.
func TestFL405SelectionUnknownSaysWhy(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL405", "negative_security_group_tagged_by_id_from_variable"), rules.NodeClassSelectsNothing)
	notes := unresolvedNotes(res, "FL405")
	if len(res.Findings) != 0 || len(notes) != 1 || !strings.HasPrefix(notes[0], "security groups selected by Karpenter") || !strings.Contains(notes[0], "which --var or --var-file gives") || !strings.Contains(notes[0], "aws_ec2_tag sets on resources known only after apply") {
		t.Errorf("findings %d, FL405 notes %q; want one saying why the selection is not known", len(res.Findings), notes)
	}
}

// A selector term whose tag value is known only at apply, over groups
// whose tags are known: FL105's note blames the term, not the tags.
func TestFL105NoteNamesTheUnknownTerm(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL105", "negative_term_value_known_at_apply"), rules.SelectorSpread)
	notes := unresolvedNotes(res, "FL105")
	want := "security groups selected by Karpenter EC2NodeClass apps: 3 may match, the term's tag values not all known"
	if len(res.Findings) != 0 || len(notes) != 1 || notes[0] != want {
		t.Errorf("findings %d, FL105 notes %q; want the note %q", len(res.Findings), notes, want)
	}
}

// Workloads that select a NodePool of a cluster where Karpenter is
// installed, whose NodePools a manifest resource switched off by a flag's
// default would apply: FL402's note names the resource.
func TestFL402NoteNamesSwitchedOffManifest(t *testing.T) {
	res := lintDir(t, filepath.Join("testdata", "FL402", "negative_node_pools_behind_a_flag_off_by_default"), rules.UnsatisfiableNodeSelector)
	notes := unresolvedNotes(res, "FL402")
	want := "1 workload(s) not judged for scheduling: Karpenter is installed or set up for their cluster (its chart, its IAM role or its interruption queue is declared here) and no NodePool is declared here with the variables' defaults, but kubernetes_manifest.general_pool (root infra), which makes no instance with them"
	if len(res.Findings) != 0 || len(notes) != 1 || !strings.HasPrefix(notes[0], want) {
		t.Errorf("findings %d, FL402 notes %q; want the note %q", len(res.Findings), notes, want)
	}
}

// unresolvedNotes are the texts of a result's unresolved coverage notes
// of rule id, without the rule's prefix.
func unresolvedNotes(res lint.Result, id string) []string {
	var notes []string
	for _, n := range res.Summary.Notes {
		if n.Kind == lint.Unresolved && strings.HasPrefix(n.What, id+": ") {
			notes = append(notes, strings.TrimPrefix(n.What, id+": "))
		}
	}
	return notes
}
