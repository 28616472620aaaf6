-- The same as migrations/007-template-pdf-options.sql.
ALTER TABLE templates ADD COLUMN pdf_options TEXT NOT NULL DEFAULT '{}';
