-- name: UserCreate :one
INSERT INTO users (email, first_name, last_name, password_hash)
VALUES (@email, @first_name, @last_name, @password_hash)
RETURNING *;

-- name: UserGetByID :one
SELECT * FROM users WHERE id = @id;

-- name: UserGetByEmail :one
SELECT * FROM users WHERE email = @email;

-- name: UserUpdateName :one
UPDATE users SET first_name = @first_name, last_name = @last_name, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: UserUpdatePassword :exec
UPDATE users SET password_hash = @password_hash, updated_at = now() WHERE id = @id;
