// Package places names where a photo was taken without asking any service: the nearest town or
// city of at least 15,000 people in an embedded table (cities.tsv.gz, made by gen_cities.go from
// GeoNames data; cities.LICENSE says whose), as "City, State" in the United States, "City,
// Province" in Canada and "City, Country" elsewhere. Only the name is ever kept: the coordinates
// asked about are not stored by this package or its callers.
package places

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"math"
	"strconv"
	"strings"
	"sync"
)

// MaxDistanceKm is how far the nearest place may be for its name to stand for where a photo was
// taken: a field outside town still takes the town's name, a boat at sea or a mountain far from
// any town takes none.
const MaxDistanceKm = 50

//go:embed cities.tsv.gz
var citiesTable []byte

type city struct {
	label    string // "Austin, Texas"
	lat, lon float64
}

var cities = sync.OnceValue(func() []city {
	zr, err := gzip.NewReader(bytes.NewReader(citiesTable))
	if err != nil {
		panic("places: the embedded table is damaged: " + err.Error())
	}
	var out []city
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			continue
		}
		lat, err1 := strconv.ParseFloat(f[2], 64)
		lon, err2 := strconv.ParseFloat(f[3], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, city{label: f[0] + ", " + f[1], lat: lat, lon: lon})
	}
	if err := sc.Err(); err != nil || len(out) == 0 {
		panic("places: the embedded table is damaged")
	}
	return out
})

const earthRadiusKm = 6371.0

// Name answers the name of the place nearest to lat, lon (decimal degrees), or false when no
// place of the table lies within MaxDistanceKm.
func Name(lat, lon float64) (string, bool) {
	if math.IsNaN(lat) || math.IsNaN(lon) || math.Abs(lat) > 90 || math.Abs(lon) > 180 {
		return "", false
	}
	// A degree of latitude is 111 km everywhere, so a city further in latitude than the limit is
	// out without the trigonometry.
	maxLat := MaxDistanceKm / 111.0
	best, bestKm := "", math.Inf(1)
	for _, c := range cities() {
		if math.Abs(c.lat-lat) > maxLat {
			continue
		}
		if d := distanceKm(lat, lon, c.lat, c.lon); d < bestKm {
			best, bestKm = c.label, d
		}
	}
	return best, bestKm <= MaxDistanceKm
}

// distanceKm is the great-circle distance (haversine).
func distanceKm(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(a)))
}
