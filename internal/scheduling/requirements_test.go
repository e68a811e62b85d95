package scheduling

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func req(key, op string, values ...string) lint.Requirement {
	return lint.Requirement{Key: key, Operator: op, Values: values}
}

func TestMatchesFollowsTheSchedulersOperators(t *testing.T) {
	for _, c := range []struct {
		r       lint.Requirement
		value   string
		present bool
		want    bool
	}{
		{req("team", lint.OpIn, "a", "b"), "b", true, true},
		{req("team", lint.OpIn, "a", "b"), "c", true, false},
		{req("team", lint.OpIn, "a"), "", false, false},
		{req("team", lint.OpNotIn, "a"), "", false, true},
		{req("team", lint.OpNotIn, "a"), "a", true, false},
		{req("team", lint.OpExists), "x", true, true},
		{req("team", lint.OpExists), "", false, false},
		{req("team", lint.OpDoesNotExist), "", false, true},
		{req("team", lint.OpDoesNotExist), "x", true, false},
		{req("cpu", lint.OpGt, "4"), "8", true, true},
		{req("cpu", lint.OpGt, "4"), "4", true, false},
		{req("cpu", lint.OpLt, "4"), "2", true, true},
		{req("cpu", lint.OpLt, "4"), "x", true, false},
		{req("cpu", lint.OpLt, "4"), "4", true, false},
		{req("cpu", lint.OpLt, "4"), "3", true, true},
		{req("cpu", lint.OpGt, "4"), "5", true, true},
		{req("cpu", lint.OpGt, "4"), "", false, false},
		// Karpenter's Gte and Lte include their bound.
		{req("cpu", lint.OpGte, "4"), "4", true, true},
		{req("cpu", lint.OpGte, "4"), "3", true, false},
		{req("cpu", lint.OpLte, "4"), "4", true, true},
		{req("cpu", lint.OpLte, "4"), "5", true, false},
		{req("cpu", lint.OpLte, "4"), "", false, false},
	} {
		if got := matches(c.r, c.value, c.present); got != c.want {
			t.Errorf("matches(%s %s %v, %q present=%v) = %v", c.r.Key, c.r.Operator, c.r.Values, c.value, c.present, got)
		}
	}
}

func TestOfferCompatible(t *testing.T) {
	for name, c := range map[string]struct {
		o    offer
		want []lint.Requirement
		ok   bool
	}{
		"finite value selected":       {offer{finite: true, values: []string{"a"}}, []lint.Requirement{req("k", lint.OpIn, "a")}, true},
		"finite value not selected":   {offer{finite: true, values: []string{"a"}}, []lint.Requirement{req("k", lint.OpIn, "b")}, false},
		"missing label, NotIn":        {offer{missing: true}, []lint.Requirement{req("k", lint.OpNotIn, "b")}, true},
		"missing label, Exists":       {offer{missing: true}, []lint.Requirement{req("k", lint.OpExists)}, false},
		"open, In":                    {offer{}, []lint.Requirement{req("k", lint.OpIn, "b")}, true},
		"open requirement excludes":   {offer{reqs: []lint.Requirement{req("k", lint.OpIn, "a")}}, []lint.Requirement{req("k", lint.OpIn, "b")}, false},
		"open NotIn excludes":         {offer{reqs: []lint.Requirement{req("k", lint.OpNotIn, "b")}}, []lint.Requirement{req("k", lint.OpIn, "b")}, false},
		"open bounds meet":            {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "4")}}, []lint.Requirement{req("k", lint.OpLt, "6")}, true},
		"open bounds miss":            {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "4")}}, []lint.Requirement{req("k", lint.OpLt, "5")}, false},
		"open, DoesNotExist":          {offer{}, []lint.Requirement{req("k", lint.OpDoesNotExist)}, false},
		"may be absent, DoesNotExist": {offer{absent: true}, []lint.Requirement{req("k", lint.OpDoesNotExist)}, true},
		"bounds leave one value":      {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "4")}}, []lint.Requirement{req("k", lint.OpLt, "6")}, true},
		"NotIn takes the only value":  {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "4"), req("k", lint.OpNotIn, "5")}}, []lint.Requirement{req("k", lint.OpLt, "6")}, false},
		"NotIn in a wide range":       {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "0"), req("k", lint.OpNotIn, "1", "2")}}, []lint.Requirement{req("k", lint.OpLt, "1000")}, true},
		"NotIn in a huge range":       {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "0")}}, []lint.Requirement{req("k", lint.OpLt, "100000"), req("k", lint.OpNotIn, "1")}, true},
		"bad bound":                   {offer{reqs: []lint.Requirement{req("k", lint.OpGt, "x")}}, []lint.Requirement{req("k", lint.OpExists)}, false},
		"closed bounds meet at one":   {offer{reqs: []lint.Requirement{req("k", lint.OpGte, "5")}}, []lint.Requirement{req("k", lint.OpLte, "5")}, true},
		"closed bounds miss":          {offer{reqs: []lint.Requirement{req("k", lint.OpGte, "6")}}, []lint.Requirement{req("k", lint.OpLte, "5")}, false},
		"closed and open bounds miss": {offer{reqs: []lint.Requirement{req("k", lint.OpGte, "5")}}, []lint.Requirement{req("k", lint.OpLt, "5")}, false},
	} {
		if got := c.o.compatible(c.want); got != c.ok {
			t.Errorf("%s: compatible = %v, want %v", name, got, c.ok)
		}
	}
}

func TestTolerates(t *testing.T) {
	taint := lint.Taint{Key: "nvidia.com/gpu", Value: "true", Effect: "NoSchedule"}
	for _, c := range []struct {
		tol  lint.Toleration
		want bool
	}{
		{lint.Toleration{Key: "nvidia.com/gpu", Operator: "Equal", Value: "true", Effect: "NoSchedule"}, true},
		{lint.Toleration{Key: "nvidia.com/gpu", Operator: "Equal", Value: "false"}, false},
		{lint.Toleration{Key: "nvidia.com/gpu", Operator: "Exists"}, true},
		{lint.Toleration{Key: "nvidia.com/gpu", Operator: "Exists", Effect: "NoExecute"}, false},
		{lint.Toleration{Operator: "Exists"}, true},
		{lint.Toleration{Key: "other", Operator: "Exists"}, false},
		{lint.Toleration{Unknown: true}, true},
	} {
		if got := tolerates(c.tol, taint); got != c.want {
			t.Errorf("tolerates(%+v) = %v", c.tol, got)
		}
	}
}

func TestIsZoneName(t *testing.T) {
	for s, want := range map[string]bool{
		"eu-west-1a": true, "us-gov-west-1b": true, "us-west-2-lax-1a": true, "ap-southeast-4c": true,
		"euw1-az1": false, "eu-west-1": false, "": false, "zone-a": false,
	} {
		if got := IsZoneName(s); got != want {
			t.Errorf("IsZoneName(%q) = %v", s, got)
		}
	}
}

func TestFitsCountsEveryResourceToTheUnit(t *testing.T) {
	free := lint.Resources{MilliCPU: 2000, Memory: 4 << 30, GPU: 1}
	over := lint.Resources{MilliCPU: 500, Memory: 1 << 30}
	for _, c := range []struct {
		req  lint.Resources
		want bool
	}{
		{lint.Resources{MilliCPU: 1500, Memory: 3 << 30, GPU: 1}, true},
		{lint.Resources{MilliCPU: 1501}, false},
		{lint.Resources{Memory: 3<<30 + 1}, false},
		{lint.Resources{GPU: 2}, false},
	} {
		if got := fits(free, over, c.req); got != c.want {
			t.Errorf("fits(%+v) = %v", c.req, got)
		}
	}
	if s := shortfall(free, over, lint.Resources{MilliCPU: 1501, Memory: 1}); s != (lint.Resources{MilliCPU: 1}) {
		t.Errorf("shortfall = %+v", s)
	}
	if s := shortfall(free, over, lint.Resources{Memory: 3<<30 + 1, GPU: 2}); s != (lint.Resources{Memory: 1, GPU: 1}) {
		t.Errorf("shortfall = %+v", s)
	}
}

func TestBiggerOrdersByGPUThenCPUThenMemory(t *testing.T) {
	gpu := lint.Resources{MilliCPU: 1000, Memory: 1, GPU: 1}
	cpu := lint.Resources{MilliCPU: 8000, Memory: 1}
	mem := lint.Resources{MilliCPU: 8000, Memory: 2}
	if !bigger(gpu, cpu) || bigger(cpu, gpu) {
		t.Error("a GPU outranks CPU")
	}
	if !bigger(mem, cpu) || bigger(cpu, mem) || bigger(cpu, cpu) {
		t.Error("memory decides between equal CPU")
	}
	if !bigger(cpu, lint.Resources{MilliCPU: 4000, Memory: 9}) {
		t.Error("CPU outranks memory")
	}
}
