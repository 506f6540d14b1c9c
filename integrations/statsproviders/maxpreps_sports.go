package statsproviders

import "strings"

// Sport keys a Result carries: the sports catalogue's keys (integrations/sports), so the import
// job checks a file's stats against the athlete's sport.
const (
	// SportBaseball is a baseball or a softball file: MaxPreps and GameChanger write both with
	// the same fields, so the athlete's sport tells them apart.
	SportBaseball   = "baseball"
	SportSoftball   = "softball"
	SportFootball   = "football"
	SportBasketball = "basketball"
	SportSoccer     = "soccer"
	SportVolleyball = "volleyball"
)

// mpSport is one sport's MaxPreps stat-file fields. Field names are matched lower-cased (the
// spec spells them exactly, exporters do not always); each maps onto a key of the sport's
// catalogue. docs/MAXPREPS_FIELDS.md lists every field with its source.
type mpSport struct {
	sport  string
	fields map[string]string
	// derived are fields the file may carry that repeat others (a total of two columns we
	// read); they are known, so they neither warn nor count against detection, but not stored.
	derived map[string]bool
	// fill completes a row from what the file implied (basketball's total rebounds).
	fill func(Stats)
	// signed are the keys whose value may be below zero (a run for a loss of 6 yards).
	signed map[string]bool
}

// known reports whether the sport reads a (lower-cased) field name.
func (s *mpSport) known(lower string) bool {
	return s.fields[lower] != "" || s.derived[lower]
}

// mpSports in the order a tie between them is settled: baseball first, so a baseball file keeps
// being read as before whatever fields it shares with another sport ("Assists", "Win").
var mpSports = []*mpSport{
	{sport: SportBaseball, fields: mpStats, derived: map[string]bool{mpInnings: true, mpPartial: true}},
	{sport: SportFootball, fields: mpFootball, derived: mpFootballDerived, signed: mpFootballSigned},
	{sport: SportBasketball, fields: mpBasketball, fill: fillRebounds},
	{sport: SportSoccer, fields: mpSoccer},
	{sport: SportVolleyball, fields: mpVolleyball},
}

// mpDetectSport picks the sport whose fields the header (trimmed, lower-cased) names most often,
// and how many it named.
func mpDetectSport(header []string) (*mpSport, int) {
	var best *mpSport
	bestN := 0
	for _, s := range mpSports {
		n := 0
		for _, h := range header {
			if s.known(h) {
				n++
			}
		}
		if n > bestN {
			best, bestN = s, n
		}
	}
	return best, bestN
}

// mpFootball: MaxPreps' Football (Boys) stat-import fields.
var mpFootball = map[string]string{
	"rushingnum": "rushingAttempts", "rushingyards": "rushingYards", "rushinglong": "rushingLong",
	"receivingnum": "receptions", "receivingyards": "receivingYards", "receivinglong": "receivingLong",
	"passingcomp": "passCompletions", "passingatt": "passAttempts", "passingint": "interceptionsThrown",
	"passingyards": "passingYards", "passingtd": "passingTouchdowns", "passinglong": "passingLong",
	"offensivefumbles": "fumbles", "offensivefumbleslost": "fumblesLost", "pancakeblocks": "pancakeBlocks",
	"tackles": "soloTackles", "assists": "assistedTackles", "totaltackles": "totalTackles",
	"tacklesforloss": "tacklesForLoss", "sacks": "sacks", "sacksyardslost": "sackYards",
	"qbhurries": "quarterbackHurries", "ints": "interceptions", "intyards": "interceptionReturnYards",
	"passesdefensed": "passesDefended", "blockedpunts": "blockedPunts", "blockedfg": "blockedFieldGoals",
	"fumblerecoveries": "fumbleRecoveries", "fumblerecoveryyards": "fumbleRecoveryYards",
	"causedfumbles": "forcedFumbles", "puntreturnnum": "puntReturns", "puntreturnyards": "puntReturnYards",
	"puntreturnlong": "puntReturnLong", "puntreturnfaircatches": "fairCatches",
	"kickoffreturnnum": "kickReturns", "kickoffreturnyards": "kickReturnYards",
	"kickoffreturnlong": "kickReturnLong", "totalreturnyards": "totalReturnYards",
	"puntnum": "punts", "puntyards": "puntYards", "puntlong": "puntLong", "puntinside20": "puntsInside20",
	"kickoffnum": "kickoffs", "kickoffyards": "kickoffYards", "kickofflong": "kickoffLong",
	"kickofftouchbacks": "touchbacks", "rushingtdnum": "rushingTouchdowns",
	"receivingtdnum": "receivingTouchdowns", "fumblereturnedtdnum": "fumbleReturnTouchdowns",
	"intreturnedtdnum": "interceptionReturnTouchdowns", "puntreturnedtdnum": "puntReturnTouchdowns",
	"kickoffreturnedtdnum": "kickReturnTouchdowns", "totaltdnum": "totalTouchdowns",
	"patkickingmade": "extraPointsMade", "patkickingatt": "extraPointsAttempted",
	"patrushingnum": "twoPointRushes", "patreceivingnum": "twoPointReceptions",
	"fgmade": "fieldGoalsMade", "fgattempted": "fieldGoalsAttempted", "fglong": "fieldGoalLong",
	"safeties": "safeties", "totalpoints": "points",
}

// mpFootballDerived are points MaxPreps computes from other columns (a made kick is a point,
// a conversion two); Raw keeps them.
var mpFootballDerived = map[string]bool{"patkickingpoints": true, "totalconversionpoints": true}

// mpFootballSigned are football's yardage keys: a play can lose yards, so a game's total (and even
// its longest play) can be negative.
var mpFootballSigned = map[string]bool{
	"rushingYards": true, "rushingLong": true, "passingYards": true, "passingLong": true,
	"receivingYards": true, "receivingLong": true, "kickReturnYards": true, "kickReturnLong": true,
	"puntReturnYards": true, "puntReturnLong": true, "totalReturnYards": true,
	"interceptionReturnYards": true, "fumbleRecoveryYards": true,
}

// signedKey reports whether any sport lets key go below zero.
func signedKey(key string) bool {
	for _, s := range mpSports {
		if s.signed[key] {
			return true
		}
	}
	return false
}

// parseSignedCount reads a whole number that may carry a minus sign ("-6").
func parseSignedCount(s string) (int, error) {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		n, err := parseCount(rest)
		return -n, err
	}
	return parseCount(s)
}

// signedCellValue reads one non-blank cell of a signed stat, warning instead of failing.
func (r *Result) signedCellValue(column, cell string, row int) (int, bool) {
	n, err := parseSignedCount(cell)
	if err != nil {
		r.warn(row, WarnNotANumber, "Row %d: %s is %q, not a whole number. It was left out.", row, column, cell)
		return 0, false
	}
	return n, true
}

// mpSoccer: MaxPreps' soccer fields as one public exporter lists them (not confirmed against
// MaxPreps' own page; docs/MAXPREPS_FIELDS.md). MinutesPlayed is the goalkeeper's minutes in
// goal, FieldMinutesPlayed a field player's minutes.
var mpSoccer = map[string]string{
	"fieldminutesplayed": "minutesPlayed", "goals": "goals", "assists": "assists", "shots": "shots",
	"shotsongoal": "shotsOnGoal", "steals": "steals", "penaltykicksmade": "penaltyKicksMade",
	"penaltykicksattempted": "penaltyKicksAttempted", "cornerkicks": "cornerKicks",
	"gamewinninggoal": "gameWinningGoals", "yellowcards": "yellowCards", "redcards": "redCards",
	"minutesplayed": "goalkeeperMinutes", "goalsagainst": "goalsAgainst", "saves": "saves",
	"opponentshotsongoal": "shotsOnGoalFaced", "opponentpenaltykicksaves": "penaltyKickSaves",
	"opponentpenaltykickattempts": "penaltyKicksFaced", "shutouts": "shutouts",
	"win": "wins", "loss": "losses", "tie": "ties",
}

// mpBasketball: no public source gives MaxPreps' basketball field names (docs/MAXPREPS_FIELDS.md),
// so the spellings scoring apps commonly write are all read.
var mpBasketball = map[string]string{
	"points": "points", "totalpoints": "points",
	"fieldgoalsmade": "fieldGoalsMade", "fieldgoalmade": "fieldGoalsMade",
	"fieldgoalsattempted": "fieldGoalsAttempted", "fieldgoalattempts": "fieldGoalsAttempted", "fieldgoalsattempts": "fieldGoalsAttempted",
	"threepointersmade": "threePointersMade", "threepointsmade": "threePointersMade", "threepointfieldgoalsmade": "threePointersMade",
	"threepointersattempted": "threePointersAttempted", "threepointattempts": "threePointersAttempted",
	"threepointsattempted": "threePointersAttempted", "threepointfieldgoalsattempted": "threePointersAttempted",
	"freethrowsmade": "freeThrowsMade", "freethrowmade": "freeThrowsMade",
	"freethrowsattempted": "freeThrowsAttempted", "freethrowattempts": "freeThrowsAttempted",
	"offensiverebounds": "offensiveRebounds", "defensiverebounds": "defensiveRebounds",
	"rebounds": "rebounds", "totalrebounds": "rebounds",
	"assists": "assists", "steals": "steals", "blocks": "blocks", "blockedshots": "blocks",
	"turnovers": "turnovers", "personalfouls": "personalFouls", "fouls": "personalFouls",
	"minutesplayed": "minutesPlayed", "minutes": "minutesPlayed",
}

// fillRebounds gives a row that has only the offensive/defensive split its total.
func fillRebounds(s Stats) {
	if _, ok := s["rebounds"]; ok {
		return
	}
	off, hasOff := s["offensiveRebounds"]
	def, hasDef := s["defensiveRebounds"]
	if hasOff || hasDef {
		s.add("rebounds", off+def)
	}
}

// mpVolleyball: as basketball, no public source gives MaxPreps' volleyball field names.
var mpVolleyball = map[string]string{
	"kills": "kills", "attackerrors": "attackErrors", "attackattempts": "attackAttempts",
	"totalattacks": "attackAttempts", "attacks": "attackAttempts",
	"assists": "assists", "ballhandlingerrors": "ballHandlingErrors",
	"serviceaces": "serviceAces", "aces": "serviceAces", "serveaces": "serviceAces",
	"serviceerrors": "serviceErrors", "serveerrors": "serviceErrors",
	"serveattempts": "serveAttempts", "serviceattempts": "serveAttempts", "totalserves": "serveAttempts",
	"digs": "digs", "blocksolos": "blockSolos", "soloblocks": "blockSolos",
	"blockassists": "blockAssists", "blockerrors": "blockErrors",
	"receptionerrors": "receptionErrors", "servereceiveerrors": "receptionErrors",
	"setsplayed": "setsPlayed", "matchesplayed": "matchesPlayed",
}
