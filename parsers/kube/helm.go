package kube

import (
	"os"
	"path/filepath"
	"strings"
)

// maxChartDepth is how many ancestor directories IsHelmTemplate and
// IsChartData inspect.
const maxChartDepth = 6

// IsHelmTemplate reports whether the file at path is a Helm template rather
// than plain YAML: a .tpl file, or a file under a directory named templates
// whose parent holds a Chart.yaml (up to six levels up). Such files must not
// be parsed as manifests.
func IsHelmTemplate(path string) bool {
	if strings.HasSuffix(path, ".tpl") {
		return true
	}
	return underChartDir(path, "templates")
}

// IsChartData reports whether the file at path is data a Helm chart keeps
// for its templates to read (.Files.Get, .Files.Glob): a file under a
// directory named files whose parent holds a Chart.yaml (up to six levels
// up). Helm applies only what the templates render, so such a file (an
// example of a generated manifest) is not a manifest.
func IsChartData(path string) bool {
	return underChartDir(path, "files")
}

// underChartDir reports whether path lies under a directory named name
// whose parent holds a Chart.yaml, up to maxChartDepth levels up.
func underChartDir(path, name string) bool {
	dir := filepath.Dir(filepath.Clean(path))
	for range maxChartDepth {
		parent := filepath.Dir(dir)
		if filepath.Base(dir) == name && isFile(filepath.Join(parent, "Chart.yaml")) {
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
