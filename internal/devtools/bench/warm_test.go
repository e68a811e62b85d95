//go:build unix

package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWarmMeasureChangesOneFileEachRun checks what the one-file figure
// is made of: per measure one warm run, then -changes runs, each seeing
// the victim with one more newline than the run before, then the file
// put back and the cache filled again; every run's sample is kept.
func TestWarmMeasureChangesOneFileEachRun(t *testing.T) {
	dir := t.TempDir()
	victimPath := filepath.Join(dir, "main.tf")
	if err := os.WriteFile(victimPath, []byte("locals {}"), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "runs.log")
	bin := filepath.Join(t.TempDir(), "faultline")
	// A stand-in faultline: it logs the victim's size and reports nothing.
	script := "#!/bin/sh\nwc -c < main.tf | tr -d ' ' >> " + log + "\necho '{\"summary\":{}}'\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := newWarmRuns(bin, dir, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	for range 2 {
		if err := w.measure(); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	// The fill, then per measure: warm (9 bytes), three changes (10, 11,
	// 12), the fill after the file is put back (9).
	want := "9 9 10 11 12 9 9 10 11 12 9"
	if got := strings.Join(strings.Fields(string(data)), " "); got != want {
		t.Errorf("the victim's size run by run: %s, want %s", got, want)
	}
	if len(w.warm) != 2 || len(w.changed) != 6 {
		t.Errorf("%d warm and %d changed samples, want 2 and 6", len(w.warm), len(w.changed))
	}
	if got, _ := os.ReadFile(victimPath); string(got) != "locals {}" {
		t.Errorf("the victim was not put back: %q", got)
	}
}
