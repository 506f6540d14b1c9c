package jobs

import (
	"context"

	"legacylocker/store"
)

// showcaseArea is the showcase's QR codes and their scans: qr-codes.json. The code's PNG is drawn
// again from the code at will, so the archive holds the code, not the picture; deleting removes it.
var showcaseArea = legacyArea{
	name:    "showcase",
	exports: []string{"qr_codes"},
	gather: func(ctx context.Context, src legacySource, a *legacyArchive) error {
		_, err := src.json(ctx, a, "qr-codes.json", store.Q.ArchiveQRCodes)
		return err
	},
	files: []store.FileColumn{{Table: "qr_codes", Column: "image_key", Pending: "t.status IN ('pending', 'processing')"}},
}
