-- What "Download everything" holds of the showcase's QR codes (the showcase settings are in athlete.json).

-- name: ArchiveQRCodes :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, code, title, description, target_url, created_at,
        (SELECT coalesce(sum(s.scans), 0) FROM qr_scans s WHERE s.qr_code_id = qr_codes.id) AS scans
    FROM qr_codes WHERE athlete_id = @athlete_id ORDER BY id) t;
