-- Templates keep default `pdf` options (metadata, PDF/A, attachments…; never passwords) as JSON text.
ALTER TABLE templates ADD COLUMN pdf_options TEXT NOT NULL DEFAULT '{}';
