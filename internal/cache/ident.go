package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"time"
)

// FileID is the SHA-256 of a file's content (an executable: faultline's
// own build identity, or the chart renderer's), remembered in the store
// under the file's path and stat identity so that it is read once per
// build. A file changed within the last seconds is hashed again each time.
func (s *Store) FileID(path string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("identity of %s: %w", path, err)
	}
	id := statID(info)
	limit := time.Now().Add(-racyWindow).UnixNano()
	trusted := id != (StatID{}) && id.MTime < limit && id.CTime < limit
	key := KeyOf([]byte("file-id"), []byte(path), fmt.Appendf(nil, "%d %d %d %d %d %v", info.Size(), id.MTime, id.CTime, id.Ino, id.Dev, info.Mode()))
	if trusted {
		if sum, ok := s.Get(key); ok && len(sum) == 2*sha256.Size {
			return string(sum), nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("identity of %s: %w", path, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("identity of %s: %w", path, err)
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if trusted {
		_ = s.Put(key, []byte(sum))
	}
	return sum, nil
}
