package sports

import (
	"encoding/json"
	"fmt"
	"time"
)

// schoolSeasons is when each sport's high-school season is played in most states (NFHS members'
// calendars): a game in its months belongs to that season, and a winter season spans the new year
// ("2025–26 Winter"). A game outside them is named by its own months (fall ball, summer ball).
var schoolSeasons = map[string]string{
	"baseball": "spring", "softball": "spring", "track_and_field": "spring", "lacrosse": "spring", "tennis": "spring",
	"football": "fall", "volleyball": "fall", "cross_country": "fall", "field_hockey": "fall", "soccer": "fall",
	"golf": "fall", "water_polo": "fall",
	"basketball": "winter", "wrestling": "winter", "ice_hockey": "winter", "swimming": "winter",
}

// SeasonOf names the season a game of the sport played on day belongs to, the way families say it:
// "2026 Spring", "2026 Fall", "2025–26 Winter", "2026 Summer".
func SeasonOf(sport string, day time.Time) string {
	year, m := day.Year(), day.Month()
	switch schoolSeasons[sport] {
	case "winter":
		if m >= time.November {
			return winter(year)
		}
		if m <= time.March {
			return winter(year - 1)
		}
	case "fall":
		if m >= time.August && m <= time.November {
			return fmt.Sprintf("%d Fall", year)
		}
	}
	switch {
	case m == time.January:
		return winter(year - 1)
	case m <= time.June:
		return fmt.Sprintf("%d Spring", year)
	case m <= time.August:
		return fmt.Sprintf("%d Summer", year)
	case m <= time.November:
		return fmt.Sprintf("%d Fall", year)
	}
	return winter(year)
}

func winter(startYear int) string {
	return fmt.Sprintf("%d–%02d Winter", startYear, (startYear+1)%100)
}

// LatestSeason names the sport's school season most recently under way on day: a spring season's
// export uploaded in November is that spring's ("2026 Spring"), not "2026 Fall".
func LatestSeason(sport string, day time.Time) string {
	year := day.Year()
	switch schoolSeasons[sport] {
	case "spring":
		if day.Month() < time.February {
			year--
		}
		return fmt.Sprintf("%d Spring", year)
	case "fall":
		if day.Month() < time.August {
			year--
		}
		return fmt.Sprintf("%d Fall", year)
	case "winter":
		if day.Month() < time.November {
			year--
		}
		return winter(year)
	}
	return SeasonOf(sport, day)
}

// SeasonNames are the names a family gave its seasons (athletes.season_names), keyed by sport and
// the season's own name, so that a season added up from games and one imported from a file for
// the same sport and season share the family's name.
type SeasonNames map[string]string

// ParseSeasonNames reads the stored names; a damaged value names nothing.
func ParseSeasonNames(raw []byte) SeasonNames {
	var names SeasonNames
	if json.Unmarshal(raw, &names) != nil {
		return nil
	}
	return names
}

// SeasonKey is how a renamed season is found among the names: its sport and own name.
func SeasonKey(sport, season string) string { return sport + " " + season }

// Name answers what the family calls a season: their name for it, else its own.
func (n SeasonNames) Name(sport, season string) string {
	if name, ok := n[SeasonKey(sport, season)]; ok {
		return name
	}
	return season
}

// PlayedGame is one game's counts (catalogue keys) on its day, for rolling games up into seasons.
type PlayedGame struct {
	Sport  string
	Day    time.Time
	Counts map[string]int
}

// RolledSeason is a season added up from its games: named from the games' own dates and the
// sport's school season (SeasonOf), never from the day it is added up.
type RolledSeason struct {
	Sport, Season string
	First, Last   time.Time
	Games         int
	Counts        map[string]int
}

// RollSeasons adds games up into a season per sport and season name, in the order each season's
// first game comes; a game of a sport without a catalogue is left out.
func RollSeasons(games []PlayedGame) []RolledSeason {
	var order [][2]string
	lines := map[[2]string][]map[string]int{}
	spans := map[[2]string][2]time.Time{}
	for _, g := range games {
		if Get(g.Sport) == nil {
			continue
		}
		key := [2]string{g.Sport, SeasonOf(g.Sport, g.Day)}
		span, seen := spans[key]
		if !seen {
			order = append(order, key)
			span = [2]time.Time{g.Day, g.Day}
		}
		if g.Day.Before(span[0]) {
			span[0] = g.Day
		}
		if g.Day.After(span[1]) {
			span[1] = g.Day
		}
		spans[key] = span
		lines[key] = append(lines[key], g.Counts)
	}
	out := make([]RolledSeason, len(order))
	for i, key := range order {
		out[i] = RolledSeason{Sport: key[0], Season: key[1], First: spans[key][0], Last: spans[key][1],
			Games: len(lines[key]), Counts: Get(key[0]).Roll(lines[key]...)}
	}
	return out
}
