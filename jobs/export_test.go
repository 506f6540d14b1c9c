package jobs

// JobRecords exposes the reconciler's registry to the external tests: per kind, the record's
// table, its status and reason columns.
func JobRecords() map[string][3]string {
	out := map[string][3]string{}
	for _, r := range jobRecords {
		out[r.kind] = [3]string{r.table, r.status, r.reason}
	}
	return out
}

// ReconcileExcused exposes the kinds the reconciler leaves out.
var ReconcileExcused = reconcileExcused

// ClipSpotlights exposes which spotlights a clip's segment shows, and when.
var ClipSpotlights = clipSpotlights
