package rules

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/faultline-dev/faultline/lint"
)

// ChartValueDrift reports a Helm value a release sets that the chart, at
// the version installed, never reads.
var ChartValueDrift = &lint.Rule{
	ID:       "FL502",
	Name:     "chart-value-drift",
	Severity: lint.Warning,
	Summary:  "a Helm value key the chart (at its version) never reads — silently ignored",
	Since:    "0.1.0",
	Doc: `Helm accepts any values: a key no template reads is dropped without a word.
That happens when a chart upgrade renames or removes a value and the release
keeps setting the old key. Everything still looks configured in the code, but
the cluster runs with the chart's default, and everyone reading the code (and
every tool that trusts it) believes the old setting is in force.

The Karpenter chart is the usual example: before v0.19 it read top-level
` + "`clusterName`" + `, ` + "`clusterEndpoint`" + ` and ` + "`aws.defaultInstanceProfile`" + `; from
v0.19 to v0.32 the ` + "`settings.aws.*`" + ` block; from v0.33 only ` + "`settings.clusterName`" + `,
` + "`settings.interruptionQueue`" + `, ` + "`settings.featureGates.*`" + ` and their siblings. A
release of chart 0.37 still setting ` + "`settings.aws.defaultInstanceProfile`" + ` gives
nodes no instance profile at all: their identity comes from the
EC2NodeClass. The cluster-autoscaler chart is another: it names its
account under ` + "`rbac.serviceAccount`" + `, not ` + "`serviceAccount`" + ` as most charts do, so an
IRSA role annotation written under ` + "`serviceAccount.annotations`" + ` is dropped and
the autoscaler runs without AWS credentials.

## The chain

1. A release sets a value key; the chart's templates at the installed
   version never read it.
2. Helm renders the chart with its default (or nothing) in its place and
   reports no error.
3. The setting the code shows is not the one running: a renamed cluster
   name, interruption queue, resource limit or annotation is silently lost.

When the release also sets the key the chart reads in its place (the one
key it moved to) to the same value, nothing is lost: the unread key only
repeats it, and the finding is a notice. So it is for an ` + "`enabled: false`" + ` under a key
of which the chart reads nothing (Karpenter's ` + "`webhook.enabled`" + ` from 1.1): the
chart has no such part to switch off, which is what the value asks for.

What a chart reads comes from its templates: for a chart in the scanned
tree, from its own templates (` + "`.Values.a.b`" + `, ` + "`toYaml .Values.x`" + ` reading all of
x, ` + "`index`" + `/` + "`with`" + `/` + "`range`" + `, helpers reached through ` + "`include`" + `; a map the
templates only test, ` + "`if .Values.credentials`" + ` with nothing under it read, reads
the keys set in it: they are what makes the test true); for the remote
Karpenter and cluster-autoscaler charts, from faultline's tables generated
from each chart's templates at every release tag (Karpenter from v0.16.0,
cluster-autoscaler from 9.0.0, the first published from
kubernetes/autoscaler). Nothing is reported when that is unknown:
another remote chart, no version written, a version the table does not know,
a template faultline cannot analyse, a template that reads values
dynamically (` + "`tpl`" + ` over chart files, ` + "`toYaml .Values`" + `), or a release whose own
values hold template text (` + "`{{`" + `) the chart renders with ` + "`tpl`" + `. A value known
only after apply (a data source, another resource's attribute) is not
template text: every key that is known is still checked. A key whose
name is known only after apply (` + "`\"team/${var.name}\" = …`" + `) is checked as the
map holding it: reported when the chart reads nothing of that map, quiet
when it reads some of it (the name may be one it reads). Keys under a
subchart's name or ` + "`global`" + ` belong to subcharts and are never reported, and
neither are the values a module the user did not write sets itself (a
registry module installing a chart).

A values file several releases take (one environment file every Argo CD
Application or helmfile release of an environment passes) is written for
all of them: a key in it that the chart of another of those releases
(another chart) reads, or may read (its reads unknown), is in force there
and is not reported; a key none of their charts reads is one finding, at
the first release, saying how many others take it from the same place
(keys grouped into blocks alike for all of them: a block is one none of
their charts reads any part of). So is one value list a module gives two of
its releases through a variable (where each key is written is then not
known): a key another release of the module instance sets alike, whose
chart reads it or may, is not reported. A value one chart ignores that another
release's chart reads from the same place (an app-of-apps value two
Application templates pass on as a parameter) is reported where the
ignoring release names the key, not at the value the other needs.

An app-of-apps chart that hands each child Application its own values
whole (` + "`values: {{ toYaml (omit .Values \"apps\") | nindent 8 }}`" + `: the
values in effect in its rendering at two keys or more and at least half
of its keys) passes on settings every child shares: those keys are the
parent chart's, which reads them all, and are not reported for a child
whose chart ignores them. A key the template writes beside them, and a
value or two it names for one child out of many, are judged as any
other.

A key whose value is a YAML anchor the document refers to elsewhere
(` + "`javaDefaults: &java`" + `, merged into each service with ` + "`<<: *java`" + `) is
written to be referenced, not read, and is not reported. Nor is a key set
to null: Helm takes null as "unset", so it configures nothing.

Several keys under one block the chart has no key for at all (a values
file's ` + "`controller.podTemplate:`" + ` when the chart reads top-level ` + "`affinity`" + `
and ` + "`tolerations`" + `) are one finding, at the block's key, listing them.

## Example

` + "```hcl" + `
resource "helm_release" "karpenter" {
  chart      = "karpenter"
  repository = "oci://public.ecr.aws/karpenter"
  version    = "0.37.0"
  set {
    name  = "settings.aws.defaultInstanceProfile"   # FL502: not read since v0.33
    value = aws_iam_instance_profile.karpenter.name
  }
}
` + "```" + `

## How to fix

Move the value to the key the chart reads now (` + "`helm show values <chart> --version <v>`" + `
lists them; the chart's upgrade guide names the renames), or delete it. For
Karpenter's old instance profile settings, give the EC2NodeClass its
` + "`role`" + ` (or ` + "`instanceProfile`" + `) instead.`,
	Check: checkChartValueDrift,
}

func checkChartValueDrift(p *lint.Pass) {
	shared := sharedValues(p.Model.Releases)
	inForce := valuesInForce(p.Model.Releases)
	reports := placeReports{byPlace: map[string]*placeReport{}}
	defer reports.flush(p)
	for _, r := range p.Model.Releases {
		if r.Generated {
			continue
		}
		if r.Reads == nil {
			if r.ReadsUnknown != "" && len(lint.ValueKeys(r.Values)) > 0 {
				p.Unresolved(fmt.Sprintf("%s: %s", r.Label, r.ReadsUnknown), r.Range)
			}
			continue
		}
		var unread []lint.ValueKey
		for _, k := range lint.ValueKeys(r.Values) {
			if !r.Reads.ReadsKey(k.Path) && !shared.readByAnother(r, k) && !holdsAnchor(r, k) && !isNull(r.Values, k) && !passedOn(r, k) {
				unread = append(unread, k)
			}
		}
		for _, g := range unreadBlocks(r, unread, shared) {
			if len(g.keys) > 1 || g.keys[0].Unnamed {
				reportUnreadBlock(&reports, r, g)
				continue
			}
			k := g.keys[0]
			shown := shownKey(k)
			at := valueRange(r, k.Key)
			if kr := r.KeyRanges[k.Key]; !kr.IsZero() && inForce.forAnother(at, r) {
				// The value is written where another release's chart
				// reads it too (an app-of-apps value two Application
				// templates pass on): the place to change is where this
				// release names the key.
				at = kr
			}
			sev, outcome, hint := lint.Severity(0), fmt.Sprintf("the setting %s shows for %s is not the one running", r.Label, shown), driftHint(r, k)
			rendered := "Helm renders the chart with its default there and reports nothing"
			if to, ok := setAlike(r, k); ok {
				// The key the chart reads holds the same value: the
				// unread one is redundant, nothing is lost.
				sev = lint.Notice
				outcome = fmt.Sprintf("%s also sets %s, which the chart reads, to the same value: %s only repeats it", r.Label, to, shown)
				hint = fmt.Sprintf("delete %s: chart %s reads %s, which %s already sets to the same value", shown, r.Reads.Chart, to, r.Label)
			} else if f := r.Reads.Untemplated; f != "" {
				// The chart's manifests lie at its root: Helm renders none
				// of them, and the value is read by a file never rendered.
				rendered = fmt.Sprintf("chart %s has no templates/ directory: Helm renders none of its files (%s, which reads values, lies at its root)", r.Reads.Chart, f)
				outcome = fmt.Sprintf("nothing %s sets for chart %s is installed", r.Label, r.Reads.Chart)
				hint = fmt.Sprintf("move chart %s's manifests into templates/, where Helm renders them", r.Reads.Chart)
			} else if feature, ok := offAndAbsent(r, k); ok {
				// enabled: false for a part the chart no longer has (a
				// feature removed): what runs is what the value asks.
				sev = lint.Notice
				outcome = fmt.Sprintf("chart %s reads nothing under %s: it has no %s to switch off, so %s=false only repeats what it renders", r.Reads.Chart, feature, feature, shown)
				hint = fmt.Sprintf("delete %s: chart %s has no %s", shown, r.Reads.Chart, feature)
			}
			reports.add(r, k.Key, "value", lint.Finding{
				Severity: sev,
				Range:    at,
				Message:  fmt.Sprintf("%s sets value %s, which chart %s never reads", r.Label, shown, r.Reads.Chart),
				Related:  []lint.Location{{Range: r.Range, Message: "the release installing chart " + r.Reads.Chart}},
				Chain: []string{
					fmt.Sprintf("no template of chart %s reads %s (from %s)", r.Reads.Chart, shown, r.Reads.Source),
					rendered,
					outcome,
				},
				Hint:     hint,
				Inferred: append([]string(nil), r.Inferred...),
				Key:      "release=" + r.Addr + "|value=" + k.Key,
				Roots:    rootsOf(r),
			})
		}
	}
}

// placeReports holds FL502's findings until every release is seen: a
// value several releases take from one place (an environment's values
// file every Application passes) that none of their charts reads is one
// finding there, the first release's, saying how many others take it.
type placeReports struct {
	order   []string
	byPlace map[string]*placeReport
}

// placeReport is a finding and the releases that take the same unread
// value from its place, by where each is declared and what it is called
// (one Application two kustomizations list is one release; Applications
// one chart template renders are declared at one place and each is one).
type placeReport struct {
	f        lint.Finding
	declared map[releasePlace]bool
	// others are the other releases, in the order they came.
	others []releasePlace
}

// releasePlace tells releases apart: where each is declared, and its label.
type releasePlace struct {
	at    lint.Range
	label string
}

// add holds finding f about key (a value or block; what tells the
// findings about it apart) of release r. Findings about one key written
// at one place (the key itself, where r.KeyRanges has it) in one root
// (or none) are one; each root's is its own, as every finding of a
// module several roots call is (lint.NameRoots names them).
func (pr *placeReports) add(r *lint.Release, key, what string, f lint.Finding) {
	place := "release=" + r.Addr + "|" + key + "|" + what
	if at := r.KeyRanges[key]; !at.IsZero() {
		place = fmt.Sprintf("%s:%d:%d|%s|%s|%s", at.File, at.Line, at.Column, key, what, strings.Join(f.Roots, ","))
	}
	if held, ok := pr.byPlace[place]; ok {
		if rp := (releasePlace{r.Range, r.Label}); !held.declared[rp] {
			held.declared[rp] = true
			held.others = append(held.others, rp)
		}
		for _, root := range f.Roots {
			if !slices.Contains(held.f.Roots, root) {
				held.f.Roots = append(held.f.Roots, root)
			}
		}
		return
	}
	pr.order = append(pr.order, place)
	pr.byPlace[place] = &placeReport{f: f, declared: map[releasePlace]bool{{r.Range, r.Label}: true}}
}

// flush reports the findings held, in the order they came.
func (pr *placeReports) flush(p *lint.Pass) {
	for _, place := range pr.order {
		r := pr.byPlace[place]
		switch others := len(r.declared) - 1; {
		case others == 1:
			r.f.Message += "; 1 other release takes it from the same place, and its chart does not read it either"
		case others > 1:
			r.f.Message += fmt.Sprintf("; %d other releases take it from the same place, and their charts do not read it either", others)
		}
		for _, o := range r.others {
			if !o.at.IsZero() {
				r.f.Related = append(r.f.Related, lint.Location{Range: o.at, Message: o.label + " takes it from the same place too"})
			}
		}
		slices.Sort(r.f.Roots)
		p.Report(r.f)
	}
}

// writtenKey is a value key where it is written.
type writtenKey struct {
	at  lint.Range
	key string
}

// valueWriters are the releases whose values hold each key written at
// one place (the key itself, as written): a values file several releases read (one environment file
// every Application of an environment passes) is written once for all
// of them.
type valueWriters struct {
	byPlace map[writtenKey][]*lint.Release
	// releases are every release not generated, in order.
	releases []*lint.Release
}

// sharedValues indexes the keys of releases' values by where they are
// written, keeping the places more than one release reads.
func sharedValues(releases []*lint.Release) valueWriters {
	all := map[writtenKey][]*lint.Release{}
	var kept []*lint.Release
	for _, r := range releases {
		if r.Generated {
			continue
		}
		kept = append(kept, r)
		for _, k := range lint.ValueKeys(r.Values) {
			if at := r.KeyRanges[k.Key]; !k.Unnamed && !at.IsZero() {
				wk := writtenKey{at, k.Key}
				all[wk] = append(all[wk], r)
			}
		}
	}
	for wk, rs := range all {
		if len(rs) < 2 {
			delete(all, wk)
		}
	}
	return valueWriters{byPlace: all, releases: kept}
}

// readByAnother reports whether key k of release r is written where
// a release of another chart takes it from too, and that chart reads it
// or may (what it reads is unknown): the value is there for that chart,
// and it is in force there.
func (w valueWriters) readByAnother(r *lint.Release, k lint.ValueKey) bool {
	at := r.KeyRanges[k.Key]
	if k.Unnamed {
		return false
	}
	if at.IsZero() {
		return w.sameValueBeside(r, k)
	}
	for _, o := range w.byPlace[writtenKey{at, k.Key}] {
		if o == r || sameChart(o, r) {
			// The same chart (the same module instantiated twice, a
			// version not known): the key is for this chart.
			continue
		}
		if o.Reads == nil || o.Reads.ReadsKey(k.Path) {
			return true
		}
	}
	return false
}

// sameValueBeside reports, for a key whose place is not known (values a
// module passes in through a variable), whether a release of another
// chart in the same module instance sets it to the same value and that
// chart reads it or may: one value list given to both, as a key written
// once for several releases (readByAnother).
func (w valueWriters) sameValueBeside(r *lint.Release, k lint.ValueKey) bool {
	mine, ok := valueAt(r.Values, k.Path)
	if !ok {
		return false
	}
	for _, o := range w.releases {
		if o == r || sameChart(o, r) || o.Root != r.Root || moduleInstance(o.Addr) != moduleInstance(r.Addr) || resourceOf(o.Addr) == resourceOf(r.Addr) {
			// Instances of one resource (for_each over add-ons) each
			// take their own values, however alike.
			continue
		}
		theirs, ok := valueAt(o.Values, k.Path)
		if ok && reflect.DeepEqual(mine, theirs) && (o.Reads == nil || o.Reads.ReadsKey(k.Path)) {
			return true
		}
	}
	return false
}

// moduleInstance is the module instance part of a release's address
// (root:module.a["x"].helm_release.r → root:module.a["x"]).
func moduleInstance(addr string) string {
	if i := strings.LastIndex(addr, "helm_release."); i >= 0 {
		return addr[:i]
	}
	return addr
}

// resourceOf is the resource part of a release's address, without its
// instance key (helm_release.addon["a"] → helm_release.addon).
func resourceOf(addr string) string {
	r := addr[len(moduleInstance(addr)):]
	if i := strings.Index(r, "["); i >= 0 {
		r = r[:i]
	}
	return r
}

// readPlaces are the places values are written at, each with the
// releases whose charts read (or may read) the value written there.
type readPlaces map[lint.Range][]*lint.Release

// valuesInForce indexes, by where each value is written, the releases
// whose charts read it or whose reads are not known.
func valuesInForce(releases []*lint.Release) readPlaces {
	out := readPlaces{}
	for _, r := range releases {
		if r.Generated {
			continue
		}
		for _, k := range lint.ValueKeys(r.Values) {
			at := r.ValueRanges[k.Key]
			if k.Unnamed || at.IsZero() || (r.Reads != nil && !r.Reads.ReadsKey(k.Path)) {
				continue
			}
			out[at] = append(out[at], r)
		}
	}
	return out
}

// forAnother reports whether a release other than r (of another chart)
// reads the value written at at.
func (p readPlaces) forAnother(at lint.Range, r *lint.Release) bool {
	for _, o := range p[at] {
		if o != r && !sameChart(o, r) {
			return true
		}
	}
	return false
}

// prefixReadByAnother reports whether the first j segments of key k of
// release r, written where releases of other charts take it from too,
// are read (in part) by one of those charts.
func (w valueWriters) prefixReadByAnother(r *lint.Release, k lint.ValueKey, j int) bool {
	at := r.KeyRanges[k.Key]
	if k.Unnamed || at.IsZero() {
		return false
	}
	for _, o := range w.byPlace[writtenKey{at, k.Key}] {
		if o != r && !sameChart(o, r) && o.Reads != nil && o.Reads.ReadsKey(k.PrefixPath(j)) {
			return true
		}
	}
	return false
}

// holdsAnchor reports whether key k is (or lies under) a key whose value
// is a YAML anchor its document refers to: written to be merged into
// others, not for the chart (deleting it would break the file).
func holdsAnchor(r *lint.Release, k lint.ValueKey) bool {
	for j := 1; j <= len(k.Segments); j++ {
		if r.AnchorKeys[strings.Join(k.Segments[:j], ".")] {
			return true
		}
	}
	return false
}

// isNull reports whether key k of values is null: Helm takes a null as
// "unset" (it deletes the chart's default), so an unread key set to null
// configures nothing and loses nothing.
func isNull(values map[string]any, k lint.ValueKey) bool {
	if k.Unnamed {
		return false
	}
	var cur any = values
	for _, seg := range k.Segments {
		m, ok := cur.(map[string]any)
		if !ok {
			return false
		}
		if cur, ok = m[seg]; !ok {
			return false
		}
	}
	return cur == nil
}

// sameChart reports whether two releases install one chart: the same
// directory of the tree, or remote charts of one name.
func sameChart(a, b *lint.Release) bool {
	if a.ChartDir != "" || b.ChartDir != "" {
		return a.ChartDir == b.ChartDir
	}
	return a.ChartName() == b.ChartName()
}

// unreadGroup is the unread keys under one block: the outermost key of
// theirs the chart does not read, written as a key of its own (a map in
// a values file); a key with no such block is a group alone.
type unreadGroup struct {
	block string
	keys  []lint.ValueKey
}

// unreadBlocks groups unread keys by the outermost unread block that is
// written where a range can point (so a subtree the chart has no key for
// is one finding at its key, not one per leaf), in key order.
func unreadBlocks(r *lint.Release, unread []lint.ValueKey, shared valueWriters) []unreadGroup {
	var out []unreadGroup
	at := map[string]int{}
	for _, k := range unread {
		block := k.Key
		for j := 1; j < len(k.Segments); j++ {
			if r.Reads.ReadsKey(k.PrefixPath(j)) || shared.prefixReadByAnother(r, k, j) {
				// Read here, or by the chart of another release that
				// takes the key from the same place: each release's
				// findings about that place group its keys alike.
				continue
			}
			if prefix := strings.Join(k.Segments[:j], "."); !r.ValueRanges[prefix].IsZero() {
				block = prefix
			}
			break
		}
		i, ok := at[block]
		if !ok {
			i = len(out)
			at[block] = i
			out = append(out, unreadGroup{block: block})
		}
		out[i].keys = append(out[i].keys, k)
	}
	return out
}

// reportUnreadBlock reports the keys of a block the chart never reads
// once, at the block's key.
func reportUnreadBlock(reports *placeReports, r *lint.Release, g unreadGroup) {
	var rel []string
	for _, k := range g.keys {
		switch {
		case k.Unnamed && k.Key == g.block:
			rel = append(rel, "a key not known statically")
		case k.Unnamed:
			rel = append(rel, "a key not known statically under "+strings.TrimPrefix(k.Key, g.block+"."))
		default:
			rel = append(rel, strings.TrimPrefix(k.Key, g.block+"."))
		}
	}
	count := fmt.Sprintf("%d values", len(g.keys))
	if len(g.keys) == 1 {
		count = "a value"
	}
	reports.add(r, g.block, "block ("+strings.Join(rel, ", ")+")", lint.Finding{
		Range:   valueRange(r, g.block),
		Message: fmt.Sprintf("%s sets %s under %s (%s), which chart %s never reads", r.Label, count, g.block, strings.Join(rel, ", "), r.Reads.Chart),
		Related: []lint.Location{{Range: r.Range, Message: "the release installing chart " + r.Reads.Chart}},
		Chain: []string{
			fmt.Sprintf("no template of chart %s reads %s or anything under it (from %s)", r.Reads.Chart, g.block, r.Reads.Source),
			"Helm renders the chart with its defaults there and reports nothing",
			fmt.Sprintf("the settings %s shows under %s are not the ones running", r.Label, g.block),
		},
		Hint:     blockHint(r, g),
		Inferred: append([]string(nil), r.Inferred...),
		Key:      "release=" + r.Addr + "|value=" + g.block,
		Roots:    rootsOf(r),
	})
}

// valueRange is where a key was set: the key as written, else its value,
// else the longest recorded prefix of it (a list, a values document), or
// the release.
func valueRange(r *lint.Release, key string) lint.Range {
	for k := key; k != ""; {
		val, hasVal := r.ValueRanges[k]
		hasVal = hasVal && !val.IsZero()
		// The key where its value is: produced YAML (a build, a file
		// Terraform writes) may place the two apart, and the value's
		// place is the one known to be the source.
		if rng, ok := r.KeyRanges[k]; ok && !rng.IsZero() && (!hasVal || rng.File == val.File) {
			return rng
		}
		if hasVal {
			return val
		}
		i := strings.LastIndexAny(k, ".[")
		if i < 0 {
			break
		}
		k = k[:i]
	}
	if rng, ok := firstBelow(r, key); ok {
		return rng
	}
	return r.Range
}

// firstBelow is where the first key below key was written (a list set
// element by element, `--set env[0].name=…`, is recorded by its elements'
// keys): false when none was recorded.
func firstBelow(r *lint.Release, key string) (lint.Range, bool) {
	var best lint.Range
	for _, ranges := range []map[string]lint.Range{r.KeyRanges, r.ValueRanges} {
		for k, rng := range ranges {
			if rng.IsZero() || !strings.HasPrefix(k, key) || len(k) == len(key) || (k[len(key)] != '.' && k[len(key)] != '[') {
				continue
			}
			if best.IsZero() || rng.File == best.File && (rng.Line < best.Line || rng.Line == best.Line && rng.Column < best.Column) || rng.File < best.File {
				best = rng
			}
		}
		if !best.IsZero() {
			return best, true
		}
	}
	return lint.Range{}, false
}

// blockHint names the block the chart reads instead of an unread block
// when there is exactly one that is the same block moved under another
// (serviceAccount → rbac.serviceAccount) or out of one (aws.settings →
// settings); else driftHint's for a block of one key, and for a block of
// several the whole block (a hint for its first key would leave the
// others behind, unread too).
func blockHint(r *lint.Release, g unreadGroup) string {
	block := lint.SplitSetName(g.block)
	moved := map[string]bool{}
	for _, rd := range r.Reads.Reads {
		for i := 1; i <= len(rd.Path); i++ {
			q := rd.Path[:i]
			if slices.Contains(q, "*") || slices.Equal(q, block) {
				continue
			}
			if len(q) > len(block) && slices.Equal(q[len(q)-len(block):], block) || len(q) < len(block) && slices.Equal(block[len(block)-len(q):], q) {
				moved[strings.Join(q, ".")] = true
			}
		}
	}
	if len(moved) == 1 {
		for to := range moved {
			return fmt.Sprintf("chart %s reads %s: move the values there, or delete %s", r.Reads.Chart, to, g.block)
		}
	}
	if len(g.keys) == 1 {
		return driftHint(r, g.keys[0])
	}
	return fmt.Sprintf("delete %s (its %d values: chart %s reads none of them), or set the keys the chart reads instead (`helm show values` lists them)", g.block, len(g.keys), r.Reads.Chart)
}

// driftHint names the key the chart reads with the same last segment
// when there is exactly one and it lies in a block related to the value's
// (a value moved up or down its blocks: aws.x → settings.aws.x →
// settings.x). Two unrelated blocks sharing a last segment
// (webhook.enabled, serviceMonitor.enabled) are no move. A key of a map
// the chart reads whole (an annotation under serviceAccount.annotations)
// moves with its map: to the one map of that name the chart reads in a
// related block (rbac.serviceAccount.annotations). Keys are shown as
// --set writes them (shownKey).
func driftHint(r *lint.Release, k lint.ValueKey) string {
	shown := shownKey(k)
	if to, ok := movedKey(r, k); ok {
		return fmt.Sprintf("chart %s reads %s: move the value there, or delete %s", r.Reads.Chart, shownKey(to), shown)
	}
	return fmt.Sprintf("delete %s, or set the key chart %s reads instead (`helm show values` lists them)", shown, r.Reads.Chart)
}

// movedKey is the one key the chart reads that value k moved to
// (driftHint), if there is one and it is another key.
func movedKey(r *lint.Release, k lint.ValueKey) (lint.ValueKey, bool) {
	last := k.Path[len(k.Path)-1]
	parent := k.Path[:len(k.Path)-1]
	moved := movedTo(r, last, parent)
	if len(moved) == 0 && len(parent) > 0 {
		for _, m := range movedTo(r, parent[len(parent)-1], parent[:len(parent)-1]) {
			moved = append(moved, append(slices.Clone(m), last))
		}
	}
	if len(moved) != 1 {
		return lint.ValueKey{}, false
	}
	to := lint.ValueKey{Key: strings.Join(moved[0], "."), Path: moved[0]}
	if shownKey(to) == shownKey(k) {
		return lint.ValueKey{}, false
	}
	return to, true
}

// setAlike is the key the chart reads that value k moved to, shown, when
// the release's values set it to the same value as k.
func setAlike(r *lint.Release, k lint.ValueKey) (string, bool) {
	to, ok := movedKey(r, k)
	if !ok {
		return "", false
	}
	have, ok1 := valueAt(r.Values, k.Path)
	want, ok2 := valueAt(r.Values, to.Path)
	// A value known only at apply is the same where the same reference
	// writes it.
	if !ok1 || !ok2 || !reflect.DeepEqual(have, want) {
		return "", false
	}
	return shownKey(to), true
}

// offAndAbsent reports whether value k is an "enabled" switch set to
// false (the YAML boolean: a template's `if` takes the string "false" as
// true) under a key of which the chart reads nothing, and names that key:
// the part it switches off is not in the chart at all.
func offAndAbsent(r *lint.Release, k lint.ValueKey) (string, bool) {
	n := len(k.Path)
	if k.Unnamed || n < 2 || k.Path[n-1] != "enabled" || r.Reads.ReadsKey(k.Path[:n-1]) {
		return "", false
	}
	if v, ok := valueAt(r.Values, k.Path); !ok || v != false {
		return "", false
	}
	return strings.Join(k.Path[:n-1], "."), true
}

// valueAt is the value at path in a release's values (maps only).
func valueAt(values map[string]any, path []string) (any, bool) {
	var cur any = values
	for _, seg := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[seg]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// movedTo are the key paths the chart reads that end in segment last, in
// a block related to parent (nestedBlocks).
func movedTo(r *lint.Release, last string, parent []string) [][]string {
	var out [][]string
	for _, rd := range r.Reads.Reads {
		if n := len(rd.Path); n > 0 && rd.Path[n-1] == last && nestedBlocks(parent, rd.Path[:n-1]) {
			out = append(out, rd.Path)
		}
	}
	return out
}

// nestedBlocks reports whether one block path holds the other at its
// start or its end ([settings aws] and [settings], [aws] and [settings
// aws]; the top level holds every block).
func nestedBlocks(a, b []string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return slices.Equal(a, b[:len(a)]) || slices.Equal(a, b[len(b)-len(a):])
}

// shownKey is a values key as Helm's --set writes it: its segments joined
// by dots, a dot inside a segment escaped (controller\.resources is one
// key, not resources under controller).
func shownKey(k lint.ValueKey) string {
	if !slices.ContainsFunc(k.Path, func(seg string) bool { return strings.Contains(seg, ".") }) {
		return k.Key // list indices as written ([0]), not as read (*)
	}
	parts := make([]string, len(k.Path))
	for i, seg := range k.Path {
		parts[i] = strings.ReplaceAll(seg, ".", `\.`)
	}
	return strings.Join(parts, ".")
}

// passedOn reports whether key k of release r's values is one the chart
// rendering r's declaration passed on from its own values
// (lint.Release.ValuesPassedOn).
func passedOn(r *lint.Release, k lint.ValueKey) bool {
	return len(k.Path) > 0 && r.ValuesPassedOn[k.Path[0]]
}
