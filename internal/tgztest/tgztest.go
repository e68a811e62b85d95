// Package tgztest writes gzip-compressed tar archives for tests: packaged
// Helm charts and archives that only look like one.
package tgztest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
)

// Write writes to path a gzip-compressed tar archive of regular files,
// given as name, content pairs in order.
func Write(path string, files ...string) error {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for i := 0; i+1 < len(files); i += 2 {
		name, body := files[i], files[i+1]
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			return fmt.Errorf("tgztest: %s: %w", name, err)
		}
		if _, err := tw.Write([]byte(body)); err != nil {
			return fmt.Errorf("tgztest: %s: %w", name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("tgztest: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("tgztest: %w", err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("tgztest: %w", err)
	}
	return nil
}
