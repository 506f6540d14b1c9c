package statsproviders

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/sports"
)

// Every MaxPreps field lands on a key the sport's catalogue keeps (and never on a rate), so an
// imported line passes the stats API's key check and its rates compute.
func TestMaxPrepsFieldsAreCatalogueKeys(t *testing.T) {
	t.Parallel()
	for _, s := range mpSports {
		c := sports.Get(s.sport)
		require.NotNil(t, c, "%s has no catalogue", s.sport)
		for field, key := range s.fields {
			assert.Equal(t, strings.ToLower(field), field, "%s: fields are matched lower-cased", s.sport)
			stat, ok := c.Stat(catalogueKey(key))
			if assert.True(t, ok, "%s: %s maps to %q, which the catalogue does not keep", s.sport, field, key) {
				assert.NotEqual(t, sports.Rate, stat.Kind, "%s: %s maps to a rate", s.sport, field)
			}
		}
		for field := range s.derived {
			assert.Empty(t, s.fields[field], "%s: %s is both read and derived", s.sport, field)
		}
	}
}

// catalogueKey is the catalogue's name for a statsproviders key: innings are stored as outs under
// outsPitched here and named inningsPitched (Kind Innings, still outs) in the catalogue.
func catalogueKey(k string) string {
	if k == OutsPitched {
		return InningsPitched
	}
	return k
}

// The baseball and softball catalogues keep exactly the keys this package stores and computes.
func TestDiamondCataloguesMatchTheStoredKeys(t *testing.T) {
	t.Parallel()
	for _, sport := range []string{"baseball", "softball"} {
		c := sports.Get(sport)
		require.NotNil(t, c)
		var want []string
		for _, k := range CountKeys {
			want = append(want, catalogueKey(k))
		}
		assert.ElementsMatch(t, want, c.Keys(), sport)
		for _, k := range []string{BattingAvg, OnBasePct, SluggingPct, OPS, ERA, WHIP} {
			s, ok := c.Stat(k)
			assert.True(t, ok && s.Kind == sports.Rate, "%s: %s is a rate", sport, k)
		}
		ip, _ := c.Stat(InningsPitched)
		assert.Equal(t, sports.Innings, ip.Kind)
	}
}

// mpSportFile builds a file from a header and rows given as field→value, blank where absent.
func mpSportFile(crlf bool, supplier string, header []string, rows ...map[string]string) []byte {
	lines := [][]string{header}
	for _, r := range rows {
		line := make([]string, len(header))
		for i, h := range header {
			line[i] = r[h]
		}
		lines = append(lines, line)
	}
	return mpFile(crlf, supplier, lines...)
}

// A header shaped like a football scoring app's export: offense, then defense, then kicking.
var mpFootballHeader = strings.Split("Jersey|RushingNum|RushingYards|RushingLong|RushingTDNum|PassingComp|PassingAtt|PassingYards|PassingTD|PassingInt|PassingLong|"+
	"ReceivingNum|ReceivingYards|ReceivingTDNum|Tackles|Assists|TotalTackles|TacklesForLoss|Sacks|INTs|PassesDefensed|"+
	"PATKickingMade|PATKickingAtt|PATKickingPoints|FGMade|FGAttempted|FGLong|TotalTDNum|TotalPoints", "|")

func TestMaxPrepsFootball(t *testing.T) {
	t.Parallel()
	qb := map[string]string{"Jersey": "0", "PassingComp": "14", "PassingAtt": "22", "PassingYards": "231", "PassingTD": "3",
		"PassingInt": "0", "PassingLong": "58", "RushingNum": "4", "RushingYards": "-6", "TotalTDNum": "0"}
	rb := map[string]string{"Jersey": "00", "RushingNum": "19", "RushingYards": "142", "RushingLong": "41", "RushingTDNum": "2",
		"ReceivingNum": "2", "ReceivingYards": "17", "TotalTDNum": "2", "TotalPoints": "12"}
	lb := map[string]string{"Jersey": "44", "Tackles": "7", "Assists": "4", "TotalTackles": "11", "TacklesForLoss": "2", "Sacks": "1", "INTs": "0"}
	k := map[string]string{"Jersey": "3", "PATKickingMade": "5", "PATKickingAtt": "5", "PATKickingPoints": "5", "FGMade": "1", "FGAttempted": "2", "FGLong": "34", "TotalPoints": "8"}
	for _, tc := range []struct {
		name, supplier string
		crlf           bool
	}{
		{"supplier line, CRLF", testSupplier, true},
		{"supplier line, LF", testSupplier, false},
		{"no supplier line, LF", "", false},
		{"no supplier line, CRLF", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			file := mpSportFile(tc.crlf, tc.supplier, mpFootballHeader, qb, rb, lb, k)
			require.True(t, MaxPreps{}.Detect("Varsity Football vs Central.txt", file))
			res, err := Default().Parse("Varsity Football vs Central.txt", bytes.NewReader(file))
			require.NoError(t, err)
			assert.Equal(t, SportFootball, res.Sport)
			assert.Equal(t, FormatMaxPrepsTXT, res.Format)
			assert.Equal(t, tc.supplier, res.SupplierID)
			require.Len(t, res.Players, 4)
			assert.Empty(t, res.Warnings, "PATKickingPoints is known (derived), not an unknown column")

			p := res.Players[0]
			assert.Equal(t, "0", p.Jersey)
			assert.Equal(t, Stats{"passCompletions": 14, "passAttempts": 22, "passingYards": 231, "passingTouchdowns": 3,
				"interceptionsThrown": 0, "passingLong": 58, "rushingAttempts": 4, "rushingYards": -6, "totalTouchdowns": 0}, p.Stats(),
				"a loss of yards is kept")
			rates := sports.Get(res.Sport).Compute(p.Stats(), sports.HighSchool)
			assert.Equal(t, "63.6%", sports.FormatRate(sports.Percent, rates["completionPct"]))

			assert.Equal(t, "00", res.Players[1].Jersey, `"00" and "0" are different players`)
			assert.Equal(t, 142, res.Players[1].Stats()["rushingYards"])
			require.Len(t, res.Match("00"), 1)
			require.Len(t, res.Match("0"), 1)
			assert.NotEqual(t, res.Match("0")[0].Row, res.Match("00")[0].Row)

			assert.Equal(t, Stats{"soloTackles": 7, "assistedTackles": 4, "totalTackles": 11, "tacklesForLoss": 2, "sacks": 1, "interceptions": 0},
				res.Players[2].Stats(), `football's "Assists" are assisted tackles`)
			kicker := res.Players[3]
			assert.NotContains(t, kicker.Stats(), "patKickingPoints")
			assert.Equal(t, "5", kicker.Raw()["PATKickingPoints"], "a derived column is kept in Raw")
			assert.Equal(t, "50.0%", sports.FormatRate(sports.Percent, sports.Get("football").Compute(kicker.Stats(), sports.HighSchool)["fieldGoalPct"]))
		})
	}
}

// A half sack is not a whole count: warned and left out, never rounded. Only yardage may be
// negative.
func TestMaxPrepsFootballValuesOutOfShape(t *testing.T) {
	t.Parallel()
	res, err := MaxPreps{}.Parse(strings.NewReader("Jersey|Tackles|Assists|Sacks|RushingNum|RushingYards|RushingLong\r\n" +
		"91|3|2|1.5|||\r\n7||-1||3|-4|-1\r\n8||||2|--3|\r\n"))
	require.NoError(t, err)
	assert.Equal(t, SportFootball, res.Sport)
	assert.Equal(t, Stats{"soloTackles": 3, "assistedTackles": 2}, res.Players[0].Stats())
	assert.Equal(t, Stats{"rushingAttempts": 3, "rushingYards": -4, "rushingLong": -1}, res.Players[1].Stats())
	assert.Equal(t, Stats{"rushingAttempts": 2}, res.Players[2].Stats())
	assert.Equal(t, []int{2, 3, 4}, warningCodes(res)[WarnNotANumber])
	season := sports.Get(SportFootball).Roll(res.Players[1].Stats(), Stats{"rushingAttempts": 5, "rushingYards": 31, "rushingLong": 14})
	assert.Equal(t, map[string]int{"rushingAttempts": 8, "rushingYards": 27, "rushingLong": 14}, season)
}

func TestMaxPrepsSoccer(t *testing.T) {
	t.Parallel()
	header := strings.Split("Jersey|FieldMinutesPlayed|Goals|Assists|Shots|ShotsOnGoal|GameWinningGoal|YellowCards|MinutesPlayed|GoalsAgainst|Saves|ShutOuts|Win|Loss|Tie", "|")
	forward := map[string]string{"Jersey": "9", "FieldMinutesPlayed": "72", "Goals": "2", "Assists": "1", "Shots": "5", "ShotsOnGoal": "3", "GameWinningGoal": "1"}
	keeper := map[string]string{"Jersey": "1", "MinutesPlayed": "80", "GoalsAgainst": "1", "Saves": "6", "ShutOuts": "0", "Win": "1", "Loss": "0", "Tie": "0"}
	back := map[string]string{"Jersey": "01", "FieldMinutesPlayed": "80", "YellowCards": "1"}
	for _, crlf := range []bool{true, false} {
		for _, supplier := range []string{testSupplier, ""} {
			res, err := MaxPreps{}.Parse(bytes.NewReader(mpSportFile(crlf, supplier, header, forward, keeper, back)))
			require.NoError(t, err)
			assert.Equal(t, SportSoccer, res.Sport)
			assert.Empty(t, res.Warnings)
			require.Len(t, res.Players, 3)
			assert.Equal(t, Stats{"minutesPlayed": 72, "goals": 2, "assists": 1, "shots": 5, "shotsOnGoal": 3, "gameWinningGoals": 1}, res.Players[0].Stats())
			gk := res.Players[1].Stats()
			assert.Equal(t, Stats{"goalkeeperMinutes": 80, "goalsAgainst": 1, "saves": 6, "shutouts": 0, "wins": 1, "losses": 0, "ties": 0}, gk)
			rates := sports.Get(SportSoccer).Compute(gk, sports.HighSchool)
			assert.Equal(t, "1.00", sports.FormatRate(sports.Decimal2, rates["goalsAgainstAverage"]), "one goal in an 80-minute high-school game")
			assert.Equal(t, ".857", sports.FormatRate(sports.Average, rates["savePct"]))
			assert.Equal(t, "01", res.Players[2].Jersey)
			assert.Empty(t, res.Match("001"))
		}
	}
}

func TestMaxPrepsBasketball(t *testing.T) {
	t.Parallel()
	file := mpFile(true, testSupplier,
		strings.Split("Jersey|Points|FieldGoalsMade|FieldGoalsAttempted|ThreePointersMade|ThreePointersAttempted|FreeThrowsMade|FreeThrowsAttempted|OffensiveRebounds|DefensiveRebounds|Assists|Steals|BlockedShots|Turnovers|PersonalFouls|Charges", "|"),
		strings.Split("3|18|6|13|2|5|4|4|1|4|7|2||3|2|1", "|"),
		strings.Split("33|9|4|6|0||1|2|3|6|1||2|1|4|", "|"),
		strings.Split("03||||||||||||||1|", "|"),
	)
	res, err := MaxPreps{}.Parse(bytes.NewReader(file))
	require.NoError(t, err)
	assert.Equal(t, SportBasketball, res.Sport)
	assert.Equal(t, []int{2}, warningCodes(res)[WarnUnknownColumns], "Charges is kept, not read")
	require.Len(t, res.Players, 3)
	pg := res.Players[0].Stats()
	assert.Equal(t, 5, pg["rebounds"], "the total from the offensive/defensive split")
	assert.Equal(t, 7, pg["assists"])
	assert.NotContains(t, pg, "blocks", "a blank cell is no stat")
	rates := sports.Get(SportBasketball).Compute(pg, sports.HighSchool)
	assert.Equal(t, "46.2%", sports.FormatRate(sports.Percent, rates["fieldGoalPct"]))
	assert.Equal(t, "40.0%", sports.FormatRate(sports.Percent, rates["threePointPct"]))
	assert.Equal(t, 2, res.Players[1].Stats()["blocks"])
	assert.Equal(t, Stats{"personalFouls": 1}, res.Players[2].Stats(), "no rebounds column filled: no total")
	assert.Equal(t, "03", res.Players[2].Jersey)
	assert.Equal(t, "3", res.Players[0].Jersey)
}

func TestMaxPrepsVolleyball(t *testing.T) {
	t.Parallel()
	header := strings.Split("Jersey|SetsPlayed|Kills|AttackErrors|AttackAttempts|Assists|ServiceAces|ServiceErrors|Digs|BlockSolos|BlockAssists|ReceptionErrors", "|")
	oh := map[string]string{"Jersey": "12", "SetsPlayed": "4", "Kills": "15", "AttackErrors": "5", "AttackAttempts": "38", "ServiceAces": "2", "ServiceErrors": "1", "Digs": "11", "BlockAssists": "2", "ReceptionErrors": "1"}
	s := map[string]string{"Jersey": "2", "SetsPlayed": "4", "Assists": "41", "Digs": "8", "ServiceAces": "3"}
	res, err := MaxPreps{}.Parse(bytes.NewReader(mpSportFile(false, "", header, oh, s)))
	require.NoError(t, err)
	assert.Equal(t, SportVolleyball, res.Sport)
	assert.Empty(t, res.Warnings)
	rates := sports.Get(SportVolleyball).Compute(res.Players[0].Stats(), sports.HighSchool)
	assert.Equal(t, ".263", sports.FormatRate(sports.Average, rates["hittingPct"]))
	assert.Equal(t, "3.75", sports.FormatRate(sports.Decimal2, rates["killsPerSet"]))
	assert.Equal(t, 41, res.Players[1].Stats()["assists"])
}

func TestMaxPrepsSportDetection(t *testing.T) {
	t.Parallel()
	for header, want := range map[string]string{
		"Jersey|AtBats|Hits":                   SportBaseball,
		"Jersey|Win|Loss":                      SportBaseball, // baseball and soccer both; baseball as before
		"Jersey|Assists":                       SportBaseball,
		"Jersey|InningsPitched":                SportBaseball,
		"Jersey|Tackles|Assists":               SportFootball,
		"Jersey|FGMade|FGAttempted":            SportFootball,
		"Jersey|Points|Assists|Steals":         SportBasketball,
		"Jersey|Goals|Assists|Shots":           SportSoccer,
		"Jersey|MinutesPlayed|Saves|Win|Loss":  SportSoccer,
		"Jersey|Kills|Digs|Assists":            SportVolleyball,
		"JERSEY|rushingnum|RUSHINGYARDS|Other": SportFootball,
	} {
		res, err := MaxPreps{}.Parse(strings.NewReader(header + "\r\n7|1|2|3|4\r\n"))
		require.NoError(t, err, header)
		assert.Equal(t, want, res.Sport, header)
	}
}

func TestMaxPrepsRefusesAFileWithNoStatWeRead(t *testing.T) {
	t.Parallel()
	for name, file := range map[string]string{
		"unknown sport":      testSupplier + "\r\nJersey|Strokes|Putts|Fairways\r\n4|72|31|9\r\n",
		"only a jersey":      "Jersey\n5\n6\n",
		"empty column names": "Jersey||\n5|1|2\n",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := Default().Parse("game.txt", strings.NewReader(file))
			require.Error(t, err)
			assert.Nil(t, res)
			assert.True(t, IsFileError(err))
			assert.Contains(t, err.Error(), "This MaxPreps file has no stat we can read")
			assert.Contains(t, err.Error(), "type the game's stats in by hand")
		})
	}
	_, err := MaxPreps{}.Parse(strings.NewReader("Jersey|Strokes|Putts\n4|72|31\n"))
	assert.EqualError(t, err, "This MaxPreps file has no stat we can read (its header lists Jersey and Strokes, Putts). "+
		"We read MaxPreps stat files for baseball, softball, football, basketball, soccer and volleyball. "+
		"Export the game's stats again from your scoring app and upload that file, or type the game's stats in by hand.")
}

func TestMaxPrepsBaseballCarriesItsSport(t *testing.T) {
	t.Parallel()
	res, err := MaxPreps{}.Parse(strings.NewReader("Jersey|AtBats|BaseOnBalls|Doubles|HitByPitch|Hits\r\n12|3|2|1|0|2\r\n"))
	require.NoError(t, err)
	assert.Equal(t, SportBaseball, res.Sport)
	gc, err := GameChanger{}.Parse(bytes.NewReader(gcFile(t, false, "Totals", gcHitter)))
	require.NoError(t, err)
	assert.Equal(t, SportBaseball, gc.Sport)
}
