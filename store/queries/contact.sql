-- name: ContactMessageCreate :one
INSERT INTO contact_messages (name, email, subject, message)
VALUES (@name, @email, @subject, @message)
RETURNING *;
