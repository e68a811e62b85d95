package kube

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/faultline-dev/faultline/lint"
)

// The classes of resources the capacity model counts.
const (
	resCPU    = "cpu"
	resMemory = "memory"
	resGPU    = "gpu"
	resAMDGPU = "amdgpu"
)

// resourceClass returns the class a resource name counts in: cpu, memory,
// gpu for NVIDIA's GPUs (nvidia.com/gpu), amdgpu for AMD's (amd.com/gpu);
// "" for anything else.
// AWS Neuron devices and cores (aws.amazon.com/neuron, …/neuroncore) are
// left out: the instance table does not count them, so a pod's Neuron
// request must not be compared with its GPUs.
func resourceClass(name string) string {
	switch name {
	case "cpu":
		return resCPU
	case "memory":
		return resMemory
	case "nvidia.com/gpu":
		return resGPU
	case "amd.com/gpu":
		return resAMDGPU
	}
	return ""
}

// Amounts above these are read as unknown, so that sums never overflow: a
// billion cores, a pebibyte, a billion devices.
const (
	maxCores   = 1 << 30
	maxBytes   = 1 << 50
	maxDevices = 1 << 30
)

// scaled converts q to the unit the model counts class in (thousandths of
// a core, bytes, devices); false beyond the class's ceiling.
func scaled(class string, q resource.Quantity) (int64, bool) {
	switch {
	case class == resCPU && q.CmpInt64(maxCores) <= 0:
		return q.MilliValue(), true
	case class == resMemory && q.CmpInt64(maxBytes) <= 0:
		return q.Value(), true
	case (class == resGPU || class == resAMDGPU) && q.CmpInt64(maxDevices) <= 0:
		return q.Value(), true
	}
	return 0, false
}

// quantity reads a resource amount as the API server decodes it: a YAML
// integer or float by its number, a string by resource.ParseQuantity. ok
// is false for anything it cannot know: null, an empty string (a missing
// Helm value), a hole, another tag, a negative or unparseable amount, or
// one of implausible size (see plausible). An amount that is certainly
// broken (a literal string the API server rejects, a negative number) is
// also an FL000 diagnostic; in says where it is.
func (d *doc) quantity(n *yaml.Node, in func() string) (resource.Quantity, bool) {
	s := resolve(n)
	if s == nil || s.Kind != yaml.ScalarNode {
		return resource.Quantity{}, false
	}
	text := strings.TrimSpace(s.Value)
	if text == "" || lint.HasSentinel(text) {
		return resource.Quantity{}, false
	}
	switch s.Tag {
	case "!!int":
		var i int64
		if s.Decode(&i) != nil {
			return resource.Quantity{}, false
		}
		text = strconv.FormatInt(i, 10)
	case "!!float":
		var f float64
		if s.Decode(&f) != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return resource.Quantity{}, false
		}
		text = strconv.FormatFloat(f, 'g', -1, 64)
	case "!!str":
	default:
		return resource.Quantity{}, false
	}
	if !plausible(text) {
		return resource.Quantity{}, false
	}
	q, err := resource.ParseQuantity(text)
	if err != nil {
		if s.Tag == "!!str" && d.final(text) && quantityShaped(text) {
			d.invalid(n, "invalid resource quantity", fmt.Sprintf("%q in %s of %s is not a Kubernetes quantity (%v); the API server rejects the object, and this amount is not checked.", text, in(), d.label(), err))
		}
		return resource.Quantity{}, false
	}
	if q.Sign() < 0 {
		if d.final(text) {
			d.invalid(n, "invalid resource quantity", fmt.Sprintf("%s in %s of %s is negative; the API server rejects the object, and this amount is not checked.", text, in(), d.label()))
		}
		return resource.Quantity{}, false
	}
	return q, true
}

// plausible reports whether text is short enough, and its decimal
// exponent small enough, for ParseQuantity and comparisons to be cheap:
// "1e-100000" takes a millisecond, and every real amount is shorter.
func plausible(text string) bool {
	if len(text) > 40 {
		return false
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		return len(strings.TrimLeft(text[i+1:], "+-")) <= 2
	}
	return true
}

// quantityShaped reports whether text is made only of what a quantity is
// made of (digits, a sign, a decimal point, suffix letters, and the
// spaces, commas and B of a mistyped one) and holds a digit: a typo, not a
// placeholder word some later step replaces.
func quantityShaped(text string) bool {
	digit := false
	for _, r := range text {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(".+-, _numkKMGTPEeibB", r):
		default:
			return false
		}
	}
	return digit
}

// final reports whether text, written in the document, is certainly what
// the API server receives: not a chart rendered with its defaults only
// (a release may set the value), no hole, and no placeholder a templating
// step still replaces (${x}, {{ }}, {NAME}, __NAME__, $NAME, <name>).
func (d *doc) final(text string) bool {
	return len(d.opts.Inferred) == 0 && !lint.HasSentinel(text) && !hasPlaceholder(text) && !strings.ContainsAny(text, "%@")
}

// invalid records an FL000 diagnostic about the document's own content at
// node n. The object is still read, the value at n aside.
func (d *doc) invalid(n *yaml.Node, summary, detail string) {
	d.diags = append(d.diags, lint.Diagnostic{Range: d.rangeOf(n), Summary: summary, Detail: detail, Hint: invalidValueHint})
}

// invalidValueHint is the hint of an FL000 about one value of an object
// faultline still reads (the generic one says what cannot be read is
// left out).
const invalidValueHint = "fix the value as the message says; the rest of the object is still read, so chains through it are checked"

// label names the document in messages ("Deployment web").
func (d *doc) label() string {
	if d.name == "" {
		return d.kind
	}
	// A name holding a value known only at apply shows as the reference
	// it stands for, never its sentinel.
	return d.kind + " " + d.shown(d.name)
}

// The classes the model counts, as indexes of resourceAmounts.
const (
	classCPU = iota
	classMemory
	classGPU
	classAMDGPU
	numClasses
)

// classIndex returns the index of a resource class, -1 for none.
func classIndex(class string) int {
	switch class {
	case resCPU:
		return classCPU
	case resMemory:
		return classMemory
	case resGPU:
		return classGPU
	case resAMDGPU:
		return classAMDGPU
	}
	return -1
}

// resourceAmounts are the amounts a ResourceList writes, by class.
type resourceAmounts [numClasses]amount

// amount is one class's amount as written: its value in the model's unit,
// whether it is written and was read, and the scalar that writes it.
type amount struct {
	value          int64
	present, known bool
	node           *yaml.Node
}

// resourceList reads a ResourceList (requests, limits, overhead, NodePool
// limits) into the amounts of each class it writes. ok is false when the list is
// written but not a mapping; an amount that cannot be read is present
// with known false. in says where the list is, for diagnostics.
func (d *doc) resourceList(n *yaml.Node, in func() string) (resourceAmounts, bool) {
	var out resourceAmounts
	m, present, ok := collection(n, yaml.MappingNode)
	if !present || !ok {
		return out, ok
	}
	for _, name := range [...]string{"cpu", "memory", "nvidia.com/gpu", "amd.com/gpu"} {
		_, v := lookup(m, name)
		if v == nil {
			continue
		}
		class := resourceClass(name)
		a := &out[classIndex(class)]
		value, known := int64(0), false
		if q, ok := d.quantity(v, func() string { return in() + " (" + name + ")" }); ok {
			value, known = scaled(class, q)
		}
		if !a.present {
			a.node, a.known = v, true
		}
		a.present, a.value, a.known = true, a.value+value, a.known && known
	}
	return out, true
}
