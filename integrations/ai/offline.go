package ai

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// Offline is the enhancer and prompt bank used when no AI service is configured. It is pure
// Go, deterministic and needs no network. It tidies the athlete's text but never rewrites
// it, and it reports itself as "basic" so nobody mistakes it for a model.
type Offline struct{}

var _ Service = Offline{}

// Provider answers "basic": results come from the offline enhancer.
func (Offline) Provider() string { return providerBasic }

// Enhance tidies the entry's text, picks its two most representative sentences as the
// summary of a longer entry and suggests the categories the entry names. When the text needs no
// tidying it says so (Unchanged), so nobody is shown a "cleaned up" copy identical to their own.
func (Offline) Enhance(ctx context.Context, e Entry) (Enhancement, error) {
	if err := ctx.Err(); err != nil {
		return Enhancement{}, fmt.Errorf("enhancing entry: %w", err)
	}
	polished := polish(e.Content)
	if polished == "" {
		return Enhancement{}, fmt.Errorf("%w: the entry has no text to enhance", ErrPermanent)
	}
	// Two sentences picked from an entry of two sentences would be the entry itself again, and from
	// a short one most of it (issue 33): a summary is kept only when it is at most half the entry.
	summary := ""
	if len(sentences(polished)) > 2 {
		summary = summarize(polished)
		if 2*len(summary) > len(polished) {
			summary = ""
		}
	}
	return Enhancement{
		Polished:  polished,
		Unchanged: polished == normalizeLineEnds(strings.TrimSpace(e.Content)),
		Summary:   summary,
		Tags:      suggestTags(e.Title + "\n" + polished),
		Provider:  providerBasic,
	}, nil
}

// summarize answers the text's two most representative sentences, in their original order,
// or the whole text when it has no more than two. A sentence scores mostly by how much its
// words recur in the rest of the text (what the entry keeps coming back to), plus smaller
// credits for sports keywords, for substance, and for opening or closing the entry, where
// journal writers tend to say what the day was about.
func summarize(text string) string {
	ss := sentences(text)
	if len(ss) <= 2 {
		return strings.Join(ss, " ")
	}

	freq := map[string]int{}
	words := make([][]string, len(ss))
	for i, s := range ss {
		words[i] = contentWords(s)
		for _, w := range words[i] {
			freq[w]++
		}
	}
	raw := make([]float64, len(ss))
	best := 0.0
	for i, ws := range words {
		distinct := map[string]bool{}
		for _, w := range ws {
			distinct[w] = true
		}
		for w := range distinct {
			raw[i] += float64(freq[w] - 1) // a word only this sentence uses says nothing of the rest
		}
		if len(distinct) > 0 {
			raw[i] /= math.Sqrt(float64(len(distinct)))
		}
		if len(distinct) < 3 {
			raw[i] /= 2 // "We won." is rarely the best summary of a whole entry
		}
		best = max(best, raw[i])
	}

	type scored struct {
		index int
		score float64
	}
	ranked := make([]scored, len(ss))
	for i := range ss {
		score := 0.0
		if best > 0 {
			score = raw[i] / best
		}
		// Sports keywords ("signed", "struck out", "captain") mark the sentences that say
		// what happened, and a little credit for substance breaks ties when nothing recurs.
		keywords := 0
		for _, c := range categoryScores(stemmedWords(ss[i])) {
			keywords += c
		}
		score += 0.15*float64(min(keywords, 4))/4 + 0.1*float64(min(len(words[i]), 8))/8
		// Position only helps a sentence with something in it: "Big day!" opens many
		// entries and summarises none.
		if len(words[i]) >= 3 {
			switch i {
			case 0:
				score += 0.35
			case len(ss) - 1:
				score += 0.15
			}
		}
		ranked[i] = scored{i, score}
	}
	sort.SliceStable(ranked, func(a, b int) bool { return ranked[a].score > ranked[b].score })
	pick := []int{ranked[0].index, ranked[1].index}
	slices.Sort(pick)
	return ss[pick[0]] + " " + ss[pick[1]]
}

// stopWords carry no topic; they are left out of the summary's word counts.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about after again all also am an and any are as at be
		because been before being but by can could did do does doing don down during each few for
		from get got had has have having he her here him his how i if in into is it its just like
		me more most my myself no nor not now of off on once only or other our out over own really
		same she should so some still such than that the their them then there these they this
		those through to too today under until up very was we were what when where which while who
		why will with would you your yesterday`) {
		m[w] = true
	}
	return m
}()

func contentWords(s string) []string {
	var out []string
	for _, w := range words(s) {
		if !stopWords[w] && len(w) > 1 {
			out = append(out, stem(w))
		}
	}
	return out
}

// words splits text into lowercase words of letters and digits. Apostrophes inside a word
// are dropped ("didn't" is "didnt") and any other character separates words, so "at-bat"
// is "at", "bat".
func words(s string) []string {
	s = strings.NewReplacer("'", "", "’", "").Replace(strings.ToLower(s))
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// stem strips the commonest English endings so "drills", "drilled" and "drilling" all match
// "drill". It is deliberately crude: keyword and text go through the same function, so it
// only has to be consistent, not linguistically right.
func stem(w string) string {
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	switch {
	case strings.HasSuffix(w, "ing") && len(w) > 5:
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) > 4:
		w = undouble(w[:len(w)-2])
	}
	if strings.HasSuffix(w, "e") && len(w) > 3 {
		w = w[:len(w)-1]
	}
	return w
}

// undouble turns "hitt" (from "hitting") into "hit"; l, s and z stay doubled ("drill",
// "pass") and so does anything that would shrink below three letters ("inn" from "inning").
func undouble(w string) string {
	n := len(w)
	if n >= 4 && w[n-1] == w[n-2] && !strings.ContainsRune("aeioulsz", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

// keyword is a word or phrase that points to a category. Strong keywords are specific to
// it; weak ones ("team", "first", "goal") appear in all kinds of entries and count half.
type keyword struct {
	stems  []string
	weight int
}

// categoryKeywords lists, per category in Categories order, the words that suggest it.
var categoryKeywords = buildKeywords(map[string][2]string{
	"game reflection": {
		`game, inning, pitched, pitching, score, scored, won, lost, win, loss, opponent, tournament,
		match, at-bat, home run, strikeout, struck out, playoff, championship, final score, overtime,
		halftime, touchdown, interception, rebound, three-pointer, free throw, layup, dunk,
		penalty kick, corner kick, shutout, no-hitter, walk-off, rbi, doubleheader, comeback,
		swim meet, track meet, race, relay, podium, scoreboard, batter`,
		`hit, goal, play, played, quarter, set, serve, save, tackle, assist, finish, tie, double,
		triple, rally, lap, defense, offense, heat, beat`,
	},
	"training": {
		`practice, drill, workout, conditioning, lifting, reps, bullpen, batting cage, coach said,
		technique, weight room, sprints, footwork, mechanics, film, film study, off-season,
		offseason, stretching, mobility, agility, cardio, training, trained, fundamentals,
		repetition, squat, deadlift, bench press, tee work, ground balls, long toss, skills camp,
		clinic, private lesson, extra work, shooting drill`,
		`lift, form, swing, session, coach, camp, lesson, improve, improving, work on, worked on`,
	},
	"leadership": {
		`captain, teammates, encouraged, led, mentor, younger players, leader, leadership,
		motivated, huddle, pep talk, accountable, accountability, role model, communicate,
		communication, vocal, underclassmen, freshmen, rookies, team meeting, set an example,
		lead by example, picked up, cheered, stepped up`,
		`team, example, support, supported, helped, help, lead`,
	},
	"mental preparation": {
		`nervous, confidence, confident, focus, mindset, visualize, visualization, pressure, calm,
		breathe, breathing, anxious, anxiety, nerves, mental, mentally, self-talk, meditation,
		composure, composed, relax, overthinking, in my head, locked in, stay present, doubt,
		believe in myself, pre-game routine, routine`,
		`believe, prepared, prepare, preparation, positive, stress, zone, ready`,
	},
	"milestone": {
		`milestone, personal best, personal record, award, signed, committed, commit, varsity,
		mvp, scholarship, all-state, all-conference, all-district, all-american, school record,
		debut, made the team, made varsity, first ever, letter of intent, career high, 100th,
		1000th, hall of fame, championship ring, pr, nli`,
		`first, record, career, named, honor, honored, title, offer, selected, anniversary`,
	},
})

// buildKeywords stems each list's phrases. Forms that stem alike ("pitched", "pitching")
// become one keyword, so listing both for readability does not count a word twice.
func buildKeywords(lists map[string][2]string) [][]keyword {
	out := make([][]keyword, len(Categories))
	for i, c := range Categories {
		seen := map[string]bool{}
		// Strong first, so a phrase listed as both keeps the strong weight.
		for _, list := range []struct {
			phrases string
			weight  int
		}{{lists[c][0], 2}, {lists[c][1], 1}} {
			for _, phrase := range strings.Split(list.phrases, ",") {
				var stems []string
				for _, w := range words(phrase) {
					stems = append(stems, stem(w))
				}
				key := strings.Join(stems, " ")
				if key == "" || seen[key] {
					continue
				}
				seen[key] = true
				out[i] = append(out[i], keyword{stems: stems, weight: list.weight})
			}
		}
	}
	return out
}

// suggestTags answers the categories whose own words the text uses ("game" or "reflect…" for
// game reflection, "train…" for training, "leader…", "mental" or "prepar…", "milestone…"), in
// Categories order. A family reads a suggested tag as "your entry is about this"; a keyword
// guess ("practice" means training, "first" means milestone) tagged a team dinner as a game
// reflection, a training and a milestone, so only the category's own words count. When more
// than three qualify, the three with the most keyword evidence win.
func suggestTags(text string) []string {
	ws := words(text)
	var named []int
	for i := range Categories {
		if namesCategory(ws, categoryRoots[i]) {
			named = append(named, i)
		}
	}
	if len(named) > 3 {
		scores := categoryScores(stemmedWords(text))
		sort.SliceStable(named, func(a, b int) bool { return scores[named[a]] > scores[named[b]] })
		named = named[:3]
		slices.Sort(named)
	}
	tags := []string{}
	for _, i := range named {
		tags = append(tags, Categories[i])
	}
	return tags
}

// categoryRoots are, per category in Categories order, the beginnings of the category's own
// words: a word of the entry that starts with one names the category.
var categoryRoots = [][]string{
	{"game", "reflect"},
	{"train"},
	{"leader"},
	{"mental", "prepar"},
	{"milestone"},
}

func namesCategory(ws, roots []string) bool {
	for _, w := range ws {
		for _, r := range roots {
			if strings.HasPrefix(w, r) {
				return true
			}
		}
	}
	return false
}

// categoryScores answers, per category, the weighted count of its keywords in stems.
func categoryScores(stems []string) []int {
	scores := make([]int, len(Categories))
	for i, kws := range categoryKeywords {
		for _, kw := range kws {
			scores[i] += kw.weight * countPhrase(stems, kw.stems)
		}
	}
	return scores
}

func countPhrase(text, phrase []string) int {
	n := 0
	for i := 0; i+len(phrase) <= len(text); i++ {
		if slices.Equal(text[i:i+len(phrase)], phrase) {
			n++
		}
	}
	return n
}
