package chartrender

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"helm.sh/helm/v3/pkg/chart/loader"
)

// dropDuplicateArchives leaves out of files each archive in charts/ that
// holds the same subchart (name and version) as a directory beside it
// (charts/sub/ and charts/sub-0.1.0.tgz): Helm's loader keeps both, in a
// map, and uses whichever its iteration meets first, so an install takes
// one of them at random. faultline reads the directory, every time, and
// says so in the notes returned.
func dropDuplicateArchives(files []*loader.BufferedFile) ([]*loader.BufferedFile, []string) {
	dirs := map[string]*loader.BufferedFile{} // subchart directory name → its Chart.yaml
	for _, f := range files {
		if rest, ok := strings.CutPrefix(f.Name, "charts/"); ok {
			if dir, file, ok := strings.Cut(rest, "/"); ok && file == "Chart.yaml" {
				dirs[dir] = f
			}
		}
	}
	if len(dirs) == 0 {
		return files, nil
	}
	var notes []string
	out := files[:0:0]
	for _, f := range files {
		if dir, ok := duplicateOf(f, dirs); ok {
			notes = append(notes, fmt.Sprintf("%s and charts/%s/ are both subchart %s: Helm loads one of them at random; the directory is rendered", f.Name, dir, dir))
			continue
		}
		out = append(out, f)
	}
	sort.Strings(notes)
	return out, notes
}

// duplicateOf reports whether f is an archive in charts/ of the same
// chart, at the same version, as one of the subchart directories.
func duplicateOf(f *loader.BufferedFile, dirs map[string]*loader.BufferedFile) (string, bool) {
	rest, ok := strings.CutPrefix(f.Name, "charts/")
	if !ok || strings.Contains(rest, "/") || path.Ext(rest) != ".tgz" {
		return "", false
	}
	var cand []string
	for dir := range dirs {
		if strings.HasPrefix(rest, dir+"-") || rest == dir+".tgz" {
			cand = append(cand, dir)
		}
	}
	if len(cand) == 0 {
		return "", false
	}
	arch, err := loader.LoadArchive(bytes.NewReader(f.Data))
	if err != nil || arch.Metadata == nil {
		return "", false
	}
	sort.Strings(cand)
	for _, dir := range cand {
		own, err := loader.LoadFiles([]*loader.BufferedFile{{Name: "Chart.yaml", Data: dirs[dir].Data}})
		if err != nil || own.Metadata == nil {
			continue
		}
		if own.Metadata.Name == arch.Metadata.Name && own.Metadata.Version == arch.Metadata.Version {
			return dir, true
		}
	}
	return "", false
}
