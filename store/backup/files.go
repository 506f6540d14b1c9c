package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"legacylocker/media"
)

// copyFiles puts into m.Files every file the snapshot's rows name. Keys never change once written,
// so a key the target already holds is not copied again: its checksum comes from the previous
// manifest (or, for a file an interrupted backup copied, from reading it back).
func (b *Backup) copyFiles(ctx context.Context, target Target, m *Manifest, keys []storedKey, prev Manifest, inTarget map[string]int64) error {
	known := describedFiles(prev)
	var todo []storedKey
	for _, k := range keys {
		size, held := inTarget[fileName(k.Key)]
		if !held {
			todo = append(todo, k)
			continue
		}
		if f, ok := known[k.Key]; ok && f.Size == size && f.SHA256 != "" {
			m.Files = append(m.Files, f)
			continue
		}
		f, err := readBack(ctx, target, k.Key)
		if err != nil {
			return err
		}
		m.Files = append(m.Files, f)
	}

	var mu sync.Mutex
	err := parallel(ctx, todo, func(ctx context.Context, k storedKey) error {
		f, err := copyFile(ctx, b.Storage, target, k.Key)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case errors.Is(err, media.ErrNotFound) && k.Working:
			m.Pending = append(m.Pending, k.Key)
		case errors.Is(err, media.ErrNotFound):
			m.Missing = append(m.Missing, k.Key)
			b.Logger.WarnContext(ctx, "a file the database names is missing from storage", "key", k.Key)
		case err != nil:
			return err
		default:
			m.Files = append(m.Files, f)
			m.CopiedFiles++
			m.CopiedBytes += f.Size
		}
		return nil
	})
	if err != nil {
		return err
	}
	slices.SortFunc(m.Files, func(a, b File) int { return strings.Compare(a.Key, b.Key) })
	slices.Sort(m.Pending)
	slices.Sort(m.Missing)
	return nil
}

// describedFiles are the files a manifest knows the checksums of, by key.
func describedFiles(m Manifest) map[string]File {
	out := make(map[string]File, len(m.Files)+len(m.Deleted))
	for _, f := range m.Files {
		out[f.Key] = f
	}
	for _, d := range m.Deleted {
		out[d.Key] = d.File
	}
	return out
}

// copyFile streams one stored file into the target, hashing it on the way.
func copyFile(ctx context.Context, storage media.Storage, target Target, key string) (File, error) {
	src, err := storage.Open(ctx, key)
	if err != nil {
		return File{}, err
	}
	defer src.Close()
	s := newSum()
	if err := target.Put(ctx, fileName(key), io.TeeReader(src, s), src.Size()); err != nil {
		return File{}, fmt.Errorf("copying %s: %w", key, err)
	}
	if s.n != src.Size() {
		return File{}, fmt.Errorf("copying %s: read %d bytes of %d", key, s.n, src.Size())
	}
	return File{Key: key, Size: s.n, SHA256: s.hex()}, nil
}

// readBack hashes a file the target holds.
func readBack(ctx context.Context, target Target, key string) (File, error) {
	r, err := target.Open(ctx, fileName(key))
	if err != nil {
		return File{}, err
	}
	defer r.Close()
	s := newSum()
	if _, err := io.CopyBuffer(s, ctxReader{ctx, r}, make([]byte, copyBuffer)); err != nil {
		return File{}, fmt.Errorf("reading back %s: %w", key, err)
	}
	return File{Key: key, Size: s.n, SHA256: s.hex()}, nil
}

// retire records the target's files that the app no longer names in m.Deleted (since when: the
// previous manifest's date, or now for a newly deleted one), purges those deleted for longer than
// KeepDeleted that no kept backup names, and answers the backups beyond Keep, which go once this
// one's manifest is written.
func (b *Backup) retire(ctx context.Context, target Target, m *Manifest, keys []storedKey, prev Manifest, inTarget map[string]int64) ([]string, error) {
	named := make(map[string]bool, len(keys))
	for _, k := range keys {
		named[k.Key] = true
	}
	known := describedFiles(prev)
	since := map[string]DeletedFile{}
	for _, d := range prev.Deleted {
		since[d.Key] = d
	}
	now := b.now().UTC()
	for name, size := range inTarget {
		key := strings.TrimPrefix(name, "files/")
		if named[key] {
			continue
		}
		d, ok := since[key]
		if !ok {
			d = DeletedFile{File: File{Key: key, Size: size}, Since: now}
			if f, ok := known[key]; ok {
				d.File = f
			}
		}
		m.Deleted = append(m.Deleted, d)
	}

	ids, err := List(ctx, target)
	if err != nil {
		return nil, err
	}
	// This backup is the newest kept one; its manifest is not written yet.
	keep, drop := ids, []string(nil)
	if len(ids) > b.Config.Keep-1 {
		keep, drop = ids[:b.Config.Keep-1], ids[b.Config.Keep-1:]
	}
	keptNames := map[string]bool{}
	for _, id := range keep {
		old, err := LoadManifest(ctx, target, id)
		if err != nil {
			return nil, err
		}
		for _, f := range old.Files {
			keptNames[f.Key] = true
		}
	}
	kept := m.Deleted[:0]
	for _, d := range m.Deleted {
		if now.Sub(d.Since) < b.Config.KeepDeleted || keptNames[d.Key] {
			kept = append(kept, d)
			continue
		}
		if err := target.Delete(ctx, fileName(d.Key)); err != nil {
			return nil, err
		}
		m.PurgedFiles++
	}
	m.Deleted = kept
	slices.SortFunc(m.Deleted, func(a, b DeletedFile) int { return strings.Compare(a.Key, b.Key) })

	return drop, nil
}

// prune removes backups, each manifest before its dump, so a half-removed backup is never listed.
func prune(ctx context.Context, target Target, ids []string) error {
	for _, id := range ids {
		if err := target.Delete(ctx, manifestName(id)); err != nil {
			return err
		}
		if err := target.Delete(ctx, dumpName(id)); err != nil {
			return err
		}
	}
	return nil
}

// parallel runs each on every item, copyWorkers at a time, and answers the first error (the
// others are cancelled).
func parallel[T any](ctx context.Context, items []T, each func(context.Context, T) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	work := make(chan T)
	var wg sync.WaitGroup
	for range min(copyWorkers, len(items)) {
		wg.Go(func() {
			for item := range work {
				if err := each(ctx, item); err != nil {
					cancel(err)
				}
			}
		})
	}
feed:
	for _, item := range items {
		select {
		case work <- item:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return nil
}
