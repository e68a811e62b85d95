package rules

import (
	"strings"
	"testing"
)

// The safe order of a switch to API mode goes through API_AND_CONFIG_MAP
// from CONFIG_MAP, which refuses access entries; from API_AND_CONFIG_MAP
// the entry is added in place.
func TestModeSwitchHintFromConfigMap(t *testing.T) {
	if h := modeSwitchHint("nodes", "CONFIG_MAP"); !strings.Contains(h, "first switch to API_AND_CONFIG_MAP") || strings.Contains(h, "(in CONFIG_MAP mode)") {
		t.Errorf("from CONFIG_MAP: %q", h)
	}
	if h := modeSwitchHint("nodes", "API_AND_CONFIG_MAP"); !strings.Contains(h, "(in API_AND_CONFIG_MAP mode)") || strings.Contains(h, "first switch") {
		t.Errorf("from API_AND_CONFIG_MAP: %q", h)
	}
}
