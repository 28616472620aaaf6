import { z } from 'zod';

/** A component ID, or null for none. */
export const componentRef = z.string().min(1).max(200).nullable();

/**
 * The first or last page's own header/footer: a key left out keeps the every-page component,
 * null prints none on that page. A one-page document takes `first_page` where both give one.
 */
export const pageComponentsSchema = z
  .strictObject({
    header_component_id: componentRef.meta({
      description: 'A header component for this page, or null for no header there.',
    }),
    footer_component_id: componentRef.meta({
      description: 'A footer component for this page, or null for no footer there.',
    }),
  })
  .partial()
  .meta({
    id: 'PageComponents',
    description:
      'Header/footer of the first or last page instead of the every-page ones: a key left out keeps the every-page component, null prints none. On a one-page document `first_page` wins where both give one.',
    examples: [{ header_component_id: 'comp_01J8Z3LETTERHEAD' }, { footer_component_id: null }],
  });
