package kube

import (
	"os"
	"path/filepath"
	"strings"
)

// maxChartDepth is how many ancestor directories IsHelmTemplate inspects.
const maxChartDepth = 6

// IsHelmTemplate reports whether the file at path is a Helm template rather
// than plain YAML: a .tpl file, or a file under a directory named templates
// whose parent holds a Chart.yaml (up to six levels up). Such files must not
// be parsed as manifests.
func IsHelmTemplate(path string) bool {
	if strings.HasSuffix(path, ".tpl") {
		return true
	}
	dir := filepath.Dir(filepath.Clean(path))
	for range maxChartDepth {
		parent := filepath.Dir(dir)
		if filepath.Base(dir) == "templates" && isFile(filepath.Join(parent, "Chart.yaml")) {
			return true
		}
		if parent == dir {
			return false
		}
		dir = parent
	}
	return false
}

// isFile reports whether path names an existing regular file (following
// symlinks).
func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}
