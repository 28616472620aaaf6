-- The first and last page's own header/footer (Template.first_page, last_page). `*_set` = 1:
-- that page has its own, and the ID beside it is the component, or NULL for none there.
-- Deleting the component sets the ID to NULL and leaves `*_set`: that page then shows none,
-- as a template whose every-page component is deleted does.
ALTER TABLE templates ADD COLUMN first_header_component_id TEXT REFERENCES components(id) ON DELETE SET NULL;
ALTER TABLE templates ADD COLUMN first_footer_component_id TEXT REFERENCES components(id) ON DELETE SET NULL;
ALTER TABLE templates ADD COLUMN last_header_component_id TEXT REFERENCES components(id) ON DELETE SET NULL;
ALTER TABLE templates ADD COLUMN last_footer_component_id TEXT REFERENCES components(id) ON DELETE SET NULL;
ALTER TABLE templates ADD COLUMN first_header_set INTEGER NOT NULL DEFAULT 0;
ALTER TABLE templates ADD COLUMN first_footer_set INTEGER NOT NULL DEFAULT 0;
ALTER TABLE templates ADD COLUMN last_header_set INTEGER NOT NULL DEFAULT 0;
ALTER TABLE templates ADD COLUMN last_footer_set INTEGER NOT NULL DEFAULT 0;
CREATE INDEX templates_first_header ON templates(first_header_component_id);
CREATE INDEX templates_first_footer ON templates(first_footer_component_id);
CREATE INDEX templates_last_header ON templates(last_header_component_id);
CREATE INDEX templates_last_footer ON templates(last_footer_component_id);
