package ai

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
)

// bankPrompt is a prompt in the offline bank. A prompt with positions is offered only to
// athletes whose position names one of them.
type bankPrompt struct {
	Prompt
	positions []string
}

// sportBank is the offline bank's prompts for one sport; an athlete's sport matches when it
// contains one of names ("Track & Field" contains "track").
type sportBank struct {
	names   []string
	prompts []bankPrompt
}

func p(title, category, prompt string, positions ...string) bankPrompt {
	return bankPrompt{Prompt: Prompt{Title: title, Prompt: prompt, Category: category}, positions: positions}
}

// generalBank suits any athlete in any sport.
var generalBank = []bankPrompt{
	p("Proudest Moment", "milestone", "What moment from the last few weeks in your sport are you proudest of? Describe what happened, what you were thinking, and why it mattered to you."),
	p("Bounce Back", "mental preparation", "Think about a recent mistake or a tough loss. How did you feel right after it, and what did you do next to bounce back?"),
	p("Pre-Game Routine", "mental preparation", "Walk through your routine before a game or meet, from the night before to the first play. Which parts settle you, and what would you change?"),
	p("Coach's Words", "training", "Write down something a coach told you recently that stuck with you. What did they say, and how are you putting it into practice?"),
	p("Teammate Shout-Out", "leadership", "Which teammate made a difference this week? Describe what they did and how you could do the same for someone else."),
	p("One Skill at a Time", "training", "Pick one skill you are working on right now. Where were you a month ago, where are you now, and what is your next step?"),
	p("Letter to Future Me", "milestone", "Write a short note to yourself a year from now. What do you hope you have achieved, and what do you want to remember about this season?"),
}

// sportBanks are the curated prompts per sport, in the order they are offered when an
// athlete plays several.
var sportBanks = []sportBank{
	{names: []string{"baseball"}, prompts: []bankPrompt{
		p("At-Bat Breakdown", "game reflection", "Pick one at-bat from your last game. What was the count, what pitch were you looking for, and what would you do the same or differently next time?"),
		p("Defensive Play", "game reflection", "Describe a play you made (or missed) in the field. Where were you positioned, what did you read off the bat, and what did you learn?"),
		p("Cage Work", "training", "What did you work on in the batting cage this week? Which adjustment to your swing is starting to feel natural?"),
		p("Dugout Energy", "leadership", "How did you keep the dugout's energy up through a long game or a slump? What do you say to a teammate who just struck out?"),
		p("Between Pitches", "mental preparation", "Baseball gives you time to think between every pitch. What do you tell yourself in the box or in the field to stay ready?"),
		p("On the Mound", "game reflection", "Walk through your best inning on the mound recently. Which pitches were working, how did you attack the hitters, and how did you keep your rhythm?", "pitcher", "rhp", "lhp"),
		p("Bullpen Session", "training", "What did you focus on in your last bullpen session? Describe your mechanics, your command, and what your coach or catcher noticed.", "pitcher", "rhp", "lhp"),
		p("Behind the Plate", "leadership", "From behind the plate you see the whole field. How did you call the game, handle your pitcher and talk to the infield in your last outing?", "catcher"),
	}},
	{names: []string{"softball"}, prompts: []bankPrompt{
		p("Big At-Bat", "game reflection", "Describe your most important at-bat of the week: the situation, the count, and what went through your mind as you stepped into the box."),
		p("Small Ball", "training", "What have you been practising in your short game (bunting, slapping or baserunning), and how did it show up in a game?"),
		p("Softball Sisterhood", "leadership", "Softball runs on dugout energy. How did you lift your team this week, and what does being a good teammate look like to you?"),
		p("Reset Routine", "mental preparation", "What do you do between pitches or after an error to reset? Describe your routine and how well it worked in your last game."),
		p("Glove Work", "training", "Which fielding skill got your attention at practice this week? Describe the drill and how it is carrying into games."),
		p("In the Circle", "game reflection", "Think about your last time in the circle. Which pitches were working, how did you handle a tough batter, and how did you reset between pitches?", "pitcher"),
		p("Pitching Lesson", "training", "Describe your last pitching workout: spins, spots and speed. What is one thing you are refining in your motion right now?", "pitcher"),
		p("Calling the Game", "leadership", "How did you work with your pitcher from behind the plate last game? Describe a moment where a pitch call or a visit to the circle made a difference.", "catcher"),
	}},
	{names: []string{"basketball"}, prompts: []bankPrompt{
		p("Shot Diary", "training", "How many shots did you get up this week, and from where? Which part of your shooting form are you working on?"),
		p("Free Throw Focus", "mental preparation", "Walk through your free-throw routine. How do you stay calm at the line when the game is close?"),
		p("Defensive Stop", "game reflection", "Describe a defensive possession you are proud of. Who were you guarding, and what did you do to get the stop?"),
		p("Bench Energy", "leadership", "How do you support your team when you are on the bench? Describe a moment when your energy or encouragement mattered."),
		p("Final Minutes", "game reflection", "Describe the last few minutes of a close game. What did you see, what did you do, and what would you do again?"),
		p("Court Vision", "game reflection", "How did you run the offense last game? Describe a possession where you read the defense and made the right call.", "point guard", "pg"),
		p("Floor General", "leadership", "How do you talk to teammates on the court, calling sets, directing the defense, speaking up in timeouts? What would you like to do better?", "point guard", "pg"),
		p("Owning the Paint", "game reflection", "Describe your work in the post last game: positioning, rebounding and finishing at the rim. Which battle did you win or lose?", "center", "forward", "post", "big"),
	}},
	{names: []string{"soccer", "futbol", "fútbol"}, prompts: []bankPrompt{
		p("Match Reflection", "game reflection", "Describe your last match in three moments: one where you were at your best, one you would like to replay, and one that surprised you."),
		p("First Touch", "training", "What have you been doing to improve your first touch and ball control? Describe a drill and how it is carrying into matches."),
		p("Ninety Minutes", "mental preparation", "How do you stay focused for a whole match? Describe how you scan the field and keep your head in the game when you are tired."),
		p("Armband or Not", "leadership", "Whether or not you wear the armband, how did you lead on the field this week, by organising, encouraging or setting the tone?"),
		p("Set Pieces", "training", "What have you been working on for corners, free kicks or throw-ins? Describe your role and how it went in your last match."),
		p("Between the Posts", "game reflection", "Walk through a save, or a goal you conceded, from your last match. How did you read the shot, and how did you organise your back line before it?", "goalkeeper", "goalie", "keeper", "gk"),
		p("Keeper Training", "training", "What did you work on in goalkeeper training this week: footwork, diving, distribution or crosses? What is improving?", "goalkeeper", "goalie", "keeper", "gk"),
		p("Finishing", "training", "What are you doing to sharpen your finishing? Describe the shots you practise and one chance from a recent match.", "forward", "striker", "winger"),
	}},
	{names: []string{"football"}, prompts: []bankPrompt{
		p("Film Study", "training", "What did you notice watching film this week, about yourself or your opponent? How are you using it at practice?"),
		p("Friday Night Reflection", "game reflection", "Describe one play from your last game that you will remember. What was your assignment, and how did you carry it out?"),
		p("Grind Week", "training", "Football is built in the weight room and at practice. What did you push through this week, and what progress can you measure?"),
		p("Position Group", "leadership", "How do you help hold your position group accountable? Describe a moment when you stepped up for a teammate."),
		p("Game-Day Mindset", "mental preparation", "How do you get your mind right before kickoff? Describe your routine and how you handle nerves."),
		p("Reading the Defense", "game reflection", "Walk through a key drive you led. What did you see from the defense before the snap, and how did your reads play out?", "quarterback", "qb"),
		p("Huddle Leader", "leadership", "How do you set the tone in the huddle? Describe how you kept your offense composed in a tough moment.", "quarterback", "qb"),
	}},
	{names: []string{"volleyball"}, prompts: []bankPrompt{
		p("Match Point", "game reflection", "Describe the most important rally of your last match. What did you see, what did you do, and how did the team respond?"),
		p("Serve Routine", "mental preparation", "What is your routine at the service line? How do you stay composed when the set is on the line?"),
		p("Court Communication", "leadership", "Volleyball is a talking game. How did you communicate on the court this week, and how did it change the way your team played?"),
		p("Practice Reps", "training", "Which skill got the most reps at practice this week: passing, serving, blocking or hitting? What improved?"),
		p("Running the Offense", "game reflection", "How did you distribute the ball last match? Describe a rotation where your choices opened up a hitter.", "setter"),
		p("Setter's Hands", "training", "What are you working on in your hands, footwork and location? Describe a drill that is helping your sets.", "setter"),
		p("Dig Deep", "game reflection", "Describe your back-row play in your last match: a dig, a serve-receive pass, or a read you are proud of.", "libero", "defensive specialist", "ds"),
		p("Attack Plan", "game reflection", "Describe how you attacked the block last match. Which shots worked, and what will you try next time?", "hitter", "middle", "opposite", "outside", "blocker"),
	}},
	{names: []string{"track", "cross country", "cross-country", "athletics"}, prompts: []bankPrompt{
		p("Race Reflection", "game reflection", "Describe your last race or event: how you warmed up, how you executed, and what the time or mark tells you."),
		p("Chasing a PR", "milestone", "What personal record are you chasing right now? Describe the training that is getting you closer."),
		p("Starting Line Nerves", "mental preparation", "What goes through your head on the starting line or before your attempt? Describe how you turn nerves into energy."),
		p("Meet Day Team", "leadership", "How do you support your teammates at a meet: warm-ups, relays, cheering at the finish? Describe a moment of team spirit."),
		p("Workout Log", "training", "Describe your hardest workout this week. What were the splits or marks, and how did you feel at the end?"),
		p("Out of the Blocks", "training", "Break down your start and acceleration. What cues do you use, and what have you changed recently?", "sprinter", "sprints", "sprint", "hurdler", "hurdles"),
		p("Race Plan", "game reflection", "Describe your race plan for your last distance event and how it played out lap by lap.", "distance", "mid distance", "miler", "cross country"),
		p("Field Event Focus", "training", "Walk through your approach or throw. What did you adjust at practice this week, and how did it feel in competition?", "jumper", "jumps", "thrower", "throws", "vault", "shot put", "discus", "javelin"),
	}},
	{names: []string{"swim"}, prompts: []bankPrompt{
		p("Race Breakdown", "game reflection", "Pick one race from your last meet. How were your start, turns and finish, and what do your splits tell you?"),
		p("Set of the Week", "training", "Describe the hardest set you swam this week. How did you push through, and what did it build?"),
		p("Stroke Technique", "training", "Which part of your stroke are you refining right now? Describe the drill or cue that is helping."),
		p("Behind the Blocks", "mental preparation", "What do you do behind the blocks before a big race? Describe how you stay focused and loose."),
		p("Lane Leader", "leadership", "How do you lead in your lane or on the pool deck: setting the pace, cheering, helping younger swimmers?"),
		p("Best Time", "milestone", "Describe a best time you swam, or the goal time you are chasing. What did it take to get there?"),
		p("Signature Event", "training", "Why is your main event your event? Describe what you love about it and what you are working on to drop time.", "freestyle", "free", "backstroke", "back", "breaststroke", "breast", "butterfly", "fly", "im", "individual medley", "distance", "sprint", "sprinter"),
	}},
}

// Prompts picks r.Count prompts from the bank, tailored to the athlete's sports and position.
// The choice is deterministic for the same request and changes as new entries are written:
// candidates are ordered by a hash seeded with the recent titles, and a prompt whose title
// matches a recent entry's title is skipped. Position prompts come first (about a third),
// then the sport's own, then a general one or two for variety. It always answers at least
// three, falling back to BuiltinPrompts.
func (Offline) Prompts(ctx context.Context, r PromptRequest) ([]Prompt, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("writing prompts: %w", err)
	}
	count := clampCount(r.Count)

	recent := map[string]bool{}
	for _, t := range r.RecentTitles {
		recent[normalizeTitle(t)] = true
	}
	position := stemmedWords(r.Position)

	var byPosition, bySport, general []Prompt
	seen := map[string]bool{}
	add := func(list *[]Prompt, bp bankPrompt) {
		key := normalizeTitle(bp.Title)
		if recent[key] || seen[key] {
			return
		}
		seen[key] = true
		*list = append(*list, bp.Prompt)
	}
	for _, bank := range matchingBanks(r.Sports) {
		for _, bp := range bank.prompts {
			switch {
			case len(bp.positions) == 0:
				add(&bySport, bp)
			case playsPosition(position, bp.positions):
				add(&byPosition, bp)
			}
		}
	}
	for _, bp := range generalBank {
		add(&general, bp)
	}

	seed := promptSeed(r)
	for _, list := range [][]Prompt{byPosition, bySport, general} {
		shuffle(list, seed)
	}

	generalShare := 0
	if len(bySport) > 0 {
		generalShare = count / 4 // 0 for three prompts, 1 for four to seven, 2 from eight
	}
	picks := make([]Prompt, 0, count)
	take := func(from *[]Prompt, upTo int) {
		for len(*from) > 0 && len(picks) < upTo {
			picks = append(picks, (*from)[0])
			*from = (*from)[1:]
		}
	}
	take(&byPosition, max(1, count/3))
	take(&bySport, count-generalShare)
	take(&byPosition, count-generalShare)
	take(&general, count)
	take(&bySport, count)
	take(&byPosition, count)

	for _, b := range BuiltinPrompts() {
		if len(picks) >= minPrompts {
			break
		}
		if !slices.ContainsFunc(picks, func(p Prompt) bool { return normalizeTitle(p.Title) == normalizeTitle(b.Title) }) {
			picks = append(picks, b)
		}
	}
	return picks, nil
}

// matchingBanks answers the banks for the athlete's comma-separated sports, each once.
func matchingBanks(sports string) []sportBank {
	var out []sportBank
	used := make([]bool, len(sportBanks))
	for _, sport := range strings.Split(strings.ToLower(sports), ",") {
		sport = strings.TrimSpace(sport)
		if sport == "" {
			continue
		}
		for i, bank := range sportBanks {
			if !used[i] && slices.ContainsFunc(bank.names, func(n string) bool { return strings.Contains(sport, n) }) {
				used[i] = true
				out = append(out, bank)
			}
		}
	}
	return out
}

// playsPosition reports whether the athlete's position (as stemmed words) names one of
// positions as a whole word or phrase: "Pitcher / 1B" plays "pitcher", "Center Back" does
// not play "back" unless the prompt lists it.
func playsPosition(position []string, positions []string) bool {
	for _, name := range positions {
		if countPhrase(position, stemmedWords(name)) > 0 {
			return true
		}
	}
	return false
}

func stemmedWords(s string) []string {
	ws := words(s)
	for i, w := range ws {
		ws[i] = stem(w)
	}
	return ws
}

// promptSeed hashes what the prompts are tailored to, so equal requests get equal prompts
// and a new entry title reshuffles them.
func promptSeed(r PromptRequest) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s", strings.ToLower(r.Sports), strings.ToLower(r.Position))
	for _, t := range r.RecentTitles {
		fmt.Fprintf(h, "\x00%s", normalizeTitle(t))
	}
	return h.Sum64()
}

// shuffle orders prompts by a hash of seed and title: stable across runs and Go versions,
// unlike a seeded math/rand shuffle.
func shuffle(list []Prompt, seed uint64) {
	key := func(p Prompt) uint64 {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%s", seed, p.Title)
		return h.Sum64()
	}
	slices.SortStableFunc(list, func(a, b Prompt) int {
		ka, kb := key(a), key(b)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
}
