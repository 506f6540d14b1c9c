package media

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// cutPlan is how a clip will be cut: which frames are encoded again and which copied.
type cutPlan struct {
	mode TrimMode
	// first is the time of the clip's first frame, keyframe that of the first copied one.
	first, keyframe float64
	// headFrames are encoded from first, copyFrames copied from keyframe (in decoding order),
	// tailFrames encoded from tailFrom.
	headFrames, copyFrames, tailFrames int
	tailFrom                           float64
	// headDelay and tailDelay (in the stream's time base) are how far the copied packets'
	// decoding times run behind their presentation times at each join.
	headDelay, tailDelay int64
	frame                float64
	avcC                 avcConfig
	// reordered is true when frames are stored out of presentation order (B-frames).
	reordered bool
	// fallback says why the plan is a re-encode.
	fallback string
	// headSeek and tailSeek are where decoding starts for the head and the tail: an IDR
	// picture at or before each, when keyframeStarts told which are (else -1: the keyframe
	// ffmpeg's seek lands on).
	headSeek, tailSeek float64
}

// joined reports whether the plan makes the clip from parts (smartCut): a smart cut, or a
// copy of B-frame video.
func (p cutPlan) joined() bool {
	return p.mode == TrimSmartCut || (p.mode == TrimCopy && p.reordered)
}

// frames answers how many video frames the clip will have.
func (p cutPlan) frames() int { return p.headFrames + p.copyFrames + p.tailFrames }

// maxHeadShare is the most of a clip's frames a smart cut re-encodes when it passes over
// keyframes a copy cannot start from: beyond it the cut would cost about what a re-encode does.
const maxHeadShare = 0.75

// keyframeStarts says, for keyframes by presentation time (in the stream's time base), which
// are clean starts (see firstSampleStartsClean); keyframeStartsArgs lists them.
type keyframeStarts map[int64]bool

// before answers the time of the latest clean start at or before pts, or -1.
func (k keyframeStarts) before(idx cutIndex, pts int64) float64 {
	best, found := int64(math.MinInt64), false
	for at, clean := range k {
		if clean && at <= pts && at > best {
			best, found = at, true
		}
	}
	if !found {
		return -1
	}
	return idx.seconds(best)
}

// planCut decides how to cut [start, end) from what the index says. starts, when not nil,
// says which keyframes are clean starts: only those are copied from, and the re-encoded parts
// are decoded from one (otherwise a keyframe is taken for one, and smartCut checks the
// keyframe it copies from).
func planCut(idx cutIndex, p ProbeResult, start, end float64, starts keyframeStarts) (cutPlan, error) {
	// Until the frames are known, a re-encode starts where it was asked.
	plan := cutPlan{mode: TrimReencode, first: start, frame: defaultFrameDuration, headSeek: -1, tailSeek: -1}
	for _, pk := range idx.packets {
		if pk.pts == math.MinInt64 {
			plan.fallback = "a video packet without timestamps near the cut"
			return plan, nil
		}
	}
	latest := int64(math.MinInt64)
	for _, pk := range idx.packets {
		plan.reordered = plan.reordered || pk.pts < latest
		latest = max(latest, pk.pts)
	}
	// Frames in presentation order, and keyframes.
	order := make([]int, len(idx.packets)) // packet indexes by presentation time
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmpInt64(idx.packets[a].pts, idx.packets[b].pts)
	})
	times := make([]float64, len(order))
	for i, pi := range order {
		times[i] = idx.seconds(idx.packets[pi].pts)
	}
	if n := len(times); n > 1 {
		plan.frame = (times[n-1] - times[0]) / float64(n-1)
	}
	// The first frame: at or after start, or a keyframe within half a frame of it (which
	// a copy can start from: the clip then starts at most half a frame early or late).
	firstAt := slices.IndexFunc(times, func(t float64) bool { return t >= start-1e-6 })
	for i, pi := range order {
		if idx.packets[pi].key && math.Abs(times[i]-start) <= plan.frame/2+1e-6 {
			firstAt = i
			break
		}
	}
	last := slices.IndexFunc(times, func(t float64) bool { return t >= end-1e-6 }) // first frame not in the clip
	if last < 0 {
		last = len(times)
	}
	if firstAt < 0 || firstAt >= last {
		return plan, corrupt(fmt.Sprintf("no video frames from %.3f s to %.3f s", start, end))
	}
	plan.first = times[firstAt]
	if start > 0 && times[0] > start+plan.frame/2 {
		// The listing began after start: ffprobe's seek did not land before it.
		plan.fallback = "the keyframe index does not reach back to the start"
		return plan, nil
	}
	if why := smartCutUnsupported(p, idx.stream); why != "" {
		plan.fallback = why
		return plan, nil
	}
	// K: the first keyframe at or after the first frame whose GOP is closed (no frame stored
	// on one side of it is shown on the other) and, when starts says, a clean start. Open-GOP
	// and non-IDR keyframes are passed over for a later one, as long as re-encoding up to it
	// still saves most of a re-encode.
	keyAt, skipped := -1, ""
	for i := firstAt; i < last && keyAt < 0; i++ {
		kDecode := order[i]
		k := idx.packets[kDecode]
		if !k.key {
			continue
		}
		open := false
		for j, pk := range idx.packets {
			if (j < kDecode && pk.pts >= k.pts) || (j > kDecode && pk.pts < k.pts) {
				open = true
				break
			}
		}
		clean, known := starts[k.pts]
		switch {
		case open && skipped == "":
			skipped = fmt.Sprintf("open GOP at the keyframe at %.3f s (frames stored on one side of it are shown on the other)", times[i])
		case starts != nil && !(known && clean) && skipped == "":
			skipped = fmt.Sprintf("the keyframe at %.3f s is not an IDR picture", times[i])
		case !open && (starts == nil || clean):
			keyAt = i
		}
	}
	if keyAt < 0 {
		plan.fallback = skipped
		if skipped == "" {
			plan.fallback = "no keyframe between start and end"
		}
		return plan, nil
	}
	plan.keyframe = times[keyAt]
	plan.headFrames = keyAt - firstAt
	if skipped != "" && float64(plan.headFrames) > maxHeadShare*float64(last-firstAt) {
		plan.fallback = fmt.Sprintf("%s, and re-encoding up to the next clean one, at %.3f s, is most of the clip", skipped, plan.keyframe)
		return plan, nil
	}
	if starts != nil {
		// Decode the head from an IDR picture, not from whatever keyframe ffmpeg's seek finds
		// before the start: one that is not an IDR (a recovery point) need not give whole
		// pictures for a while after it.
		if plan.headSeek = starts.before(idx, idx.packets[order[firstAt]].pts); plan.headSeek < 0 {
			plan.fallback = "no IDR picture before the start to decode from"
			return plan, nil
		}
	}
	want := last - keyAt // frames from K to end
	kDecode := order[keyAt]
	k := idx.packets[kDecode]
	plan.headDelay = k.pts - k.dts
	if plan.headDelay < 0 {
		plan.fallback = "the keyframe is decoded after it is shown"
		return plan, nil
	}
	// The longest prefix of the packets from K, in decoding order, that holds exactly the
	// first frames from K in presentation order: copying it needs nothing that is not copied.
	maxPts := int64(math.MinInt64)
	for c := 1; c <= want && kDecode+c-1 < len(idx.packets); c++ {
		maxPts = max(maxPts, idx.packets[kDecode+c-1].pts)
		if maxPts == idx.packets[order[keyAt+c-1]].pts {
			plan.copyFrames = c
		}
	}
	plan.tailFrames = want - plan.copyFrames
	if plan.tailFrames > 0 {
		next := kDecode + plan.copyFrames // the first packet not copied
		c := idx.packets[order[keyAt+plan.copyFrames]]
		plan.tailFrom = times[keyAt+plan.copyFrames]
		plan.tailDelay = c.pts - idx.packets[next].dts
		if plan.tailDelay < 0 {
			plan.fallback = "decoding times run ahead of presentation times before the end"
			return plan, nil
		}
		if starts != nil {
			plan.tailSeek = starts.before(idx, c.pts) // K at the latest
		}
	}
	if plan.headFrames == 0 && plan.tailFrames == 0 {
		plan.mode = TrimCopy
	} else {
		plan.mode = TrimSmartCut
	}
	return plan, nil
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func orNone(s string) string {
	if s == "" {
		return "no audio"
	}
	return s
}

// floorMicro rounds a time down to ffmpeg's microseconds: an input -ss of a keyframe's time
// must not land after the keyframe, or a stream copy drops it as "before the start".
func floorMicro(s float64) string {
	return strconv.FormatFloat(math.Floor(s*1e6+1e-3)/1e6, 'f', 6, 64)
}
