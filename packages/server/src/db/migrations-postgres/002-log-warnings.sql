-- The engine's warnings of a successful render (a JSON array of {code, message}), or NULL.
ALTER TABLE logs ADD COLUMN warnings TEXT;
